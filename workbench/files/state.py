"""Files under .workbench/: written atomically (temp file, fsync, rename) so a crash never
leaves a half-written state file behind."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from workbench.files.safe import ensure_parent, open_file, state_root
from workbench.files.signing import sign, verify
from workbench.redact import redact_data

SNAPSHOT_FILE = "snapshot.json"  # the snapshot a reset clones (lifecycle/snapshots.py)
PRIVATE_MODE = 0o600  # every file under .workbench/


def flushes() -> bool:
    """Whether state files reach the disk before they count (fsync). WORKBENCH_STATE_SYNC=off
    (the test suite, beside its clusters' fsync=off) keeps every write atomic against a killed
    process, the page cache outliving it, and drops only the flushes that guard against a
    crash of the machine, which no test causes."""
    return os.environ.get("WORKBENCH_STATE_SYNC", "on") != "off"


def atomic_write_text(
    path: Path, text: str, *, mode: int | None = None, durable: bool = True
) -> None:
    """`durable=False`: no flush to the disk (the rename is still atomic, so a killed process
    leaves the old file or the new one, whole); after a crash of the machine the file may be
    an older version or none, which only a record that may claim less than it did can
    afford (progress.json between its phases)."""
    # Under .workbench/ every folder on the way is checked: no symlink is followed (safe_fs);
    # the temporary file is made with O_EXCL | O_NOFOLLOW and renamed over the name, which
    # replaces a symlink there rather than writing through it.
    ensure_parent(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if durable and flushes():
                os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        elif state_root(path) is not None:
            # The workbench's own files (state, evidence, reports) are this user's alone:
            # they can quote the project's SQL and the server's answers.
            os.chmod(tmp, PRIVATE_MODE)
        elif path.is_file() and not path.is_symlink():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable and flushes():
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


# Every JSON state file carries the MAC of its content under this key (signing.py): a file
# the workbench did not write for this user is read as absent. Values other than objects
# are kept under VALUE_KEY.
MAC_KEY = "_mac"
VALUE_KEY = "_value"
MISSING, UNSIGNED, FORGED, SIGNED = "missing", "unsigned", "forged", "signed"


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str).encode()


def signed_json(name: str, data: Any) -> dict[str, Any]:
    """`data` (JSON-ready) as a state file named `name` holds it: with its MAC."""
    body = dict(data) if isinstance(data, dict) else {VALUE_KEY: data}
    body.pop(MAC_KEY, None)
    body[MAC_KEY] = sign(name, _canonical(body))
    return body


def checked_json(name: str, raw: Any) -> tuple[Any, str]:
    """(the content, SIGNED) when `raw` carries a valid MAC for `name`; else (None,
    UNSIGNED or FORGED)."""
    if not isinstance(raw, dict) or MAC_KEY not in raw:
        return None, UNSIGNED
    body = {k: v for k, v in raw.items() if k != MAC_KEY}
    if not verify(name, _canonical(body), raw[MAC_KEY]):
        return None, FORGED
    return (body[VALUE_KEY] if set(body) == {VALUE_KEY} else body), SIGNED


_TEXT_MAC = "# sandbox-workbench mac "


def signed_text(name: str, text: str) -> str:
    """A text state file (a libpq passfile, which skips `#` lines) with its MAC as its first
    line."""
    return f"{_TEXT_MAC}{sign(name, text.encode())}\n{text}"


def checked_text(name: str, text: str) -> str | None:
    """The text after a valid MAC line for `name`, else None (not written by the workbench
    for this user)."""
    first, _, rest = text.partition("\n")
    if not first.startswith(_TEXT_MAC):
        return None
    return rest if verify(name, rest.encode(), first[len(_TEXT_MAC) :]) else None


def atomic_write_json(
    path: Path,
    data: Any,
    *,
    mode: int | None = None,
    redacted: bool = True,
    signed_as: str | None = None,
    durable: bool = True,
) -> None:
    """Write JSON atomically, signed for this user (under `signed_as`, by default the file's
    name); every string passes the redaction first (`redacted=False` only for bulk caches of
    generated values, which never derive from configuration). `durable`: atomic_write_text's."""
    data = json.loads(json.dumps(data, default=str))
    if redacted:
        data = redact_data(data)
    body = signed_json(signed_as or path.name, data)
    atomic_write_text(
        path,
        json.dumps(body, indent=2, sort_keys=True, default=str) + "\n",
        mode=mode,
        durable=durable,
    )


def read_state(path: Path, *, signed_as: str | None = None) -> tuple[Any, str]:
    """A JSON state file and how it stands: (content, SIGNED), or (None, MISSING, UNSIGNED or
    FORGED). Unreadable or malformed counts as missing (state files are caches). `signed_as`:
    the name its MAC was made under (`atomic_write_json`), by default the file's."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None, MISSING
    return checked_json(signed_as or path.name, raw)


def read_json(path: Path) -> Any | None:
    """The content of a JSON state file the workbench wrote for this user, or None when it
    is missing, unreadable, unsigned or signed by someone else."""
    return read_state(path)[0]


def append_json_line(path: Path, record: Any) -> None:
    """Append one JSON record durably (O_APPEND, fsync), signed, never through a symlink."""
    record = redact_data(json.loads(json.dumps(record, default=str)))
    line = json.dumps(signed_json(path.name, record), sort_keys=True, default=str) + "\n"
    fd = open_file(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, PRIVATE_MODE)
    try:
        os.write(fd, line.encode("utf-8"))
        if flushes():
            os.fsync(fd)
    finally:
        os.close(fd)
