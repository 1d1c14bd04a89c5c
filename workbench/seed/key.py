"""The masking key: 32 random bytes kept in .workbench/seed.key (mode 0600, written atomically),
made on first use, with this user's MAC (state.signed_text): a key the workbench did not write is
refused. The same key masks the same value the same way in every import; a new key
(the file deleted) masks everything differently. It never leaves the machine: the lease and
evidence name it only by a hash of it."""

from __future__ import annotations

import hashlib
import os
import secrets
import stat
from pathlib import Path

from workbench.errors import WorkbenchError
from workbench.files.state import atomic_write_text, checked_text, signed_text

KEY_FILE = "seed.key"
_KEY_BYTES = 32


def seed_key(state_dir: Path) -> bytes:
    """The sandbox's masking key, made (0600, atomically, signed for this user) when missing.
    A key this workbench did not write for you (one a cloned repository carries: its author
    could then recompute every mask) is refused, never used."""
    path = state_dir / KEY_FILE
    try:
        raw = path.read_text(encoding="ascii")
    except FileNotFoundError:
        line = secrets.token_hex(_KEY_BYTES) + "\n"
        atomic_write_text(path, signed_text(KEY_FILE, line), mode=0o600)
        raw = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as err:
        raise WorkbenchError(f"{path}: the masking key cannot be read: {err}.") from None
    text = checked_text(KEY_FILE, raw)
    if text is None:
        raise WorkbenchError(
            f"{path} was not written by this workbench for you (a key that came with the "
            "checkout would let whoever made it recompute every mask). Delete it to make a "
            "new one; every value then masks differently than before.",
            title="untrusted masking key",
        )
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        key = b""
    if len(key) != _KEY_BYTES:
        raise WorkbenchError(
            f"{path}: not a masking key (64 hex digits expected). Delete it to make a new one; "
            "every value then masks differently than before."
        )
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        os.chmod(path, 0o600)  # the key is ours: nobody else reads it
    return key


def key_id(key: bytes) -> str:
    """A name for the key that reveals nothing of it (lease and evidence)."""
    return hashlib.sha256(b"workbench seed key id\0" + key).hexdigest()[:12]
