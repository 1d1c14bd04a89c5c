"""Files under .workbench/: written atomically (temp file, fsync, rename) so a crash never
leaves a half-written state file behind."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from workbench.redact import redact_data


def atomic_write_text(path: Path, text: str, *, mode: int | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        elif path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


_WRITE_HINTS = {
    errno.EACCES: "check the permissions of the file and its folder",
    errno.EPERM: "check its permissions and attributes (lsattr; chattr -i)",
    errno.EISDIR: "a folder has that name: remove or rename it",
    errno.EROFS: "the file system is mounted read-only",
    errno.ENOSPC: "the disk is full",
}


def write_failure(path: Path, err: OSError) -> str:
    """An OSError from writing `path` as one sentence: which file, why, and what to check."""
    reason = (err.strerror or str(err)).lower()
    hint = _WRITE_HINTS.get(err.errno or 0)
    return f"could not write {path.name}: {reason} ({path}){'; ' + hint if hint else ''}."


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_json(
    path: Path, data: Any, *, mode: int | None = None, redacted: bool = True
) -> None:
    """Write JSON atomically; every string passes the redaction first (`redacted=False` only
    for bulk caches of generated values, which never derive from configuration)."""
    if redacted:
        data = redact_data(json.loads(json.dumps(data, default=str)))
    atomic_write_text(
        path, json.dumps(data, indent=2, sort_keys=True, default=str) + "\n", mode=mode
    )


def read_json(path: Path) -> Any | None:
    """The parsed file, or None when it is missing or unreadable (state files are caches)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def append_json_line(path: Path, record: Any) -> None:
    """Append one JSON record durably (O_APPEND, fsync)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    record = redact_data(json.loads(json.dumps(record, default=str)))
    line = json.dumps(record, sort_keys=True, default=str) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, line.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
