"""Where a seed is, whether it may be used, what it is (its hash), and its rows as COPY text.

A seed is a `pg_dump` archive (custom, tar or directory format), a plain SQL dump holding COPY
blocks, or a folder of CSV files (one per table, a header row naming the columns). An archive is
turned into text by the cluster's own `pg_restore --data-only -f -`, read from its standard
output: the rows are never restored into a database, and never written to a file, before they
are masked (a directory archive is read from a byte-for-byte private copy of its own files, in
a 0700 folder removed afterwards, whose toc.dat may name only those files: archive.py).

A seed inside the project's Git work tree that Git does not ignore is refused: one `git add .`
would publish it."""

from __future__ import annotations

import csv
import hashlib
import io
import subprocess
from dataclasses import dataclass
from pathlib import Path

from workbench.errors import GuardRefusal
from workbench.programs import run_git
from workbench.seed.archive import data_entries, private_copy, use_list
from workbench.seed.copytext import (
    NULL,
    SeedError,
    SeedTable,
    copy_blocks,
    dump_codec,
    escape,
    qualified_name,
)

_ARCHIVE_MAGIC = b"PGDMP"
_TAR_MAGIC_AT = 257  # "ustar" in a tar header
_CHUNK = 1 << 20


@dataclass(frozen=True)
class SeedFile:
    """A seed found on disk: its path, its kind ("archive", "plain", "csv") and the files
    that make it (one, or the folder's)."""

    path: Path
    kind: str
    files: tuple[Path, ...]

    def digest(self) -> str:
        """sha256 of the seed's bytes (a folder: of its files' names and hashes, sorted)."""
        if len(self.files) == 1 and self.files[0] == self.path:
            return _file_sha256(self.path)
        outer = hashlib.sha256()
        for file in sorted(self.files):
            outer.update(f"{file.relative_to(self.path)}\0{_file_sha256(file)}\n".encode())
        return outer.hexdigest()


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def locate(path: Path) -> SeedFile:
    """The seed at `path`, its kind recognised from its content."""
    if not path.exists():
        raise SeedError(f"{path}: no such file or folder.")
    if path.is_dir():
        if (path / "toc.dat").is_file():  # pg_dump --format=directory
            return SeedFile(path, "archive", tuple(p for p in path.iterdir() if p.is_file()))
        files = tuple(sorted(p for p in path.iterdir() if p.suffix.lower() == ".csv"))
        if not files:
            raise SeedError(
                f"{path}: a folder holding neither a pg_dump directory archive (toc.dat) nor "
                "CSV files (one per table, named after it)."
            )
        return SeedFile(path, "csv", files)
    try:
        with path.open("rb") as handle:
            head = handle.read(512)
    except OSError as err:
        raise SeedError(f"{path}: cannot be read: {err.strerror or err}.") from None
    if head.startswith(_ARCHIVE_MAGIC) or head[_TAR_MAGIC_AT : _TAR_MAGIC_AT + 5] == b"ustar":
        return SeedFile(path, "archive", (path,))
    if path.suffix.lower() == ".csv":
        raise SeedError(
            f"{path}: a single CSV file does not say which table it fills; put one CSV file "
            "per table (customers.csv, public.orders.csv) in a folder and import the folder."
        )
    return SeedFile(path, "plain", (path,))


def refuse_if_tracked(seed: SeedFile, project: Path) -> None:
    """Refuse a seed inside the project's Git work tree that Git does not ignore."""
    top = _git_top(project)
    if top is None:
        return
    for file in seed.files:
        resolved = file.resolve()
        if not resolved.is_relative_to(top):
            continue
        ignored = run_git(top, "check-ignore", "-q", "--", str(resolved.relative_to(top)))
        if ignored.returncode != 0:
            shown = resolved.relative_to(top)
            raise GuardRefusal(
                "seed-in-git",
                f"the seed file {shown} is inside the project's Git work tree and Git does not "
                "ignore it: one `git add` would publish real rows. Move it outside the "
                f"repository, or add it to .gitignore (e.g. `echo '/{shown}' >> .gitignore`).",
            )


