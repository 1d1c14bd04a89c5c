"""The row browser's reads: one page of a table's rows at a time, as the read-only role.

Values come back as text cut by the server to a display width, so a page is never huge
whatever the table holds (a megabyte of JSON shows as its first characters). Personal
columns (stats.privacy: the generator decided for them makes values about a person) are
named so the front end can mark them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import sql

from workbench.context import Context
from workbench.errors import DatabaseError, UsageError

PAGE_ROWS = 50
MAX_PAGE_ROWS = 500
VALUE_WIDTH = 40  # characters of a value shown; longer ones end in "…"
TIMEOUT_MS = 5000


@dataclass
class Page:
    """Rows `offset`…`offset + len(rows) - 1` of a table (values as text, None for NULL)."""

    table: str
    columns: list[str]
    rows: list[list[str | None]]
    offset: int
    limit: int
    has_more: bool
    personal: dict[str, str] = field(default_factory=dict)  # column → personal generator
    rows_estimate: int | None = None  # the planner's count (pg_class.reltuples)
    filters: list[str] = field(default_factory=list)  # what the filters keep, in words

    @property
    def first(self) -> int:
        """1-based number of the first row shown (0 when the page is empty)."""
        return self.offset + 1 if self.rows else 0

    @property
    def last(self) -> int:
        return self.offset + len(self.rows)

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__}


@dataclass(frozen=True)
class RowFilter:
    """Which rows a page shows: `kind` "equals" (the column's text is `value`), "range"
    (`low` <= value < `high`, `high` included when `closed`; times in epoch seconds), "null",
    "children" (rows whose foreign key `column` names a parent with `low`…`high` children;
    `high` None: no upper end), or "text" (`value` appears in some column, any case)."""

    kind: str
    column: str = ""
    value: str | None = None
    low: float | None = None
    high: float | None = None
    closed: bool = False
    date: bool = False

    def describe(self) -> str:
        if self.kind == "equals":
            return f"{self.column} = {self.value!r}"
        if self.kind == "null":
            return f"{self.column} IS NULL"
        if self.kind == "text":
            return f"rows holding {self.value!r}"
        if self.kind == "children":
            upto = f"–{self.high:g}" if self.high is not None and self.high != self.low else ""
            more = "+" if self.high is None else ""
            return f"{self.column}: parents with {self.low:g}{upto}{more} children"
        end = "]" if self.closed else ")"
        return (
            f"{self.column} in [{_shown(self.low, self.date)}, {_shown(self.high, self.date)}{end}"
        )

    def condition(self, table: Any) -> sql.Composable:
        col = sql.Identifier(self.column)
        if self.kind == "equals":
            return sql.SQL("{}::text = {}").format(col, sql.Literal(self.value))
        if self.kind == "null":
            return sql.SQL("{} IS NULL").format(col)
        if self.kind == "text":
            every = sql.SQL(", ").join(sql.Identifier(c.name) for c in table.columns)
            return sql.SQL("concat_ws(' ', {})::text ILIKE {}").format(
                every, sql.Literal(f"%{_like(self.value or '')}%")
            )
        if self.kind == "children":
            having = sql.SQL("count(*) >= {}").format(sql.Literal(self.low))
            if self.high is not None:
                having = sql.SQL("{} AND count(*) <= {}").format(having, sql.Literal(self.high))
            return sql.SQL("{c} IN (SELECT {c} FROM {t} GROUP BY {c} HAVING {h})").format(
                c=col, t=sql.Identifier(table.schema, table.name), h=having
            )
        value = sql.SQL("extract(epoch FROM {})::float8" if self.date else "{}::float8").format(col)
        upper = "<=" if self.closed else "<"
        return sql.SQL("{v} >= {lo} AND {v} {op} {hi}").format(
            v=value, lo=sql.Literal(self.low), op=sql.SQL(upper), hi=sql.Literal(self.high)
        )


def _shown(value: float | None, date: bool) -> str:
    if value is None:
        return "…"
    if date:
        return datetime.fromtimestamp(value, UTC).isoformat(timespec="seconds")
    return f"{value:g}"


def _like(text: str) -> str:
    """`text` for a LIKE pattern: its own % and _ and \\ taken literally."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def cut(value: str | None, width: int = VALUE_WIDTH) -> str | None:
    """A value on one line, at most `width` characters (ending in "…" when cut)."""
    if value is None:
        return None
    flat = " ".join(value.split()) if any(c in value for c in "\n\r\t") else value
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def page(
    ctx: Context,
    table: str,
    offset: int = 0,
    limit: int = PAGE_ROWS,
    filters: tuple[RowFilter, ...] = (),
) -> Page:
    """One page in primary-key order (stable between pages), read in a READ ONLY
    transaction as the read-only role with a statement timeout; only the rows every filter
    keeps."""
    from workbench.distribution.review import resolve_table
    from workbench.generate.plan.personal import personal_columns

    schema = ctx.schema()
    tbl = resolve_table(schema, table)
    offset, limit = max(0, int(offset)), max(1, min(int(limit), MAX_PAGE_ROWS))
    personal = {
        column: generator
        for (name, column), generator in personal_columns(schema, ctx.config).items()
        if name == tbl.qualified
    }
    ident = sql.Identifier(tbl.schema, tbl.name)
    # The server cuts each value (width + 1 characters tell the client it was longer).
    shown = sql.SQL(", ").join(
        sql.SQL("left({}::text, {})").format(sql.Identifier(c.name), sql.Literal(VALUE_WIDTH + 1))
        for c in tbl.columns
    )
    # Key order; without a key, the rows' physical places (stable while nothing writes), so
    # pages neither repeat nor skip rows.
    order: sql.Composable = sql.SQL(" ORDER BY tableoid, ctid")
    if tbl.primary_key is not None:
        keys = sql.SQL(", ").join(sql.Identifier(c) for c in tbl.primary_key.columns)
        order = sql.SQL(" ORDER BY {}").format(keys)
    for found in filters:
        if found.kind != "text" and tbl.column(found.column) is None:
            raise UsageError(f"table {tbl.qualified} has no column {found.column!r}.")
    where: sql.Composable = sql.SQL("")
    if filters:
        where = sql.SQL(" WHERE ") + sql.SQL(" AND ").join(f.condition(tbl) for f in filters)
    statement = sql.SQL("SELECT {} FROM {}{}{} LIMIT {} OFFSET {}").format(
        shown, ident, where, order, sql.Literal(limit + 1), sql.Literal(offset)
    )
    with ctx.db.reading(f"browsing {tbl.qualified}", autocommit=False) as conn:
        conn.rollback()  # the guard's checks ran in a transaction; end it to set the mode
        conn.read_only = True
        conn.execute(sql.SQL("SET LOCAL statement_timeout = {}").format(sql.Literal(TIMEOUT_MS)))
        try:
            fetched = conn.execute(statement).fetchall()
        except psycopg.errors.UndefinedTable:
            raise UsageError(
                f"table {tbl.qualified} is not in the sandbox yet: generate it first."
            ) from None
        except psycopg.errors.InsufficientPrivilege as err:
            raise DatabaseError(
                f"the sandbox's read-only role may not read {tbl.qualified}: "
                f"{str(err).strip().splitlines()[0]}"
            ) from None
        estimate = conn.execute(
            "SELECT reltuples::bigint FROM pg_catalog.pg_class WHERE oid = to_regclass(%s)",
            (ident.as_string(None),),
        ).fetchone()
        conn.rollback()
    rows = [[cut(v) for v in row] for row in fetched[:limit]]
    return Page(
        table=tbl.qualified,
        columns=[c.name for c in tbl.columns],
        rows=rows,
        offset=offset,
        limit=limit,
        has_more=len(fetched) > limit,
        personal=personal,
        filters=[f.describe() for f in filters],
        rows_estimate=int(estimate[0])
        if estimate and estimate[0] is not None and estimate[0] >= 0
        else None,
    )
