"""A parent's next stage opens once the one before was decided: of the stages numbered per
parent (rules/stage_number.py: an appeal's review then its adjudication), a stage that follows
another of its parent in the batch is lodged after every time of the one before (its decision
too), all its own times moved by the same shift, by the run's clock (a shift past it is not
made). Applied in the last phase, after the rules that lay a parent's rows out one after
another (rules/sequence.py) and the row's dates in order (rules/chain.py). No table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.stage_number import plan_stages, stage_order
from workbench.generate.rules.times import as_us, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    for rule in plan_stages(view, planned):
        d = rule.data
        if d["anchor"] is not None and d["status"] is not None and free(view, d["anchor"]):
            detail = f"{d['number']} n opens once n-1 was decided"
            out.append(Rule("stage_after", [d["anchor"], *d["times"]], detail, d))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    found = stage_order(rule, batch)
    anchor = batch.get(rule.data["anchor"])
    if found is None or anchor is None:
        return
    order, keys = found
    follows = keys[1:] == keys[:-1]
    if not follows.any():
        return
    now = clock.run_now(view.config).astype(np.int64)
    cols = [anchor, *(c for c in (batch.get(n) for n in rule.data["times"]) if c is not None)]
    times = [as_us(c).astype(np.int64) for c in cols]
    lowest = np.iinfo(np.int64).min
    # each row's depth among its parent's stages in the batch: stage n moves after n-1 has
    first = np.r_[True, ~follows]
    depth = np.arange(order.size) - np.maximum.accumulate(np.where(first, np.arange(order.size), 0))
    moved = np.zeros(order.size, bool)
    for level in range(1, int(depth.max()) + 1):  # a few levels: a parent's tries are few
        at = np.flatnonzero(depth == level)
        prev, row = order[at - 1], order[at]
        last = np.max(
            [np.where(c.nulls[prev], lowest, t[prev]) for c, t in zip(cols, times, strict=True)],
            axis=0,
        )
        floor = last + 3_600_000_000  # an hour after the stage before was decided
        shift = floor - times[0][row]
        go = (shift > 0) & (floor <= now) & ~anchor.nulls[row]
        row, shift = row[go], shift[go]
        for c, t in zip(cols, times, strict=True):
            t[row] = np.where(c.nulls[row], t[row], np.minimum(t[row] + shift, now))
        moved[row] = True
    rows = np.flatnonzero(moved)
    for c, t in zip(cols, times, strict=True):
        if rows.size:
            store(c, t.astype("datetime64[us]"), rows[~c.nulls[rows]])


RULE = RowRule(
    "stage_after",
    "a parent's next stage opens once the one before was decided",
    _plan,
    _apply,
    phases={"stage_after": Phase.FINAL},
    after=("sequence", "chain", "numbered", "apart", "in_force"),
    before=("valid_last",),
)
