"""Two more views of a reviewed column, read in SQL as the read-only role: a time column's rows
per day, week or month (the planned side from the generator's sample, scaled to the same
rows), and the relation of two columns of one table (a scatter of sampled points for two
numbers or times, a table of counts for anything else: the heat map)."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any

import numpy as np
from psycopg import sql

from workbench.context import Context
from workbench.distribution.review import ReviewSession, resolve_table
from workbench.errors import UsageError
from workbench.printable import echoed
from workbench.schema.typeinfo import resolve_type

UNITS = ("day", "week", "month")
POINTS = 2000  # points of a scatter, sampled evenly by row
CELLS = 12  # values (or bins) per side of a heat map


def _unit_for(span_seconds: float) -> str:
    """Days up to four months, weeks up to three years, months beyond."""
    days = span_seconds / 86400
    return "day" if days <= 120 else "week" if days <= 3 * 365 else "month"


def _column(ctx: Context, table: str, column: str) -> tuple[Any, Any, str]:
    schema = ctx.schema()
    tbl = resolve_table(schema, table)
    col = tbl.column(column)
    if col is None:
        raise UsageError(f"table {tbl.qualified} has no column {echoed(column)}.")
    info = resolve_type(schema, col.type)
    return tbl, col, "array" if info.array_dims else info.kind


def time_series(ctx: Context, table: str, column: str, unit: str | None = None) -> dict[str, Any]:
    """Rows per `unit` (day, week, month; chosen from the span when None) of a date or
    timestamp column: {"unit", "points": [{"at": ISO date, "count"}], "planned": [counts]
    | None, "planned_source"}."""
    tbl, _, kind = _column(ctx, table, column)
    if kind not in ("date", "timestamp", "timestamptz"):
        raise UsageError(f"{tbl.qualified}.{column} holds no dates or times ({kind}).")
    if unit is not None and unit not in UNITS:
        raise UsageError(f"unit must be one of {', '.join(UNITS)}, not {echoed(unit)}.")
    ident, colid = sql.Identifier(tbl.schema, tbl.name), sql.Identifier(column)
    with ReviewSession(ctx) as session:
        conn = session.conn()
        span = conn.execute(
            sql.SQL(
                "SELECT extract(epoch FROM min({c}))::float8, extract(epoch FROM max({c}))::float8 "
                "FROM {t}"
            ).format(c=colid, t=ident)
        ).fetchone()
        if span is None or span[0] is None:
            return {"unit": unit or "day", "points": [], "planned": None, "planned_source": None}
        unit = unit or _unit_for(float(span[1]) - float(span[0]))
        rows = conn.execute(
            sql.SQL(
                "SELECT date_trunc({u}, {c}::timestamp)::date, count(*) FROM {t} "
                "WHERE {c} IS NOT NULL GROUP BY 1 ORDER BY 1"
            ).format(u=sql.Literal(unit), c=colid, t=ident)
        ).fetchall()
        points = [{"at": r[0].isoformat(), "count": int(r[1])} for r in rows]
        dist = session.review(tbl.qualified, column)
        planned, source = _planned_series(session, tbl.qualified, column, unit, points, dist)
    return {"unit": unit, "points": points, "planned": planned, "planned_source": source}


def _planned_series(
    session: ReviewSession,
    table: str,
    column: str,
    unit: str,
    points: list[dict[str, Any]],
    dist: Any,
) -> tuple[list[float] | None, str | None]:
    """The sample's values counted in the same periods, scaled to the sandbox's rows."""
    sample = session.sample(table)
    if isinstance(sample, str) or dist.status != "generated":
        return None, None
    profile = sample.column(table, column)
    if profile is None or not profile.numbers or not points:
        return None, None
    periods = [p["at"] for p in points]
    stamps = np.asarray(profile.numbers, dtype=np.float64)
    found: dict[str, int] = {}
    for value in stamps.tolist():
        key = _period(datetime.fromtimestamp(value, UTC), unit)
        found[key] = found.get(key, 0) + 1
    scale = sum(p["count"] for p in points) / max(len(stamps), 1)
    return [round(found.get(at, 0) * scale, 3) for at in periods], sample.label(table)


def _period(when: datetime, unit: str) -> str:
    if unit == "month":
        return when.date().replace(day=1).isoformat()
    if unit == "week":
        day = when.date()
        return day.fromordinal(day.toordinal() - day.weekday()).isoformat()
    return when.date().isoformat()


def relation(ctx: Context, table: str, first: str, second: str) -> dict[str, Any]:
    """How two columns of one table go together: {"kind": "scatter", "x", "y", "points":
    [[x, y]] (numbers; epoch seconds for times), "dates": [bool, bool]} for two numbers or
    times, else {"kind": "heatmap", "x", "y", "xlabels", "ylabels", "counts": [[…]]}
    (the CELLS most frequent values of a category, or CELLS bins of a number)."""
    tbl, _, kind_x = _column(ctx, table, first)
    _, _, kind_y = _column(ctx, table, second)
    ident = sql.Identifier(tbl.schema, tbl.name)
    times = ("date", "timestamp", "timestamptz")
    numeric = ("int", "float", "decimal", "money", *times)
    with ReviewSession(ctx) as session:
        conn = session.conn()
        if kind_x in numeric and kind_y in numeric:
            rows = conn.execute(
                sql.SQL(
                    "SELECT x, y FROM (SELECT {x} AS x, {y} AS y, row_number() OVER () AS n, "
                    "count(*) OVER () AS total FROM {t} WHERE {a} IS NOT NULL AND {b} IS NOT "
                    "NULL) s WHERE n % greatest(total / {k}, 1) = 0 LIMIT {k}"
                ).format(
                    x=_number(first, kind_x in times),
                    y=_number(second, kind_y in times),
                    t=ident,
                    a=sql.Identifier(first),
                    b=sql.Identifier(second),
                    k=sql.Literal(POINTS),
                )
            ).fetchall()
            return {
                "kind": "scatter",
                "x": first,
                "y": second,
                "points": [[float(a), float(b)] for a, b in rows],
                "dates": [kind_x in times, kind_y in times],
            }
        xs = _cells(conn, ident, first, kind_x in numeric, kind_x in times)
        ys = _cells(conn, ident, second, kind_y in numeric, kind_y in times)
        rows = conn.execute(
            sql.SQL("SELECT {x}, {y}, count(*) FROM {t} GROUP BY 1, 2").format(
                x=xs["expr"], y=ys["expr"], t=ident
            )
        ).fetchall()
    counts = [[0] * len(xs["labels"]) for _ in ys["labels"]]
    for a, b, n in rows:
        i, j = xs["index"].get(a), ys["index"].get(b)
        if i is not None and j is not None:
            counts[j][i] += int(n)
    return {
        "kind": "heatmap",
        "x": first,
        "y": second,
        "xlabels": xs["labels"],
        "ylabels": ys["labels"],
        "counts": counts,
    }


def _number(column: str, date: bool) -> sql.Composable:
    """A number or time column as float8 (epoch seconds for times)."""
    form = sql.SQL("extract(epoch FROM {})::float8") if date else sql.SQL("{}::float8")
    return form.format(sql.Identifier(column))


def _cells(conn: Any, ident: sql.Composable, column: str, numeric: bool, date: bool) -> dict:
    """One side of a heat map: the expression giving each row's cell, its labels, and the
    cell of each expression value."""
    col = sql.Identifier(column)
    if numeric:
        value = _number(column, date)
        low, high = conn.execute(
            sql.SQL("SELECT min({v}), max({v}) FROM {t}").format(v=value, t=ident)
        ).fetchone()
        if low is None:
            return {"expr": sql.SQL("NULL"), "labels": [], "index": {}}
        low, high = float(low), float(high)
        width = (high - low) / CELLS or 1.0
        expr = sql.SQL("least(floor(({v} - {lo}) / {w})::int, {last})").format(
            v=value, lo=sql.Literal(low), w=sql.Literal(width), last=sql.Literal(CELLS - 1)
        )
        labels = [_edge(low + i * width, date) for i in range(CELLS)]
        return {"expr": expr, "labels": labels, "index": {i: i for i in range(CELLS)}}
    top = conn.execute(
        sql.SQL(
            "SELECT {c}::text, count(*) FROM {t} WHERE {c} IS NOT NULL GROUP BY 1 "
            "ORDER BY 2 DESC, 1 LIMIT {k}"
        ).format(c=col, t=ident, k=sql.Literal(CELLS))
    ).fetchall()
    labels = [str(r[0]) for r in top]
    return {
        "expr": sql.SQL("{}::text").format(col),
        "labels": labels,
        "index": {v: i for i, v in enumerate(labels)},
    }


def _edge(value: float, date: bool) -> str:
    if date:
        return datetime.fromtimestamp(value, UTC).date().isoformat()
    if value == 0 or 0.01 <= abs(value) < 1e6:
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{value:.2g}" if math.isfinite(value) else str(value)
