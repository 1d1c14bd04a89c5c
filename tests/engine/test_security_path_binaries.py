"""A checkout's binaries never run because a folder of the checkout is on PATH (attack22d
D17): direnv's `PATH_add bin`, a virtual environment activated in the checkout or `npm run`'s
`node_modules/.bin` put the repository's own folders on the developer's PATH, and the
discovery of the machine's PostgreSQL ran the `pg_config` and `postgres` it found there
(`pg_config --bindir`, `postgres --version`) without `workbench trust`. Such entries are
skipped, and `server status` says so.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import run_cli

PROGRAMS = ("pg_config", "postgres", "initdb", "pg_ctl")


@pytest.fixture
def checkout() -> Iterator[Path]:
    """A project the server's user (postgres, when run as root) can traverse."""
    root = Path(tempfile.mkdtemp(prefix="wb-sec-pathbin-", dir="/var/tmp"))
    root.chmod(0o755)
    yield root
    shutil.rmtree(root, ignore_errors=True)


def _plant(repo: Path, hits: Path) -> Path:
    (repo / "sandbox.toml").write_text('[sandbox]\nname = "pathbin"\n')
    # an extension the wheel lacks, so the machine's binaries are looked for
    (repo / "schema.sql").write_text(
        "CREATE EXTENSION IF NOT EXISTS postgis;\nCREATE TABLE t (id int PRIMARY KEY);\n"
    )
    bindir = repo / "pg" / "bin"
    bindir.mkdir(parents=True)
    for name in PROGRAMS:
        script = bindir / name
        script.write_text(f'#!/bin/sh\necho "$(id -un) {name} $*" >> {hits}\necho 18.0\n')
        script.chmod(0o755)
    return bindir


def test_a_path_entry_inside_the_checkout_runs_nothing(checkout: Path) -> None:
    hits_dir = Path(tempfile.mkdtemp(prefix="wb-sec-pathhit-", dir="/var/tmp"))
    hits_dir.chmod(0o777)
    hits = hits_dir / "PATH_HIT"
    try:
        bindir = _plant(checkout, hits)
        env = {"PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
        status = run_cli("server", "status", cwd=checkout, env=env)
        estimate = run_cli("estimate", cwd=checkout, env=env)
        assert not hits.exists(), hits.read_text()
        out = status.stdout + status.stderr
        assert str(bindir) in out and "inside the checkout" in out, out
        assert "Traceback" not in estimate.stderr, estimate.stderr
    finally:
        shutil.rmtree(hits_dir, ignore_errors=True)
