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
     "review": the rows both front ends draw (display.py)}

"Planned" is the specification's law (law.py), never a sample of the generator:
a same-seed sample equals the data by construction and would hide a loader that does not
follow the plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.config.file import config_hash
from workbench.distribution.display import build_review, planned_bounds
from workbench.distribution.flags import (
    bound_flags,
    currency_source,
    currency_split,
    dominant_flag,
)
from workbench.distribution.result import Distribution
from workbench.distribution.sql import TableFacts, read_table_facts
from workbench.errors import DatabaseError, UsageError, WorkbenchError
from workbench.files.state import read_json
from workbench.printable import echoed
from workbench.records.lease import file_hash, read_lease
from workbench.waits import blockers_named

if TYPE_CHECKING:
    from workbench.context import Context
    from workbench.generate.kinds.semantics import ColumnDecision
    from workbench.generate.plan.tables import Plan
    from workbench.schema.model import ForeignKey, Schema, Table

# schema.table, each part at most 63 bytes (NAMEDATALEN - 1): anything longer names nothing.
MAX_QUALIFIED_NAME = 127
_NUMERIC = {"int", "decimal", "float", "money"}
_DATES = {"date", "timestamp", "timestamptz"}
# Generators that draw within a declared range by a shape of their own
# (generate/generators/values.py): the range bounds them but the law inside it is not uniform.
_SHAPED_IN_RANGE = {"quantity", "price", "sequence", "deleted_at"}


def resolve_column(schema: Schema, ref: str) -> tuple[Table, str]:
    """`table.column`, `schema.table.column` → (Table, column); a clear UsageError otherwise."""
    parts = ref.split(".")
    if len(parts) < 2:
        raise UsageError(f"expected TABLE.COLUMN (or SCHEMA.TABLE.COLUMN), got {echoed(ref)}.")
    column = parts[-1]
    table_ref = ".".join(parts[:-1])
    return resolve_table(schema, table_ref), column


def resolve_table(schema: Schema, ref: str) -> Table:
    """A table by qualified name, or by bare name when exactly one schema holds it."""
    if len(ref) > MAX_QUALIFIED_NAME:
        raise UsageError(
            f"schema.sql has no table {echoed(ref)}: a table's name is at most "
            f"{MAX_QUALIFIED_NAME} characters (schema.table, each part at most 63 bytes)."
        )
    if ref in schema.tables:
        return schema.tables[ref]
    if "." not in ref:
        matches = [t for t in schema.tables.values() if t.name == ref]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            names = ", ".join(sorted(t.qualified for t in matches))
            raise UsageError(
                f"table {echoed(ref)} is ambiguous: {names}; qualify it with its schema."
            )
    import difflib

    close = difflib.get_close_matches(ref, list(schema.tables), n=3, cutoff=0.5)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise UsageError(f"schema.sql has no table {echoed(ref)}{hint}.")


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
    # Mirrors the generator's defaults (workbench/generate/rows/assembler.py).
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
            from workbench.generate.generators.pools import zipf_weights

            weights = list(zipf_weights(len(values))) if len(values) > 1 else [1.0]
        total = float(sum(weights)) or 1.0
        return {
            "values": values,
            "weights": [round(float(w) / total, 6) for w in weights],
            "source": "weights" if params.get("weights") is not None else "default weights",
        }
    if params.get("range"):
        from workbench.generate.generators.realistic import NUMERIC_RANGES

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
    return data.get("review") or build_review(Distribution.from_dict(data))


