"""State that tells the truth after faults: a reset after a killed generate, a postmaster killed
mid-generate, rows lost behind progress.json's back, a stale postmaster.pid. Real processes,
real SIGKILLs, a real server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg

from tests.conftest import Cluster, MakeProject, run_cli
from tests.engine.test_resume import BIG, _generate, _kill_when, _start_generate
from tests.unit.test_lifecycle_helpers import CLOCK, SHOP_SCHEMA, sandbox, table_hashes
from workbench.access.roles import role_names
from workbench.config.file import load_config
from workbench.files.state import read_json
from workbench.records.progress import wal_barrier
from workbench.server.cluster import EmbeddedServer


def _owner(conninfo: str, name: str) -> str:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        row = conn.execute(
            "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = %s", (name,)
        ).fetchone()
    assert row is not None
    return row[0]


def _counts(conninfo: str) -> dict[str, int]:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables "
                "WHERE schemaname = 'public' ORDER BY 1"
            ).fetchall()
        ]
        return {n: conn.execute(f"SELECT count(*) FROM {n}").fetchone()[0] for n in names}


def test_kill_generate_then_reset_then_generate_succeeds(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=30000, extra=BIG) as box:
        first = box.engine().generate()  # set-up, in process: what follows the kill is tried
        reference = table_hashes(box.conninfo)
        owner = _owner(pg_cluster.conninfo(), box.name)
        # The database stays the administrator's (the owner role could otherwise rewrite
        # its marker); the sandbox's objects are the owner role's.
        assert first["snapshot_id"] and owner != role_names(load_config(box.config)).owner
        plan: list[str] = []

        def mid_third_table(event: dict) -> bool:
            if event["event"] == "PlanReady":
                plan.extend(t["name"] for t in event["tables"])
            return event["event"] == "RowsWritten" and event["table"] == plan[2]

        _kill_when(_start_generate(box, "--no-resume"), mid_third_table)
        assert read_json(box.state / "progress.json")["phase"] == "data"

        reset = run_cli("reset", "--yes", "--json", "--config", str(box.config), cwd=box.root)
        assert reset.returncode == 0, reset.stderr
        assert json.loads(reset.stdout.splitlines()[-1])["path"] == "fast"
        # The record of the killed run described a database that no longer exists.
        assert not (box.state / "progress.json").exists()
        # The clone is owned as a generate leaves it, not by the administrative role.
        assert _owner(pg_cluster.conninfo(), box.name) == owner
        with box.connect() as conn:
            public_owner = conn.execute(
                "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'public'"
            ).fetchone()[0]
            # public is the sandbox owner role's (the file's objects go there)
            assert public_owner == role_names(load_config(box.config)).owner
            assert conn.execute(
                "SELECT has_schema_privilege(%s, 'public', 'CREATE')", (owner,)
            ).fetchone()[0]

        again = _generate(box)  # resume on (the default), as the MCP generate runs it
        assert again["verified"] and not again["resumed"]
        assert table_hashes(box.conninfo) == reference
        assert _owner(pg_cluster.conninfo(), box.name) == owner


def test_resume_regenerates_tables_whose_rows_do_not_match_the_record(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=30000, extra=BIG) as box:
        box.engine().generate()  # set-up, in process
        reference = table_hashes(box.conninfo)
        plan: list[str] = []

        def mid_fourth_table(event: dict) -> bool:
            if event["event"] == "PlanReady":
                plan.extend(t["name"] for t in event["tables"])
            return event["event"] == "RowsWritten" and event["table"] == plan[3]

        _kill_when(_start_generate(box, "--no-resume"), mid_fourth_table)
        progress = read_json(box.state / "progress.json")
        assert progress["completed"] == plan[:3]
        assert progress["rows"][plan[1]] == 30000
        # Rows lost behind the record's back (what a crash with asynchronous commits did).
        with box.connect() as conn:
            conn.execute("SET session_replication_role = replica")  # no FK triggers
            conn.execute(
                f"DELETE FROM {plan[1]} WHERE ctid IN (SELECT ctid FROM {plan[1]} LIMIT 100)"
            )

        result = run_cli("generate", "--yes", "--json", "--config", str(box.config), cwd=box.root)
        assert result.returncode == 0, result.stderr
        events = [json.loads(line) for line in result.stdout.splitlines()]
        checks = [e["message"] for e in events if e["event"] == "Info"]
        assert any(plan[1] in m and "29,900 rows" in m for m in checks), checks
        loaded = [e["table"] for e in events if e["event"] == "TableStarted"]
        assert plan[0] not in loaded and plan[1] in loaded  # the first table was trusted
        assert events[-1]["resumed"] is True
        assert table_hashes(box.conninfo) == reference


def _postmaster_pid(config: Path) -> int:
    state = EmbeddedServer(load_config(config)).state()
    assert state is not None
    return int((Path(state.data_dir) / "postmaster.pid").read_text().split()[0])


def _embedded_conninfo(config: Path) -> str:
    cfg = load_config(config)
    return EmbeddedServer(cfg).conninfo(cfg.sandbox.name)


def test_kill_the_postmaster_mid_generate_then_generate_equals_an_uninterrupted_run(
    make_project: MakeProject,
) -> None:
    config = make_project(
        SHOP_SCHEMA,
        embedded=True,
        extra=f'\n[generate]\nrows = 30000\nnow = "{CLOCK}"\n{BIG}',  # runs compared: one clock
        folder="pm",
    )
    root = config.parent
    up = run_cli("up", "--config", str(config), cwd=root)
    assert up.returncode == 0, up.stderr
    plan: list[str] = []
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "generate", "--yes", "--json",
         "--config", str(config)],
        cwd=root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        event = json.loads(line)
        if event["event"] == "PlanReady":
            plan.extend(t["name"] for t in event["tables"])
        # Right after the record names the second table complete, the server dies.
        if event["event"] == "TableDone" and event["table"] == plan[1]:
            os.kill(_postmaster_pid(config), signal.SIGKILL)
            break
    proc.wait(timeout=120)
    assert proc.returncode != 0
    progress = read_json(root / ".workbench" / "progress.json")
    assert progress["completed"] == plan[:2]

    status = run_cli("server", "status", "--json", "--config", str(config), cwd=root)
    assert json.loads(status.stdout)["running"] is False

    resumed = run_cli("generate", "--yes", "--json", "--config", str(config), cwd=root)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout.splitlines()[-1])["verified"]
    after = table_hashes(_embedded_conninfo(config))
    counts = _counts(_embedded_conninfo(config))

    fresh = run_cli("generate", "--yes", "--no-resume", "--json", "--config", str(config))
    assert fresh.returncode == 0, fresh.stderr
    assert table_hashes(_embedded_conninfo(config)) == after
    assert _counts(_embedded_conninfo(config)) == counts
    assert all(n > 0 for n in counts.values()) and len(counts) == 4


def test_a_stale_postmaster_pid_is_not_a_running_server(make_project: MakeProject) -> None:
    config = make_project(SHOP_SCHEMA, embedded=True, folder="stale")
    root = config.parent

    def server(action: str) -> dict:
        result = run_cli("server", action, "--json", "--config", str(config), cwd=root)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    assert server("start")["running"] is True
    # A killed postmaster: its pid is gone, its postmaster.pid stays.
    os.kill(_postmaster_pid(config), signal.SIGKILL)
    deadline = time.monotonic() + 30
    while server("status")["running"] and time.monotonic() < deadline:
        time.sleep(0.2)
    assert server("status")["running"] is False
    assert server("start")["running"] is True
    status = run_cli("status", "--json", "--config", str(config), cwd=root)
    assert json.loads(status.stdout)["server_running"] is True

    # A pid reused by an unrelated live process.
    assert server("stop")["running"] is False
    state = EmbeddedServer(load_config(config)).state()
    assert state is not None
    other = subprocess.Popen(["sleep", "300"])
    try:
        pid_file = Path(state.data_dir) / "postmaster.pid"
        pid_file.write_text(f"{other.pid}\n{state.data_dir}\n1700000000\n{state.port}\n")
        assert server("status")["running"] is False
        human = run_cli("status", "--config", str(config), cwd=root)
        assert "server    stopped" in human.stdout, human.stdout + human.stderr
        assert server("start")["running"] is True
        up = run_cli("up", "--json", "--config", str(config), cwd=root)
        assert up.returncode == 0, up.stderr
        assert json.loads(up.stdout)["database_exists"] is True
        assert other.poll() is None  # the unrelated process was left alone
    finally:
        other.kill()
        other.wait()


def test_a_half_built_sandbox_admits_no_agent_until_its_grants_are_applied(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """A killed generate leaves a database the resumed load will write into as the owner: no
    agent may reach it meanwhile (a trigger planted there would fire in the workbench's load)."""
    with sandbox(tmp_path, pg_cluster, rows=30000, extra=BIG) as box:
        box.engine().generate()  # set-up, in process
        env = json.loads(run_cli("env", "--json", "--config", str(box.config)).stdout)
        url = env["database_url"]
        with psycopg.connect(url) as conn:  # a generated sandbox admits the application
            assert conn.execute("SELECT current_user").fetchone()[0] != "workbench"
        plan: list[str] = []

        def mid_second_table(event: dict) -> bool:
            if event["event"] == "PlanReady":
                plan.extend(t["name"] for t in event["tables"])
            return event["event"] == "RowsWritten" and event["table"] == plan[1]

        _kill_when(_start_generate(box, "--no-resume"), mid_second_table)
        try:
            psycopg.connect(url).close()
        except psycopg.OperationalError as err:
            assert "permission denied for database" in str(err)
        else:
            raise AssertionError("the application role reached a half-built sandbox")
        _generate(box)  # the resumed run applies the grants again
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT count(*) FROM customers").fetchone()[0] > 0


def test_the_wal_barrier_flushes_what_was_committed_asynchronously(fresh_db: str) -> None:
    """What progress.json, a snapshot or a lease claims is durable once wal_barrier returns:
    the WAL is flushed past every commit before it, asynchronous ones included (a commit that
    only took a transaction id was itself asynchronous, and flushed nothing)."""
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        conn.execute("SET synchronous_commit = off")
        for attempt in range(5):
            conn.execute(f"CREATE TABLE barrier_{attempt} AS SELECT generate_series(1, 100) AS n")
            written = conn.execute("SELECT pg_current_wal_insert_lsn()").fetchone()
            wal_barrier(conn)
            flushed = conn.execute(
                "SELECT pg_current_wal_flush_lsn() >= %s::pg_lsn", (written[0],)
            ).fetchone()
            assert flushed == (True,), f"attempt {attempt}: the WAL was not flushed"
