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
    follows = np.flatnonzero(keys[1:] == keys[:-1]) + 1
    if not follows.size:
        return
    now = clock.run_now(view.config)
    cols = [c for c in (batch.get(n) for n in rule.data["times"]) if c is not None]
    for at in follows.tolist():  # only the rows that follow a stage of their own parent
        prev, row = int(order[at - 1]), int(order[at])
        times = [as_us(c)[prev] for c in (anchor, *cols) if not c.nulls[prev]]
        floor = max(times) + np.timedelta64(1, "h")
        start = as_us(anchor)[row]
        if start >= floor or floor > now:
            continue
        shift = floor - start
        for c in (anchor, *cols):
            if c.nulls[row]:
                continue
            moved = as_us(c)
            moved[row] = min(moved[row] + shift, now)
            store(c, moved, np.asarray([row]))


RULE = RowRule(
    "stage_after",
    "a parent's next stage opens once the one before was decided",
    _plan,
    _apply,
    phases={"stage_after": Phase.FINAL},
    after=("sequence", "chain", "numbered", "apart", "in_force"),
    before=("valid_last",),
)
