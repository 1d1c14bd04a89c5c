"""The embedded server's Unix socket folder: a short path (socket paths are limited to ~107
bytes) under /tmp, which any local user can write to.

Its name used to be derived from the checkout's path (`/tmp/wb-<uid>-<hash>`): anyone who
saw it listed in /tmp, or computed it, could make that folder first — after a reboot
emptied /tmp, say — and the workbench rightly refused a folder another user owns, so the
developer's sandbox could never start again and the developer could not remove the
folder (sticky /tmp) (attack22f F8). Now a new cluster gets a random name
(`/tmp/wb-<uid>-<12 random hex>`), recorded in the signed server.json; and when the recorded
folder is taken by someone else (or is a symlink, or writable by anybody), a new random one
is chosen and recorded instead, so squatting delays nothing and the taken folder is never
written to, followed or chowned.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
from pathlib import Path

from workbench.files.safe import UnsafePath, private_dir

SOCKET_BASE = Path("/tmp")
_TRIES = 8


def fresh() -> Path:
    """A new, unpredictable socket folder name for this user (not made yet)."""
    return SOCKET_BASE / f"wb-{os.geteuid()}-{secrets.token_hex(6)}"


def derived(state_dir: Path) -> Path:
    """The name older workbenches derived from the checkout's path (an unsigned server.json
    naming it is still believed)."""
    digest = hashlib.sha256(str(state_dir.resolve()).encode()).hexdigest()[:12]
    return SOCKET_BASE / f"wb-{os.geteuid()}-{digest}"


def is_own(path: str) -> bool:
    """Whether `path` has the shape of a socket folder this user's workbench names."""
    return (
        re.fullmatch(rf"{re.escape(str(SOCKET_BASE))}/wb-{os.geteuid()}-[0-9a-f]{{12}}", path)
        is not None
    )


def make(recorded: Path, owner: tuple[int, int] | None) -> Path:
    """The socket folder, made or checked (safe.private_dir): the recorded one, or when that
    one is someone else's (a symlink, another user's, writable by anybody) a new random one;
    UnsafePath only when several fresh names are all taken."""
    try:
        return private_dir(recorded, owner=owner, mode=0o755)
    except UnsafePath:
        last: UnsafePath | None = None
        for _ in range(_TRIES):
            try:
                return private_dir(fresh(), owner=owner, mode=0o755)
            except UnsafePath as err:
                last = err
        assert last is not None
        raise last from None


def discard(path: str) -> None:
    """Remove the socket folder a stopped server leaves empty, when it has the shape of this
    user's (`is_own`): `rmdir` removes neither a symlink nor a folder holding anything."""
    if is_own(path):
        with contextlib.suppress(OSError):  # not empty, not a folder, gone: left as it is
            os.rmdir(path)
