"""`.workbench/server.json`: what the embedded cluster is (its binaries, data folder, socket
folder, port and the user it runs as), and whether to believe it.

The file names a binary folder the workbench runs, a user it runs them as, and folders it
creates, chowns and — on `server rebuild` — deletes. So it is believed only when the
workbench wrote it for this user (signed: files/state.py, files/signing.py), or when every
path and user in it is exactly what the workbench would choose itself (a file written before
files were signed: it is signed again). Anything else — a file a cloned repository carries,
with `run_as: null`, a foreign `socket_dir` or a data folder elsewhere — is refused with a
paragraph naming what it says; nothing it names is run, chowned or removed.

The signature names the checkout too (its `.workbench/` folder's real path, `signed_as`): a
file signed for one checkout — copied into another by a shared CI cache, a tarball of a
colleague's checkout, a `git add -A` that published `.workbench/` — does not pass in another,
where it would have made `server status` and `server stop` act on the first one's cluster
(attack22e E32). A checkout moved elsewhere is refused the same way, with the fix named.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.config.file import Config
from workbench.errors import GuardRefusal
from workbench.files.state import (
    MAC_KEY,
    MISSING,
    SIGNED,
    atomic_write_json,
    checked_json,
    read_state,
)
from workbench.postgres.binaries import SETTING_WORDS
from workbench.postgres.runnable import COPY_BASE
from workbench.postgres.sources import ENV_BINDIR, machine_bindirs, wheel_bindir

STATE_FILE = "server.json"


@dataclass
class ServerState:
    """What `.workbench/server.json` records about the cluster (no secrets)."""

    bindir: str
    data_dir: str
    socket_dir: str
    port: int
    run_as: str | None
    version: str
    # Which binaries made the cluster and why (pg_binaries.Resolution.to_dict, abridged).
    binaries: dict | None = None


@dataclass
class Expected:
    """What the workbench itself would write: the data folders it may use, its socket
    folder, the user it runs the server as, and whether a binary folder is one it chooses."""

    data_dirs: set[str]
    socket_dir: str
    run_as: Callable[[], str | None]
    bindir_ok: Callable[[str], bool]


def _inside(path: str, folders: Iterable[Path]) -> bool:
    real = Path(path).resolve()
    return any(real == f.resolve() or f.resolve() in real.parents for f in folders)


def known(config: Config) -> Callable[[str], bool]:
    """Whether a binary folder is one the workbench chooses from: the wheel's, the machine's,
    the copies it makes, or a folder sandbox.toml (trusted: trust/checkout.py) or the environment
    names."""

    def folders() -> list[Path]:
        wheel, _ = wheel_bindir()
        found = [*machine_bindirs(), COPY_BASE, *([wheel.parent] if wheel else [])]
        for setting in (config.server.bindir, os.environ.get(ENV_BINDIR)):
            if setting and setting.strip().lower() not in SETTING_WORDS:
                folder = Path(setting).expanduser()
                found.append(folder if folder.is_absolute() else config.root / folder)
        return found

    return lambda path: _inside(path, folders())


def foreign_values(data: dict[str, Any], expected: Expected) -> list[str]:
    """What in `data` the workbench would not have written itself, one phrase each."""
    problems = []
    if str(data.get("data_dir")) not in expected.data_dirs:
        problems.append(f"data folder {data.get('data_dir')!r}")
    if data.get("socket_dir") != expected.socket_dir:
        problems.append(f"socket folder {data.get('socket_dir')!r}")
    own_user = expected.run_as()
    if data.get("run_as") != own_user:
        problems.append(f"server user {data.get('run_as')!r} (the workbench's: {own_user!r})")
    made_by = (data.get("binaries") or {}).get("bindir") if isinstance(data, dict) else None
    for folder in {str(data.get("bindir")), *([str(made_by)] if made_by else [])}:
        if not expected.bindir_ok(folder):
            problems.append(f"binary folder {folder!r}")
    return problems


class UntrustedState(GuardRefusal):
    def __init__(self, path: Path, how: str, problems: list[str], written_for: str = "") -> None:
        if written_for:
            whose = (
                f"was written by your workbench for the checkout {written_for}, not for this "
                f"one ({path.parent.parent}): a checkout moved or copied elsewhere"
            )
        else:
            whose = f"was not written by this workbench for this checkout ({how})"
        super().__init__(
            "state",
            f"{path} {whose}, and it names {', '.join(problems)}: the workbench would run, "
            "chown, stop or delete what it names, so it does not believe it. Remove it: rm "
            f"{path}; the next `workbench up` makes this checkout's cluster again (the "
            "sandbox is disposable; a cluster the file names elsewhere is left alone — stop "
            "it from its own checkout). The same applies to a file a cloned repository "
            "came with, your own from another account, or one an older workbench wrote.",
        )


def signed_as(state_dir: Path) -> str:
    """The name server.json's MAC is made under: the file's and the checkout's (its
    `.workbench/` folder's real path), so a signed file means "written for this checkout"."""
    try:
        real = state_dir.resolve()
    except (OSError, RuntimeError):
        real = state_dir.absolute()
    return f"{STATE_FILE}\0{real}"


# The checkout a server.json was written for, in the file (and under its MAC) so that a
# refusal can name it.
CHECKOUT_KEY = "checkout"


def _written_for(raw: dict[str, Any]) -> str:
    """The checkout a file this user's workbench signed for another one names, else ""."""
    folder = raw.get(CHECKOUT_KEY)
    if not isinstance(folder, str):
        return ""
    _, how = checked_json(f"{STATE_FILE}\0{folder}", raw)
    return str(Path(folder).parent) if how == SIGNED else ""


def load(state_dir: Path, expected: Callable[[], Expected]) -> ServerState | None:
    """The cluster's record, or None before there is one; UntrustedState (exit 3) for a
    file this workbench did not write for this checkout whose paths or user are not its own
    choice."""
    path = state_dir / STATE_FILE
    data, how = read_state(path, signed_as=signed_as(state_dir))
    if how == MISSING:
        return None
    written_for = ""
    if how != SIGNED:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(data, dict):
            return None
        written_for = _written_for(data)
        data.pop(MAC_KEY, None)
    if isinstance(data, dict):
        data.pop(CHECKOUT_KEY, None)
    if how != SIGNED:
        problems = foreign_values(data, expected())
        if problems:
            raise UntrustedState(path, how, problems, written_for)
    try:
        state = ServerState(**data)
    except TypeError:
        return None
    if how != SIGNED:
        save(state_dir, state)  # the workbench's own choices, written before signing
    return state


def save(state_dir: Path, state: ServerState) -> None:
    name = signed_as(state_dir)
    folder = name.split("\0", 1)[1]
    atomic_write_json(
        state_dir / STATE_FILE, {**state.__dict__, CHECKOUT_KEY: folder}, signed_as=name
    )
