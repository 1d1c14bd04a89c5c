"""The unit of time a thing is hired by, read from its price: a room, a desk, a court, a
studio or a bike with an `hourly_rate` (`rate_per_hour`, `price_per_hour`, `hour_fee`) is
booked by the hour, one with a `nightly_rate` or a `daily_rate` by the night or the day. A
booking of a thing hired by the hour lasts hours, not the days a hotel stay does
(rules/span.py). Read from the words of the columns of the table the row books (a required
key to it), no table named here."""

from __future__ import annotations

from workbench.generate.base.names import normalise
from workbench.schema.model import Schema, Table

# words of a price column, and the unit words that say what it is a price of
MONEY = frozenset({"rate", "price", "fee", "charge", "cost", "tariff", "amount"})
UNITS = {"hourly": "hour", "hour": "hour", "hr": "hour", "ph": "hour",
         "daily": "day", "day": "day", "nightly": "day", "night": "day",
         "weekly": "week", "week": "week", "monthly": "month", "month": "month"}  # fmt: skip


def price_units(table: Table) -> set[str]:
    """The units of time the table's price columns name (`hourly_rate`: 'hour')."""
    out = set()
    for column in table.columns:
        words = normalise(column.name).split("_")
        if MONEY & set(words):
            out |= {UNITS[w] for w in words if w in UNITS}
    return out


def hired_by(schema: Schema, table: Table) -> str | None:
    """The one unit of time the things the rows book are priced by: the units named by the
    price columns of the tables the row's required single-column keys point to, where exactly
    one unit is named."""
    units: set[str] = set()
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        columns = [table.column(c) for c in fk.columns]
        if parent is None or parent is table or len(columns) != 1:
            continue
        if columns[0] is None or columns[0].nullable:
            continue
        units |= price_units(parent)
    return units.pop() if len(units) == 1 else None
