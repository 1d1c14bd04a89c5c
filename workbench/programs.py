"""Finding the programs the workbench runs (squawk, git, pg_restore, test, the machine's
pg_config and initdb) without letting the folder it runs in choose them.

A `PATH` entry that is not absolute — `.`, an empty entry (which means `.`), `bin` — names a
folder relative to the current one, which is often a checkout of a repository nobody here
has read: its `./git` or `./initdb` would run with the developer's rights (or root's). Only
absolute entries are searched, and a program is always run by the absolute path found, never
by a bare name left to `execvp`.

An absolute entry inside the checkout is no better: direnv's `PATH_add bin`, a virtual
environment activated in the checkout, `npm run`'s `node_modules/.bin` put the repository's
own folders on `PATH`, and whatever `pg_config` or `initdb` it holds would run without the
developer ever trusting it. "The checkout" is the whole repository sandbox.toml lies in,
not only sandbox.toml's folder: in a monorepo (`db/sandbox.toml`, the repository's `bin/`
on PATH through direnv, a root `.venv/bin`, `node_modules/.bin`) those folders are the
repository's too (attack22e E3). It is found by looking at the file system only — the
outermost folder above sandbox.toml holding `.git` (a clone's folder, a worktree's or a
submodule's file) — never by running the repository's git, which is what is guarded
against. The repository the workbench is run from (the current folder's) counts too.

A repository needs no `.git` to be one: a "Download ZIP", a release tarball, a `degit`
template copy has none (attack22f F1). So sandbox.toml's folder's ancestors count too, and
the current folder with its ancestors: each up to — not including — the developer's home
(or a folder above it), the file system's root, a folder anyone may write (/tmp), a folder
holding one of the system's program folders (/usr/local, /opt/homebrew) and, for a user
other than root, the first folder not the user's own (`untrusted_root`). Home-level
folders (~/.local/bin, ~/bin, ~/.cargo/bin) stay on PATH; a folder next to the project
below home (~/src/bin for ~/src/proj, ~/go/bin for ~/go/src/…/proj) does not.
Entries inside a checkout (`distrust`) are skipped (`skipped_path` names them, so
`server status` can say so); a binary folder inside a checkout is never used, trusted or
not (docs/security.md). Programs the workbench starts get the same `PATH` (`safe_path`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from pathlib import Path

# The checkouts whose sandbox.toml this process loaded (resolved): no program is run from
# a folder inside one of them.
_CHECKOUTS: set[Path] = set()


def _real(folder: Path) -> Path:
    try:
        return folder.resolve()
    except (OSError, RuntimeError):
        return folder.absolute()


def work_tree(folder: Path) -> Path | None:
    """The repository `folder` lies in: the outermost folder from `folder` up holding a
    `.git` (folder or file, so a submodule's or a worktree's lies in its superproject's),
    links resolved first; None when there is none. The developer's home folder and those
    above it do not count (a home kept in git is the developer's own, and counting it would
    take ~/.local/bin and the like off PATH). Looked up on the file system only: running the
    repository's git to ask it is what this guards against."""
    real = _real(folder)
    home = _home()
    found: Path | None = None
    for candidate in (real, *real.parents):
        if home is not None and (candidate == home or candidate in home.parents):
            break
        if os.path.lexists(candidate / ".git"):
            found = candidate
    return found


def _home() -> Path | None:
    try:
        return Path.home().resolve()
    except (OSError, RuntimeError, KeyError):
        return None


def enclosing_checkout(folder: Path) -> Path:
    """The checkout of a sandbox.toml in `folder`: its repository (`work_tree`), else the
    folder itself."""
    return work_tree(folder) or _real(folder)


# The system's program folders: a folder holding one is the system's, never a repository's.
_SYSTEM_BIN = (
    "/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin",
    "/opt/homebrew/bin", "/opt/local/bin", "/snap/bin", "/nix/var/nix/profiles",
    "/run/current-system/sw/bin", "/usr/lib/postgresql",
)  # fmt: skip


def _stops_walk(candidate: Path, home: Path | None) -> bool:
    """Whether `candidate` is beyond what a repository (one without `.git` too) can be: the
    file system's root, the developer's home or a folder above it, a folder anyone may
    write (/tmp), one holding a system program folder, or (for a user other than root) a
    folder that is not the user's own."""
    if candidate.parent == candidate:
        return True
    if home is not None and (candidate == home or candidate in home.parents):
        return True
    if any(candidate == Path(s) or candidate in Path(s).parents for s in _SYSTEM_BIN):
        return True
    try:
        info = candidate.stat()
    except OSError:
        return True
    if info.st_mode & 0o002:
        return True
    uid = os.geteuid()
    return uid != 0 and info.st_uid != uid


def untrusted_root(folder: Path, *, always: bool = True) -> Path | None:
    """The outermost folder a repository holding `folder` may have for its root, found on
    the file system only: the outermost of its `.git` repository (`work_tree`) and its
    ancestors up to (not including) the first one `_stops_walk` stops at. `folder` itself
    counts even when it would stop the walk when `always` (sandbox.toml's folder; not the
    current folder, which may be home or /tmp); None when nothing counts."""
    real = _real(folder)
    home = _home()
    found: Path | None = real if always else None
    for candidate in (real, *real.parents):
        if _stops_walk(candidate, home):
            break
        found = candidate
    tree = work_tree(real)
    if tree is not None and (found is None or tree in found.parents):
        found = tree
    return found


def distrust(folder: Path) -> None:
    """Mark the folders a repository holding sandbox.toml's `folder`, or the current
    folder, may span (`untrusted_root`) as untrusted: no program is looked up or run from
    inside them (the file system's root excepted, which would leave no program at all)."""
    places = [untrusted_root(folder)]
    with contextlib.suppress(OSError):
        places.append(untrusted_root(Path.cwd(), always=False))
    _CHECKOUTS.update(p for p in places if p is not None and p.parent != p)


def checkouts() -> tuple[Path, ...]:
    """The folders no program may come from: the checkouts whose sandbox.toml was loaded."""
    return tuple(sorted(_CHECKOUTS))


def inside_checkout(folder: str | Path) -> bool:
    """Whether `folder` (resolved, links followed) lies in a checkout (`checkouts`)."""
    try:
        real = Path(folder).resolve()
    except (OSError, RuntimeError):
        return True
    return any(real == root or root in real.parents for root in checkouts())


def _entries(env: Mapping[str, str] | None) -> list[str]:
    value = (os.environ if env is None else env).get("PATH") or ""
    return [entry for entry in value.split(os.pathsep) if os.path.isabs(entry)]


def absolute_path(env: Mapping[str, str] | None = None) -> str:
    """`PATH` of `env` (the process's by default) with its relative entries, and the entries
    inside a checkout, left out."""
    return os.pathsep.join(e for e in _entries(env) if not inside_checkout(e))


def safe_path(env: Mapping[str, str] | None = None) -> str:
    """`PATH` for a program the workbench starts (`absolute_path`); the system's default
    folders when nothing is left (an empty `PATH` would mean the current folder)."""
    return absolute_path(env) or os.defpath


def skipped_path(env: Mapping[str, str] | None = None) -> list[str]:
    """The absolute `PATH` entries left out because they lie inside a checkout."""
    return [e for e in _entries(env) if inside_checkout(e)]


def find_program(
    name: str, *, first: Iterable[Path] = (), env: Mapping[str, str] | None = None
) -> str | None:
    """The absolute path of `name`: in the folders `first` (absolute ones only), then on the
    absolute entries of `PATH`; None when neither has it."""
    folders = [str(f) for f in first if f.is_absolute()]
    path = os.pathsep.join([*folders, absolute_path(env)]).strip(os.pathsep)
    if not path:
        return None
    found = shutil.which(name, path=path)
    return os.path.abspath(found) if found else None


# A checkout's `.git/config` may have come with it (an archive, a CI cache, a colleague's
# copy), and it can name programs: a filter, an fsmonitor, hooks, and — for a repository that
# says it is a partial clone (`extensions.partialClone`, `remote.<name>.promisor`) — the
# remote's `uploadpack` or `core.sshCommand`, which git runs through the shell to fetch an
# object it lacks (attack22f F17). The workbench's git reads only what is on disk: no
# transport at all (`GIT_ALLOW_PROTOCOL` names none — it overrides every `protocol.*.allow`
# of the repository — `protocol.allow=never` as well, `GIT_NO_LAZY_FETCH` for git 2.44 and
# newer), no prompt, askpass, pager, ssh command, credential helper, hook or fsmonitor. The
# command line's `-c` settings outrank the repository's and reach a git git itself starts.
_GIT_SAFE = tuple(
    part
    for setting in (
        "core.fsmonitor=false",
        "core.hooksPath=/dev/null",
        "protocol.allow=never",
        *(
            f"protocol.{name}.allow=never"
            for name in ("file", "git", "ssh", "http", "https", "ext")
        ),
        "core.sshCommand=false",
        "core.askPass=",
        "credential.helper=",
        "core.pager=cat",
        "core.alternateRefsCommand=",
        "core.untrackedCache=false",
        "gc.auto=0",
        "maintenance.auto=false",
        "fetch.recurseSubmodules=false",
        "submodule.recurse=false",
    )
    for part in ("-c", setting)
)
# Names no transport git has (not even a remote helper's: `_` cannot start a URL scheme).
_GIT_ENV = {
    "GIT_ALLOW_PROTOCOL": "_",
    "GIT_NO_LAZY_FETCH": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_ASKPASS": "",
    "GIT_SSH_COMMAND": "false",
    "GIT_PAGER": "cat",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_CONFIG_NOSYSTEM": "1",
}
_GIT_ENV_DROPPED = ("SSH_ASKPASS", "GIT_SSH", "GIT_PROXY_COMMAND", "GIT_EXTERNAL_DIFF")


def git_env() -> dict[str, str]:
    """The environment every git the workbench runs gets: the caller's, `PATH` without the
    checkout's folders, transports and prompts off (`_GIT_ENV`)."""
    env = {k: v for k, v in os.environ.items() if k not in _GIT_ENV_DROPPED}
    return {**env, "PATH": safe_path(), **_GIT_ENV}


def run_git(folder: Path, *args: str, timeout: float = 10) -> subprocess.CompletedProcess[str]:
    """`git -C folder args…` run by git's absolute path, the repository's program-running
    settings and every transport switched off, no input, output captured; OSError when git
    is not installed."""
    git = find_program("git")
    if git is None:
        raise FileNotFoundError("git")
    return subprocess.run(
        [git, "--no-pager", *_GIT_SAFE, "-C", str(folder), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        env=git_env(),
    )


def logical_cwd() -> Path:
    """The working folder as the shell named it (`$PWD`, when it is this very folder), else
    the real one. `cd db` into a committed link `db -> ../p1` leaves the real folder p1; the
    shell's name keeps the link in sight, so the path it took can be judged (attack22g G1)."""
    here = Path(os.getcwd())
    named = os.environ.get("PWD", "")
    if not named or not os.path.isabs(named):
        return here
    try:
        return Path(named) if os.path.samefile(named, here) else here
    except OSError:
        return here
