"""A parent's status decides its children's stage times: a child whose times that may be NULL
are named after labels of its parent's lifecycle (a booking's `checked_in`/`checked_out` and
its room stays' `checked_in_at`/`checked_out_at`, an order's `shipped`/`delivered` and its
parcels' `shipped_at`/`delivered_at`) records how far the parent got. A child of a parent that
got that far has the time (a checked-out booking's stays were checked in and out), one of a
parent still under way only the stages it reached (a guest in house: checked in, not out), one
of a parent that failed (cancelled, a no-show: vocab/outcomes.py) or has not got there none.

Where the children's rows allow, they exist where their parent got as far as their first stage
and nowhere else: every such parent has one while the rows last, a parent that never got there
none (rules/happened.py covers them with `stage_record`, as it does a record named after a
label). Read from the schema: the parent's enum labels, the child's nullable time columns'
names (status.plan_stamps, the rule a row's own status follows). The times set are placed by
the time rules after this one (in order after the row's start, by the run's clock)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.status import canon, lifecycle, plan_stamps
from workbench.generate.rules.times import as_us, gap, is_time, store, time_stem
from workbench.generate.vocab.outcomes import STATUS_WORDS, lifecycle_meanings
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import ForeignKey, Schema, Table

_SCHEMA_TIMES = ("timestamp", "timestamptz", "date")


def _parent_status(schema: Schema, parent: Table) -> tuple[str, list[str]] | None:
    """The parent's lifecycle status column (an enum) and its labels."""
    for column in parent.columns:
        if normalise(column.name).split("_")[-1] not in STATUS_WORDS:
            continue
        labels = list(resolve_type(schema, column.type).labels)
        if labels and lifecycle_meanings(labels) is not None:
            return column.name, labels
    return None


def stages_of(
    schema: Schema, table: Table
) -> list[tuple[ForeignKey, str, list[str], dict[str, tuple[str, object]]]]:
    """(the required key to the parent, its status column, its labels, the plan of each of the
    row's nullable times named after one of them: ("reach", how far) or ("exact", labels))."""
    out = []
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == table.qualified:
            continue
        own = table.column(fk.columns[0])
        parent = schema.tables.get(fk.ref_qualified)
        if own is None or own.nullable or parent is None:
            continue
        found = _parent_status(schema, parent)
        if found is None:
            continue
        status, labels = found
        named = {canon(label) for label in labels}
        times = {c.name: time_stem(c.name) for c in table.columns
                 if c.nullable and c.generated is None
                 and resolve_type(schema, c.type).kind in _SCHEMA_TIMES
                 and canon(time_stem(c.name)) in named}  # fmt: skip
        plan = plan_stamps(labels, times)
        if plan:
            out.append((fk, status, labels, plan))
    return out


