"""PostgreSQL's COPY text format, as pg_dump writes it: the `COPY table (columns) FROM stdin;`
header, rows of tab-separated values ending at `\\.`, backslash escapes and `\\N` for NULL.

Values stay in their escaped form while they pass through a seed import: only the columns
that are masked are decoded and encoded again."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from workbench.errors import WorkbenchError

NULL = "\\N"

_IDENT = r'(?:"(?:[^"]|"")+"|[^\s(.",)]+)'
_COPY_HEADER = re.compile(
    rf"^COPY\s+(?P<table>{_IDENT}(?:\.{_IDENT})?)\s*(?:\((?P<columns>[^)]*)\))?"
    r"\s+FROM\s+stdin;[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_INSERT = re.compile(r"^INSERT\s+INTO\s", re.IGNORECASE | re.MULTILINE)
_ENCODING = re.compile(r"^SET\s+client_encoding\s*=\s*'([^']+)'", re.IGNORECASE | re.MULTILINE)
_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_UNESCAPE = re.compile(r"\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|.)", re.DOTALL)
_NEEDS_ESCAPE = re.compile(r"[\\\t\n\r]")
_ESCAPE = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
# PostgreSQL encoding names a dump may declare -> Python codecs
PYTHON_CODECS = {
    "UTF8": "utf-8",
    "SQL_ASCII": "utf-8",
    "LATIN1": "latin-1",
    "LATIN9": "iso8859-15",
    "WIN1252": "cp1252",
    "WIN1251": "cp1251",
    "EUC_JP": "euc_jp",
    "SJIS": "shift_jis",
}


class SeedError(WorkbenchError):
    """The seed cannot be read or imported as it is."""

    exit_code = 2
    title = "seed refused"


@dataclass
class SeedTable:
    """One table of the seed: its name as the seed writes it, its columns and, per column,
    the values as COPY text (`NULL` for NULL)."""

    name: str
    columns: list[str]
    values: list[list[str]] = field(default_factory=list)
    origin: str = ""  # where in the seed it was read (for error messages)

    @property
    def rows(self) -> int:
        return len(self.values[0]) if self.values else 0


def split_identifiers(text: str) -> list[str]:
    """`a, "B c", d` -> ['a', 'B c', 'd'] (quotes removed, doubled quotes undone)."""
    out: list[str] = []
    for match in re.finditer(_IDENT, text):
        word = match.group(0)
        out.append(word[1:-1].replace('""', '"') if word.startswith('"') else word)
    return out


def qualified_name(written: str) -> str:
    """A table name as written in a COPY header, as "schema.table" (bare: public)."""
    parts = split_identifiers(written)
    return ".".join(parts) if len(parts) == 2 else f"public.{parts[-1]}"


def dump_codec(text_head: str) -> str:
    """The Python codec for the client_encoding a dump declares (UTF-8 when none)."""
    found = _ENCODING.search(text_head)
    name = found.group(1).upper().replace("-", "") if found else "UTF8"
    codec = PYTHON_CODECS.get(name)
    if codec is None:
        raise SeedError(
            f"the seed is written in the {name} encoding, which the import does not read; "
            f"dump it again with `pg_dump --encoding=UTF8`."
        )
    return codec


def copy_blocks(text: str, origin: str) -> list[SeedTable]:
    """Every COPY block of a dump's text, in order. Other statements (SET, setval, DDL) are
    passed over; rows written as INSERT statements are refused (they would be read only in
    part)."""
    tables: list[SeedTable] = []
    pos = 0
    while True:
        header = _COPY_HEADER.search(text, pos)
        if header is None:
            break
        start = header.end() + 1
        end = text.find("\n\\.\n", start - 1)
        if end < 0 and text.endswith("\n\\."):
            end = len(text) - 3
        if text.startswith("\\.\n", start) or text[start:] == "\\.":
            body, pos = "", start + 3
        elif end < 0:
            line = text.count("\n", 0, header.start()) + 1
            raise SeedError(f"{origin}: the COPY block at line {line} has no end (\\.).")
        else:
            body, pos = text[start:end], end + 4
        columns = split_identifiers(header.group("columns") or "")
        name = qualified_name(header.group("table"))
        line_no = text.count("\n", 0, header.start()) + 1
        tables.append(rows_of(name, columns, body, f"{origin}:{line_no}"))
    if _INSERT.search(text):
        raise SeedError(
            f"{origin}: the dump writes rows as INSERT statements; the import reads COPY "
            "blocks only. Dump again without --inserts / --column-inserts."
        )
    return tables


def rows_of(name: str, columns: list[str], body: str, origin: str) -> SeedTable:
    """A COPY block's body split into columns of escaped values."""
    table = SeedTable(name, columns, origin=origin)
    if not body:
        table.values = [[] for _ in columns]
        return table
    width = len(columns)
    if not columns:
        raise SeedError(f"{origin}: the COPY header of {name} names no columns.")
    lines = body.split("\n")
    # Every row must hold `width` values: its tab count, read by one C call per row; then
    # the whole body is split once and each column is a slice of it (no Python loop per
    # value: a row split and a zip cost about a microsecond a value).
    tabs = width - 1
    bad = next((i for i, line in enumerate(lines) if line.count("\t") != tabs), None)
    if bad is not None:
        found = lines[bad].count("\t") + 1
        raise SeedError(
            f"{origin}: row {bad + 1} of {name} has {found} values for {width} columns."
        )
    flat = body.replace("\n", "\t").split("\t")
    table.values = [flat[k::width] for k in range(width)]
    return table


def unescape(value: str) -> str:
    """One COPY text value decoded (not NULL)."""
    if "\\" not in value:
        return value

    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code[0] == "x" and len(code) > 1:
            return chr(int(code[1:], 16))
        if code[0].isdigit() and code[0] < "8":
            return chr(int(code, 8))
        return _ESCAPES.get(code, code)

    return _UNESCAPE.sub(one, value)


def escape(value: str) -> str:
    """One value encoded as COPY text."""
    if not _NEEDS_ESCAPE.search(value):
        return value
    return _NEEDS_ESCAPE.sub(lambda m: _ESCAPE[m.group(0)], value)


def copy_text(table: SeedTable) -> str:
    """The table's rows as the body of a COPY … FROM STDIN (text format)."""
    if not table.rows:
        return ""
    return "\n".join(map("\t".join, zip(*table.values, strict=True))) + "\n"
