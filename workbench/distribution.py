"""Planned vs actual distributions of one column: what sandbox.toml (or inference) asked for,
and what the sandbox database holds.

`distribution(ctx, "public.orders", "status")` returns a `Distribution`; `.to_dict()` is the
stable shape `workbench dist --json` prints and the TUI's chart reads:

    {"table", "column", "kind": "category" | "numeric" | "date" | "fk", "generator", "declared",
     "rows", "generated": bool,
     "planned": {"values": [...], "weights": [...]} | {"range": [lo, hi]} | {},
     "actual": category: {"values": [...], "counts": [...], "other": n, "distinct": n}
               numeric/date: {"min", "max", "mean", "bins": [{"low", "high", "count"}]},
     "nulls": {"planned": share, "actual": share, "count": n},
     "children": null | {"parent", "planned": spec | null, "planned_histogram",
                         "histogram": [{"children": k, "parents": n}], "parents", "mean", "max"}}

Everything is computed in SQL (GROUP BY, width_bucket), so a chart of a 10-million-row table
costs one scan and a few hundred bytes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.errors import UsageError

if TYPE_CHECKING:
    from workbench.context import Context
    from workbench.schema.model import ForeignKey, Schema, Table

_NUMERIC = {"int", "decimal", "float", "money"}
_DATES = {"date", "timestamp", "timestamptz"}


@dataclass
class Distribution:
    table: str
    column: str
    kind: str  # category | numeric | date | fk
    generator: str
    declared: bool
    rows: int = 0
    generated: bool = False  # False: the table is not in the sandbox yet (planned side only)
    planned: dict[str, Any] = field(default_factory=dict)
    actual: dict[str, Any] = field(default_factory=dict)
    nulls: dict[str, Any] = field(default_factory=dict)
    children: dict[str, Any] | None = None
    production: dict[str, Any] | None = None  # from optimizer statistics (workbench.stats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "column": self.column,
            "kind": self.kind,
            "generator": self.generator,
            "declared": self.declared,
            "rows": self.rows,
            "generated": self.generated,
            "planned": self.planned,
            "actual": self.actual,
            "nulls": self.nulls,
            "children": self.children,
            "production": self.production,
        }


def resolve_column(schema: Schema, ref: str) -> tuple[Table, str]:
    """`table.column`, `schema.table.column` → (Table, column); a clear UsageError otherwise."""
    parts = ref.split(".")
    if len(parts) < 2:
        raise UsageError(f"expected TABLE.COLUMN (or SCHEMA.TABLE.COLUMN), got {ref!r}.")
    column = parts[-1]
    table_ref = ".".join(parts[:-1])
    return resolve_table(schema, table_ref), column


def resolve_table(schema: Schema, ref: str) -> Table:
    """A table by qualified name, or by bare name when exactly one schema holds it."""
    if ref in schema.tables:
        return schema.tables[ref]
    if "." not in ref:
        matches = [t for t in schema.tables.values() if t.name == ref]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            names = ", ".join(sorted(t.qualified for t in matches))
            raise UsageError(f"table {ref!r} is ambiguous: {names}; qualify it with its schema.")
    import difflib

    close = difflib.get_close_matches(ref, list(schema.tables), n=3, cutoff=0.5)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise UsageError(f"schema.sql has no table {ref!r}{hint}.")


def _column_fk(table: Table, column: str) -> ForeignKey | None:
    for fk in table.foreign_keys:
        if column in fk.columns:
            return fk
    return None


def _kind(info_kind: str, generator: str, is_fk: bool) -> str:
    if is_fk:
        return "fk"
    if generator == "choice":
        return "category"
    if info_kind in _NUMERIC:
        return "numeric"
    if info_kind in _DATES:
        return "date"
    return "category"


def _planned_null_share(
    ctx: Context, table: Table, column: str, generator: str, params: dict
) -> float:
    """The null share the generator aims at: an override, else the config default on nullable
    columns outside the primary key."""
    col = table.column(column)
    if col is None or not col.nullable:
        return 0.0
    if table.primary_key and column in table.primary_key.columns:
        return 0.0
    if "null_fraction" in params:
        return float(params["null_fraction"])
    # Mirrors the generator's defaults (workbench/generate/rows.py).
    if generator == "null":
        return 1.0
    if generator == "deleted_at":
        return 0.9
    return float(ctx.config.generate.null_fraction)


def _planned_values(params: dict[str, Any]) -> dict[str, Any]:
    if params.get("values"):
        values = [str(v) for v in params["values"]]
        weights = params.get("weights")
        if weights is None:
            from workbench.generate.pools import zipf_weights

            weights = list(zipf_weights(len(values)))
        total = float(sum(weights)) or 1.0
        return {"values": values, "weights": [round(float(w) / total, 6) for w in weights]}
    if params.get("range"):
        return {"range": list(params["range"])}
    return {}


def distribution(ctx: Context, table: str, column: str, *, bins: int = 20) -> Distribution:
    """Planned vs actual distribution of `table.column` (table qualified or bare)."""
    from workbench.generate.semantics import decide_column
    from workbench.generate.types import resolve_type

    schema = ctx.schema()
    tbl = resolve_table(schema, table)
    col = tbl.column(column)
    if col is None:
        names = ", ".join(c.name for c in tbl.columns)
        raise UsageError(f"table {tbl.qualified} has no column {column!r} (columns: {names}).")
    bins = max(1, min(int(bins), 200))
    decision = decide_column(schema, tbl, col, ctx.config)
    info = resolve_type(schema, col.type)
    fk = _column_fk(tbl, column)
    kind = _kind(info.kind if not info.array_dims else "array", decision.generator, fk is not None)
    dist = Distribution(
        table=tbl.qualified,
        column=column,
        kind=kind,
        generator="foreign_key" if fk is not None else decision.generator,
        declared=decision.declared,
        planned=_planned_values(decision.params) if kind != "fk" else {},
        nulls={
            "planned": _planned_null_share(ctx, tbl, column, decision.generator, decision.params),
            "actual": None,
            "count": None,
        },
    )
    if fk is not None:
        dist.children = _planned_children(ctx, schema, tbl, fk)

    # As the read-only role: the table may be a view over a function an agent planted.
    with ctx.db.reader() as conn:
        exists = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (_regclass(tbl),)).fetchone()
        if not (exists and exists[0]):
            _production(ctx, tbl, column, dist)
            return dist
        dist.generated = True
        ident = sql.Identifier(tbl.schema, tbl.name)
        colid = sql.Identifier(column)
        row = conn.execute(
            sql.SQL("SELECT count(*), count(*) FILTER (WHERE {c} IS NULL) FROM {t}").format(
                c=colid, t=ident
            )
        ).fetchone()
        total, nulls = (int(row[0]), int(row[1])) if row else (0, 0)
        dist.rows = total
        dist.nulls["count"] = nulls
        dist.nulls["actual"] = round(nulls / total, 6) if total else None
        if kind == "category":
            dist.actual = _categories(conn, ident, colid, bins, total - nulls)
        elif kind in ("numeric", "date"):
            dist.actual = _histogram(conn, ident, colid, bins, date=kind == "date")
        else:
            assert fk is not None and dist.children is not None
            dist.actual = {}
            dist.children.update(_fanout(conn, tbl, fk))
    _production(ctx, tbl, column, dist)
    return dist


def _production(ctx: Context, tbl: Table, column: str, dist: Distribution) -> None:
    """Production's side from the statistics the project carries, where they cover it."""
    from workbench.stats.review import production_side

    dist.production = production_side(ctx, tbl, column, dist)


