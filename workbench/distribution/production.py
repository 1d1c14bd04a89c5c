"""The distribution review's production side: what the statistics say about a column, what
the plan takes from them, and what the sandbox holds, side by side (`workbench dist`, its
Markdown export and the TUI's `d` screen read `Distribution.production`).

A personal column's common values are never shown: they appear as #1, #2… with their shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.stats.calls import ColumnStats
from workbench.stats.load import load_statistics
from workbench.units import measure_text

if TYPE_CHECKING:
    from workbench.context import Context
    from workbench.schema.model import Table

_TOP = 5  # common values shown
_DECILES = (0.1, 0.5, 0.9)


def _share(value: float | None, nonnull: float) -> float | None:
    return None if value is None else round(value / nonnull, 6) if nonnull > 0 else None


def _measure(name: str, unit: str, production: Any, planned: Any, actual: Any) -> dict[str, Any]:
    return {
        "name": name, "unit": unit, "production": production, "planned": planned,
        "actual": actual,
    }  # fmt: skip


def _decile_bounds(col: ColumnStats) -> list[tuple[float, str]]:
    bounds = [b for b in col.histogram or [] if b is not None]
    if len(bounds) < 2:
        return []
    return [(q, bounds[round(q * (len(bounds) - 1))]) for q in _DECILES]


def production_side(
    ctx: Context, tbl: Table, column: str, dist: Any, personal: bool
) -> dict[str, Any] | None:
    """The production measures for `dist` (a Distribution), or None without statistics for
    the column. Sets the planned side from statistics where they shape the column. A
    `personal` column's common values are never shown."""
    stats = load_statistics(ctx.config)
    col = stats.column(tbl.qualified, column) if stats is not None else None
    if stats is None or col is None:
        return None
    plan = ctx.plan()
    tp = plan.table(tbl.qualified)
    planned_rows = tp.rows if tp is not None else 0
    override = ctx.config.table(tbl.qualified).columns.get(column)
    by_rank = personal or dist.kind == "fk"  # values not shown, or not the sandbox's keys
    nonnull = 1.0 - (col.null_frac or 0.0)
    declared_nulls = override is not None and override.null_fraction is not None
    if col.null_frac is not None and not declared_nulls and _nullable(tbl, column):
        dist.nulls["planned"] = round(col.null_frac, 6)
    common = list(zip(col.mcv or [], col.mcv_freqs or [], strict=False))[:_TOP]
    if not common and col.mcv_freqs:
        common = [(None, f) for f in col.mcv_freqs[:_TOP]]
    labels = [f"#{i + 1}" if by_rank or v is None else str(v) for i, (v, _) in enumerate(common)]
    if common and not by_rank and dist.kind == "category" and not dist.planned.get("range"):
        dist.planned = {
            "values": labels,
            "weights": [_share(f, nonnull) for _, f in common],
            "source": "statistics",
        }
    rows_actual = dist.rows if dist.generated else None
    measures = [
        _measure("rows", "count", stats.rows(tbl.qualified), planned_rows, rows_actual),
        _measure("NULL", "share", col.null_frac, dist.nulls.get("planned"),
                 dist.nulls.get("actual")),
        _measure("distinct", "count", col.distinct(round(stats.rows(tbl.qualified) or 0)),
                 col.distinct(planned_rows) if planned_rows else None, None),
    ]  # fmt: skip
    for label, (_, freq) in zip(labels, common, strict=True):
        measures.append(_measure(f"value {label}", "share", _share(freq, nonnull),
                                 _share(freq, nonnull), None))  # fmt: skip
    deciles = _decile_bounds(col) if not by_rank else []
    for q, bound in deciles:
        measures.append(_measure(f"decile {round(q * 100)} %", "value", bound, bound, None))
    if dist.generated:
        listed = None if by_rank else [v for v in col.mcv or [] if v is not None]
        _actuals(ctx, tbl, column, measures, listed, deciles)
    return {
        "source": col.source,
        "personal": personal,
        "scale": plan.scale,
        "measures": measures,
    }


def _nullable(tbl: Table, column: str) -> bool:
    col = tbl.column(column)
    pk = tbl.primary_key.columns if tbl.primary_key else []
    return col is not None and col.nullable and column not in pk


def _actuals(
    ctx: Context,
    tbl: Table,
    column: str,
    measures: list[dict[str, Any]],
    common: list[str] | None,
    deciles: list[tuple[float, str]],
) -> None:
    """The sandbox's figures, as the read-only role: distinct count, the shares of the
    common values (by value, or by rank when `common` is None), and the deciles of the
    values outside the common ones (where the histogram puts them)."""
    ident, colid = sql.Identifier(tbl.schema, tbl.name), sql.Identifier(column)
    by_name = {m["name"]: m for m in measures}
    shown = [m for m in measures if m["name"].startswith("value ")]
    with ctx.db.reading(f"the statistics review of {tbl.qualified}") as conn:
        row = conn.execute(
            sql.SQL("SELECT count(DISTINCT {c}), count({c}) FROM {t}").format(c=colid, t=ident)
        ).fetchone()
        if row is None or not row[1]:
            return
        by_name["distinct"]["actual"], nonnull = int(row[0]), int(row[1])
        if common is None:
            counts = [int(r[0]) for r in conn.execute(
                sql.SQL("SELECT count(*) FROM {t} WHERE {c} IS NOT NULL GROUP BY {c} "
                        "ORDER BY 1 DESC LIMIT %s").format(t=ident, c=colid),
                (len(shown),),
            ).fetchall()]  # fmt: skip
        else:
            found: dict[str, int] = dict(conn.execute(
                sql.SQL("SELECT {c}::text, count(*) FROM {t} WHERE {c}::text = ANY(%s) "
                        "GROUP BY 1").format(t=ident, c=colid),
                (common[: len(shown)],),
            ).fetchall())  # fmt: skip
            counts = [int(found.get(v, 0)) for v in common[: len(shown)]]
        for m, count in zip(shown, counts, strict=False):
            m["actual"] = round(count / nonnull, 6)
        if deciles:
            values = conn.execute(
                sql.SQL("SELECT percentile_disc(%s::float8[]) WITHIN GROUP (ORDER BY {c}) "
                        "FROM {t} WHERE {c} IS NOT NULL AND NOT ({c}::text = ANY(%s))").format(
                    t=ident, c=colid),
                ([q for q, _ in deciles], common or []),
            ).fetchone()  # fmt: skip
            for (q, _), value in zip(deciles, (values or [None])[0] or [], strict=False):
                by_name[f"decile {round(q * 100)} %"]["actual"] = str(value)


def production_lines(production: dict[str, Any]) -> list[str]:
    """The side-by-side table as plain text lines (the CLI's `dist`)."""
    rows = [("", "production", "planned", "actual")]
    rows += [
        (m["name"], measure_text(m, "production"), measure_text(m, "planned"),
         measure_text(m, "actual"))
        for m in production["measures"]
    ]  # fmt: skip
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    note = " (personal column: values withheld)" if production.get("personal") else ""
    out = [f"statistics {production['source']}{note}:"]
    for r in rows:
        out.append("  " + r[0].ljust(widths[0]) + "".join(
            "  " + c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)))  # fmt: skip
    return out
