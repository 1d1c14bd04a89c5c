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


# Every program the workbench looks up by name (programs.find_program), and the ones the
# server's binaries may start.
MONOREPO_PROGRAMS = (
    *PROGRAMS, "git", "psql", "pg_dump", "pg_restore", "squawk", "test", "sh", "id",
)  # fmt: skip


@pytest.mark.parametrize("git", [True, False], ids=["clone", "no-dot-git"])
def test_a_monorepo_folder_on_path_runs_nothing(checkout: Path, git: bool) -> None:
    """attack22e E3: sandbox.toml in `db/`, the repository's `bin/` at its root on PATH
    (direnv's `PATH_add bin`), with `bin` also as a relative entry and an empty one (the
    current folder) while the workbench runs from the repository's root. The checkout is
    the whole repository (the outermost folder holding `.git`, found without running its
    git): none of its programs runs, git's state is still read with the machine's git.
    attack22f F1: the same repository without `.git` (a ZIP download, a tarball, a degit
    copy): sandbox.toml's folder's ancestors up to a shared folder (/var/tmp here) count."""
    hits_dir = Path(tempfile.mkdtemp(prefix="wb-sec-pathhit-", dir="/var/tmp"))
    hits_dir.chmod(0o777)
    hits = hits_dir / "PATH_HIT"
    try:
        if git:  # what `git init` leaves; the repository's git is never asked
            (checkout / ".git").mkdir()
        db = checkout / "db"
        db.mkdir()
        (db / "sandbox.toml").write_text('[sandbox]\nname = "monorepo"\n')
        (db / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY, v text);\n")
        bindir = checkout / "bin"
        bindir.mkdir()
        for name in MONOREPO_PROGRAMS:
            script = bindir / name
            script.write_text(f'#!/bin/sh\necho "{name} $*" >> {hits}\nexit 1\n')
            script.chmod(0o755)
        (checkout / "link").symlink_to(bindir)  # the same folder through a link
        path = os.pathsep.join(
            [str(bindir), str(checkout / "link"), "bin", "", os.environ.get("PATH", "")]
        )
        env = {"PATH": path}
        generated = run_cli("generate", "--yes", "--rows", "5", cwd=db, env=env)
        status = run_cli("--config", "db/sandbox.toml", "server", "status", cwd=checkout, env=env)
        assert not hits.exists(), hits.read_text()
        assert generated.returncode == 0, generated.stdout + generated.stderr
        out = status.stdout + status.stderr
        assert "Traceback" not in out, out
    finally:
        run_cli("--config", str(checkout / "db" / "sandbox.toml"), "server", "stop")
        shutil.rmtree(hits_dir, ignore_errors=True)


def test_the_repository_run_from_runs_nothing(checkout: Path) -> None:
    """The workbench run from inside another repository (`workbench --config
    ~/proj/sandbox.toml` in a fresh clone, whose `bin/` direnv put on PATH): that repository
    is a checkout too."""
    hits_dir = Path(tempfile.mkdtemp(prefix="wb-sec-pathhit-", dir="/var/tmp"))
    hits_dir.chmod(0o777)
    hits = hits_dir / "PATH_HIT"
    try:
        project = checkout / "proj"
        project.mkdir()
        (project / "sandbox.toml").write_text('[sandbox]\nname = "fromclone"\n')
        (project / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY);\n")
        clone = checkout / "clone"
        (clone / "src").mkdir(parents=True)
        (clone / ".git").write_text("gitdir: /nowhere\n")  # a worktree's or submodule's file
        bindir = clone / "bin"
        bindir.mkdir()
        for name in MONOREPO_PROGRAMS:
            script = bindir / name
            script.write_text(f'#!/bin/sh\necho "{name} $*" >> {hits}\nexit 1\n')
            script.chmod(0o755)
        env = {"PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
        status = run_cli(
            "--config",
            str(project / "sandbox.toml"),
            "server",
            "status",
            cwd=clone / "src",
            env=env,
        )
        assert not hits.exists(), hits.read_text()
        assert "Traceback" not in status.stdout + status.stderr
    finally:
        shutil.rmtree(hits_dir, ignore_errors=True)
