"""A row priced from a term it names charges the term's price: a job priced from a linguist's
rate charges that rate's `rate_per_word`, a rental priced from a tariff its `daily_rate`, a
stay under a rate plan its `nightly_price`. The term is a parent with a window of validity (a
rate, a price list, a tariff: `valid_from`..`valid_to`); the row's column bears the same name
as a money column of it (a price, rate, fee, charge, cost or tariff word) and both hold
numbers. Recognised by the schema alone, with no word of one domain: the name the two columns
share says the price was carried over when the row was priced."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencing
from workbench.generate.kinds.windows import window_of
from workbench.schema import memo
from workbench.schema.model import ColumnType, Schema, Table
from workbench.schema.typeinfo import resolve_type

PRICE_WORDS = frozenset({"price", "prices", "rate", "rates", "fee", "fees", "charge", "charges",
                         "cost", "costs", "tariff", "tariffs", "amount"})  # fmt: skip
_NUMBERS = frozenset({"int", "decimal", "float"})


@dataclass(frozen=True)
class Charged:
    """The row's `column` is the price `source` of the term its key `fk` names in `parent`."""

    column: str
    fk: str
    parent: str
    source: str


def _number(schema: Schema, type_name: ColumnType) -> bool:
    return resolve_type(schema, type_name).kind in _NUMBERS


@memo.by_identity
def charged_from(schema: Schema, table: Table, config: Config) -> tuple[Charged, ...]:
    """The row's columns carried over from a term of validity it names by one key."""
    out = []
    taken: set[str] = set()
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        if parent is None or parent.qualified == table.qualified:
            continue
        window = window_of(schema, parent, config)
        if window is None or not window.validity:
            continue
        for column in table.columns:
            if column.name in taken or column.name in fk.columns or column.generated:
                continue
            if not PRICE_WORDS & set(normalise(column.name).split("_")):
                continue
            source = parent.column(column.name)
            if source is None or not _number(schema, source.type):
                continue
            if not _number(schema, column.type):
                continue
            taken.add(column.name)
            out.append(Charged(column.name, ",".join(fk.columns), parent.qualified, source.name))
    return tuple(out)


@memo.by_identity
def charged_by_children(schema: Schema, table: Table, config: Config) -> frozenset[str]:
    """The prices of a term its children carry over (kept with its keys)."""
    return frozenset(
        each.source
        for child in referencing(schema, table.qualified)
        for each in charged_from(schema, child, config)
        if each.parent == table.qualified
    )