def _regclass(tbl: Table) -> str:
    return sql.Identifier(tbl.schema, tbl.name).as_string(None)


def _categories(conn, ident, colid, limit: int, non_null: int) -> dict[str, Any]:
    rows = conn.execute(
        sql.SQL(
            "SELECT {c}::text, count(*) FROM {t} WHERE {c} IS NOT NULL "
            "GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT %s"
        ).format(c=colid, t=ident),
        (limit,),
    ).fetchall()
    distinct = conn.execute(
        sql.SQL("SELECT count(DISTINCT {c}) FROM {t}").format(c=colid, t=ident)
    ).fetchone()
    counts = [int(r[1]) for r in rows]
    return {
        "values": [r[0] for r in rows],
        "counts": counts,
        "other": non_null - sum(counts),
        "distinct": int(distinct[0]) if distinct else 0,
    }


def _histogram(conn, ident, colid, bins: int, *, date: bool) -> dict[str, Any]:
    # Dates and timestamps are binned on their epoch seconds and labelled back as ISO text.
    value = (
        sql.SQL("extract(epoch FROM {c})::float8").format(c=colid)
        if date
        else sql.SQL("{c}::float8").format(c=colid)
    )
    stats = conn.execute(
        sql.SQL("SELECT min({v}), max({v}), avg({v}) FROM {t}").format(v=value, t=ident)
    ).fetchone()
    if stats is None or stats[0] is None:
        return {"min": None, "max": None, "mean": None, "bins": []}
    lo, hi, mean = float(stats[0]), float(stats[1]), float(stats[2])
    width = (hi - lo) / bins if hi > lo else 1.0
    rows = conn.execute(
        sql.SQL(
            "SELECT least(width_bucket({v}, %s, %s, %s), %s) AS b, count(*) FROM {t} "
            "WHERE {c} IS NOT NULL GROUP BY b ORDER BY b"
        ).format(v=value, t=ident, c=colid),
        (lo, lo + width * bins if hi > lo else lo + 1.0, bins, bins),
    ).fetchall()
    counts = {int(b): int(n) for b, n in rows}
    out_bins = []
    for i in range(1, bins + 1):
        low, high = lo + (i - 1) * width, lo + i * width
        out_bins.append(
            {"low": _label(low, date), "high": _label(high, date), "count": counts.get(i, 0)}
        )
        if hi <= lo:
            break  # a single value: one bin
    return {
        "min": _label(lo, date),
        "max": _label(hi, date),
        "mean": _label(mean, date),
        "bins": out_bins,
    }


