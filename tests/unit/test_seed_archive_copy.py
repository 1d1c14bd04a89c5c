"""A directory archive is read from a private copy of its own files: a data file that is a
symlink (even to another file of the folder) or not a regular file is refused, never
followed, and files pg_dump does not write are left behind (seed/archive.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from workbench.errors import GuardRefusal
from workbench.seed.archive import private_copy


def test_the_private_copy_takes_only_regular_files_pg_dump_writes(tmp_path: Path) -> None:
    archive = tmp_path / "d"
    archive.mkdir()
    (archive / "toc.dat").write_bytes(b"PGDMP")
    (archive / "2569.dat.gz").write_bytes(b"rows")
    (archive / "blobs_7.toc").write_text("16400 ../../secret\n")
    (archive / "notes.txt").write_text("not copied")
    with private_copy(archive) as folder:
        assert sorted(p.name for p in folder.iterdir()) == ["2569.dat.gz", "toc.dat"]
        assert (folder.stat().st_mode & 0o777) == 0o700
        copied = folder
    assert not copied.exists()


@pytest.mark.parametrize("kind", ["link", "fifo"])
def test_a_data_file_that_is_a_link_or_no_regular_file_is_refused(
    tmp_path: Path, kind: str
) -> None:
    archive = tmp_path / "d"
    archive.mkdir()
    (archive / "toc.dat").write_bytes(b"PGDMP")
    if kind == "link":
        (archive / "2570.dat").symlink_to(archive / "toc.dat")
    else:
        os.mkfifo(archive / "2570.dat")
    with pytest.raises(GuardRefusal) as refused, private_copy(archive):
        pass
    assert "[seed-archive]" in str(refused.value) and "2570.dat" in str(refused.value)
    assert ("symlink" in str(refused.value)) == (kind == "link")
