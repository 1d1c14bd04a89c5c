"""Starting the embedded cluster's postmaster with no shell between us and it.

`pg_ctl start` runs the postmaster through /bin/sh with the data directory and the log file
inside double quotes, so a `$(…)`, a backtick, a `"` or a `\\` in the project's path ran as a
command of the server's user. Here the postmaster is started as pg_ctl would, minus the
shell: its own argv (every path one argument), stdin from /dev/null, stdout and stderr
appended to a log file this process opened without following a symlink, a new session (no
terminal's Ctrl-C reaches it), the server's user; then waited for until postmaster.pid says
"ready" for that very process, as `pg_ctl -w` waits.

initdb still runs the backend through a shell (popen), naming the binary's own folder (not the
data directory: that goes in PGDATA); `shell_unsafe` tells a folder that cannot go there.
"""

from __future__ import annotations

import errno
import os
import pwd
import stat
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from workbench.errors import ServerError
from workbench.programs import safe_path

# What a POSIX shell still reads inside double quotes (and a newline, which ends a command
# line in a log or a message): a path holding one never goes where a shell reads it.
SHELL_SPECIAL = frozenset('$`"\\\n')
# postmaster.pid: line 1 the pid, line 8 the postmaster's status (PostgreSQL's pidfile.h).
_PID_LINE, _STATUS_LINE = 0, 7
_READY = "ready"


def shell_unsafe(path: str | Path) -> str | None:
    """The first character of `path` a shell would read inside double quotes, or None."""
    return next((c for c in str(path) if c in SHELL_SPECIAL), None)


def check_paths(bindir: Path, cluster_root: Path) -> None:
    """Refuse, before initdb, the folders a cluster cannot live with: binaries whose real
    folder initdb would hand to /bin/sh holding a character a shell reads, and a cluster
    folder with a newline (postmaster.pid is read line by line: the server rewrites the
    wrong lines of it, and nobody can tell the postmaster is running)."""
    real = bindir.resolve()
    if bad := shell_unsafe(real):
        raise ServerError(
            f"The PostgreSQL binaries' folder {str(real)!r} holds {bad!r}, which initdb would "
            "hand to /bin/sh as part of a command. Install or copy them to a folder whose "
            'path has no $, `, ", \\ or newline, and name it with [server] bindir.'
        )
    if "\n" in str(cluster_root):
        raise ServerError(
            f"The embedded cluster's folder {str(cluster_root)!r} holds a newline, which "
            "PostgreSQL's postmaster.pid cannot carry (it is read line by line). Move the "
            "project to a folder whose path has no newline."
        )


# What the server's binaries need of the developer's environment; nothing else is passed
# (attack22d D15: AWS_SECRET_ACCESS_KEY and the like sat in /proc/<postmaster>/environ, in
# reach of anything that ever reads the server's files).
_SERVER_ENV = frozenset({
    "PATH", "HOME", "USER", "LOGNAME", "SHELL", "TMPDIR", "TZ", "LANG", "LANGUAGE",
    "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH",
})  # fmt: skip


def server_env() -> dict[str, str]:
    """The environment the server's binaries run with: only what they need of ours (no PG*
    variable, no secret of the developer's shell), C messages."""
    env = {k: v for k, v in os.environ.items() if k in _SERVER_ENV or k.startswith("LC_")}
    env["PATH"] = safe_path()  # never a folder of the checkout (programs.py, E3)
    env["LC_ALL"] = "C"
    return env


def as_user(run_as: str | None) -> dict:
    """subprocess keyword arguments that run a binary as `run_as` (None: as this process)."""
    if run_as is None:
        return {}
    entry = pwd.getpwnam(run_as)
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def open_log(log: Path, owner: tuple[int, int] | None) -> int:
    """The server's log, opened for appending without following a symlink: a regular file
    with one link, of this user or the server's; anything else there is replaced by a new
    file (the folder is the server's user's own, mode 0700)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC
    allowed = {os.geteuid()} | ({owner[0]} if owner is not None else set())
    try:
        fd = os.open(log, flags)
    except FileNotFoundError:
        fd = -1
    except OSError as err:
        if err.errno not in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            raise
        fd = -1
    if fd >= 0:
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and st.st_nlink == 1 and st.st_uid in allowed:
            return fd
        os.close(fd)
    if os.path.lexists(log):
        os.unlink(log)  # a symlink, a second link, someone else's file: never written to
    fd = os.open(log, flags | os.O_CREAT | os.O_EXCL, 0o600)
    if owner is not None:
        os.fchown(fd, *owner)
    return fd


def launch(
    postgres: Path,
    data_dir: Path,
    options: Sequence[str],
    log: Path,
    run_as: str | None,
    owner: tuple[int, int] | None,
    *,
    timeout: float = 60,
) -> str | None:
    """Start the postmaster and wait until it is ready: None then, else why it is not (it
    exited: the caller reads the log). A postmaster still starting after `timeout` is a
    ServerError (left running, as `pg_ctl -w -t` leaves it)."""
    try:
        fd = open_log(log, owner)
    except OSError as err:
        raise ServerError(
            f"Could not open the server's log {log}: {err.strerror or err}."
        ) from None
    try:
        proc = subprocess.Popen(
            [str(postgres), "-D", str(data_dir), *options],
            stdin=subprocess.DEVNULL,
            stdout=fd,
            stderr=fd,
            cwd="/",
            env=server_env(),
            start_new_session=True,
            **as_user(run_as),
        )
    finally:
        os.close(fd)
    deadline = time.monotonic() + timeout
    while True:
        code = proc.poll()
        if code is not None:
            return f"the postmaster exited with status {code}"
        if _ready(data_dir, proc.pid):
            break
        if time.monotonic() > deadline:
            _reap_later(proc)
            raise ServerError(
                f"The embedded PostgreSQL (pid {proc.pid}) did not become ready in "
                f"{timeout:.0f} s; its log is {log}."
            )
        time.sleep(0.05)
    _reap_later(proc)
    return None


def _ready(data_dir: Path, pid: int) -> bool:
    try:
        lines = (data_dir / "postmaster.pid").read_text().splitlines()
    except OSError:
        return False
    return (
        len(lines) > _STATUS_LINE
        and lines[_PID_LINE].strip() == str(pid)
        and lines[_STATUS_LINE].strip() == _READY
    )


def _reap_later(proc: subprocess.Popen) -> None:
    """The postmaster is this process's child (pg_ctl's shell would have left it to init):
    a thread waits for it, so a server stopped while the workbench runs is no zombie that
    still counts as alive."""
    threading.Thread(target=proc.wait, name=f"postmaster-{proc.pid}", daemon=True).start()
