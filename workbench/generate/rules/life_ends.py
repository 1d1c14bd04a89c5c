"""The end of the lives of a row's parents, as a bound on its times: nothing of a thing
happens after its life ended (a patient's consultation before the death, a colony's feeding
before it died): each parent's life (kinds/windows.life_of: a thing whose status says some
of its kind died or closed for good, its end named as that ending), not a case file's close
nor a term's end nor an occurrence's (a stay's check-out). For the rules that move a
time late in the run (rules/opening.py: a time moved into the opening hours stays before the
end of its parent's life)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.windows import life_of
from workbench.generate.rules.within import as_ints, parent_time

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
        life = life_of(view.schema, parent, view.config)
        if life is None or not life.end:
            continue  # a case file's close, a term's end: no life ended (kinds/windows.life_of)
        times = parent_time(view, ",".join(unit.fk.columns), unit.parent, life.end)
        if times is not None:
            end = as_ints(times, _NEVER)
            ceiling = np.where(end >= begin, np.minimum(ceiling, end), ceiling)
    return ceiling
