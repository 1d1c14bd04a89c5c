"""What happens during a parent's own time takes place then: a row whose time rules/within.py
holds inside the window its parent takes place in (a hint given during an escape game, a cue
called during a climbing session, a goal scored during a match: the parent's start and end,
not a validity), under a key that may not be NULL, keeps the hours its parent was placed in,
and is not moved on to the next opening of the site (rules/opening.py). A parent whose name
says it lasts days (a course, a stay: rules/span.scale_of), or one the row may lack (a viewing
of no sale), still leaves its rows to the site's hours. So does a booked slot the row may lack
(an inspection of no booking, a walk-in): its rows of no slot keep the site's hours, the
others their slot's (slot_free). Nor are a parent's numbered rows people attend that
rules/sequence.py lays days to weeks apart (a repair job's visits, a course's lessons): each
is in the site's hours on a day of its own, whatever the parent's own time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import span
from workbench.generate.rules.base import Rule

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def during_parent(view: TableView, planned: Sequence[Rule], column: str) -> bool:
    """Whether the row's time is held inside the window its parent takes place in (a hint
    given during a game, a goal scored during a match, a reading taken during a flight:
    rules/within.py, the parent's start and end, not a validity, unless its name says it lasts
    days: a course's lessons, a stay's meals still keep their hours): the parent was placed in
    its hours already, and what happens during it happens then, not at the next opening.
    So does what happened at a booked slot (rules/timeline.py: a visit's one examination,
    minutes from its appointment's start)."""
    if any(r.kind == "sequence" and r.data.get("apart") and column in r.columns for r in planned):
        return False  # laid days to weeks apart (a job's visits): each in the site's hours
    for rule in planned:
        slot = rule.kind == "after_parent" and rule.columns[0] == column and rule.data.get("at")
        if slot and _slot_keys(view, rule) is None:
            return True
        if rule.kind != "within" or rule.columns[0] != column:
            continue
        for fk, parent, _, end, _ in rule.data["windows"]:
            if any(view.specs[c].nullable for c in fk.split(",") if c in view.specs):
                continue  # a row that may be of no parent (a viewing of no sale)
            table = view.schema.tables.get(parent)
            window = window_of(view.schema, table, view.config) if table is not None else None
            if not end or window is None or window.validity or window.end != end:
                continue
            scale = span.scale_of(parent.rsplit(".", 1)[-1])
            if scale is None or scale[1] <= span.DAY_MINUTES:
                return True
    return False


def _slot_keys(view: TableView, rule: Rule) -> list[str] | None:
    """The keys of the booked slots a row's time is minutes from, where the row may lack
    every one of them (an inspection of no booking); None where it may not."""
    keys = [fk for fk, _, _ in rule.data.get("near") or ()]
    optional = all(view.specs[c].nullable for fk in keys for c in fk.split(",") if c in view.specs)
    return keys if keys and optional else None


def slot_free(view: TableView, batch: Batch, column: str) -> np.ndarray:
    """Per row, whether its time is free of a booked slot it may lack (none named): the rows
    rules/opening.py places in the site's hours; every row where the time is no slot's."""
    free = np.ones(batch[column].values.size, bool)
    for rule in view.rules:
        if rule.kind != "after_parent" or rule.columns[0] != column or not rule.data.get("at"):
            continue
        for fk in _slot_keys(view, rule) or ():
            for c in fk.split(","):
                held = batch.get(c)
                if held is not None:
                    free &= held.nulls
    return free
