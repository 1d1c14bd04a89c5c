"""What a path is, said plainly when it is not the regular file a command expected: a folder,
a named pipe (FIFO), a socket, a device, a link to nothing, or nothing at all. Found with
lstat/stat only: nothing is opened (a FIFO would make the reader wait)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def not_a_file(path: Path) -> str | None:
    """Why `path` is not a regular file to read ("is a folder", "is a named pipe (FIFO)",
    "does not exist", "is a link to X, which does not exist"), or None when it is one (a
    link to a regular file is one)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            return f"is a link to {os.readlink(path)}, which does not exist"
        return "does not exist"
    except OSError as err:
        return f"cannot be looked at ({err.strerror or err})"
    if stat.S_ISREG(mode):
        return None
    for test, kind in KINDS:
        if test(mode):
            return f"is {kind}, not a file"
    return "is not a regular file"
