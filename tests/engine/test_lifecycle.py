"""Reset (fast and full), snapshots, the lease, evidence, capabilities and the lock, against
the session's real cluster."""

from __future__ import annotations

import json
import threading
import time
from datetime import datetime
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import PASSWORD, Sandbox, sandbox, table_hashes
from workbench.access.guard import snapshot_name_for
from workbench.access.lock import SandboxBusy, SandboxLock
from workbench.errors import CapabilityRefusal, GuardRefusal
from workbench.lifecycle.fingerprints import APPLIED_FILE
from workbench.records.evidence import read_records, summarise


def _cli(box: Sandbox, *args: str, expect: int = 0, env: dict[str, str] | None = None):
    result = run_cli(*args, "--config", str(box.config), cwd=box.root, env=env)
    assert PASSWORD not in result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == expect, (result.returncode, result.stdout, result.stderr)
    return result


def test_generate_writes_lease_evidence_and_snapshot(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster, sandbox_extra='lifetime = "2h"') as box:
        result = box.engine().generate(seed=7)
        assert result["verified"] and result["snapshot_id"]

        lease = json.loads((box.state / "lease.json").read_text())
        for key in (
            "sandbox_id", "run_id", "git_revision", "schema_file_hash", "schema_fingerprint",
            "seed", "config_hash", "snapshot_id", "capabilities", "created", "expires",
        ):  # fmt: skip
            assert key in lease
        assert lease["seed"] == 7 and lease["seed_source"] == "explicit"
        assert lease["snapshot_id"] == result["snapshot_id"]
        assert lease["git_revision"] is None  # tmp_path is not a git work tree
        created = datetime.fromisoformat(lease["created"])
        expires = datetime.fromisoformat(lease["expires"])
        assert (expires - created).total_seconds() == 7200
        # what applying schema.sql verbatim gave (a database's defaults, views and options
        # count, which the file's model does not hold: fingerprints.expected_database)
        applied = json.loads((box.state / APPLIED_FILE).read_text())
        assert applied[lease["schema_fingerprint"]] == lease["database_fingerprint"]

        runs = summarise(read_records(box.state))
        assert runs[-1].command == "generate" and runs[-1].outcome == "ok"
        assert runs[-1].verified
        phases = [p["phase"] for p in runs[-1].phases]
        assert phases[:2] == ["schema", "data"] and "verify" in phases and "snapshot" in phases
        data = next(p for p in runs[-1].phases if p["phase"] == "data")
        assert data["counts"]["tables"] == 4

        # The snapshot: marked, a template, closed to connections.
        snap = snapshot_name_for(box.name)
        with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
            row = conn.execute(
                "SELECT datallowconn, datistemplate, shobj_description(oid, 'pg_database') "
                "FROM pg_database WHERE datname = %s",
                (snap,),
            ).fetchone()
        assert row is not None
        assert row[0] is False and row[1] is True
        sandbox_id = (box.state / "sandbox_id").read_text().strip()
        assert row[2] == (
            f"sandbox-workbench:{box.name} id {sandbox_id} snapshot {result['snapshot_id']}"
        )
        with pytest.raises(psycopg.OperationalError, match="not currently accepting"):
            psycopg.connect(pg_cluster.conninfo(snap)).close()