def stage_record(schema: Schema, table: Table, fk: ForeignKey) -> tuple[str, list[str]] | None:
    """(the parent's status column, the labels of parents that got as far as the child's
    first stage, not failed) for a key whose parent's status decides the child's stages."""
    for key, status, labels, plan in stages_of(schema, table):
        if key is not fk:
            continue
        meanings = lifecycle_meanings(labels) or {}
        reach = lifecycle(labels)
        firsts = [float(what) for how, what in plan.values() if how == "reach"]  # type: ignore[arg-type]
        if not firsts:
            return None
        first = min(firsts)
        fit = [lb for lb in labels if reach[lb] >= first - 1e-9 and meanings[lb] != "failed"]
        return (status, fit) if 0 < len(fit) < len(labels) else None
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    decided = {c for r in planned if r.kind in ("status", "flag") for c in r.columns}
    out = []
    for fk, status, labels, plan in stages_of(view.schema, view.table):
        mine = {c: p for c, p in plan.items() if c not in decided and free(view, c)}
        if not mine:
            continue
        parent = fk.ref_qualified
        detail = f"{', '.join(mine)} as far as {parent}.{status} got (set, under way or none)"
        base = anchor_of(view.schema, view.table, view.config)
        if base is not None and (base in plan or not is_time(view.specs[base].kind)):
            base = None
        model = view.schema.tables.get(parent)
        p_base = anchor_of(view.schema, model, view.config) if model is not None else None
        data = {"fk": fk.columns[0], "parent": parent, "status": status, "labels": labels,
                "plan": mine, "base": base, "p_base": p_base}  # fmt: skip
        out.append(Rule("parent_stages", list(mine), detail, data))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    rows, nulls = view.parent_rows(d["fk"])
    held = view.keys.tables.get(d["parent"], {}).get(d["status"])
    if rows is None or held is None:
        return
    meanings = lifecycle_meanings(d["labels"]) or {}
    reach = lifecycle(d["labels"])
    names, pos = label_codes(held)
    got = np.array([reach.get(str(n), -1.0) if meanings.get(str(n)) != "failed" else -1.0
                    for n in names], np.float64)  # fmt: skip
    known = ~nulls & ~held.nulls[rows]
    reached = np.where(known, got[pos][rows], -1.0)
    current = _base(view, rule, batch, rows, nulls)
    rng = row_rng(view, rule, idx)
    plan = d["plan"]
    # stages in lifecycle order: each a while after the one before (or the row's start)
    for column in sorted(plan, key=lambda c: float(plan[c][1]) if plan[c][0] == "reach" else 99):
        col = batch.get(column)
        if col is None:
            continue
        how, what = plan[column]
        if how == "reach":
            want = known & (reached >= float(what) - 1e-9)
        else:
            fits = np.isin(np.asarray(names, dtype=object), list(what))
            want = known & fits[pos][rows]
        at = as_us(col)
        placed = ~np.isnat(current)
        early = placed & (col.nulls | np.isnat(at) | (at < current))
        store(col, current + gap(rng, want.size, 1), np.flatnonzero(want & early))
        given = np.flatnonzero(~col.nulls)
        lacking = np.flatnonzero(want & col.nulls & ~placed)
        if lacking.size and given.size:  # no time to follow: a value the time rules move
            col.values[lacking] = col.values[given[np.arange(lacking.size) % given.size]]
        col.nulls[:] = np.where(known, ~want, col.nulls)
        current = np.where(want & ~col.nulls, as_us(col), current)


def _base(view: TableView, rule: Rule, batch: Batch, rows: np.ndarray,
          nulls: np.ndarray) -> np.ndarray:  # fmt: skip
    """The time a child's first stage follows: its own start (a stay's first night), else its
    parent's (an order's placing); NaT where neither is known."""
    d = rule.data
    nat = np.datetime64("NaT", "us")
    own = batch.get(d["base"] or "")
    if own is not None:
        return np.where(own.nulls, nat, as_us(own))
    held = view.keys.tables.get(d["parent"], {}).get(d["p_base"] or "")
    if held is None:
        return np.full(rows.size, nat)
    at = np.asarray(held.values[rows]).astype("datetime64[us]")
    return np.where(nulls | held.nulls[rows], nat, at)


def _plan_by_now(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    for rule in planned:
        if rule.kind != "parent_stages":
            continue
        timed = [c for c in rule.columns if view.specs[c].kind == "timestamp"]
        if timed:
            detail = f"{', '.join(timed)} by the run's clock (the parent got that far by now)"
            out.append(Rule("stages_by_now", timed, detail, {"plan": rule.data["plan"]}))
    return out


def _apply_by_now(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """A stage the parent's status says was reached happened by now: a time the rules after
    the stages moved past the clock is set back to lately, after the stage before it."""
    now = clock.run_now(view.config).astype("datetime64[us]")
    plan = rule.data["plan"]
    rng = row_rng(view, rule, idx)
    before = np.full(idx.size, np.datetime64("NaT", "us"))
    for column in sorted(rule.columns, key=lambda c: float(plan[c][1]) if plan[c][0] == "reach"
                         else 99):  # fmt: skip
        col = batch.get(column)
        if col is None:
            continue
        at = as_us(col)
        late = ~col.nulls & (at > now)
        if late.any():
            floor = np.where(np.isnat(before) | (before > now), now - np.timedelta64(1, "h"),
                             before)  # fmt: skip
            room = np.maximum((now - floor).astype(np.int64), 1)
            back = (rng.random(idx.size) * room).astype(np.int64).astype("timedelta64[us]")
            store(col, now - back, np.flatnonzero(late))
        before = np.where(col.nulls, before, as_us(col))


RULE = RowRule(
    "parent_stages",
    "a child's stage times named after its parent's labels follow how far the parent got",
    _plan,
    _apply,
    after=("status",),
    before=("flag",),
)
BY_NOW = RowRule(
    "stages_by_now",
    "the stage times a parent's status decided happened by the run's clock",
    _plan_by_now,
    _apply_by_now,
    phases={"stages_by_now": Phase.FINAL},
    after=("chain", "span", "stage_clock", "within", "sequence", "rotation", "year_periods"),
    before=("by_clock",),
)
