"""A schema.sql that PostgreSQL refuses leaves the user's sandbox as it was (newcomer25 A):
the half-built database goes, the sandbox, its undo copy and their records come back."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster
from tests.unit.test_lifecycle_helpers import SHOP_SCHEMA, sandbox, table_hashes
from workbench.access.guard import PREVIOUS_SUFFIX
from workbench.errors import SchemaApplyError

BROKEN = (
    SHOP_SCHEMA
    + "\nCREATE TABLE players (\n    id bigint NOT NULL,\n    team_id integer,,\n"
    + "    name text\n);\n"
)


def _databases(cluster: Cluster, name: str) -> set[str]:
    with psycopg.connect(cluster.conninfo(), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT datname FROM pg_database WHERE starts_with(datname, %s)", (name,)
        ).fetchall()
    return {r[0] for r in rows}


def test_a_failing_schema_puts_the_sandbox_and_its_undo_copy_back(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=40) as box:
        engine = box.engine()
        engine.generate()
        with box.connect() as conn:
            conn.execute("DELETE FROM order_lines")
        first = table_hashes(box.conninfo)
        engine.generate(resume=False)  # the first build, changed, is now the undo copy
        current = table_hashes(box.conninfo)
        assert current != first
        kept = engine.undo_info()
        assert kept is not None
        databases = _databases(pg_cluster, box.name)

        (box.root / "schema.sql").write_text(BROKEN)
        with pytest.raises(SchemaApplyError) as failed:
            box.engine().generate(resume=False)
        message = str(failed.value)
        assert "Nothing was replaced" in message
        assert "syntax error" in message
        lines = BROKEN.splitlines()
        start = lines.index("CREATE TABLE players (") + 1
        bad = next(n for n, line in enumerate(lines, 1) if ",," in line)
        assert bad == start + 2
        # the line PostgreSQL's error position points at, and the statement's first line
        assert f"schema.sql:{bad} (in the statement at line {start}): CREATE TABLE" in message

        engine = box.engine()
        assert table_hashes(box.conninfo) == current  # the sandbox, untouched
        assert engine.undo_info() == kept  # and its undo copy, with its record
        assert _databases(pg_cluster, box.name) == databases
        assert not any(d.endswith(PREVIOUS_SUFFIX) for d in databases)
        assert engine.status().incomplete is None
        (box.root / "schema.sql").write_text(SHOP_SCHEMA)
        engine.undo()
        assert table_hashes(box.conninfo) == first