def test_fast_reset_restores_the_generated_state(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        box.engine().generate()
        generated = table_hashes(box.conninfo)
        with box.connect() as conn:  # an agent's damage
            conn.execute("DELETE FROM order_lines WHERE line_no > 1")
            conn.execute("UPDATE customers SET first_name = 'x'")
            conn.execute("DROP TABLE products CASCADE")
        result = _cli(box, "reset", "--yes", "--json")
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        assert lines[0]["event"] == "Info" and "fast reset" in lines[0]["message"]
        assert {line["event"] for line in lines} >= {"PhaseChanged", "Done"}
        data = lines[-1]
        assert data["event"] == "Done"
        assert data["path"] == "fast"
        applied = json.loads((box.state / APPLIED_FILE).read_text())
        assert data["fingerprints"]["database"] == applied[data["fingerprints"]["schema"]]
        assert table_hashes(box.conninfo) == generated
        # The clone is the sandbox again: marked, leased, connectable.
        with box.connect() as conn:
            comment = conn.execute(
                "SELECT shobj_description(oid, 'pg_database') FROM pg_database "
                "WHERE datname = current_database()"
            ).fetchone()
            sandbox_id = (box.state / "sandbox_id").read_text().strip()
            assert comment == (f"sandbox-workbench:{box.name} id {sandbox_id}",)
            assert conn.execute("SHOW workbench.lease").fetchone()[0].startswith("sb-")
        lease = json.loads((box.state / "lease.json").read_text())
        assert lease["built_by"] == "reset (fast)" and lease["run_id"] == data["run_id"]
        run = summarise(read_records(box.state))[-1]
        assert [p["phase"] for p in run.phases] == ["plan", "clone", "verify"]
        assert run.verified


def test_full_reset_when_schema_changes_then_fast_again(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        engine = box.engine()
        engine.generate()
        schema = box.root / "schema.sql"
        schema.write_text(schema.read_text().replace("phone varchar(32),", "phone varchar(32),\n"
                                                     "    nickname varchar(40),"))  # fmt: skip
        result = box.engine().reset()
        assert result["path"] == "full" and "schema.sql changed" in result["reason"]
        applied = json.loads((box.state / APPLIED_FILE).read_text())
        assert result["fingerprints"]["database"] == applied[result["fingerprints"]["schema"]]
        with box.connect() as conn:
            assert conn.execute("SELECT count(nickname) >= 0 FROM customers").fetchone()
        again = box.engine().reset()
        assert again["path"] == "fast" and again["snapshot_id"] == result["snapshot_id"]


def test_reset_ends_sessions_on_the_sandbox_only(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        box.engine().generate()
        other_db = pg_cluster.create_database()
        try:
            app = box.connect()
            bystander = psycopg.connect(pg_cluster.conninfo(other_db), autocommit=True)
            result = box.engine().reset()
            assert result["connections_ended"] >= 1
            with pytest.raises(psycopg.OperationalError):
                app.execute("SELECT 1")
            assert bystander.execute("SELECT 1").fetchone() == (1,)
            bystander.close()
            app.close()
        finally:
            pg_cluster.drop_database(other_db)


def test_manual_snapshot_is_what_reset_returns_to(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        box.engine().generate()
        with box.connect() as conn:
            conn.execute("DELETE FROM order_lines")
        kept = table_hashes(box.conninfo)
        data = json.loads(_cli(box, "snapshot", "--json").stdout.splitlines()[-1])
        assert data["matches_schema"] and data["source"] == "manual"
        with box.connect() as conn:
            conn.execute("DELETE FROM orders")
        result = box.engine().reset()
        assert result["path"] == "fast" and result["snapshot_id"] == data["snapshot_id"]
        assert table_hashes(box.conninfo) == kept


def test_a_foreign_database_with_the_snapshot_name_is_refused(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        box.engine().generate(keep_snapshot=False)
        foreign = pg_cluster.create_database(snapshot_name_for(box.name))
        with psycopg.connect(pg_cluster.conninfo(foreign), autocommit=True) as conn:
            conn.execute("CREATE TABLE precious (id int)")
        with pytest.raises(GuardRefusal) as caught:
            box.engine().snapshot()
        assert caught.value.rule == "snapshot"
        result = _cli(box, "reset", "--yes", expect=3)
        assert "not this sandbox's snapshot" in result.stderr
        with psycopg.connect(pg_cluster.conninfo(foreign), autocommit=True) as conn:
            assert conn.execute("SELECT count(*) FROM precious").fetchone() == (0,)


def test_capabilities_refuse_with_exit_3(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster, sandbox_extra='capabilities = ["read", "write"]') as box:
        box.engine().generate()
        with pytest.raises(CapabilityRefusal, match="'reset' capability"):
            box.engine().reset()
        result = _cli(box, "reset", "--yes", expect=3)
        assert "reset" in result.stderr and "sandbox.capabilities" in result.stderr
    with sandbox(tmp_path, pg_cluster, sandbox_extra='capabilities = ["read", "reset"]') as box:
        result = _cli(box, "generate", "--yes", expect=3)
        assert "'write' capability" in result.stderr
        # A full reset generates, so it needs write too.
        result = _cli(box, "reset", "--yes", expect=3)
        assert "'write' capability" in result.stderr


MIGRATION_OK = "ALTER TABLE customers ADD COLUMN loyalty_points integer NOT NULL DEFAULT 0;\n"
MIGRATION_BAD = """\
ALTER TABLE orders ADD COLUMN coupon text;
-- the bug: a NOT NULL column without a default on a populated table
ALTER TABLE orders ADD COLUMN channel text NOT NULL;
"""


def test_failed_migration_is_evidenced_and_the_next_reset_recovers(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, sandbox_extra='migrations = "migrations"') as box:
        migrations = box.root / "migrations"
        migrations.mkdir()
        (migrations / "001_loyalty.sql").write_text(MIGRATION_OK)
        first = json.loads(_cli(box, "reset", "--yes", "--json").stdout.splitlines()[-1])
        assert first["path"] == "full" and first["migrations"] == ["001_loyalty.sql"]

        (migrations / "002_channel.sql").write_text(MIGRATION_BAD)
        failed = _cli(box, "reset", "--yes", expect=1)
        assert "002_channel.sql:3" in failed.stderr and "statement 2 of 2" in failed.stderr

        records = read_records(box.state)
        failed_run = summarise(records)[-1]
        assert failed_run.outcome == "failed" and failed_run.command == "reset"
        assert failed_run.end["failed_phase"] == "migrate"
        assert failed_run.end["failed_detail"]["file"] == "002_channel.sql"
        assert failed_run.end["failed_detail"]["line"] == 3
        migrate = [p for p in failed_run.phases if p["phase"] == "migrate"]
        assert [p["detail"]["file"] for p in migrate] == ["001_loyalty.sql", "002_channel.sql"]
        assert migrate[-1]["outcome"] == "failed" and "channel" in migrate[-1]["error"]
        # The failing file was rolled back as a whole; the one before it stays applied.
        with box.connect() as conn:
            columns = {
                r[0]
                for r in conn.execute(
                    "SELECT column_name FROM information_schema.columns "
                    "WHERE table_name IN ('orders', 'customers')"
                ).fetchall()
            }
        assert "loyalty_points" in columns and "coupon" not in columns

        evidence = json.loads(_cli(box, "evidence", "--json").stdout)
        assert evidence["runs"][-1]["outcome"] == "failed"

        # The fix, then one reset: a verified environment, and the recovery measured.
        (migrations / "002_channel.sql").write_text(
            MIGRATION_BAD.replace("NOT NULL;", "NOT NULL DEFAULT 'web';")
        )
        recovered = json.loads(_cli(box, "reset", "--yes", "--json").stdout.splitlines()[-1])
        assert recovered["path"] == "full"
        assert recovered["recovery"]["from_run"] == failed_run.run_id
        assert recovered["recovery"]["failed_phase"] == "migrate"
        assert recovered["recovery"]["seconds"] > 0
        with box.connect() as conn:
            assert conn.execute("SELECT count(*) FROM orders WHERE channel = 'web'").fetchone()[0]
        lease = json.loads((box.state / "lease.json").read_text())
        assert (
            lease["migrations_hash"]
            and lease["database_fingerprint"] != lease["schema_fingerprint"]
        )
        # And the snapshot now holds the migrated state: the next reset is fast and verified.
        fast = box.engine().reset()
        assert fast["path"] == "fast"
        assert fast["fingerprints"]["database"] == lease["database_fingerprint"]


MIGRATION_LOOP = """\
SET statement_timeout = 0;
DO $$ BEGIN WHILE EXISTS (SELECT 1 FROM customers) LOOP PERFORM pg_sleep(0.05); END LOOP; END $$;
"""


def test_generate_applies_the_migrations_and_a_runaway_one_is_stopped(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """The migrations folder runs after the data on `generate` too (the snapshot then holds
    it); a statement that never ends on the generated rows (a data fix looping while a
    condition holds) is stopped by [schema] statement_timeout, naming file, line and key."""
    extra = '\n[schema]\nstatement_timeout = "2s"\n'
    with sandbox(
        tmp_path, pg_cluster, sandbox_extra='migrations = "migrations"', extra=extra, rows=20
    ) as box:
        (box.root / "migrations").mkdir()
        (box.root / "migrations" / "001_loyalty.sql").write_text(MIGRATION_OK)
        done = json.loads(_cli(box, "generate", "--yes", "--json").stdout.splitlines()[-1])
        assert done["migrations"] == ["001_loyalty.sql"] and done["verified"]
        assert done["snapshot_id"]
        with box.connect() as conn:
            assert conn.execute("SELECT sum(loyalty_points) FROM customers").fetchone() == (0,)
        lease = json.loads((box.state / "lease.json").read_text())
        assert lease["migrations_hash"] and lease["snapshot_id"] == done["snapshot_id"]
        assert box.engine().reset()["path"] == "fast"

        (box.root / "migrations" / "002_cleanup.sql").write_text(MIGRATION_LOOP)
        stopped = _cli(box, "generate", "--yes", expect=1)
        assert "002_cleanup.sql:2 (statement 2 of 2) failed: canceling statement" in stopped.stderr
        assert "[schema] statement_timeout" in stopped.stderr


def test_migrations_need_the_migrate_capability(tmp_path: Path, pg_cluster: Cluster) -> None:
    extra = 'migrations = "migrations"\ncapabilities = ["read", "write", "reset"]'
    with sandbox(tmp_path, pg_cluster, sandbox_extra=extra) as box:
        (box.root / "migrations").mkdir()
        (box.root / "migrations" / "001.sql").write_text(MIGRATION_OK)
        result = _cli(box, "reset", "--yes", expect=3)
        assert "'migrate' capability" in result.stderr


def test_the_lock_makes_a_second_process_fail_clearly_or_wait(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        box.engine().generate()
        holder = SandboxLock(box.engine().guard, "test-holder", wait=0)
        holder.acquire()
        try:
            result = _cli(box, "reset", "--yes", expect=1, env={"WORKBENCH_LOCK_WAIT": "0"})
            assert "sandbox busy" in result.stderr and "test-holder" in result.stderr
            with pytest.raises(SandboxBusy):
                SandboxLock(box.engine().guard, "second", wait=0).acquire()
            # A waiting process goes ahead once the holder is done.
            threading.Timer(1.0, holder.release).start()
            started = time.monotonic()
            engine = box.engine()
            messages: list[str] = []
            engine.reset(on_event=lambda e: messages.append(getattr(e, "message", "")))
            assert time.monotonic() - started >= 0.9
            assert any("in use by workbench test-holder" in m for m in messages)
        finally:
            holder.release()


def test_lease_and_evidence_commands(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        assert "no lease yet" in _cli(box, "lease").stdout
        assert "no runs recorded" in _cli(box, "evidence").stdout
        box.engine().generate()
        box.engine().reset()
        text = _cli(box, "lease").stdout
        assert "sandbox_id" in text and "expires" in text and "snapshot_id" in text
        lease = json.loads(_cli(box, "lease", "--json").stdout)
        assert lease["expired"] is False and lease["built_by"] == "reset (fast)"
        runs = json.loads(_cli(box, "evidence", "--json").stdout)["runs"]
        assert [r["command"] for r in runs] == ["generate", "reset"]
        assert all(r["outcome"] == "ok" for r in runs)
        listing = _cli(box, "evidence").stdout
        assert "generate" in listing and "reset" in listing
        one = json.loads(_cli(box, "evidence", "--run", runs[-1]["run_id"], "--json").stdout)
        # the marks: each phase's start (a kill names the phase it was in), the undo id the
        # replaced sandbox will carry, and the moment the clone takes its place
        # (lifecycle/reset.py)
        records = one["records"]
        assert [r["record"] for r in records if r["record"] != "mark"] == [
            "start", "phase", "phase", "phase", "end"
        ]  # fmt: skip
        marks = [r["mark"] for r in records if r["record"] == "mark"]
        assert marks[:2] == ["phase:plan", "phase:clone"] and marks[-1] == "replacing", marks
        assert len(marks) == 4 and marks[2].startswith("undo:"), marks
        _cli(box, "evidence", "--run", "nope", expect=2)


MIGRATION_CONCURRENT = """\
ALTER TABLE customers ADD COLUMN tier text;
CREATE INDEX CONCURRENTLY customers_tier ON customers (tier);
UPDATE customers SET tier = 'gold';
"""


def test_a_migration_with_create_index_concurrently_applies_as_rehearse_applies_it(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """CREATE INDEX CONCURRENTLY cannot run in a transaction block: generate runs it on its
    own after committing the file so far, as rehearse and migration tools do (rehearse
    passed such a file that generate then refused). A later failure in the same file says
    what stays."""
    with sandbox(tmp_path, pg_cluster, sandbox_extra='migrations = "migrations"', rows=20) as box:
        (box.root / "migrations").mkdir()
        (box.root / "migrations" / "001_tier.sql").write_text(MIGRATION_CONCURRENT)
        done = json.loads(_cli(box, "generate", "--yes", "--json").stdout.splitlines()[-1])
        assert done["migrations"] == ["001_tier.sql"] and done["verified"]
        with box.connect() as conn:
            assert conn.execute(
                "SELECT count(*) FILTER (WHERE tier = 'gold'), count(*) FROM customers"
            ).fetchone() == (20, 20)
            assert conn.execute(
                "SELECT indisvalid FROM pg_index WHERE indexrelid = 'customers_tier'::regclass"
            ).fetchone() == (True,)
        (box.root / "migrations" / "002_bad.sql").write_text(
            "CREATE INDEX CONCURRENTLY customers_tier2 ON customers (tier);\n"
            "ALTER TABLE customers ADD COLUMN oops text NOT NULL;\n"
        )
        failed = _cli(box, "generate", "--yes", expect=1)
        assert "002_bad.sql:2 (statement 2 of 2) failed" in failed.stderr
        assert "rolled back to its line 1" in failed.stderr
