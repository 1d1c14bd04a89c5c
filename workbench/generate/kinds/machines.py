"""A made thing: a table whose columns identify a machine or a vehicle (a registration or
plate, a VIN, a serial number, a make and model, the day it was commissioned), where a route,
a person or a customer has none of them. Read by rules/meter_owner.py (the parent a meter is
on) and kinds/production.py (a crew's run with a vehicle)."""

from __future__ import annotations

from workbench.generate.base.names import normalise
from workbench.schema.model import Table

# words of a column that says which made thing a row is: its identity, maker, build, service
MACHINE_WORDS = frozenset({"vin", "registration", "rego", "plate", "chassis", "serial", "make",
                           "manufacturer", "model", "commissioned", "commissioning",
                           "decommissioned", "hull", "engine", "tail", "fleet", "asset",
                           "firmware", "build", "built"})  # fmt: skip
# words that alone say little (a person's `registration_date`, a pupil's `model` answer)
WEAK = frozenset({"model", "build", "built", "registration", "engine", "fleet"})


def machine_score(table: Table) -> int:
    """How many columns of the table name a made thing's identity (two for a strong word)."""
    score = 0
    for column in table.columns:
        words = set(normalise(column.name).split("_")) & MACHINE_WORDS
        if words:
            score += 1 if words <= WEAK else 2
    return score
