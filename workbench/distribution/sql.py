"""The sandbox's side of a distribution review, read in SQL (GROUP BY, width_bucket): a chart
of a 10-million-row table costs one scan and a few hundred bytes.

Every function takes a connection of the read-only role (review.py opens it)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from psycopg import sql

from workbench.schema.model import ForeignKey, Table


@dataclass(frozen=True)
class TableFacts:
    """What every column's review of one table starts from: whether the table is there,
    whether row-level security hides rows from the read-only role, its rows, and the nulls
    of each of its columns the database holds."""

    present: bool
    hidden: bool = False
    rows: int = 0
    nulls: dict[str, int] = field(default_factory=dict)


def read_table_facts(conn: Any, tbl: Table) -> TableFacts:
    """The table's facts in two queries, however many columns it has (a column schema.sql
    names that the database does not hold is left out: its own review reads it, and fails
    as it would alone)."""
    found = conn.execute(
        "SELECT c.relrowsecurity AND NOT r.rolbypassrls, ARRAY(SELECT a.attname::text "
        "FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 "
        "AND NOT a.attisdropped) FROM pg_class c, pg_roles r "
        "WHERE c.oid = to_regclass(%s) AND r.rolname = current_user",
        (sql.Identifier(tbl.schema, tbl.name).as_string(None),),
    ).fetchone()
    if found is None:
        return TableFacts(present=False)
    if found[0]:
        return TableFacts(present=True, hidden=True)
    held = set(found[1] or [])
    columns = [c.name for c in tbl.columns if c.name in held]
    nulls = sql.SQL("").join(
        sql.SQL(", count(*) FILTER (WHERE {} IS NULL)").format(sql.Identifier(c)) for c in columns
    )
    row = conn.execute(
        sql.SQL("SELECT count(*){n} FROM {t}").format(
            n=nulls, t=sql.Identifier(tbl.schema, tbl.name)
        )
    ).fetchone()
    if row is None:
        return TableFacts(present=True)
    return TableFacts(
        present=True,
        rows=int(row[0]),
        nulls={c: int(n) for c, n in zip(columns, row[1:], strict=True)},
    )


def categories(
    conn: Any, ident: sql.Composable, colid: sql.Composable, limit: int, non_null: int,
    planned: Sequence[str] = (),
) -> dict[str, Any]:  # fmt: skip
    """The most frequent values, every planned value's count (a rare planned value must not
    vanish into "other"), the count of all the rest and of distinct values: one query (the
    values as text: a type without equality (point) has distinct values all the same)."""
    rows = conn.execute(
        sql.SQL(
            "SELECT v, n, d, r FROM (SELECT {c}::text AS v, count(*) AS n, count(*) OVER () AS d, "
            "row_number() OVER (ORDER BY count(*) DESC, {c}::text) AS r FROM {t} "
            "WHERE {c} IS NOT NULL GROUP BY 1) counted WHERE r <= %s OR v = ANY(%s)"
        ).format(c=colid, t=ident),
        (limit, list(planned)),
    ).fetchall()
    found = {str(r[0]): int(r[1]) for r in rows}
    ordered = sorted(found.items(), key=lambda item: (-item[1], item[0]))
    return {
        "values": [v for v, _ in ordered],
        "counts": [n for _, n in ordered],
        "other": non_null - sum(found.values()),
        "distinct": int(rows[0][2]) if rows else 0,
    }


# A positive column whose largest value is this many times its smallest is binned on a log
# scale (money over currencies, file sizes): linear bins would put nearly every row in one.
LOG_SPAN = 1000.0


def histogram(
    conn: Any, ident: sql.Composable, colid: sql.Composable, bins: int, *, date: bool,
    integer: bool, bounds: tuple[float, float] | None = None,
    where: sql.Composable | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Counts per bin over [min, max] of the data, widened to `bounds` (the planned range) so
    both sides share their bins. Integer columns get whole-number bins labelled with both
    (inclusive) ends; others [low, high) with the last bin closed. A positive column spanning
    LOG_SPAN or more is binned on the logarithm of its values (`"log": true`, edges in ln).
    `where`: only the rows it holds (one currency's)."""
    # Dates and timestamps are binned on their epoch seconds and labelled back as ISO text.
    value = (
        sql.SQL("extract(epoch FROM {c})::float8").format(c=colid)
        if date
        else sql.SQL("{c}::float8").format(c=colid)
    )
    only = sql.SQL(" AND ({})").format(where) if where is not None else sql.SQL("")
    stats = conn.execute(
        sql.SQL("SELECT min({v}), max({v}), avg({v}) FROM {t} WHERE {c} IS NOT NULL{w}").format(
            v=value, t=ident, c=colid, w=only
        )
    ).fetchone()
    if stats is None or stats[0] is None:
        return {"min": None, "max": None, "mean": None, "bins": []}
    lo, hi, mean = float(stats[0]), float(stats[1]), float(stats[2])
    log = not date and bounds is None and lo > 0 and hi / lo >= LOG_SPAN
    if log:
        value = sql.SQL("ln({v})").format(v=value)
        lo_b, hi_b, integer = math.log(lo), math.log(hi), False
    else:
        lo_b = min(lo, bounds[0]) if bounds else lo
        hi_b = max(hi, bounds[1]) if bounds else hi
    edges = bin_edges(lo_b, hi_b, bins, integer)
    first, width = edges[0][0], edges[0][1] - edges[0][0]
    rows = conn.execute(
        sql.SQL(
            "SELECT least(greatest(floor(({v} - %s) / %s)::bigint, 0), %s) AS b, count(*) "
            "FROM {t} WHERE {c} IS NOT NULL{w} GROUP BY b ORDER BY b"
        ).format(v=value, t=ident, c=colid, w=only),
        (first, width, len(edges) - 1),
    ).fetchall()
    counts = {int(b): int(n) for b, n in rows}
    top = hi_b

    def shown(x: float) -> Any:
        return label(math.exp(x), False) if log else label(x, date)

    out_bins = [
        {
            "low": shown(a),
            "high": shown(min(b - 1, top) if integer else b),
            "count": counts.get(i, 0),
        }
        for i, (a, b) in enumerate(edges)
    ]
    return {
        "min": label(lo, date),
        "max": label(hi, date),
        "mean": label(mean, date),
        "bins": out_bins,
        "edges": [[a, b] for a, b in edges],
        "integer": integer,
        "log": log,
    }


