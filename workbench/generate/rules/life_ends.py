"""The end of the lives of a row's parents, as a bound on its times: nothing of a thing
happens after its life ended (a patient's consultation before the death, a colony's feeding
before it died): each parent's window of validity (kinds/windows.in_force; `life_of` the life
no pair of names says) whose end is named as a life's end (vocab/life_end.end_time,
kinds/anchors.ending_of), not an occurrence's (a stay's check-out). For the rules that move a
time late in the run (rules/opening.py: a time moved into the opening hours stays before the
end of its parent's life)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.anchors import ending_of
from workbench.generate.kinds.windows import in_force
from workbench.generate.rules.within import as_ints, parent_time
from workbench.generate.vocab import life_end

if TYPE_CHECKING:
    from workbench.generate.view import TableView

_NEVER = np.iinfo(np.int64).max


def parents_ended(view: TableView, begin: np.ndarray) -> np.ndarray:
    """For each row (its time `begin`, µs), the earliest end of its parents' windows at or
    after that time (µs), the largest int64 where none ended."""
    ceiling = np.full(begin.size, _NEVER, np.int64)
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.parent == view.tp.name:
            continue
        for window in in_force(view.schema, parent, view.config):
            life = life_end.end_time(window.end) or window.end == ending_of(
                view.schema, parent, view.config
            )
            if not window.end or not window.validity or not life:
                continue
            times = parent_time(view, ",".join(unit.fk.columns), unit.parent, window.end)
            if times is not None:
                end = as_ints(times, _NEVER)
                ceiling = np.where(end >= begin, np.minimum(ceiling, end), ceiling)
    return ceiling
