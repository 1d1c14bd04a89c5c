"""A row handed in against its parent's deadline agrees with it: a submission of an assignment,
a filing of a tax period, a claim of a policy window, an answer to a request for quotes. The
parent opens (its creation: `published_at`, `opened_at`) and is due (`due_at`, `deadline`,
`due_date`); the row's hand-in time (the first time its status decides: `submitted_at`) and
its status say the same thing:

- a row labelled late (late, overdue, past_due) was handed in after the due time, by now (a
  row whose parent is not due yet cannot be late: it is handed in on time);
- a row of an ending with no time of its own (missing, not_submitted) has no hand-in, no later
  stage and no result, and its parent's due time has passed;
- every other row was handed in between the opening and the due time, by now; its later
  stages (`graded_at`) follow the hand-in, by now;
- a result (`points`, `score`, `mark`) is given exactly on the done rows, at most the
  parent's maximum (`max_points`, `points_possible`, `total_marks`).

Read from the shape (a status with a late label, a NOT NULL key to a parent with a due time),
no table named here. Applied among the last time rules (FINAL)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.status import lifecycle, plan_stamps
from workbench.generate.rules.times import DAY_US, as_us, is_time, store, time_stem
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

LATE = frozenset({"late", "overdue", "past_due", "late_submission", "delayed"})
DUE = frozenset({"due", "deadline"})
RESULTS = frozenset({"points", "score", "mark", "marks", "grade", "result"})
MAXIMUM = frozenset({"max", "maximum", "possible", "total", "out_of", "full"})
_HOUR = 3_600_000_000


def _due_of(schema: Schema, table: Table) -> str | None:
    """The parent's due time: a NOT NULL time column named due/deadline."""
    for column in table.columns:
        words = set(normalise(column.name).split("_"))
        kind = resolve_type(schema, column.type).kind
        if kind in ("timestamp", "timestamptz", "date") and words & DUE and not column.nullable:
            return column.name
    return None


def _maximum_of(table: Table, result: str) -> str | None:
    """The parent's maximum of the row's result (`max_points` for `points`)."""
    word = normalise(result)
    for column in table.columns:
        words = normalise(column.name).split("_")
        if word in words and set(words) - {word} and set(words) - {word} <= MAXIMUM:
            return column.name
    return None


def _parent(view: TableView) -> tuple[str, str, str, str | None] | None:
    """(key, parent table, its due time, its opening time) over a NOT NULL one-column key."""
    for unit in view.units:
        if len(unit.fk.columns) != 1 or unit.nullable or unit.mode != "normal":
            continue
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.parent == view.tp.name:
            continue
        due = _due_of(view.schema, parent)
        if due is None:
            continue
        opens = anchor_of(view.schema, parent, view.config)
        return unit.fk.columns[0], unit.parent, due, opens if opens != due else None
    return None


def keep_columns(view: TableView) -> set[str]:
    """The due time, opening and maxima a child's deadline reads."""
    due = _due_of(view.schema, view.table)
    if due is None:
        return set()
    keep = {due}
    opens = anchor_of(view.schema, view.table, view.config)
    if opens is not None:
        keep.add(opens)
    for column in view.table.columns:
        words = set(normalise(column.name).split("_"))
        if words & RESULTS and words & MAXIMUM:
            keep.add(column.name)
    return keep


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = status_meanings(view)
    if found is None or not free(view, found[0]):
        return []
    status, meanings = found
    late = [lb for lb in meanings if normalise(lb) in LATE]
    parent = _parent(view)
    if not late or parent is None:
        return []
    times = {c: time_stem(c) for c, s in view.specs.items() if is_time(s.kind) and free(view, c)}
    plan = plan_stamps(list(meanings), times)
    reached = sorted((at, c) for c, (how, at) in plan.items() if how == "reach")
    if not reached:
        return []
    handed = reached[0][1]
    place = lifecycle(list(meanings))
    stamped = {lb for lb in meanings for _, c in reached if place[lb] >= plan[c][1] - 1e-9}
    # an ending with no time of its own: nothing was handed in
    absent = [lb for lb, m in meanings.items() if m == "failed" and lb not in late]
    absent = [lb for lb in absent if not any(lb in v for how, v in plan.values() if how == "exact")]
    done = [lb for lb, m in meanings.items() if m == "done"]
    results = {}
    for name, spec in view.specs.items():
        if spec.nullable and free(view, name) and normalise(name) in RESULTS:
            table = view.schema.tables[parent[1]]
            results[name] = _maximum_of(table, name)
    later = [c for _, c in reached[1:]]
    # a row not due yet is handed in on time: the label right at the hand-in ('submitted'),
    # not a later stage it has no time for ('graded')
    on_time = min((lb for lb in stamped if lb != late[0]), key=lambda lb: place[lb], default=None)
    data = {"status": status, "late": late[0], "absent": absent, "done": done,
            "handed": handed, "later": later, "parent": parent, "results": results,
            "stamped": sorted(stamped), "on_time": on_time}  # fmt: skip
    columns = [status, handed, *later, *results]
    detail = f"{handed} and {status} against {parent[1]}.{parent[2]} ({late[0]} after it)"
    return [Rule("deadline", columns, detail, data)]


