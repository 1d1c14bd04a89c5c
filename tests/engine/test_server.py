"""The embedded cluster through the CLI: up, status, env, doctor, server start/stop, down —
on a private cluster under the project's .workbench/ (or, as root where the server's user
cannot reach it, under /var/tmp)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests.conftest import MakeProject, run_cli


def test_embedded_lifecycle_end_to_end(make_project: MakeProject) -> None:
    config = make_project("CREATE TABLE t (id int PRIMARY KEY, note text);\n", embedded=True)
    cfg = ["--config", str(config)]

    up = run_cli("up", "--json", *cfg)
    assert up.returncode == 0, up.stderr
    status = json.loads(up.stdout)
    assert status["embedded"] and status["server_running"] and status["marked"]

    server = json.loads(run_cli("server", "status", "--json", *cfg).stdout)
    assert server["running"] and server["host"] == "127.0.0.1"
    if os.geteuid() == 0:
        assert server["run_as"] not in (None, "root")
    state = json.loads((config.parent / ".workbench" / "server.json").read_text())
    assert state["port"] == server["port"]
    passfile = config.parent / ".workbench" / "pgpass"
    assert passfile.stat().st_mode & 0o077 == 0  # the password file is private

    env = json.loads(run_cli("env", "--json", *cfg).stdout)
    # The application role is granted the database at the end of a finished run, not before.
    with pytest.raises(psycopg.OperationalError, match="CONNECT privilege"):
        psycopg.connect(env["database_url"]).close()
    doctor = run_cli("doctor", "--json", *cfg)  # not yet granted: said, not a failure
    assert doctor.returncode == 0, doctor.stdout
    checks = {c["name"]: c["status"] for c in json.loads(doctor.stdout)["checks"]}
    assert checks["roles"] == "warn" and checks["personal data"] == "warn"
    generated = run_cli("generate", "--yes", "--rows", "5", *cfg)
    assert generated.returncode == 0, generated.stderr
    assert json.loads(run_cli("env", "--json", *cfg).stdout) == env  # the same URL
    with psycopg.connect(env["database_url"]) as conn:
        assert (
            conn.execute("SELECT current_database()").fetchone()[0]
            == status["target"].split("/")[-1].split(" ")[0]
        )
        listen = conn.execute("SHOW listen_addresses").fetchone()[0]
        assert listen == "127.0.0.1"
    assert "export DATABASE_URL='postgresql://" in run_cli("env", *cfg).stdout

    doctor = run_cli("doctor", "--json", *cfg)
    assert doctor.returncode == 0, doctor.stdout
    checks = {c["name"]: c["status"] for c in json.loads(doctor.stdout)["checks"]}
    assert checks["server"] == "pass" and checks["marker"] == "pass"
    assert checks["roles"] == "pass" and checks["personal data"] == "pass"

    stopped = run_cli("server", "stop", "--json", *cfg)
    assert json.loads(stopped.stdout)["running"] is False
    doctor = run_cli("doctor", *cfg)
    assert doctor.returncode == 4 and "not running" in doctor.stdout

    again = run_cli("up", "--json", *cfg)  # restarts the same cluster, keeps the database
    assert again.returncode == 0 and json.loads(again.stdout)["marked"]
    assert (
        json.loads((config.parent / ".workbench" / "server.json").read_text())["data_dir"]
        == (state["data_dir"])
    )

    down = run_cli("down", "--yes", "--json", *cfg)
    assert json.loads(down.stdout) == {"dropped": True}
    assert json.loads(run_cli("status", "--json", *cfg).stdout)["database_exists"] is False


def test_missing_binaries_give_a_clear_error(make_project: MakeProject, tmp_path: Path) -> None:
    config = make_project(embedded=True, folder="nobin")
    result = run_cli("up", "--config", str(config), env={"WORKBENCH_PG_BINDIR": str(tmp_path)})
    assert result.returncode == 2  # a setting naming a folder without them: configuration
    assert "does not hold the PostgreSQL server binaries" in result.stderr
    assert "Traceback" not in result.stderr


def test_workbench_is_a_console_script() -> None:
    script = Path(sys.executable).parent / "workbench"
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "sandbox" in result.stdout


def test_status_after_the_postmaster_is_killed_says_the_server_is_not_running(
    make_project: MakeProject,
) -> None:
    import signal
    import time

    config = make_project(embedded=True, folder="killed")
    cfg = ["--config", str(config)]
    assert run_cli("up", *cfg).returncode == 0
    state = json.loads((config.parent / ".workbench" / "server.json").read_text())
    pid = int((Path(state["data_dir"]) / "postmaster.pid").read_text().split("\n", 1)[0])
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    status = run_cli("status", *cfg)
    assert "server    stopped" in status.stdout, status.stdout
    assert "not running" in status.stdout and "does not exist" not in status.stdout
    assert json.loads(run_cli("status", "--json", *cfg).stdout)["server_running"] is False
    again = None
    for _ in range(20):  # the killed postmaster's backends leave within moments
        again = run_cli("up", "--json", *cfg)
        if again.returncode == 0:
            break
        time.sleep(0.5)
    assert again is not None and again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["marked"]
    run_cli("server", "stop", *cfg)
