"""A type code that states an age band holds on the day the row is about (kinds/age_bands.py):
an infant fare's passenger is under 2 on the day of the booking's first flight, a child
ticket's holder under 12 on the day of the show, a senior policy's insured over 65 when it
starts, a youth team's player under 12 at the start of the team's season (the band of the
row's group: kinds/age_bands.held_bands). Planned here, made to hold once every table is
loaded (load/age_load.py): the day may be a time of the row's parent's other children, which
come later than the row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from workbench.generate.kinds.age_bands import age_bands, event_of, held_bands
from workbench.generate.rules.base import Phase, RowRule, Rule, free

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date" and free(view, c)]
    if not births or view.specs[births[0]].kind != "date":
        return []
    bands = age_bands(view.schema, view.table, births[0])
    if bands is not None and bands.column not in view.specs:
        return []
    bands = bands or held_bands(view.schema, view.table, births[0])
    if bands is None:
        return []
    event = None
    if bands.holder is not None:  # the group's day (a team's season start), else the row's
        event = event_of(view.schema, view.schema.tables[bands.holder[1]], view.config)
    held = event is not None
    event = event or event_of(view.schema, view.table, view.config)
    if event is None:
        return []
    where = (
        event.time
        if event.how == "own"
        else f"{event.target or event.sibling or event.parent}.{event.time}"
    )
    shown = ", ".join(f"{label} {lo:g}-{hi:g}" for label, lo, hi in bands.bands)
    band = bands.column if bands.holder is None else f"{bands.holder[1]}.{bands.column}"
    detail = f"{births[0]} fits {band} ({shown}) on the day of {where}"
    columns = [births[0]] if bands.holder is not None else [births[0], bands.column]
    return [Rule("age_band", columns, detail, {"bands": bands, "event": event, "held": held})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Nothing per batch: the day may be another table's (load/age_load.py sets it)."""


RULE = RowRule(
    "age_band",
    "a type code naming an age band agrees with the date of birth on the day the row is about",
    _plan,
    _apply,
    phases={"age_band": Phase.FINAL},
    after=("born",),  # the date of birth as the row's own time left it
    before=("period",),
)
