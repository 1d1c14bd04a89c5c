"""A generate killed (SIGKILL) while it loads (attack28 item 1): the sandbox holds a half-made
build, so `workbench snapshot` refuses before touching the good snapshot (it used to take the
half build as the snapshot, then fail on CONNECT, and the next reset went full); `status`
names the phase the kill hit (the data phase, not the schema phase before it); `doctor`
advises what works (`workbench reset --yes`), never `workbench snapshot`; and the reset it
advises brings the good state back by the fast path."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import psycopg

from tests.conftest import Cluster, MakeProject, cli_env, run_cli
from workbench.config.file import load_config
from workbench.engine import Engine
from workbench.files.state import SNAPSHOT_FILE, read_json

ROWS = "[generate]\nrows = 300\n"  # the shipped example's schema


def _kill_in_data(config: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "generate", "--yes", "--json", "--config",
         str(config)],
        env=cli_env(None), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        if json.loads(line).get("event") == "TableStarted":
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=60)
    assert proc.returncode == -9


def _snapshot_comment(cluster: Cluster, name: str) -> str | None:
    with psycopg.connect(cluster.conninfo(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
            (f"{name}__wb_snapshot",),
        ).fetchone()
    return row[0] if row else None


def test_snapshot_after_a_killed_generate_refuses_and_keeps_the_good_one(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(extra=ROWS)
    name = load_config(config).sandbox.name
    state = config.parent / ".workbench"
    Engine(config).generate()  # set-up, in process: the killed run is what is tried
    good = read_json(state / SNAPSHOT_FILE)
    comment = _snapshot_comment(pg_cluster, name)
    assert isinstance(good, dict) and comment

    _kill_in_data(config)
    status = run_cli("status", "--config", str(config))
    assert "generate was interrupted during its data phase" in status.stdout, status.stdout

    doctor = run_cli("doctor", "--config", str(config))
    assert "workbench snapshot" not in doctor.stdout, doctor.stdout
    assert "`workbench reset --yes`" in doctor.stdout, doctor.stdout

    refused = run_cli("snapshot", "--config", str(config))
    assert refused.returncode == 1, (refused.returncode, refused.stderr)
    said = " ".join(refused.stderr.split())
    assert "generate was interrupted" in said and "`workbench reset --yes`" in said, said
    assert "CONNECT" not in said and "Traceback" not in said, said
    assert read_json(state / SNAPSHOT_FILE) == good  # the record and the database untouched
    assert _snapshot_comment(pg_cluster, name) == comment

    reset = run_cli("reset", "--yes", "--json", "--config", str(config))
    assert reset.returncode == 0, reset.stderr
    done = json.loads(reset.stdout.strip().splitlines()[-1])
    assert done["path"] == "fast" and done["snapshot_id"] == good["snapshot_id"], done
    assert "incomplete" not in run_cli("status", "--config", str(config)).stdout
    with Engine(config).connect() as conn:
        row = conn.execute("SELECT count(*) FROM customers").fetchone()
    assert row is not None and row[0] == 300


def test_undo_after_a_killed_generate_brings_the_good_one_back_once(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """The undo after a killed generate brings back the database the generate replaced and
    drops the half build; a second undo has nothing to bring back (it used to swap the half
    build in again, and status no longer called it unfinished)."""
    config = make_project(extra=ROWS)
    Engine(config).generate()  # set-up, in process: the killed run is what is tried
    _kill_in_data(config)

    first = run_cli("undo", "--yes", "--config", str(config))
    assert first.returncode == 0, first.stderr
    said = " ".join((first.stdout + first.stderr).split())
    assert "unfinished build it replaced is dropped" in said, said
    with Engine(config).connect() as conn:
        row = conn.execute("SELECT count(*) FROM customers").fetchone()
    assert row is not None and row[0] == 300

    second = run_cli("undo", "--yes", "--config", str(config))
    assert second.returncode == 2, (second.returncode, second.stdout, second.stderr)
    assert "incomplete" not in run_cli("status", "--config", str(config)).stdout
    with Engine(config).connect() as conn:
        row = conn.execute("SELECT count(*) FROM customers").fetchone()
    assert row is not None and row[0] == 300
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        left = conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s",
            (f"{load_config(config).sandbox.name}__wb_old%",),
        ).fetchall()
    assert left == []