class ReviewSession:
    """What reviewing many columns shares: the sandbox's plan, the generator's sample, one
    read-only connection. Use as a context manager (the connection is closed at the end)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._plan: Plan | None = None
        self._planned = False  # the plan was looked for
        self._sample: Any = False
        self._conn: psycopg.Connection[Any] | None = None
        self._progress: dict[str, Any] | None = None
        self._stale: str | None = None  # "" when current, else the file that changed
        self._tables: dict[str, TableFacts] = {}

    def __enter__(self) -> ReviewSession:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def conn(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed:
            self._conn = self.ctx.db.reader()
        return self._conn

    def progress(self) -> dict[str, Any]:
        """.workbench/progress.json as the session found it (read once per session)."""
        if self._progress is None:
            found = read_json(self.ctx.state_dir / "progress.json")
            self._progress = found if isinstance(found, dict) else {}
        return self._progress

    def stale(self) -> str:
        """The file changed since the build ("schema.sql", "sandbox.toml"), or "" when the data
        follows the current files (or there is no lease); worked out once per session."""
        if self._stale is None:
            ctx = self.ctx
            lease = read_lease(ctx.state_dir)
            self._stale = ""
            if (
                lease is not None
                and lease.config_hash
                and lease.config_hash != config_hash(ctx.config)
            ):
                # the hash covers schema.sql and the statistics too: name what changed
                schema_changed = lease.schema_file_hash != file_hash(ctx.config.schema_path)
                self._stale = "schema.sql" if schema_changed else "sandbox.toml"
        return self._stale

    def table_facts(self, conn: psycopg.Connection[Any], tbl: Table) -> TableFacts:
        """Whether the table is there and readable, its rows and each column's nulls: one
        query for every column of the table, read when its first column is reviewed."""
        facts = self._tables.get(tbl.qualified)
        if facts is None:
            facts = read_table_facts(conn, tbl)
            self._tables[tbl.qualified] = facts
        return facts

    def plan(self) -> Plan | None:
        """The plan the sandbox was built with (its lease names the rows asked for)."""
        if not self._planned:
            from workbench.distribution.fk import sandbox_plan

            self._plan, self._planned = sandbox_plan(self.ctx), True
        return self._plan

    def sample(self, table: str) -> Any:
        """The generator's sample as far as `table` (sample.py); a sentence why not."""
        from workbench.distribution.sample import review_sample

        if self._sample is not False:
            return self._sample
        try:
            found = review_sample(self.ctx)
        except WorkbenchError as err:
            self._sample = f"the sample could not be drawn ({err})"
            return self._sample
        self._sample = found if found is not None else "the plan is too big to sample in memory"
        return self._sample

    def review(self, table: str, column: str, *, bins: int = 20) -> Distribution:
        return _distribution(self, table, column, bins=bins)


def distribution(ctx: Context, table: str, column: str, *, bins: int = 20) -> Distribution:
    """Planned vs actual distribution of `table.column` (table qualified or bare)."""
    with ReviewSession(ctx) as session:
        return session.review(table, column, bins=bins)


def _distribution(s: ReviewSession, table: str, column: str, *, bins: int) -> Distribution:
    from workbench.generate.kinds.semantics import decide_column
    from workbench.schema.typeinfo import resolve_type

    ctx = s.ctx
    schema = ctx.schema()
    tbl = resolve_table(schema, table)
    col = tbl.column(column)
    if col is None:
        names = ", ".join(c.name for c in tbl.columns)
        raise UsageError(
            f"table {tbl.qualified} has no column {echoed(column)} (columns: {names})."
        )
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
        # an array column's planned values are its elements': nothing to compare arrays with
        planned=(
            _planned_values(ctx, tbl, column, decision)
            if kind != "fk" and not info.array_dims
            else {}
        ),
        nulls={
            "planned": _planned_null_share(ctx, tbl, column, decision.generator, decision.params),
            "actual": None,
            "count": None,
        },
    )
    if dist.planned.get("range") and kind == "numeric":
        dist.planned["integer"] = info.kind == "int"
    if fk is not None:
        from workbench.distribution.fk import planned_children

        dist.children = planned_children(ctx, s.plan(), tbl, fk)
    _read_actual(s, tbl, fk, dist, bins, integer=info.kind == "int")
    listed = list(dist.planned.get("values") or [])
    _production(ctx, tbl, column, dist)
    if dist.generated and kind == "category" and dist.planned.get("values") != listed:
        # the statistics planned other values: count those too
        _read_actual(s, tbl, fk, dist, bins, integer=False)
    if dist.status == "generated":
        _sample(s, tbl, dist)
    dist.review = build_review(dist, bins=bins)
    return dist


def _sample(s: ReviewSession, tbl: Table, dist: Distribution) -> None:
    """The planned side as the generator draws it: an independent sample's counts."""
    from workbench.distribution.sample import sample_side

    sample = s.sample(tbl.qualified)
    if isinstance(sample, str):
        dist.sample_note = sample
        return
    profile = sample.column(tbl.qualified, dist.column)
    if profile is None:
        dist.sample_note = "the sample holds no such column"
        return
    if profile.after_load:
        dist.sample_note = f"it is {profile.after_load}"
        return
    side = sample_side(profile, dist.kind, dist.actual)
    if side is not None:
        side["label"] = sample.label(tbl.qualified)
        side["seed"] = sample.seed
        dist.sample = side