def _parent_times(view: TableView, rule: Rule) -> dict[str, np.ndarray] | None:
    key, table, due, opens = rule.data["parent"]
    rows, nulls = view.parent_rows(key)
    held = view.keys.tables.get(table, {})
    if rows is None or nulls.any() or due not in held:
        return None
    out = {"due": as_us(held[due]).astype(np.int64)[rows]}
    if opens is not None and opens in held:
        out["opens"] = as_us(held[opens]).astype(np.int64)[rows]
    for result, maximum in rule.data["results"].items():
        if maximum is not None and maximum in held:
            values = np.asarray(held[maximum].values, dtype=np.float64)[rows]
            out[result] = np.where(held[maximum].nulls[rows], np.inf, values)
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    parent = _parent_times(view, rule)
    status, handed = batch.get(rule.data["status"]), batch.get(rule.data["handed"])
    if parent is None or status is None or handed is None or not idx.size:
        return
    rng = row_rng(view, rule, idx)
    n = idx.size
    now = int(clock.run_now(view.config).astype(np.int64))
    due = parent["due"]
    opens = parent.get("opens", due - 7 * DAY_US)
    opens = np.minimum(opens, due - _HOUR)
    names, codes = label_codes(status)
    labels = np.asarray(names, dtype=object)[codes]
    late = (labels == rule.data["late"]) & ~status.nulls
    # not due yet: a row cannot be late, a row cannot be missing
    ahead = due >= now
    on_time = rule.data.get("on_time")
    if on_time is not None:
        moved = (late | np.isin(labels, rule.data["absent"])) & ahead
        status.values[moved] = typed_label(status, on_time)
        labels = np.where(moved, on_time, labels)
        late &= ~moved
        for name in rule.data["later"]:  # handed in, no later stage yet
            col = batch.get(name)
            if col is not None and col.nullable:
                col.nulls[moved] = True
    absent = np.isin(labels, rule.data["absent"]) & ~status.nulls
    after = due + _HOUR // 4 + (rng.exponential(DAY_US, n)).astype(np.int64)
    last = np.minimum(due, now - _HOUR // 4)
    within = opens + (rng.random(n) * np.maximum(last - opens, 0)).astype(np.int64)
    when = np.where(late, np.minimum(after, now - 60_000_000), within)
    rows = np.flatnonzero(~absent & ~handed.nulls)
    store(handed, when.astype("datetime64[us]"), rows)
    handed.nulls[absent] = True
    current = when
    for name in rule.data["later"]:
        col = batch.get(name)
        if col is None:
            continue
        gap = (rng.exponential(3 * DAY_US, n) + _HOUR).astype(np.int64)
        stamp = np.minimum(current + gap, now - 60_000_000)
        stamp = np.maximum(stamp, current)
        set_rows = np.flatnonzero(~col.nulls & ~absent)
        store(col, stamp.astype("datetime64[us]"), set_rows)
        col.nulls[absent] = True
        current = np.where(col.nulls, current, stamp)
    done = np.isin(labels, rule.data["done"]) & ~status.nulls
    for name in rule.data["results"]:
        col = batch.get(name)
        if col is None:
            continue
        top = parent.get(name)
        if top is not None:
            share = 0.45 + 0.55 * rng.beta(4.0, 1.5, n)
            step = view.specs[name].step or 0.1
            value = np.floor(np.where(np.isfinite(top), top * share, 0) / step) * step
            fix = np.flatnonzero(done & np.isfinite(top))
            col.values[fix] = value[fix].astype(col.values.dtype)
        have = np.flatnonzero(~col.nulls)
        lack = np.flatnonzero(done & col.nulls)
        if have.size and lack.size and top is None:
            col.values[lack] = col.values[have[rng.integers(0, have.size, lack.size)]]
        col.nulls[:] = ~done


RULE = RowRule(
    "deadline",
    "a row handed in against its parent's due time (late after it, missing without a hand-in)",
    _plan,
    _apply,
    phases={"deadline": Phase.FINAL},
    after=("period_status",),
    before=("within",),
)
