"""The per-user folder and secret, outside every repository: `$XDG_CONFIG_HOME/sandbox-
workbench/` (by default `~/.config/sandbox-workbench/`), mode 0700, this user's alone.

- `state.key`: 32 random bytes (mode 0600), made once. It signs what the workbench writes under
  a project's `.workbench/` (HMAC-SHA256 over the file's name and content, `sign`/`verify`):
  a state file a cloned repository carries (a `server.json` naming a binary folder, a user, a
  socket or a data folder) fails the check and is ignored or refused, never believed.
- `trusted.json`: the checkouts whose choices `workbench trust` recorded (trust/checkout.py).
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

from workbench.errors import ConfigError
from workbench.files.safe import private_dir

ENV_HOME = "XDG_CONFIG_HOME"
FOLDER_NAME = "sandbox-workbench"
KEY_FILE = "state.key"
_KEY_BYTES = 32
_keys: dict[str, bytes] = {}


def _config_root() -> Path:
    base = os.environ.get(ENV_HOME) or ""
    return Path(base) if base.strip() else Path.home() / ".config"


def user_dir() -> Path:
    """The per-user folder, made (mode 0700) and checked: never a symlink, this user's."""
    root = _config_root()
    try:
        root.mkdir(parents=True, exist_ok=True)
        return private_dir(root / FOLDER_NAME, mode=0o700)
    except OSError as err:
        raise ConfigError(
            f"could not make the workbench's per-user folder {root / FOLDER_NAME} "
            f"({err.strerror or err}); it keeps the key that signs .workbench/ state and the "
            f"checkouts you trusted. Set {ENV_HOME} to a folder of yours."
        ) from None


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise ConfigError(f"{path} is a symlink; remove it (a new key is made).") from None
        raise
    try:
        st = os.fstat(fd)
        if st.st_uid != os.geteuid() or st.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise ConfigError(
                f"{path} is not yours alone (owner or mode): it signs the workbench's state, "
                "so anyone who can read it could forge that state. Remove it (a new key is "
                "made; state files signed with the old one are then made again)."
            )
        return os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)


def key_path() -> str:
    """Where this user's signing key is (or will be), as `state_key` keys its cache."""
    return str(_config_root() / FOLDER_NAME / KEY_FILE)


def state_key() -> bytes:
    """This user's signing key, made on first use (atomically: a temporary file linked into
    place, so two processes starting together agree on one key)."""
    # The key read once is this process's for that folder: every signature and check of a
    # state file asks for it, and the folder is made and checked (user_dir) on the first ask,
    # not on each (a generate of 400 tables signs its progress record 400 times).
    cached = _keys.get(key_path())
    if cached is not None:
        return cached
    folder = user_dir()
    path = folder / KEY_FILE
    key = _read_key(path)
    if key is None:
        temp = folder / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, secrets.token_bytes(_KEY_BYTES))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, path)
        except FileExistsError:
            pass  # another process made it first: theirs is the key
        finally:
            temp.unlink(missing_ok=True)
        key = _read_key(path)
    if key is None or len(key) != _KEY_BYTES:
        raise ConfigError(f"{path} does not hold a key of {_KEY_BYTES} bytes; remove it.")
    _keys[str(path)] = key
    return key


def sign(name: str, payload: bytes) -> str:
    """The MAC of a state file's content, bound to its name (so one file's content signed
    for another name does not pass)."""
    return hmac.new(state_key(), name.encode() + b"\0" + payload, hashlib.sha256).hexdigest()


def verify(name: str, payload: bytes, mac: object) -> bool:
    return isinstance(mac, str) and hmac.compare_digest(sign(name, payload), mac)