def bin_edges(lo: float, hi: float, bins: int, integer: bool) -> list[tuple[float, float]]:
    """`bins` (at most) equal bins [a, b) covering lo..hi; integer bins have a whole width and
    cover hi itself ([a, b) holds a..b-1); one bin for a single value."""
    if integer:
        first, last = math.floor(lo), math.floor(hi)
        step = max(1, math.ceil((last - first + 1) / bins))
        count = max(1, math.ceil((last - first + 1) / step))
        return [(first + i * step, first + (i + 1) * step) for i in range(count)]
    if hi <= lo:
        return [(lo, lo + 1.0)]
    width = (hi - lo) / bins
    return [(lo + i * width, hi if i == bins - 1 else lo + (i + 1) * width) for i in range(bins)]


def label(value: float, date: bool) -> Any:
    if date:
        from datetime import UTC, datetime

        return datetime.fromtimestamp(value, UTC).isoformat(timespec="seconds")
    if math.isfinite(value) and value == int(value) and abs(value) < 2**53:
        return int(value)
    return round(value, 6)


def fanout(conn: Any, tbl: Table, fk: ForeignKey) -> dict[str, Any]:
    """Children per parent row: every parent counted, those with none included."""
    parent = sql.Identifier(fk.ref_schema, fk.ref_table)
    child = sql.Identifier(tbl.schema, tbl.name)
    on = sql.SQL(" AND ").join(
        sql.SQL("c.{} = p.{}").format(sql.Identifier(c), sql.Identifier(r))
        for c, r in zip(fk.columns, fk.ref_columns, strict=True)
    )
    keys = sql.SQL(", ").join(sql.SQL("p.{}").format(sql.Identifier(r)) for r in fk.ref_columns)
    exists = conn.execute(
        "SELECT to_regclass(%s) IS NOT NULL",
        (sql.Identifier(fk.ref_schema, fk.ref_table).as_string(None),),
    ).fetchone()
    if not (exists and exists[0]):
        return {}
    rows = conn.execute(
        sql.SQL(
            "SELECT n, count(*) FROM (SELECT count(c.*) AS n FROM {p} p LEFT JOIN {c} c ON {on} "
            "GROUP BY {keys}) per_parent GROUP BY n ORDER BY n"
        ).format(p=parent, c=child, on=on, keys=keys)
    ).fetchall()
    hist = [{"children": int(n), "parents": int(k)} for n, k in rows]
    parents = sum(h["parents"] for h in hist)
    children = sum(h["children"] * h["parents"] for h in hist)
    return {
        "histogram": hist,
        "parents": parents,
        "mean": round(children / parents, 4) if parents else None,
        "max": max((h["children"] for h in hist), default=None),
    }
