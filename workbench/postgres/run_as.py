"""Which PostgreSQL binaries the workbench may run, and as whom.

A `[server] bindir` may come from a cloned repository's sandbox.toml, so a binary found in any
source is never executed as root: when the workbench runs as root, every probe (`postgres
--version`, `pg_config …`) runs as the unprivileged user the server runs as, in a process group
of its own that is killed whole on timeout. Where that user cannot reach the binary (a wheel
under /root), the version is read from the binary's bytes instead of running it. A configured
folder, and each binary in it, must be owned by root or the invoking user and writable by
nobody else; a copy of the wheel's tree must be wholly root's (checked before every use).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import signal
import stat
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

from workbench.errors import ConfigError
from workbench.programs import safe_path

_FALLBACK_USERS = ("postgres", "nobody")
_override: list[str | None] = []
_BACKEND_VERSION = re.compile(rb"postgres \(PostgreSQL\) (\d+(?:\.\d+)?)")


def probe_user() -> str | None:
    """The user probes run as: None when the workbench is not root (they run as it); "" when
    root and no unprivileged user exists (then nothing is executed)."""
    if os.geteuid() != 0:
        return None
    if _override and _override[-1]:
        with contextlib.suppress(KeyError):
            if pwd.getpwnam(_override[-1]).pw_uid != 0:  # never root, whatever run_as says
                return _override[-1]
    for name in _FALLBACK_USERS:
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    return ""


@contextlib.contextmanager
def probing_as(name: str | None) -> Iterator[None]:
    """Probes inside run as `name` (the server's `[server] run_as`) when the workbench is root."""
    _override.append(name)
    try:
        yield
    finally:
        _override.pop()


def run_probe(args: Sequence[str], *, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    """Run a probe of a source's binary: never as root, killed with its whole process group
    when it does not finish. Raises PermissionError when there is nobody safe to run it as or
    that user cannot run it, subprocess.TimeoutExpired on timeout."""
    user = probe_user()
    kwargs: dict = {}
    if user == "":
        raise PermissionError("no unprivileged user to run it as")
    if user is not None:
        entry = pwd.getpwnam(user)
        kwargs = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
    with subprocess.Popen(
        list(args),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd="/",
        env={**os.environ, "PATH": safe_path()},
        start_new_session=True,
        **kwargs,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
        finally:
            # Children it left behind (a `sleep` in a script) go with it.
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
    return subprocess.CompletedProcess(list(args), proc.returncode, out, err)


def version_in_binary(postgres: Path) -> str | None:
    """The server version compiled into a postgres binary ("postgres (PostgreSQL) 18.6"),
    read without running it."""
    try:
        match = _BACKEND_VERSION.search(postgres.read_bytes())
    except OSError:
        return None
    return match.group(1).decode() if match else None


def _untrusted(st: os.stat_result) -> str | None:
    if st.st_uid not in (0, os.geteuid()):
        try:
            owner = pwd.getpwuid(st.st_uid).pw_name
        except KeyError:
            owner = f"uid {st.st_uid}"
        return f"owned by {owner}"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "writable by group or others"
    return None


def check_configured_bindir(origin: str, value: str, folder: Path) -> None:
    """Refuse a configured folder (or a binary in it, symlinks followed) that someone other
    than root or the invoking user could have written: its binaries would be run."""
    paths = [folder]
    with contextlib.suppress(OSError):
        paths += sorted(p for p in folder.iterdir() if p.is_file())
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            continue
        problem = _untrusted(st)
        if problem is None and path.is_symlink():
            problem = _untrusted(path.resolve().parent.stat())
        if problem:
            raise ConfigError(
                f"{origin} is {value!r}, and {str(path)!r} is {problem}, so the workbench will "
                "not run PostgreSQL binaries from it: anyone who can write there could run "
                "code as the workbench's user. Make the folder and its binaries owned by root "
                f"(or you) and writable by nobody else (chmod go-w), or change {origin}."
            )


def copy_problem(root: Path) -> str | None:
    """Why a copy of the wheel's tree may not be trusted (None: every folder and file in it is
    root's own, writable by nobody else, and no symlink leads out of it)."""
    try:
        st = root.lstat()
    except OSError as err:
        return f"it cannot be read ({err.strerror})"
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        return "it is not a folder (a symlink?)"
    real_root = root.resolve()
    for folder, dirs, files in os.walk(root):
        for name in [".", *dirs, *files]:
            path = Path(folder) / name if name != "." else Path(folder)
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                target = path.resolve()
                if target != real_root and real_root not in target.parents:
                    return f"{str(path)!r} is a symlink out of it"
                continue
            if st.st_uid != os.geteuid():
                return f"{str(path)!r} is owned by uid {st.st_uid}"
            if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return f"{str(path)!r} is writable by group or others"
    return None