def _read_actual(
    s: ReviewSession, tbl: Table, fk: ForeignKey | None, dist: Distribution, bins: int,
    *, integer: bool,
) -> None:  # fmt: skip
    """The sandbox's side, as the read-only role (the table may be a view over a function an
    agent planted); sets the status first, so an unfinished table shows no actual side."""
    from workbench.distribution import sql as q

    dist.notes = []
    ctx = s.ctx
    if _stopped_before(s, tbl, dist):
        return
    try:
        conn = s.conn()
    except DatabaseError as err:
        # the read-only role is granted its access at the end of a finished run
        reason = str(err).strip().splitlines()[-1]
        dist.notes.append(
            f"not readable as the read-only role ({reason}); a finished generate or reset grants it"
        )
        return
    with blockers_named(ctx.guard.connect, f"dist of {tbl.qualified}"), conn.transaction():
        facts = s.table_facts(conn, tbl)
        if not facts.present:
            dist.notes.append("not generated: the table is not in the sandbox yet")
            return
        if facts.hidden:
            dist.notes.append(
                "row-level security decides which of its rows the read-only role sees: the "
                "actual side would be a filtered view, so none is shown"
            )
            return
        ident, colid = sql.Identifier(tbl.schema, tbl.name), sql.Identifier(dist.column)
        total, nulls = facts.rows, facts.nulls.get(dist.column)
        if nulls is None:  # not a column the database holds: read alone, it fails alone
            row = conn.execute(
                sql.SQL("SELECT count(*), count(*) FILTER (WHERE {c} IS NULL) FROM {t}").format(
                    c=colid, t=ident
                )
            ).fetchone()
            total, nulls = (int(row[0]), int(row[1])) if row else (0, 0)
        if not _set_status(s, tbl, dist, total):
            return
        dist.rows = total
        dist.nulls["count"] = nulls
        dist.nulls["actual"] = round(nulls / total, 6) if total else None
        dist.flags = []
        if dist.kind == "category":
            planned_values = dist.planned.get("values") or []
            dist.actual = q.categories(conn, ident, colid, bins, total - nulls, planned_values)
            dist.flags += dominant_flag(dist)
        elif dist.kind in ("numeric", "date"):
            bounds = planned_bounds(dist)
            dist.actual = q.histogram(
                conn, ident, colid, bins, date=dist.kind == "date", integer=integer,
                bounds=bounds,
            )  # fmt: skip
            dist.flags += bound_flags(conn, ident, colid, dist)
            currency = _currency_of(ctx, tbl, dist)
            if currency is not None:
                flags, split = currency_split(conn, *currency, bins, integer=integer)
                dist.flags += flags
                if split:
                    dist.actual["by_currency"] = split
        else:
            assert fk is not None and dist.children is not None
            dist.children.update(q.fanout(conn, tbl, fk))
            from workbench.distribution.fk import add_default_law

            add_default_law(dist.children)


def _currency_of(
    ctx: Context, tbl: Table, dist: Distribution
) -> tuple[sql.Composable, sql.Composable, sql.Composable, str] | None:
    """Where an amount column's currency is (distribution_flags.currency_source), if any."""
    from workbench.generate.rules.money import currency_columns, is_money_column

    schema = ctx.schema()
    if dist.kind != "numeric" or not is_money_column(schema, tbl, dist.column, dist.generator):
        return None  # an id, a rating or a quantity beside a currency is not money
    own = [c for c in currency_columns(schema, tbl, ctx.config) if c != dist.column]
    parents = [
        (fk, currency_columns(schema, schema.tables[fk.ref_qualified], ctx.config))
        for fk in tbl.foreign_keys
        if fk.ref_qualified in schema.tables and dist.column not in fk.columns
    ]
    return currency_source(tbl, dist.column, own, parents)


def _stopped_before(s: ReviewSession, tbl: Table, dist: Distribution) -> bool:
    """True (with a note) when the last generation stopped before this table was complete:
    its actual side would only be noise beside the plan."""
    progress = s.progress()
    unfinished = progress.get("phase") in ("pre", "data")
    if unfinished and tbl.qualified not in (progress.get("completed") or []):
        dist.notes.append(
            "not generated: the last generation stopped (cancelled or failed) before "
            "this table was complete; generate again (a rerun resumes)"
        )
        return True
    return False


def _set_status(s: ReviewSession, tbl: Table, dist: Distribution, total: int) -> bool:
    """generated / not generated / stale, with a sentence saying why; False when the table
    holds no finished generation (a cancelled or failed run, or an empty table)."""
    if _stopped_before(s, tbl, dist):
        return False
    if total == 0:
        dist.notes.append("not generated: the table is empty")
        return False
    dist.generated = True
    dist.status = "generated"
    changed = s.stale()
    if changed:
        dist.status = "stale"
        dist.notes.append(
            f"{changed} changed after this data was generated: the actual side predates the "
            "change (generate again to compare with the current plan)"
        )
    return True


def _production(ctx: Context, tbl: Table, column: str, dist: Distribution) -> None:
    """Production's side from the statistics the project carries, where they cover it."""
    from workbench.distribution.production import production_side
    from workbench.generate.plan.personal import column_is_personal

    # the schema, not a plan: building a plan per reviewed column cost musicbrainz 0.4 s each
    personal = column_is_personal(ctx.schema(), tbl.qualified, column, dist.generator)
    dist.production = production_side(ctx, tbl, column, dist, personal)
