"""Binaries named by a setting are never run as root (workbench/postgres/run_as.py): probes
run as the server's unprivileged user in a process group killed whole on timeout, and a folder (or a
binary in it) that someone else could have written is refused before anything in it runs."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import MakeProject, run_cli
from workbench.errors import ConfigError
from workbench.postgres import run_as as pg_trust
from workbench.postgres.binaries import resolve
from workbench.postgres.sources import ENV_BINDIR

NOT_ROOT = os.geteuid() != 0


def _uid(name: str) -> int | None:
    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        return None


@pytest.fixture
def fake_bindir() -> Iterator[tuple[Path, Path]]:
    """A folder of stand-in server binaries (as a cloned repository's `tools/` could hold)
    that record who ran them, in /var/tmp where the server's user can reach it; and the
    folder they record into."""
    base = Path("/var/tmp") / f"wb-trust-{uuid.uuid4().hex[:8]}"
    bindir, marks = base / "bin", base / "marks"
    bindir.mkdir(parents=True)
    marks.mkdir()
    base.chmod(0o755)
    bindir.chmod(0o755)
    marks.chmod(0o1777)  # whoever runs the stand-ins can record there
    script = (
        f'#!/bin/sh\nid -u > "{marks}/$(basename "$0").$$"\necho "postgres (PostgreSQL) 15.9"\n'
    )
    for name in ("initdb", "pg_ctl", "postgres", "pg_config"):
        (bindir / name).write_text(script)
        (bindir / name).chmod(0o755)
    try:
        yield bindir, marks
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _ran_as(marks: Path) -> set[int]:
    return {int(p.read_text()) for p in marks.iterdir()}


@pytest.mark.skipif(NOT_ROOT, reason="running as another user needs root")
def test_configured_binaries_are_never_run_as_root(
    fake_bindir: tuple[Path, Path], make_project: MakeProject
) -> None:
    bindir, marks = fake_bindir
    user = "postgres" if _uid("postgres") is not None else "nobody"
    with pg_trust.probing_as(user):
        found = resolve(str(bindir), env={"PATH": os.environ["PATH"]})
    assert found.source.version == "15.9"
    assert _ran_as(marks) == {_uid(user)}  # postgres and pg_config ran, as the server's user
    for path in marks.iterdir():
        path.unlink()
    # The read-only commands too, through the CLI: doctor and server status run nothing of
    # a folder sandbox.toml names until the checkout is trusted, then never as root.
    config = make_project(embedded=True, extra=f'[server]\nbindir = "{bindir}"\n')
    for args in (("doctor", "--json"), ("server", "status", "--json")):
        refused = run_cli(*args, "--config", str(config), env={"WORKBENCH_PG_BINDIR": ""})
        assert refused.returncode == 3 and "workbench trust" in refused.stderr, refused.stderr
    assert not _ran_as(marks)
    assert run_cli("trust", "--config", str(config)).returncode == 0
    for args in (("doctor", "--json"), ("server", "status", "--json")):
        run_cli(*args, "--config", str(config), env={"WORKBENCH_PG_BINDIR": ""})
    assert _ran_as(marks) and 0 not in _ran_as(marks)


@pytest.mark.skipif(NOT_ROOT, reason="a server user that cannot reach the folder needs root")
def test_a_binary_the_server_user_cannot_reach_is_read_not_run(tmp_path: Path) -> None:
    """A folder under /root (here a 0700 folder of root's): the version comes from the
    binary's bytes; nothing runs as root."""
    bindir = tmp_path / "private" / "bin"
    bindir.mkdir(parents=True)
    (tmp_path / "private").chmod(0o700)
    marks = tmp_path / "marks"
    marks.mkdir()
    script = f'#!/bin/sh\n# postgres (PostgreSQL) 16.4\nid -u > "{marks}/ran"\n'
    for name in ("initdb", "pg_ctl", "postgres"):
        (bindir / name).write_text(script)
        (bindir / name).chmod(0o755)
    with pg_trust.probing_as(None):
        found = resolve(str(bindir), env={"PATH": os.environ["PATH"]})
    assert found.source.version == "16.4"
    assert not (marks / "ran").exists()


def test_a_hanging_probe_is_killed_with_its_children(fake_bindir: tuple[Path, Path]) -> None:
    bindir, marks = fake_bindir
    hang = bindir / "hang"
    hang.write_text(f'#!/bin/sh\nsleep 300 &\necho $! > "{marks}/child"\nwait\n')
    hang.chmod(0o755)
    started = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        pg_trust.run_probe([str(hang)], timeout=1)
    assert time.monotonic() - started < 10
    child = int((marks / "child").read_text())
    deadline = time.monotonic() + 5
    while Path(f"/proc/{child}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    state = Path(f"/proc/{child}/stat")
    assert not state.exists() or state.read_text().split()[2] == "Z"  # no orphaned sleep


@pytest.mark.parametrize("how", ["folder 0777", "binary g+w", "binary owned by nobody"])
def test_a_bindir_others_could_write_is_refused(
    fake_bindir: tuple[Path, Path], make_project: MakeProject, how: str
) -> None:
    bindir, marks = fake_bindir
    if how == "folder 0777":
        bindir.chmod(0o777)
    elif how == "binary g+w":
        (bindir / "pg_config").chmod(0o775)
    else:
        nobody = _uid("nobody")
        if NOT_ROOT or nobody is None:
            pytest.skip("giving a file to another user needs root and a nobody user")
        os.chown(bindir / "postgres", nobody, -1)
    with pytest.raises(ConfigError) as err:
        resolve(str(bindir), env={"PATH": os.environ["PATH"]})
    assert "[server] bindir is" in str(err.value) and "will not run" in str(err.value)
    config = make_project(embedded=True)
    refused = run_cli("up", "--config", str(config), env={"WORKBENCH_PG_BINDIR": str(bindir)})
    assert refused.returncode == 2, refused.stderr
    assert "WORKBENCH_PG_BINDIR is" in refused.stderr and "Traceback" not in refused.stderr
    assert not any(marks.iterdir())  # nothing of it ran


def test_environment_words_ignore_case_and_spaces() -> None:
    for value in ("Wheel ", "WHEEL", " wheel"):
        assert resolve(None, env={ENV_BINDIR: value}).origin == "WORKBENCH_PG_BINDIR"
        assert resolve(None, env={ENV_BINDIR: value}).source.kind == "wheel"
    with pytest.raises(ConfigError) as err:
        resolve(None, env={ENV_BINDIR: "wheal"})
    assert "did you mean 'wheel'" in str(err.value)


def test_a_path_with_a_newline_is_quoted(tmp_path: Path) -> None:
    odd = tmp_path / "bin\nFAKE LINE"
    odd.mkdir()
    with pytest.raises(ConfigError) as err:
        resolve(str(odd), env={"PATH": os.environ["PATH"]})
    assert "\n" not in str(err.value) and repr(str(odd)) in str(err.value)


@pytest.mark.skipif(NOT_ROOT, reason="run_as applies only when the workbench runs as root")
def test_run_as_root_is_a_configuration_error(make_project: MakeProject) -> None:
    config = make_project(embedded=True, extra='[server]\nrun_as = "root"\n')
    refused = run_cli("up", "--config", str(config), env={ENV_BINDIR: ""})
    assert refused.returncode == 2, refused.stderr
    assert "server.run_as" in refused.stderr and "Traceback" not in refused.stderr
