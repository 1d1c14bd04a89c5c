"""Planned vs actual distributions of one column: what sandbox.toml (or inference) asked for,
and what the sandbox database holds.

`distribution(ctx, "public.orders", "status")` returns a `Distribution`; `.to_dict()` is the
stable shape `workbench dist --json` prints and the TUI's chart reads:

    {"table", "column", "kind": "category" | "numeric" | "date" | "fk", "generator", "declared",
     "rows", "generated": bool, "status": "generated" | "not generated" | "stale",
     "notes": [sentences about the status],
     "planned": {"values": [...], "weights": [...]} | {"range": [lo, hi], "law": "uniform"|None}
                | {},
     "actual": category: {"values": [...], "counts": [...], "other": n, "distinct": n}
               numeric/date: {"min", "max", "mean", "bins": [{"low", "high", "count"}], ...},
     "nulls": {"planned": share, "actual": share, "count": n},
     "children": null | {"parent", "planned": spec | null, "law": [{"children", "share"}] | null,
                         "histogram": [{"children": k, "parents": n}], "parents", "mean", "max"},
     "review": the rows both front ends draw (distribution_review.py)}

"Planned" is the specification's law (distribution_law.py), never a sample of the generator:
a same-seed sample equals the data by construction and would hide a loader that does not
follow the plan.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.errors import UsageError

if TYPE_CHECKING:
    from workbench.context import Context
    from workbench.generate.semantics import ColumnDecision
    from workbench.schema.model import ForeignKey, Schema, Table

_NUMERIC = {"int", "decimal", "float", "money"}
_DATES = {"date", "timestamp", "timestamptz"}
# Generators that draw within a declared range by a shape of their own (generate/values.py):
# the range bounds them but the law inside it is not uniform.
_SHAPED_IN_RANGE = {"quantity", "price", "sequence", "deleted_at"}


@dataclass
class Distribution:
    table: str
    column: str
    kind: str  # category | numeric | date | fk
    generator: str
    declared: bool
    rows: int = 0
    generated: bool = False  # False: the table holds no generated data (planned side only)
    status: str = "not generated"  # generated | not generated | stale
    notes: list[str] = field(default_factory=list)
    planned: dict[str, Any] = field(default_factory=dict)
    actual: dict[str, Any] = field(default_factory=dict)
    nulls: dict[str, Any] = field(default_factory=dict)
    children: dict[str, Any] | None = None
    production: dict[str, Any] | None = None  # from optimizer statistics (workbench.stats)
    review: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Distribution:
        """Back from `to_dict()` (a saved or hand-made review); unknown keys are ignored."""
        names = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in names and v is not None})

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "column": self.column,
            "kind": self.kind,
            "generator": self.generator,
            "declared": self.declared,
            "rows": self.rows,
            "generated": self.generated,
            "status": self.status,
            "notes": list(self.notes),
            "planned": self.planned,
            "actual": self.actual,
            "nulls": self.nulls,
            "children": self.children,
            "production": self.production,
            "review": self.review,
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


def _is_unique(table: Table, column: str) -> bool:
    keys: list[list[str | None]] = [list(table.primary_key.columns)] if table.primary_key else []
    keys += [list(u.columns) for u in table.uniques if u.predicate is None]
    return any(k == [column] for k in keys)


def _planned_values(
    ctx: Context, tbl: Table, column: str, decision: ColumnDecision
) -> dict[str, Any]:
    """The declared law of the column: its values' weights (normalised; the generator's
    default Zipf-like weights when none are given), or its range, uniform when the generator
    draws uniformly inside it."""
    params = decision.params
    if params.get("values"):
        values = [str(v) for v in params["values"]]
        weights = params.get("weights")
        if weights is None:
            from workbench.generate.pools import zipf_weights

            weights = list(zipf_weights(len(values))) if len(values) > 1 else [1.0]
        total = float(sum(weights)) or 1.0
        return {
            "values": values,
            "weights": [round(float(w) / total, 6) for w in weights],
            "source": "weights" if params.get("weights") is not None else "default weights",
        }
    if params.get("range"):
        from workbench.generate.realistic import NUMERIC_RANGES

        override = ctx.config.table(tbl.qualified).columns.get(column)
        ruled = override is not None and (
            override.after
            or override.derive
            or override.copy_from
            or override.sum_of
            or override.count_of
        )
        shaped = decision.generator in _SHAPED_IN_RANGE or decision.generator in NUMERIC_RANGES
        uniform = not (ruled or shaped or params.get("unique") or _is_unique(tbl, column))
        return {"range": list(params["range"]), "law": "uniform" if uniform else None}
    return {}


def review_of(data: dict[str, Any]) -> dict[str, Any]:
    """The review of a `to_dict()` result: the stored one, else built from its figures."""
    from workbench.distribution_review import build_review

    return data.get("review") or build_review(Distribution.from_dict(data))


def distribution(ctx: Context, table: str, column: str, *, bins: int = 20) -> Distribution:
    """Planned vs actual distribution of `table.column` (table qualified or bare)."""
    from workbench.distribution_review import build_review
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
        planned=_planned_values(ctx, tbl, column, decision) if kind != "fk" else {},
        nulls={
            "planned": _planned_null_share(ctx, tbl, column, decision.generator, decision.params),
            "actual": None,
            "count": None,
        },
    )
    if dist.planned.get("range") and kind == "numeric":
        dist.planned["integer"] = info.kind == "int"
    if fk is not None:
        from workbench.distribution_fk import planned_children

        dist.children = planned_children(ctx, tbl, fk)
    _read_actual(ctx, tbl, fk, dist, bins, integer=info.kind == "int")
    listed = list(dist.planned.get("values") or [])
    _production(ctx, tbl, column, dist)
    if dist.generated and kind == "category" and dist.planned.get("values") != listed:
        # the statistics planned other values: count those too
        _read_actual(ctx, tbl, fk, dist, bins, integer=False)
    dist.review = build_review(dist, bins=bins)
    return dist


def _read_actual(
    ctx: Context, tbl: Table, fk: ForeignKey | None, dist: Distribution, bins: int,
    *, integer: bool,
) -> None:  # fmt: skip
    """The sandbox's side, as the read-only role (the table may be a view over a function an
    agent planted); sets the status first, so an unfinished table shows no actual side."""
    from workbench import distribution_sql as q

    dist.notes = []
    with ctx.db.reader() as conn:
        exists = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (_regclass(tbl),)).fetchone()
        if not (exists and exists[0]):
            dist.notes.append("not generated: the table is not in the sandbox yet")
            return
        ident, colid = sql.Identifier(tbl.schema, tbl.name), sql.Identifier(dist.column)
        row = conn.execute(
            sql.SQL("SELECT count(*), count(*) FILTER (WHERE {c} IS NULL) FROM {t}").format(
                c=colid, t=ident
            )
        ).fetchone()
        total, nulls = (int(row[0]), int(row[1])) if row else (0, 0)
        if not _set_status(ctx, tbl, dist, total):
            return
        dist.rows = total
        dist.nulls["count"] = nulls
        dist.nulls["actual"] = round(nulls / total, 6) if total else None
        if dist.kind == "category":
            planned_values = dist.planned.get("values") or []
            dist.actual = q.categories(conn, ident, colid, bins, total - nulls, planned_values)
        elif dist.kind in ("numeric", "date"):
            bounds = _planned_bounds(dist)
            dist.actual = q.histogram(
                conn, ident, colid, bins, date=dist.kind == "date", integer=integer,
                bounds=bounds,
            )  # fmt: skip
        else:
            assert fk is not None and dist.children is not None
            dist.children.update(q.fanout(conn, tbl, fk))
            from workbench.distribution_fk import add_default_law

            add_default_law(dist.children)


def _set_status(ctx: Context, tbl: Table, dist: Distribution, total: int) -> bool:
    """generated / not generated / stale, with a sentence saying why; False when the table
    holds no finished generation (a cancelled or failed run, or an empty table): its actual
    side would only be noise beside the plan."""
    from workbench.config import config_hash
    from workbench.lease import read_lease
    from workbench.state import read_json

    progress = read_json(ctx.state_dir / "progress.json")
    progress = progress if isinstance(progress, dict) else {}
    unfinished = progress.get("phase") in ("pre", "data")
    if unfinished and tbl.qualified not in (progress.get("completed") or []):
        dist.notes.append(
            "not generated: the last generation stopped (cancelled or failed) before "
            "this table was complete; generate again (a rerun resumes)"
        )
        return False
    if total == 0:
        dist.notes.append("not generated: the table is empty")
        return False
    dist.generated = True
    dist.status = "generated"
    lease = read_lease(ctx.state_dir)
    if lease is not None and lease.config_hash and lease.config_hash != config_hash(ctx.config):
        # the hash covers schema.sql and the statistics too: name what changed
        from workbench.lease import file_hash

        schema_changed = lease.schema_file_hash != file_hash(ctx.config.schema_path)
        dist.status = "stale"
        dist.notes.append(
            f"{'schema.sql' if schema_changed else 'sandbox.toml'} changed after this data "
            "was generated: the actual side predates the change (generate again to compare "
            "with the current plan)"
        )
    return True


def _planned_bounds(dist: Distribution) -> tuple[float, float] | None:
    """The planned range as numbers (epoch seconds for dates), to bin both sides alike."""
    rng = dist.planned.get("range")
    if not rng:
        return None
    try:
        if dist.kind == "date":
            from datetime import UTC, datetime

            def epoch(text: Any) -> float:
                when = datetime.fromisoformat(str(text))
                return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()

            return epoch(rng[0]), epoch(rng[1])
        return float(rng[0]), float(rng[1])
    except (TypeError, ValueError):
        return None


def _production(ctx: Context, tbl: Table, column: str, dist: Distribution) -> None:
    """Production's side from the statistics the project carries, where they cover it."""
    from workbench.stats.review import production_side

    dist.production = production_side(ctx, tbl, column, dist)


def _regclass(tbl: Table) -> str:
    return sql.Identifier(tbl.schema, tbl.name).as_string(None)