def _label(value: float, date: bool) -> Any:
    if date:
        from datetime import UTC, datetime

        return datetime.fromtimestamp(value, UTC).isoformat(timespec="seconds")
    if math.isfinite(value) and value == int(value) and abs(value) < 2**53:
        return int(value)
    return round(value, 6)


def _planned_children(ctx: Context, schema: Schema, tbl: Table, fk: ForeignKey) -> dict:
    spec = ctx.config.table(tbl.qualified).children
    planned: dict[str, Any] | None = None
    planned_hist: list[dict[str, int]] | None = None
    if spec is not None and spec.parent == fk.ref_qualified:
        planned = {
            "distribution": spec.distribution,
            "count": spec.count,
            "min": spec.min,
            "max": spec.max,
            "skew": spec.skew,
        }
        try:
            # The plan the sandbox was built with: its lease names the seed and rows used.
            from workbench.lease import lease_info

            lease = lease_info(ctx.state_dir) or {}
            plan = ctx.plan(rows=lease.get("rows"), seed=lease.get("seed"))
            table_plan = plan.table(tbl.qualified)
            counts = getattr(table_plan, "children_counts", None)
            if counts is not None:
                import numpy as np

                freq = np.bincount(np.asarray(counts, dtype=np.int64))
                planned_hist = [{"children": k, "parents": int(n)} for k, n in enumerate(freq) if n]
        except Exception:  # the planned histogram is a bonus; the spec alone is still shown
            planned_hist = None
    return {
        "parent": fk.ref_qualified,
        "parent_columns": list(fk.ref_columns),
        "planned": planned,
        "planned_histogram": planned_hist,
        "histogram": [],
        "parents": None,
        "mean": None,
        "max": None,
    }


def _fanout(conn, tbl: Table, fk: ForeignKey) -> dict[str, Any]:
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
