"""The folder `workbench generate --csv DIR` writes into: checked whole before the first file
is written, and filled whole or not at all.

- DIR is a new folder (its parent must exist: only DIR itself is made), an empty folder of
  this user's, or a folder an earlier `generate --csv` made: its record, `.workbench-csv.json`,
  names the files that run wrote. Any other folder holding something is refused, inside the
  checkout or outside it (`--csv /etc`, `--csv ~`), as is one of another user's or one anybody
  may write to.
- No symlink is followed: DIR itself, the record, or a file the run would replace being one is
  refused, as is a file of the run's names that the record does not name (someone else's).
- The files are written into a staging folder inside DIR and moved into place only once every
  table's file is whole; a run that fails, is cancelled or is refused leaves DIR as it was (a
  DIR it made is removed again). Files of the earlier run this one does not write again are
  removed; anything else in DIR is left alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from workbench.errors import UsageError, WorkbenchError

RECORD = ".workbench-csv.json"
STAGING_PREFIX = ".workbench-csv.partial-"
MADE_BY = "sandbox-workbench generate --csv"


class CsvFolderRefused(WorkbenchError):
    """The folder named for `generate --csv` is not one the workbench may write into."""

    exit_code = 3
    title = "CSV folder refused"


def _refused(folder: Path, problem: str) -> CsvFolderRefused:
    return CsvFolderRefused(
        f"generate --csv {folder}: {problem}. Nothing was written. The workbench writes its "
        "CSV files only into a new folder (made for you; its parent must exist), an empty "
        "folder of yours, or a folder an earlier `generate --csv` made (its record "
        f"{RECORD} names the files it wrote, which are replaced); it never follows a "
        "symlink there. Name such a folder."
    )


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _written_before(folder: Path) -> list[str] | None:
    """The file names the record of an earlier `generate --csv` lists, or None when the folder
    holds no such record (none, a link, someone else's, not the workbench's JSON)."""
    path = folder / RECORD
    st = _lstat(path)
    if st is None or not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
        return None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("made_by") != MADE_BY:
        return None
    files = record.get("files")
    if not isinstance(files, list):
        return None
    # only names shaped as the files it writes (`schema.table.csv`): a forged record naming
    # someone's notes must not get them removed as stale
    return [
        f
        for f in files
        if isinstance(f, str) and "/" not in f and f[:1] not in ("", ".") and f.endswith(".csv")
    ]


def _ours(folder: Path) -> bool:
    """A staging folder an earlier, killed run left: a real folder of this user's holding
    nothing but the CSV files and the record it was writing."""
    st = _lstat(folder)
    if st is None or not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid():
        return False
    return all(e.endswith(".csv") or e.startswith(RECORD) for e in os.listdir(folder))


class CsvFolder:
    """DIR, checked for the files `names` (one per table), ready to be filled (`fill`)."""

    def __init__(self, folder: Path, names: list[str]) -> None:
        self.folder = folder
        self.names = names
        self.made = False
        self.before: list[str] = []
        st = _lstat(folder)
        if st is None:
            if not folder.parent.is_dir():
                raise UsageError(
                    f"generate --csv {folder}: its parent folder {folder.parent} does not "
                    "exist; only the last folder of DIR is made (create the others first: "
                    "mkdir -p). Nothing was written."
                )
            parent = folder.parent.stat()
            if parent.st_mode & stat.S_IWOTH and not parent.st_mode & stat.S_ISVTX:
                # anybody could swap the new folder for a link while the files are written
                raise _refused(folder, f"its parent {folder.parent} is open to anybody's writes")
            if parent.st_uid not in (os.geteuid(), 0):  # its owner may rename what is in it
                raise _refused(folder, f"its parent {folder.parent} is a folder of another user's")
            return
        if stat.S_ISLNK(st.st_mode):
            raise _refused(folder, "it is a symlink")
        if not stat.S_ISDIR(st.st_mode):
            raise _refused(folder, "it is not a folder")
        if st.st_uid != os.geteuid():
            raise _refused(folder, "it is a folder of another user's")
        if st.st_mode & stat.S_IWOTH:
            raise _refused(folder, "it is a folder anybody may write to")
        self._check_contents()

    def _check_contents(self) -> None:
        entries = [
            e
            for e in os.listdir(self.folder)
            if not (e.startswith(STAGING_PREFIX) and _ours(self.folder / e))
        ]
        if not entries:
            return
        for name in self.names:  # said first: a link is the one thing never to write through
            st = _lstat(self.folder / name)
            if st is not None and stat.S_ISLNK(st.st_mode):
                raise _refused(self.folder, f"{name} in it is a symlink")
        before = _written_before(self.folder)
        if before is None:
            shown = ", ".join(sorted(entries)[:5]) + (", …" if len(entries) > 5 else "")
            raise _refused(
                self.folder,
                f"it already holds {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} "
                f"({shown}) and no record of an earlier `generate --csv` ({RECORD})",
            )
        for name in self.names:
            st = _lstat(self.folder / name)
            if st is None:
                continue
            if name not in before:
                raise _refused(self.folder, f"{name} is there and the earlier run did not write it")
            if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1 or st.st_uid != os.geteuid():
                raise _refused(
                    self.folder,
                    f"{name} is no longer the plain file the earlier run wrote (a symlink, a "
                    "hard link, a pipe or another user's file)",
                )
        self.before = before

    def fill(self, write: Callable[[Path], list[Path]]) -> list[Path]:
        """`write(staging)` writes every file into a staging folder; then they are moved into
        DIR. Returns their paths in DIR. A failure leaves DIR as it was."""
        if _lstat(self.folder) is None:
            os.mkdir(self.folder)
            self.made = True
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=self.folder))
        try:
            names = [p.name for p in write(staging)]
            self._record(staging, sorted({*self.before, *names}))  # a kill below: all named
            for name in names:
                os.replace(staging / name, self.folder / name)
            for stale in set(self.before) - set(names):
                st = _lstat(self.folder / stale)
                if st is not None and stat.S_ISREG(st.st_mode):
                    os.unlink(self.folder / stale)
            self._record(staging, sorted(names))
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            if self.made:
                with contextlib.suppress(OSError):
                    os.rmdir(self.folder)
            raise
        shutil.rmtree(staging, ignore_errors=True)
        self._remove_leftovers()
        return [self.folder / name for name in names]

    def _record(self, staging: Path, names: list[str]) -> None:
        temp = staging / RECORD
        temp.write_text(json.dumps({"made_by": MADE_BY, "files": names}, indent=1) + "\n")
        os.replace(temp, self.folder / RECORD)

    def _remove_leftovers(self) -> None:
        """Staging folders of earlier runs that were killed (real folders of this user's)."""
        for entry in os.listdir(self.folder):
            if entry.startswith(STAGING_PREFIX) and _ours(self.folder / entry):
                shutil.rmtree(self.folder / entry, ignore_errors=True)
