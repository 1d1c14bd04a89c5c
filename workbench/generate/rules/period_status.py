"""A status set by the period its row belongs to: a row with a lifecycle status and no window of
its own, under a parent (or a grandparent, through NOT NULL keys) that takes place over a
period (`starts_on`/`ends_on`: a term, a season, a course run), is done once that period is
over and still under way while it is not: an enrolment in a term that ended is completed, one
in the current term is active. A row that failed (dropped, withdrawn, cancelled) keeps its
status, whatever the period, and its time named after that label (`dropped_on`) falls between
the row's start and the period's end, by now; that time is NULL on every other row. A
nullable result (`final_grade`, `score`, `mark`, `result`, `points`) is set exactly on the
done rows. The row itself came to be shortly before its period started (enrolled weeks before
the term), by now.

Read from the shape (a status whose labels vocab/outcomes.py knows, a parent's window, no time
of the row's own but its creation and its failures' times), no table named here. Applied
among the last time rules (FINAL), after the status rule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import required_parents
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.meets import SortedRows
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.status import canon
from workbench.generate.rules.times import DAY_US, as_us, is_time, store, time_stem

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

RESULT_WORDS = frozenset({"grade", "score", "mark", "marks", "result", "points", "outcome"})
UNDER_WAY = ("steady", "open")
LEAD_DAYS = 28  # a row comes to be up to this many days before its period starts


def _path(view: TableView) -> tuple[str, str | None, str, str, str] | None:
    """(key, key of the parent to the period's table or None, the period's table, its start,
    its end): the nearest parent over required single-column keys that takes place over a
    period."""
    for unit in view.units:
        if len(unit.fk.columns) != 1 or unit.nullable or unit.mode != "normal":
            continue
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.parent == view.tp.name:
            continue
        window = window_of(view.schema, parent, view.config)
        if window is not None and not window.validity:
            return unit.fk.columns[0], None, unit.parent, window.start, window.end
    for unit in view.units:
        if len(unit.fk.columns) != 1 or unit.nullable or unit.mode != "normal":
            continue
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.parent == view.tp.name:
            continue
        for fk, grand in required_parents(view.schema, parent):
            if fk.ref_qualified == unit.parent:
                continue
            window = window_of(view.schema, grand, view.config)
            if window is not None and not window.validity:
                return unit.fk.columns[0], fk.columns[0], fk.ref_qualified, window.start, window.end
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = status_meanings(view)
    if found is None or window_of(view.schema, view.table, view.config) is not None:
        return []
    status, meanings = found
    done = [lb for lb, m in meanings.items() if m == "done"]
    going = [lb for lb, m in meanings.items() if m in UNDER_WAY]
    failed = [lb for lb, m in meanings.items() if m == "failed"]
    path = _path(view)
    if path is None or not done or not going or not free(view, status):
        return []
    stamps = {}
    for name, spec in view.specs.items():
        if is_time(spec.kind) and spec.nullable and free(view, name):
            for label in failed:
                if canon(time_stem(name)) == canon(label):
                    stamps[name] = label
    results = [
        name
        for name, spec in view.specs.items()
        if spec.nullable
        and not is_time(spec.kind)
        and free(view, name)
        and set(normalise(name).split("_")) & RESULT_WORDS
    ]
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is not None and not (free(view, anchor) and is_time(view.specs[anchor].kind)):
        anchor = None
    times = {c for c, spec in view.specs.items() if is_time(spec.kind)}
    if times - {anchor, *stamps}:
        return []  # a row with times of its own (ordered, resulted, paid) has its own story
    data = {"status": status, "done": done[0], "going": going[0], "failed": failed,
            "path": path, "stamps": stamps, "results": results, "anchor": anchor}  # fmt: skip
    text = f"{status} follows {path[2]}.{path[3]}..{path[4]} against now"
    return [Rule("period_status", [status, *stamps, *results], text, data)]


def _period(view: TableView, rule: Rule) -> tuple[np.ndarray, np.ndarray] | None:
    """Each row's period (start, end) in microseconds, NaT-free (None: not known)."""
    key, via, table, start, end = rule.data["path"]
    rows, nulls = view.parent_rows(key)
    if rows is None or nulls.any():
        return None
    if via is not None:
        parent = view.fk_cols[key].parent
        link = view.keys.tables.get(parent, {}).get(via)
        if link is None:
            return None
        held = view.keys.tables.get(table, {})
        fk = next(f for f in view.schema.tables[parent].foreign_keys if f.columns == [via])
        ref = fk.ref_columns[0]
        if ref not in held:
            return None
        found = SortedRows(view, table, ref, np.flatnonzero(~held[ref].nulls))
        lo, hi = found.ranges(link.values[rows])
        if (hi <= lo).any():
            return None
        rows = found.rows[lo]
    held = view.keys.tables.get(table, {})
    if start not in held or end not in held:
        return None
    begins = as_us(held[start]).astype(np.int64)[rows]
    ends = as_us(held[end]).astype(np.int64)[rows]
    if (held[start].nulls[rows] | held[end].nulls[rows]).any():
        return None
    return begins, ends


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    period = _period(view, rule)
    status = batch.get(rule.data["status"])
    if period is None or status is None or not idx.size:
        return
    begins, ends = period
    n = idx.size
    rng = row_rng(view, rule, idx)
    now = int(clock.run_now(view.config).astype(np.int64))
    today = now - now % DAY_US
    names, codes = label_codes(status)
    labels = np.asarray(names, dtype=object)[codes]
    failed = np.isin(labels, rule.data["failed"]) & ~status.nulls
    over = ends < today
    done = over & ~failed
    for mask, label in ((done, rule.data["done"]), (~over & ~failed, rule.data["going"])):
        if mask.any():
            status.values[mask] = typed_label(status, label)
    status.nulls[:] = False
    # the row came to be shortly before its period started, by now
    anchor = batch.get(rule.data["anchor"] or "")
    born = begins - (rng.random(n) * LEAD_DAYS * DAY_US).astype(np.int64)
    born = np.minimum(born, now - (rng.random(n) * DAY_US).astype(np.int64))
    if anchor is not None:
        store(anchor, born.astype("datetime64[us]"), np.arange(n))
        anchor.nulls[:] = False
    # the time a failure happened: between the row's start and the period's end, by now
    last = np.minimum(ends, today)
    first = np.minimum(born, last)
    when = first + (rng.random(n) * np.maximum(last - first, 0)).astype(np.int64)
    for name, label in rule.data["stamps"].items():
        col = batch.get(name)
        if col is None:
            continue
        mine = failed & (labels == label)
        store(col, when.astype("datetime64[us]"), np.flatnonzero(mine))
        col.nulls[:] = ~mine
    # a result exactly on the done rows
    for name in rule.data["results"]:
        col = batch.get(name)
        if col is None:
            continue
        have = np.flatnonzero(~col.nulls)
        if have.size:
            lack = np.flatnonzero(done & col.nulls)
            col.values[lack] = col.values[have[rng.integers(0, have.size, lack.size)]]
        col.nulls[:] = ~done if have.size else col.nulls


RULE = RowRule(
    "period_status",
    "a row's status follows its parent's period against now (a term over: completed)",
    _plan,
    _apply,
    phases={"period_status": Phase.FINAL},
    after=("stage_clock",),
    before=("within",),
)
