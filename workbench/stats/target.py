"""Where `stats scrub` may write: a regular file (or a new one), never a device or folder.

The scrubbed text is written to a temporary file beside the target and renamed over it, so
a device (/dev/null), a FIFO or a folder given as the target would be replaced by a regular
file; they are refused. So is a symlink: the workbench never writes through one (a cloned
repository can carry `stats.scrubbed.sql -> ~/.bashrc`); the user names the real file.
Temporary files of a killed earlier run (same folder and name pattern, older than this
process) are removed first. OS failures become one-paragraph ConfigErrors."""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

from workbench.errors import ConfigError
from workbench.files.state import atomic_write_text


def _process_start() -> float:
    try:  # /proc/self is created with the process: its ctime is the start time
        return os.stat(f"/proc/{os.getpid()}").st_ctime
    except OSError:
        return time.time()


_STARTED = _process_start()


def resolve_target(target: Path, what: str) -> Path:
    """The path to write: a regular file or a new name; a symlink, a folder, a device or a
    FIFO is refused."""
    if target.is_symlink():
        raise ConfigError(
            f"{what} {target} is a symlink (to {os.readlink(target)}); the workbench does not "
            "write through a link, which a cloned repository can point at any file of yours. "
            "Name the real file (with -o, or run --in-place on it). Nothing was written."
        )
    resolved = target
    try:
        info = os.stat(resolved)
    except FileNotFoundError:
        if not resolved.parent.is_dir():
            raise ConfigError(
                f"{what} {target}: its folder {resolved.parent} does not exist; expected a "
                "path in an existing folder."
            ) from None
        return resolved
    except OSError as err:
        raise ConfigError(f"{what} {target}: cannot be inspected ({err.strerror}).") from None
    if stat.S_ISDIR(info.st_mode):
        raise ConfigError(
            f"{what} {target} is a folder; expected a file path (for example "
            f"{target / 'stats.scrubbed.sql'})."
        )
    if not stat.S_ISREG(info.st_mode):
        raise ConfigError(
            f"{what} {target} exists and is not a regular file (a device, FIFO or socket); "
            "expected a regular file or a new path. Nothing was written."
        )
    if info.st_mode & 0o222 == 0:
        raise ConfigError(
            f"{what} {target} is read-only (mode {stat.S_IMODE(info.st_mode):o}); expected a "
            "writable file. Make it writable or choose another output with -o."
        )
    return resolved


def remove_stale_temporaries(target: Path) -> None:
    """Temporary files `.NAME.XXXX.tmp` a killed earlier run left beside the target."""
    try:
        leftovers = list(target.parent.glob(f".{target.name}.*.tmp"))
    except OSError:
        return
    for path in leftovers:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and info.st_mtime < _STARTED:
                path.unlink()
        except OSError:
            continue


def write_target(target: Path, text: str, what: str) -> Path:
    """Write text to the (resolved) target atomically; returns the path written."""
    path = resolve_target(target, what)
    remove_stale_temporaries(path)
    try:
        atomic_write_text(path, text)
    except OSError as err:
        raise ConfigError(_write_error(target, path, err)) from None
    return path


def _write_error(target: Path, path: Path, err: OSError) -> str:
    if err.errno == errno.EROFS:
        why = f"is on a read-only filesystem; expected a writable folder ({path.parent})"
    elif err.errno in (errno.EPERM, errno.EACCES):
        why = (
            f"cannot be replaced: permission denied (an immutable or read-only file, or a "
            f"folder {path.parent} this user cannot write); expected a writable file"
        )
    elif err.errno == errno.ENOSPC:
        why = "cannot be written: no space left on the device"
    else:
        why = f"cannot be written ({err.strerror or err})"
    return f"stats scrub: {target} {why}. Nothing was changed."
