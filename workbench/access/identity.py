"""A project's sandbox id: a random one made with its `.workbench/` state, written into every
marker and into the names of its roles, so that another project with the same sandbox.name on
the same server is refused instead of taking this one over.

The id is public (any role of the server reads it in a marker, and a refusal names it), so the
file alone proves nothing: a cloned repository can commit `.workbench/sandbox_id` holding
another project's id and take over that project's sandbox on a shared server (attack22d D13).
The workbench therefore signs the id it writes (`sandbox_id.mac`, an HMAC with this user's key,
which lives outside every checkout: files/signing.py), and an id without a valid signature is
refused before anything connects. The signature covers the checkout (its `.workbench/`
folder's real path) and the sandbox name as well as the id, so a signed pair copied from
another checkout of yours (a shared CI cache, a colleague's tarball) does not adopt that
project's sandbox either (attack22e E32). Keeping an id the workbench did not write for this
checkout — an older workbench's, one from a checkout moved here, or another project's sandbox
adopted on purpose — is `workbench trust` (`adopt_sandbox_id`).
"""

from __future__ import annotations

import fcntl
import os
import re
import secrets
from pathlib import Path

from workbench.config.file import Config
from workbench.errors import ConfigError
from workbench.files.safe import lock_file, open_file
from workbench.files.signing import key_path, sign, verify
from workbench.files.state import atomic_write_text

SANDBOX_ID_FILE = "sandbox_id"
MAC_FILE = "sandbox_id.mac"


class UnsignedSandboxId(ConfigError):
    """`.workbench/sandbox_id` holds an id this user's workbench did not write."""

    def __init__(self, path: Path, value: str, yours: bool = False) -> None:
        why = (
            "your workbench signed it, but not for this checkout and sandbox name (an older "
            "workbench's signature, which names neither; a checkout moved or copied here; or "
            "sandbox.name changed)"
            if yours
            else "the workbench did not write it for this checkout on this machine (it "
            "carries no valid signature for it)"
        )
        super().__init__(
            f"{path} holds the sandbox id {value}, and {why}. The id is public — any role of "
            "a server reads it in a sandbox's marker — so a cloned repository, or a file "
            "copied from another checkout, could use it to take over another project's "
            "sandbox on a shared server. If it is this project's id or you mean to adopt that "
            "sandbox, run `workbench trust` in this checkout; else delete the file, and a new "
            "id is made."
        )


def _read(path: Path) -> str | None:
    """A small file's stripped text, None when there is none; read without following a
    symlink (a committed link to another project's id would adopt that project's sandbox)
    and without waiting on a FIFO."""
    try:
        fd = open_file(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, encoding="utf-8", errors="replace") as handle:
        return handle.read(200).strip()


def _read_sandbox_id(path: Path) -> str | None:
    """The recorded id, None when there is none yet."""
    value = _read(path)
    if not value:
        return None  # no file, or an empty one: a new id, as when there is none
    if re.fullmatch(r"[0-9a-f]{16}", value):
        return value
    raise ConfigError(
        f"{path}: expected the sandbox id, 16 hexadecimal digits (as a marker names "
        "it), and found something else. Write the id the refusal named, or delete the "
        "file for a new one."
    )


def _message(config: Config, value: str) -> bytes:
    """What the signature covers: the checkout (its `.workbench/` folder's real path), the
    sandbox name and the id; "this id, for this sandbox, in this checkout"."""
    try:
        real = config.state_dir.resolve()
    except (OSError, RuntimeError):
        real = config.state_dir.absolute()
    return f"{real}\0{config.sandbox.name}\0{value}".encode()


def _signed(config: Config, value: str) -> bool:
    return verify(SANDBOX_ID_FILE, _message(config, value), _read(config.state_dir / MAC_FILE))


def _signed_elsewhere(config: Config, value: str) -> bool:
    """Whether the id carries this user's signature of the older kind, which named neither
    the checkout nor the sandbox."""
    return verify(SANDBOX_ID_FILE, value.encode(), _read(config.state_dir / MAC_FILE))


def _write(config: Config, value: str) -> None:
    # The signature first: a process reading the id without the lock then finds its
    # signature too (the other order showed it an unsigned id for a moment).
    state_dir = config.state_dir
    atomic_write_text(state_dir / MAC_FILE, sign(SANDBOX_ID_FILE, _message(config, value)) + "\n")
    atomic_write_text(state_dir / SANDBOX_ID_FILE, value + "\n")


# The ids this process read and verified, by what the check covered: the signing key's path,
# the checkout's real `.workbench/` path, the sandbox name, and both files as found (device,
# inode, size, times, mode, owner, links). A command asks for the id some fifty times (every
# marker, role name and connection check); a file written, replaced, relinked or chmodded
# since has another stamp (a write or a rename sets a new ctime or inode), and the id is read
# and checked again.
_verified: dict[tuple[object, ...], str] = {}


def _stamp(path: Path) -> tuple[int, ...] | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (
        st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns,
        st.st_mode, st.st_uid, st.st_nlink,
    )  # fmt: skip


def _checked_key(config: Config) -> tuple[object, ...] | None:
    """What a verified id is kept under, None when a file is missing (nothing to keep)."""
    state_dir = config.state_dir
    stamps = (_stamp(state_dir / SANDBOX_ID_FILE), _stamp(state_dir / MAC_FILE))
    if None in stamps:
        return None
    return (key_path(), _message(config, ""), *stamps)


def sandbox_id(config: Config) -> str:
    """This project's sandbox id, made (and signed) when there is none; an id the workbench
    did not write for this user is refused (UnsignedSandboxId)."""
    path = config.state_dir / SANDBOX_ID_FILE
    before = _checked_key(config)
    if before is not None and before in _verified:
        return _verified[before]
    value = _read_sandbox_id(path)
    if value is not None and _signed(config, value):
        if before is not None and _checked_key(config) == before:
            _verified[before] = value  # the files as stamped are the ones read
        return value
    # Made once: processes starting together (MCP servers, parallel commands) each found no
    # id; the first to hold the lock makes it, the others read that one.
    fd = lock_file(path.with_name(SANDBOX_ID_FILE + ".lock"))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        value = _read_sandbox_id(path)
        if value is None:
            value = secrets.token_hex(8)
            _write(config, value)
        elif not _signed(config, value):
            raise UnsignedSandboxId(path, value, _signed_elsewhere(config, value))
        return value
    finally:
        os.close(fd)


def adopt_sandbox_id(config: Config) -> str | None:
    """Sign the id `.workbench/sandbox_id` holds as this user's (`workbench trust`): the
    deliberate way to keep an id the workbench did not write here. Returns the id adopted
    when it was not signed before, else None."""
    path = config.state_dir / SANDBOX_ID_FILE
    value = _read_sandbox_id(path)
    if value is None or _signed(config, value):
        return None
    _write(config, value)
    return value