def _git_top(folder: Path) -> Path | None:
    try:
        found = run_git(folder, "rev-parse", "--show-toplevel")
    except (OSError, subprocess.SubprocessError):
        return None
    if found.returncode != 0 or not found.stdout.strip():
        return None
    return Path(found.stdout.strip()).resolve()


def read_tables(seed: SeedFile, pg_restore: Path | None) -> list[SeedTable]:
    """Every table of the seed, its values as COPY text."""
    if seed.kind == "csv":
        return [_csv_table(file) for file in seed.files]
    if seed.kind == "archive":
        if pg_restore is None:
            raise SeedError("reading a pg_dump archive needs pg_restore, which was not found.")
        if seed.path.is_dir():
            with private_copy(seed.path) as folder:
                listed = use_list(data_entries(seed.path, folder), folder)
                raw = _restore_text(pg_restore, folder, seed.path.name, ["-L", str(listed)])
        else:
            raw = _restore_text(pg_restore, seed.path, seed.path.name, [])
    else:
        with seed.path.open("rb") as handle:
            raw = handle.read()
    text = _decode(raw, seed.path)
    tables = copy_blocks(text, seed.path.name)
    if not tables:
        raise SeedError(
            f"{seed.path}: holds no table data (no COPY blocks). A seed is a data dump: "
            "`pg_dump --data-only --format=custom` or a plain dump with its COPY blocks."
        )
    return tables


def _decode(raw: bytes, path: Path) -> str:
    codec = dump_codec(raw[:65536].decode("ascii", errors="replace"))
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as err:
        raise SeedError(
            f"{path}: not valid {codec} at byte {err.start}; dump it again with "
            "`pg_dump --encoding=UTF8`."
        ) from None


def _restore_text(pg_restore: Path, archive: Path, shown: str, options: list[str]) -> bytes:
    """The archive's data section as SQL text, from pg_restore's standard output (a directory
    archive: its private copy, with the list of its TABLE DATA entries)."""
    try:
        done = subprocess.run(
            [str(pg_restore), "--data-only", "--no-owner", *options, "-f", "-", str(archive)],
            capture_output=True,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except OSError as err:
        raise SeedError(f"{pg_restore} could not be run: {err.strerror or err}.") from None
    if done.returncode != 0:
        first = (done.stderr.decode(errors="replace").strip().splitlines() or ["failed"])[0]
        raise SeedError(f"pg_restore could not read {shown}: {first}")
    return done.stdout


def _csv_table(file: Path) -> SeedTable:
    """One CSV file as a table: the header names the columns; an empty field is NULL (as
    PostgreSQL's COPY … CSV reads an unquoted one)."""
    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise SeedError(f"{file}: cannot be read as UTF-8 CSV: {err}.") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise SeedError(f"{file}: empty; the first row must name the columns.") from None
    except csv.Error as err:
        raise SeedError(f"{file}: not valid CSV: {err}.") from None
    width = len(header)
    rows: list[list[str]] = []
    try:
        for row in reader:
            if len(row) != width:
                if not row:
                    continue
                raise SeedError(
                    f"{file}: line {reader.line_num} has {len(row)} fields for {width} columns."
                )
            rows.append(row)
    except csv.Error as err:
        raise SeedError(f"{file}: not valid CSV at line {reader.line_num}: {err}.") from None
    table = SeedTable(qualified_name(_table_word(file)), [h.strip() for h in header])
    table.origin = file.name
    table.values = [[escape(v) if v else NULL for v in col] for col in zip(*rows, strict=True)]
    if not rows:
        table.values = [[] for _ in header]
    return table


def _table_word(file: Path) -> str:
    """customers.csv -> customers; public.orders.csv -> "public"."orders" (quoted parts)."""
    stem = file.stem
    schema, dot, name = stem.partition(".")
    if not dot:
        return '"' + stem.replace('"', '""') + '"'
    return '"' + schema.replace('"', '""') + '"."' + name.replace('"', '""') + '"'
