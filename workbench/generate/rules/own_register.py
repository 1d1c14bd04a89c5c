"""A parent's own register read on its child's rows: a number named after the row's required
parent and a unit of use (`compressor_hours` on a gas fill under `compressor_id`, `engine_hours`
on a log entry under a key to engines, `pump_cycles` under a pump) is what that parent's meter
read at the row's time (rules/counter.py), whatever other amounts sit beside it on the row (a
fill's pressure, its oxygen share). The parent is named by the key's words (`compressor_id`) or
by its table's noun (`compressors`); the unit is any with an hourly pace (vocab/paces.py: hours,
cycles, kilometres). Any schema: no table or column is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.vocab.paces import pace_of

if TYPE_CHECKING:
    from workbench.generate.view import TableView

KEY_WORDS = frozenset({"id", "fk", "key", "ref"})  # words of a key's name, not its parent's


def parents_register(view: TableView, name: str) -> bool:
    """Whether `name` is a unit of use qualified by the noun of the row's required parent."""
    words = set(normalise(name).split("_"))
    pace = pace_of(words)
    if pace is None or pace.per_hour is None:
        return False
    rest = words - pace.words
    if not rest:
        return False
    for unit in view.units:
        if unit.nullable or unit.parent == view.tp.name or len(unit.fk.columns) != 1:
            continue
        key = set(normalise(unit.fk.columns[0]).split("_")) - KEY_WORDS
        noun = normalise(unit.parent.rsplit(".", 1)[-1]).split("_")
        if rest <= key or rest <= set().union(*(singular_forms(w) for w in noun)):
            return True
    return False
