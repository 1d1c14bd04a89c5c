"""A production run: a run of a line or a machine a business operates (a bottling line's,
a printing press's, an oven's, a packing machine's runs: a table named after runs with a
required key to such equipment, or a production run of whatever it points to) is work its
staff do on a shift of the working day, started on a weekday in the day's hours at the site
(rules/opening.py places it in local time). Not a software job's or a pipeline's runs, which
a machine starts at any hour: those name no line or machine of a site.

A crew's run is one too: a round, a duty, a tour a crew drives with a vehicle or a machine (a
table named after rounds or duties with a required key to a made thing: its columns name a
registration, a make, a serial number; kinds/machines.py), a refuse round or a bus duty set
out early in the working day.

Read from the words of the table names, no table named here."""

from __future__ import annotations

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.kinds.machines import machine_score
from workbench.schema.model import Schema, Table

RUNS = frozenset({"run", "runs", "production_run", "production_runs"})
# a line or a machine staff operate on a site's floor
EQUIPMENT = frozenset({"line", "machine", "press", "oven", "kiln", "furnace", "lathe", "loom",
                       "printer", "extruder", "mill", "filler", "packer", "still", "moulder",
                       "molder", "roaster", "cutter", "welder", "boiler", "retort"})  # fmt: skip
PRODUCTION = frozenset({"production", "manufacturing", "shop_floor", "factory"})
# what a crew does with a vehicle or a machine over part of a working day
CREW_RUNS = frozenset({"round", "rounds", "duty", "duties", "tour", "tours", "run", "runs",
                       "collection_round", "collection_rounds"})  # fmt: skip


def _words(name: str) -> list[str]:
    return normalise(name.rsplit(".", 1)[-1]).split("_")


def production_run(schema: Schema, table: Table) -> bool:
    """Whether the table's rows are runs of a line or a machine staff operate (a bottling
    line's runs), or production runs by name."""
    words = _words(table.name)
    if words[-1] not in RUNS:
        return False
    if PRODUCTION & set(words[:-1]):
        return True
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        column = table.column(fk.columns[0]) if len(fk.columns) == 1 else None
        if parent is None or parent is table or column is None or column.nullable:
            continue
        if singular_forms(_words(parent.name)[-1]) & EQUIPMENT:
            return True
    return False


def crew_run(schema: Schema, table: Table) -> bool:
    """Whether the table's rows are a crew's runs with a vehicle or a machine (a refuse
    round's truck, a bus duty's bus): named after rounds, duties or runs, with a required key
    to a made thing (kinds/machines.machine_score)."""
    if _words(table.name)[-1] not in CREW_RUNS:
        return False
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        column = table.column(fk.columns[0]) if len(fk.columns) == 1 else None
        if parent is None or parent is table or column is None or column.nullable:
            continue
        if machine_score(parent) >= 4:
            return True
    return False
