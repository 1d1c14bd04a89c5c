"""What a rehearsal applies (no database): the project's pending migrations told from the
snapshot's hash, statements that must run outside a transaction, bad files refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from workbench.engine import Engine
from workbench.errors import UsageError, WorkbenchError
from workbench.lifecycle.migrations import migrations_hash
from workbench.lifecycle.snapshots import SnapshotInfo
from workbench.rehearse.source import (
    migrations_digest,
    pending_migrations,
    read_files,
    read_migration,
)

SNAPSHOT = SnapshotInfo(
    snapshot_id="snap-x",
    database="x",
    created="",
    source="reset",
    schema_fingerprint="",
    database_fingerprint="",
    config_hash="",
    migrations_hash=None,
    seed=None,
    rows=None,
)


def _project(tmp_path: Path, files: dict[str, str]) -> Engine:
    folder = tmp_path / "migrations"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    (tmp_path / "schema.sql").write_text("CREATE TABLE t (id int);\n")
    (tmp_path / "sandbox.toml").write_text(
        '[sandbox]\nname = "rh_unit"\nschema = "schema.sql"\nmigrations = "migrations"\n'
    )
    return Engine(tmp_path / "sandbox.toml")


def test_the_files_after_the_snapshots_hash_are_pending(tmp_path: Path) -> None:
    engine = _project(tmp_path, {"001.sql": "SELECT 1;", "002.sql": "SELECT 2;"})
    ctx = engine.context
    # the snapshot was taken with 001 and 002 applied: nothing is pending
    applied = replace(SNAPSHOT, migrations_hash=migrations_hash(ctx))
    assert pending_migrations(ctx, applied) == []
    (tmp_path / "migrations" / "003.sql").write_text("SELECT 3;")
    assert [m.name for m in pending_migrations(ctx, applied)] == ["003.sql"]
    # a snapshot made without migrations has none of them
    assert [m.name for m in pending_migrations(ctx, SNAPSHOT)] == ["001.sql", "002.sql", "003.sql"]
    assert all(m.pending for m in pending_migrations(ctx, SNAPSHOT))
    # an applied file edited: which ones the snapshot has can no longer be told
    (tmp_path / "migrations" / "001.sql").write_text("SELECT 'edited';")
    with pytest.raises(WorkbenchError, match="changed since the snapshot"):
        pending_migrations(ctx, applied)


def test_statements_that_cannot_run_in_a_transaction_are_recognised() -> None:
    migration = read_migration(
        "m.sql",
        "CREATE INDEX a ON t (x);\n"
        "/* build it live */ create unique index\nconcurrently b ON t (y);\n"
        "-- a comment first\nVACUUM t;\n"
        "DROP INDEX CONCURRENTLY a;\n"
        "REINDEX INDEX CONCURRENTLY b;\n"
        "ALTER TABLE t ADD COLUMN concurrently int;\n",
    )
    outside = [st.outside_transaction for st in migration.statements]
    assert outside == [False, True, True, True, True, False]
    assert [st.line for st in migration.statements] == [1, 2, 5, 6, 7, 8]


def test_bad_migration_files_are_refused_with_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"m\.sql:2: psql meta-command '\\\\connect'"):
        read_migration("m.sql", "SELECT 1;\n\\connect other\n")
    with pytest.raises(UsageError, match="no such migration file"):
        read_files([tmp_path / "absent.sql"], Path)
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match=r"folder without \.sql files"):
        read_files([tmp_path / "empty"], Path)
    (tmp_path / "latin1.sql").write_bytes(b"SELECT '\xe9';")
    with pytest.raises(UsageError, match="cannot be read as UTF-8"):
        read_files([tmp_path / "latin1.sql"], Path)


def test_the_migration_hash_follows_names_and_contents() -> None:
    one = [read_migration("a.sql", "SELECT 1;")]
    assert migrations_digest(one) == migrations_digest([read_migration("a.sql", "SELECT 1;")])
    assert migrations_digest(one) != migrations_digest([read_migration("b.sql", "SELECT 1;")])
    assert migrations_digest(one) != migrations_digest([read_migration("a.sql", "SELECT 2;")])
