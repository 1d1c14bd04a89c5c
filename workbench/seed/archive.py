"""A pg_dump directory archive read without letting it name a file outside itself.

A directory archive (`pg_dump --format=directory`) keeps in toc.dat, for each TABLE DATA entry,
the name of the file holding its rows, and pg_restore opens `<folder>/<that name>` as it finds
it: a hostile archive that names `../../home/me/.ssh/id_ed25519` has pg_restore read that file,
with the developer's rights, into the rows of a table. So the archive is never read where it
lies. `private_copy` copies toc.dat and the data files pg_dump writes (`<dump id>.dat`, also
gzip, lz4 or zstd compressed) into a fresh folder of mkdtemp's (0700), each opened without
following a symlink and only when it is a regular file; `data_entries` reads toc.dat's entries
(PostgreSQL's own layout: pg_backup_archiver.c ReadHead/ReadToc, pg_backup_directory.c
_ReadExtraToc) and refuses any entry whose file name is not one pg_dump writes, naming the
archive and the entry; pg_restore then runs on the private copy with a list (`-L`) of the
TABLE DATA entries only, so large objects (whose own blobs.toc names files too) are neither
copied nor read.

The other kinds were checked for the same trick: a custom archive holds its data at offsets
in the one file, a tar archive in members of the one tar (pg_restore looks a name up among the
tar's headers and never opens it on disk), and a plain dump is read by the workbench itself
(COPY blocks in Python; psql's `\\copy` or `\\i` are never run)."""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from workbench.errors import GuardRefusal

TOC = "toc.dat"
_DATA_NAME = re.compile(r"[0-9]{1,10}\.dat")  # what pg_dump names a TABLE DATA entry's file
_LO_TOC = re.compile(r"blobs(_[0-9]{1,10})?\.toc")  # large objects: never restored here
_COPIED = re.compile(r"[0-9]{1,10}\.dat(\.gz|\.lz4|\.zst)?|toc\.dat")
_MAGIC = b"PGDMP"
_CHUNK = 1 << 20
_MAX_VERSION = (1, 16)  # PostgreSQL 18's pg_dump


@dataclass(frozen=True)
class Entry:
    """One toc.dat entry: its dump id, kind, table and the file its data is in ("" none)."""

    dump_id: int
    desc: str
    name: str
    filename: str


def _refuse(archive: Path, what: str) -> GuardRefusal:
    return GuardRefusal(
        "seed-archive",
        f"the directory archive {archive} {what}, so it was not read: pg_restore would open "
        "that name relative to the archive's folder, which can reach any file you can read. "
        "Only the files pg_dump --format=directory writes are read (toc.dat and <id>.dat, "
        "possibly compressed); make the archive again with pg_dump.",
    )


