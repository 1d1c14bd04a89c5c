"""Finding the programs the workbench runs (squawk, git, pg_restore, test, the machine's
pg_config and initdb) without letting the folder it runs in choose them.

A `PATH` entry that is not absolute — `.`, an empty entry (which means `.`), `bin` — names a
folder relative to the current one, which is often a checkout of a repository nobody here
has read: its `./git` or `./initdb` would run with the developer's rights (or root's). Only
absolute entries are searched, and a program is always run by the absolute path found, never
by a bare name left to `execvp`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from pathlib import Path


def absolute_path(env: Mapping[str, str] | None = None) -> str:
    """`PATH` of `env` (the process's by default) with its relative entries left out."""
    value = (os.environ if env is None else env).get("PATH") or ""
    return os.pathsep.join(entry for entry in value.split(os.pathsep) if os.path.isabs(entry))


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


# Settings of a repository's own .git/config that make `git status` and friends run a
# program (a checkout that came as an archive carries its .git/config): switched off.
_GIT_SAFE = ("-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null")


def run_git(folder: Path, *args: str, timeout: float = 10) -> subprocess.CompletedProcess[str]:
    """`git -C folder args…` run by git's absolute path, the repository's program-running
    settings switched off, no input, output captured; OSError when git is not installed."""
    git = find_program("git")
    if git is None:
        raise FileNotFoundError("git")
    return subprocess.run(
        [git, *_GIT_SAFE, "-C", str(folder), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
