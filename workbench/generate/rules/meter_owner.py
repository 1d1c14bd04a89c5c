"""Which parent a row's meter readings belong to: the thing the meter is on. A round, a shift,
a job has several required parents (the route it follows, the driver, the truck); its
`odometer_start_km`/`odometer_end_km` are the truck's, so they chain per truck, whichever
route or driver the truck served that day.

Two signs name that parent where none keeps a register of its own (rules/counter.py reads
that first): an index that reads the rows by the parent in time order (`INDEX (truck_id,
started_at)`: the rows are that parent's history, one after another), and a parent that is a
made thing (kinds/machines.py: its columns identify a machine, a registration or plate, a
VIN, a serial number, a make and model, the day it was commissioned), where a route, a
person or a customer has none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.kinds.machines import machine_score

if TYPE_CHECKING:
    from collections.abc import Sequence

    from workbench.generate.view import FKUnit, TableView


def metered(view: TableView, found: Sequence[FKUnit], when: str) -> FKUnit | None:
    """Of the required parents `found`, the one the meter is on: read in time order by an
    index, else the one most like a machine; None when neither sign tells one apart."""
    if len(found) < 2:
        return None
    indexed = [u for u in found if _history_of(view, u, when)]
    if len(indexed) == 1:
        return indexed[0]
    pool = indexed or list(found)
    scores = [_machine_score(view, u) for u in pool]
    best = max(scores)
    if best < 2 or scores.count(best) > 1:
        return indexed[0] if indexed else None
    return pool[scores.index(best)]


def _history_of(view: TableView, unit: FKUnit, when: str) -> bool:
    """Whether an index reads the rows by this parent's key, then by the time `when`."""
    key = list(unit.fk.columns)
    for index in view.table.indexes:
        columns = list(index.columns)
        if index.predicate is None and columns[: len(key)] == key and when in columns[len(key) :]:
            return True
    return False


def _machine_score(view: TableView, unit: FKUnit) -> int:
    parent = view.schema.tables.get(unit.parent)
    return machine_score(parent) if parent is not None else 0
