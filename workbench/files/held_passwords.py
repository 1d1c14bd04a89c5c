"""Every password the workbench holds, known to the redaction (redact.py) so none can reach
output, a report, evidence or an error even if a file holding it were read as data.

The embedded cluster's superuser password (`.workbench/pgpass`), the sandbox roles'
(`app.pgpass`, `read.pgpass`, `owner.pgpass`), a rehearsal's role (`rehearse/*.pgpass`) and a
run's roles (`runs/*/*.pgpass`) live in passfiles libpq reads itself: the workbench never held
them in memory, so `redact()` did not know them. Each process registers them when it builds
its context, and each one made later as it is written. Only values shaped like the ones the
workbench makes (20 or more URL-safe characters) are taken from the files, so a passfile a
checkout committed cannot mask ordinary words (`DROP`) in a report.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from workbench.files.safe import is_real_dir
from workbench.redact import remember_secret

MAX_PASSFILE_BYTES = 64 * 1024
_GENERATED = re.compile(r"[A-Za-z0-9_\-]{20,}")


def passfile_passwords(text: str) -> set[str]:
    """The password field of each line of a libpq passfile (`host:port:db:user:password`,
    with `\\:` and `\\\\` escaped) that is shaped like a generated one."""
    found: set[str] = set()
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        fields = re.split(r"(?<!\\):", line, maxsplit=4)
        if len(fields) == 5:
            value = fields[4].replace("\\:", ":").replace("\\\\", "\\").strip()
            if _GENERATED.fullmatch(value):
                found.add(value)
    return found


def _read_small(path: Path) -> str:
    """A regular file's text, never through a symlink; empty when it is anything else."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return ""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_PASSFILE_BYTES:
            return ""
        return os.read(fd, MAX_PASSFILE_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""
    finally:
        os.close(fd)


def passfiles(state_dir: Path) -> list[Path]:
    """The passfiles under `.workbench/` (real folders only)."""
    found = [state_dir / "pgpass"]
    for folder in (state_dir, state_dir / "rehearse"):
        if is_real_dir(folder):
            found += sorted(folder.glob("*.pgpass"))
    runs = state_dir / "runs"
    if is_real_dir(runs):
        for run in sorted(runs.iterdir()):
            if is_real_dir(run):
                found += sorted(run.glob("*.pgpass"))
    return found


def remember_passfiles(state_dir: Path) -> None:
    """Register the password of every passfile under `state_dir` with the redaction."""
    for path in passfiles(state_dir):
        for password in passfile_passwords(_read_small(path)):
            remember_secret(password)