@contextmanager
def private_copy(archive: Path) -> Iterator[Path]:
    """toc.dat and the data files of the directory archive `archive`, copied into a fresh
    private folder (removed afterwards); a symlink or anything but a regular file is refused."""
    folder = Path(tempfile.mkdtemp(prefix="wb-seed-"))
    try:
        source = os.open(archive, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            for name in sorted(os.listdir(source)):
                if _COPIED.fullmatch(name):
                    _copy_one(archive, source, name, folder)
        finally:
            os.close(source)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _copy_one(archive: Path, source: int, name: str, folder: Path) -> None:
    try:
        fd = os.open(
            name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=source
        )
    except OSError as err:
        if os.path.islink(os.path.join(archive, name)):
            raise _refuse(archive, f"holds {name} as a symlink") from None
        raise _refuse(archive, f"holds {name}, which cannot be read ({err.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _refuse(archive, f"holds {name}, which is not a regular file")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        out = os.open(folder / name, flags, 0o600)
        try:
            while chunk := os.read(fd, _CHUNK):
                os.write(out, chunk)
        finally:
            os.close(out)
    finally:
        os.close(fd)


class _Reader:
    """PostgreSQL's archive integers (a sign byte, then `int_size` bytes, least significant
    first) and strings (such an integer as length, -1 for NULL, then the bytes)."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at, self.int_size = data, 0, 4

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise ValueError("ends early")
        self.at += 1
        return self.data[self.at - 1]

    def integer(self) -> int:
        negative = self.byte() != 0
        raw = self.data[self.at : self.at + self.int_size]
        if len(raw) != self.int_size:
            raise ValueError("ends early")
        self.at += self.int_size
        value = int.from_bytes(raw, "little")
        return -value if negative else value

    def string(self) -> str | None:
        length = self.integer()
        if length == -1:
            return None
        if length < 0 or self.at + length > len(self.data):
            raise ValueError("a string runs past the end")
        self.at += length
        return self.data[self.at - length : self.at].decode("utf-8", errors="replace")


def data_entries(archive: Path, folder: Path) -> list[Entry]:
    """The TABLE DATA entries of the copy in `folder` of directory archive `archive`; any
    entry naming a file pg_dump does not write is refused (see the module docstring)."""
    try:
        entries = _read_toc((folder / TOC).read_bytes())
    except FileNotFoundError:
        raise _refuse(archive, "has no toc.dat as a regular file") from None
    except (ValueError, IndexError) as err:
        raise _refuse(archive, f"has a toc.dat that cannot be read ({err})") from None
    for entry in entries:
        if not entry.filename:
            continue
        wanted = _DATA_NAME if entry.desc == "TABLE DATA" else _LO_TOC
        if not wanted.fullmatch(entry.filename):
            raise _refuse(
                archive,
                f"has an entry ({entry.desc} {entry.name!r}, id {entry.dump_id}) whose data "
                f"file is named {entry.filename!r}, not a file of the archive",
            )
    return [e for e in entries if e.desc == "TABLE DATA" and e.filename]


def _read_toc(data: bytes) -> list[Entry]:
    if not data.startswith(_MAGIC):
        raise ValueError("not a pg_dump archive")
    read = _Reader(data)
    read.at = len(_MAGIC)
    major, minor = read.byte(), read.byte()
    patch = read.byte() if (major, minor) > (1, 0) else 0
    version = (major, minor)
    if version < (1, 0) or version > _MAX_VERSION:
        raise ValueError(f"archive version {major}.{minor}.{patch} is not one this reads")
    read.int_size = read.byte()
    if not 1 <= read.int_size <= 8:
        raise ValueError("integer size out of range")
    if version >= (1, 7):
        read.byte()  # offset size
    read.byte()  # format
    if version >= (1, 15):
        read.byte()  # compression algorithm
    elif version >= (1, 4):
        read.integer()  # compression level
    elif version >= (1, 2):
        read.byte()
    if version >= (1, 4):
        for _ in range(7):  # the creation time
            read.integer()
    read.string()  # database name
    if version >= (1, 10):
        read.string()  # server version
        read.string()  # pg_dump version
    count = read.integer()
    if count < 0 or count > len(data):
        raise ValueError("entry count out of range")
    return [_read_entry(read, version) for _ in range(count)]


def _read_entry(read: _Reader, version: tuple[int, int]) -> Entry:
    dump_id = read.integer()
    read.integer()  # had a dumper
    if version >= (1, 8):
        read.string()  # table oid
    read.string()  # oid
    tag = read.string() or ""
    desc = read.string() or ""
    if version >= (1, 11):
        read.integer()  # section
    read.string()  # definition
    read.string()  # drop statement
    if version >= (1, 3):
        read.string()  # COPY statement
    namespace = read.string() if version >= (1, 6) else None
    if version >= (1, 10):
        read.string()  # tablespace
    if version >= (1, 14):
        read.string()  # table access method
    if version >= (1, 16):
        read.integer()  # relkind
    read.string()  # owner
    if version >= (1, 9):
        read.string()  # "false" (WITH OIDS)
    if version >= (1, 5):
        while read.string() is not None:  # dependencies, up to a NULL
            pass
    filename = read.string() or ""  # the directory format's extra: its data file
    return Entry(dump_id, desc, f"{namespace}.{tag}" if namespace else tag, filename)


def use_list(entries: list[Entry], folder: Path) -> Path:
    """A pg_restore `-L` list naming only `entries` (written into the private folder)."""
    path = folder / "wb-restore.list"
    path.write_text("".join(f"{e.dump_id};\n" for e in entries))
    return path
