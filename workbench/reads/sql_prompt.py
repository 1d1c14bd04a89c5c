"""The TUI's read-only SQL prompt (`Engine.prompt`): the agents' query (explore.query: one
statement that returns rows, checked before it is sent, a READ ONLY transaction rolled back,
a statement timeout, rows and bytes capped, long values cut) run as the read-only role the
row browser reads as; what it took and the server's command tag; the statements run, most
recent last, in .workbench/sql-history.json; a result written as CSV."""

from __future__ import annotations

import csv
import io
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.context import Context
from workbench.files.state import atomic_write_json, atomic_write_text, read_json
from workbench.reads.explore import query

HISTORY_FILE = "sql-history.json"
HISTORY_SIZE = 200
ROW_CAP = 1000  # explore.MAX_QUERY_ROWS
TIMEOUT_MS = 10_000
OUTPUT_BYTES = 4_000_000  # a screen's worth of rows is far less; the agents' cap is 256 kB


@dataclass
class QueryResult:
    statement: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    truncated: bool = False  # rows or values cut (see `cut`)
    cut: str | None = None  # "rows" (the cap), "bytes", or None
    values_cut: int = 0  # values longer than the cap, shown cut
    seconds: float = 0.0
    status: str = ""  # the server's command tag when the statement returns no rows
    row_cap: int = ROW_CAP
    timeout_ms: int = TIMEOUT_MS

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__}


def run(
    ctx: Context, text: str, *, row_cap: int = ROW_CAP, timeout_ms: int = TIMEOUT_MS
) -> QueryResult:
    """One statement of `text` read-only as the read-only role (see the module docstring);
    a refused or failed statement raises the engine's error with the server's message."""
    started = time.perf_counter()
    rows = query(ctx, text, row_cap, timeout_ms, max_output_bytes=OUTPUT_BYTES, reader=True)
    extra = rows.extra
    return QueryResult(
        statement=text.strip(),
        columns=rows.columns,
        rows=rows.rows,
        truncated=rows.truncated,
        cut=extra.get("truncated_by"),
        values_cut=int(extra.get("values_cut") or 0),
        seconds=time.perf_counter() - started,
        status=str(extra.get("status") or ""),
        row_cap=int(extra.get("limit") or row_cap),
        timeout_ms=timeout_ms,
    )


# --- history and export -----------------------------------------------------------------------


def history(state_dir: Path) -> list[str]:
    """The statements run, oldest first."""
    data = read_json(Path(state_dir) / HISTORY_FILE)
    items = data.get("statements") if isinstance(data, dict) else None
    return [s for s in items if isinstance(s, str)] if isinstance(items, list) else []


def remember(state_dir: Path, statement: str) -> list[str]:
    """Add `statement` as the most recent (once: an earlier copy moves up); the last
    HISTORY_SIZE are kept. Returns the history."""
    items = [s for s in history(state_dir) if s != statement]
    items.append(statement)
    items = items[-HISTORY_SIZE:]
    atomic_write_json(Path(state_dir) / HISTORY_FILE, {"statements": items})
    return items


def text_of(value: Any) -> str:
    """A value as a cell of the CSV (and the screen's table): NULL as the empty string."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# A cell a spreadsheet would read as a formula (OWASP "CSV injection", attack22e E27): text
# that begins with one of these, which an agent's rows can hold (`=HYPERLINK(…)`, `@SUM(…)`),
# also after leading white space (a space, a no-break space: spreadsheets skip it) and in
# their full-width and small forms, which some spreadsheets fold to the ASCII sign (attack22f
# F7); and text that begins with a control character a spreadsheet or a reader acts on.
FORMULA_SIGNS = frozenset("=+-@\uff1d\ufe66\uff0b\ufe62\uff0d\ufe63\uff20\ufe6b")
CONTROL_STARTS = ("\t", "\r", "\n", "\v", "\f")
# Characters a spreadsheet may skip before a formula though str.isspace() says no.
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"


def csv_cell(value: Any) -> str:
    """A value as a cell of the CSV: text that begins like a formula (`formula_like`) gets a
    leading `'`, which a spreadsheet shows as text and never evaluates; numbers, dates and
    NULL as they are. The one writer of every CSV the TUI and the prompt export."""
    cell = text_of(value)
    if isinstance(value, str) and formula_like(cell):
        return "'" + cell
    return cell


def formula_like(cell: str) -> bool:
    """Whether a spreadsheet could take `cell` for a formula: a sign (`FORMULA_SIGNS`) after
    any white space, or a control character first."""
    if cell.startswith(CONTROL_STARTS):
        return True
    rest = cell
    while rest and (rest[0].isspace() or rest[0] in _INVISIBLE):
        rest = rest[1:]
    return rest[:1] in FORMULA_SIGNS


def to_csv(result: QueryResult) -> str:
    out = io.StringIO()
    # RFC 4180's line ends: the writer then quotes a cell holding a lone CR too (with "\n" it
    # wrote one bare, and a reader took the rest of the cell for a new row)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([csv_cell(c) for c in result.columns])
    writer.writerows([csv_cell(v) for v in row] for row in result.rows)
    return out.getvalue()


def export_csv(result: QueryResult, folder: Path) -> Path:
    """The result as a CSV file in `folder` (query-<date>-<time>.csv), written atomically."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(folder) / f"query-{stamp}.csv"
    n = 1
    while path.exists():
        n += 1
        path = Path(folder) / f"query-{stamp}-{n}.csv"
    atomic_write_text(path, to_csv(result))
    return path
