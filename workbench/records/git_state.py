"""The git revision of a checkout and whether it has uncommitted changes, for the lease.

A checkout that came as an archive carries its own `.git/config` and `.gitattributes`, and
nobody here has read them: `git status` (and `diff-files`, and anything that refreshes the
index) runs the clean filter a `filter.<driver>.process` or `.clean` setting names on a file
whose timestamps changed — the repository's program, with the developer's rights. So the
workbench only asks git for what it reads without converting a file: HEAD (`rev-parse`), the
index (`ls-files -s`) and HEAD's tree (`ls-tree`); it hashes the tracked files itself, as
stored bytes (git's blob hash), and compares. A repository whose filters or line-ending
settings make stored bytes differ from committed ones shows as changed: honest, and nothing
of the repository's runs.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

from workbench.programs import run_git

_SUBMODULE = "160000"
_SYMLINK = "120000"


def _entries(text: str, fields: int) -> list[tuple[list[str], str]]:
    """NUL-separated `meta\tpath` records, the meta split into `fields` words."""
    out = []
    for record in text.split("\0"):
        if "\t" in record:
            meta, path = record.split("\t", 1)
            words = meta.split()
            if len(words) == fields:
                out.append((words, path))
    return out


def blob_hash(data: bytes, *, width: int) -> str:
    """git's object name of a blob holding `data` (SHA-1, or SHA-256 for 64-digit names)."""
    algorithm = hashlib.sha1 if width == 40 else hashlib.sha256
    return algorithm(b"blob %d\0" % len(data) + data).hexdigest()


def _stored(path: Path, mode: str) -> bytes | None:
    """The bytes git would store for the file at `path`, unconverted; None when absent."""
    try:
        if mode == _SYMLINK:
            return os.fsencode(os.readlink(path))
        if path.is_symlink():
            return None
        return path.read_bytes()
    except OSError:
        return None


def _worktree_changed(top: Path, index: list[tuple[list[str], str]]) -> bool:
    for (tag, mode, name, stage), path in index:
        if stage != "0":
            return True  # an unresolved merge
        if mode == _SUBMODULE or tag == "S":  # a submodule, a file outside a sparse checkout
            continue
        data = _stored(top / path, mode)
        if data is None or blob_hash(data, width=len(name)) != name:
            return True
    return False


def git_revision(folder: Path) -> tuple[str | None, bool | None]:
    """HEAD of the git work tree holding `folder`, and whether its tracked files differ from
    it (in the index or on disk); (None, None) outside a repository or without git, and a
    None dirtiness when git's answers cannot be read."""
    try:
        head = run_git(folder, "rev-parse", "--verify", "-q", "HEAD", timeout=5)
        if head.returncode != 0 or not head.stdout.strip():
            return None, None
        revision = head.stdout.strip()
        found = run_git(folder, "rev-parse", "--show-toplevel", timeout=5)
        if found.returncode != 0 or not found.stdout.strip():
            return revision, None
        top = Path(found.stdout.strip())  # the whole work tree, whatever folder is asked
        index = run_git(top, "ls-files", "-s", "-t", "-z", timeout=10)
        tree = run_git(top, "ls-tree", "-r", "-z", "--full-tree", "HEAD", timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None, None
    if index.returncode != 0 or tree.returncode != 0:
        return revision, None
    staged = _entries(index.stdout, 4)
    committed = {path: (mode, name) for (mode, _kind, name), path in _entries(tree.stdout, 3)}
    indexed = {path: (mode, name) for (_tag, mode, name, _stage), path in staged}
    if indexed != committed:
        return revision, True
    return revision, _worktree_changed(top, staged)
