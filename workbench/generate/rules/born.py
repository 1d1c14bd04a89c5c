"""A person's age makes sense at the row's own time: a date of birth is drawn relative to
when the row came to be (its anchor: created_at, registered, signed up), so a member is the
adult the birth-date generator draws (20 to 75) on the day they joined, not on the run's
clock years later (a sign-up six years before the clock would have been at 14); at every
later time the age only grows from there. An age column beside it follows (rules/age.py).
Applied once the row's time is where it stays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.age import set_age
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.times import as_us, declared_window, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date"]
    if not births or not free(view, births[0]) or declared_window(view.specs[births[0]]):
        return []
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None or anchor not in view.specs or not is_time(view.specs[anchor].kind):
        return []
    ages = [r.columns[0] for r in planned if r.kind == "age" and r.columns[1] == births[0]]
    detail = f"{births[0]} as of {anchor}: the age drawn is the age when the row came to be"
    return [Rule("born", [births[0], anchor, *ages[:1]], detail)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Move each birth by the time between the row's own time and the run's clock."""
    birth, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if birth is None or when is None:
        return
    now = clock.run_now(view.config).astype("datetime64[us]")
    own = as_us(when)
    rows = np.flatnonzero(~birth.nulls & ~when.nulls & (own < now))
    if rows.size:
        store(birth, as_us(birth) - (now - own), rows)
    if len(rule.columns) > 2 and rule.columns[2] in batch:
        set_age(view, rule.columns[2], rule.columns[0], batch)


RULE = RowRule(
    "born",
    "a date of birth as of the row's own time: adult when the row came to be",
    _plan,
    _apply,
    phases={"born": Phase.FINAL},
    after=("within",),  # once the row's time is where it stays
    before=("period",),
)
