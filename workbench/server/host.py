"""The host side of an embedded cluster: free ports, users that can run the server, whether a
postmaster.pid names a live postmaster, the tail of a log, and the server settings it starts
with. cluster.py drives the cluster with them.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import socket
import stat
import subprocess
import time
from pathlib import Path

from workbench.errors import ServerError
from workbench.files.safe import ensure_parent, private_dir
from workbench.programs import find_program

LISTEN_HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LISTEN_HOST, 0))
        return sock.getsockname()[1]


def port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.2)
        return sock.connect_ex((LISTEN_HOST, port)) == 0


# Durability: what the workbench records as done (.workbench/progress.json, the snapshot, the
# lease) must survive a crash of the server or of the machine, so the WAL reaches the disk
# (fsync) and pages cannot be torn (full_page_writes). Commits stay asynchronous by default
# (the application's, and the schema's DDL): every record the workbench writes follows a
# commit made with synchronous_commit on (progress.wal_barrier, the per-table load commits),
# whose WAL flush covers all earlier commits. Measured cost: README, "Durability".
SERVER_SETTINGS = {
    "fsync": "on",
    "full_page_writes": "on",
    "synchronous_commit": "off",
    "max_connections": "50",
}
START_ATTEMPTS = 5


def server_settings() -> dict[str, str]:
    """SERVER_SETTINGS, with WORKBENCH_PG_SETTINGS ("name=value name=value") applied on top:
    for benchmarks and diagnosis only (bench/bench_reset.py measures the cost of each)."""
    settings = dict(SERVER_SETTINGS)
    for item in os.environ.get("WORKBENCH_PG_SETTINGS", "").split():
        name, sep, value = item.partition("=")
        if not sep or not re.fullmatch(r"[a-z_]+", name) or not re.fullmatch(r"[\w.]+", value):
            raise ServerError(
                f"WORKBENCH_PG_SETTINGS: expected name=value pairs separated by spaces, got "
                f"{item!r}."
            )
        settings[name] = value
    return settings


def initdb_options() -> list[str]:
    """initdb's options beyond the folder, user and password: a cluster asked to run without
    fsync (WORKBENCH_PG_SETTINGS, as the test suite does) has no use for initdb's flush of
    every file it wrote."""
    options = ["--no-instructions"]
    if server_settings().get("fsync") == "off":
        options.append("--no-sync")
    return options


def same_path(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.realpath(a) == os.path.realpath(b)
    except OSError:
        return False


def live_postmaster(data_dir: Path) -> int | None:
    """The pid in `data_dir`/postmaster.pid when it is a live postmaster of that directory."""
    try:
        lines = (data_dir / "postmaster.pid").read_text().splitlines()
        pid = int(lines[0])
    except (OSError, ValueError, IndexError):
        return None
    # Line 2 is the data directory the server wrote the file for.
    if len(lines) > 1 and lines[1].strip() and not same_path(lines[1].strip(), data_dir):
        return None
    if pid <= 0:
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass  # alive, owned by the unprivileged user
    proc = Path("/proc") / str(pid)
    if not Path("/proc/self").exists():
        return pid  # no /proc (macOS): a live pid is all that can be told
    try:
        argv = [a.decode(errors="replace") for a in (proc / "cmdline").read_bytes().split(b"\0")]
    except OSError:
        return pid  # alive but not readable (hidepid): never taken for stale
    if not argv or Path(argv[0]).name not in ("postgres", "postmaster"):
        return None
    if "-D" in argv[:-1] and same_path(argv[argv.index("-D") + 1], data_dir):
        return pid
    with contextlib.suppress(OSError):
        if same_path(os.readlink(proc / "cwd"), data_dir):
            return pid
    return None


def user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def user_ids(user: str | None) -> tuple[int, int] | None:
    """(uid, gid) of `user`; None for None (this process's own user)."""
    if user is None:
        return None
    entry = pwd.getpwnam(user)
    return entry.pw_uid, entry.pw_gid


def user_can_reach(user: str, folder: Path) -> bool:
    """Whether `user` can create files in `folder`/pg (checked by running `test` as that
    user); `pg` is made and given to it without following a symlink (safe_fs)."""
    entry = pwd.getpwnam(user)
    probe = folder / "pg"
    ensure_parent(probe)
    private_dir(probe, owner=(entry.pw_uid, entry.pw_gid))
    result = subprocess.run(
        [find_program("test") or "/usr/bin/test", "-w", str(probe), "-a", "-x", str(probe)],
        user=entry.pw_uid,
        group=entry.pw_gid,
        extra_groups=[],
        cwd="/",
        capture_output=True,
    )
    if result.returncode != 0:
        with contextlib.suppress(OSError):
            probe.rmdir()
    return result.returncode == 0


def read_tail(path: Path, size: int = 2000) -> str:
    """The end of the server's log, for an error: only a regular file with no other name,
    reached without following a symlink (a checkout's `server.log -> ../pgpass` or a link to
    a root-only file would put that file's text in the message); else ""."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return ""
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            return ""
        try:
            handle.seek(max(0, info.st_size - size))
            return handle.read(size).decode("utf-8", "replace")
        except OSError:
            return ""


def last_lines(text: str, n: int = 3) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return " / ".join(lines[-n:]) or "no output"


def wait_until_accepting(conninfo: str, timeout: float = 10.0) -> None:
    """Block until the server accepts connections (pg_ctl -w usually covers this)."""
    import psycopg

    deadline = time.monotonic() + timeout
    while True:
        try:
            psycopg.connect(conninfo, connect_timeout=2).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
