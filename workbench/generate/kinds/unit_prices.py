"""Money per unit: a number priced per kilowatt-hour, day, gigabyte or night.

A decimal column whose name has a price word (price, charge, fee, fare, tariff, rate…) and
a unit it is per (`standing_charge_per_day`, `hourly_rate`, `price_per_gb`, `kwh_price`:
vocab/unit_prices.py reads the words) holds the unit's typical price (data/unit_prices.tsv),
which the money rule then scales to the row's currency. A bare `rate` is money only in a row
that carries a currency (its own currency column or one of a parent's): a `daily_rate` of a
sensor is no price. A `unit_rate` or `unit_charge` is per the unit the schema meters in,
when its quantities name one unit more than any other (`value_kwh`, `annual_kwh`: a
kilowatt-hour); a `unit_price` stays the price of an item. The same shape serves a telecom's
`price_per_gb` and `per_minute_rate`, a hotel's `nightly_rate`, a consultancy's
`hourly_rate`, a SaaS plan's `price_per_seat` and `monthly_fee`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.generators import currencies
from workbench.generate.kinds.context import nouns_around
from workbench.generate.kinds.recognise import split_words
from workbench.generate.vocab.unit_prices import (
    CURRENCY_WORDS,
    NOT_MONEY_RATES,
    PRICE_WORDS,
    UnitPrice,
    by_word,
    measured_unit,
    pay_of,
    unit_of,
)
from workbench.schema import memo
from workbench.schema.model import Column, Schema, Table
from workbench.schema.typeinfo import TypeInfo, resolve_type

_ITEM_PRICES = frozenset({"price", "cost"})
# a bare amount of money, the price a table of prices holds (`daily_rates.amount`)
_BARE_AMOUNTS = frozenset(
    {"amount", "price", "rate", "value", "fare", "charge"}
)  # a unit price is an item's: not a metered unit's


def words_of(name: str) -> list[str]:
    return split_words(normalise(name)).split("_")


def per_unit(
    schema: Schema, table: Table, column: Column, info: TypeInfo
) -> tuple[str, dict[str, Any], str] | None:
    """("price_per_unit", params, reason) for a per-unit price column, else None."""
    if info.kind not in ("decimal", "float", "money") or info.array_dims:
        return None
    words = words_of(column.name)
    pay = pay_of(words)
    if pay is not None:
        prices = list(pay.prices(info.scale))
        reason = f"pay per {pay.unit} (its name; about {prices[1]:g} USD, in the row's currency)"
        return "price_per_unit", {"unit": pay.unit, "prices": prices}, reason
    if set(words) & _BARE_AMOUNTS and not set(words) & NOT_MONEY_RATES:
        found = _table_unit(schema, table)
        if found is not None:
            by_table, where = found
            prices = list(by_table.prices(info.scale))
            about = f"about {prices[1]:g} USD, in the row's currency"
            reason = f"money per {by_table.unit} ({where}; {about})"
            return "price_per_unit", {"unit": by_table.unit, "prices": prices}, reason
    priced = set(words) & PRICE_WORDS
    if not priced or set(words) & NOT_MONEY_RATES:
        return None
    around = nouns_around(schema, table)
    unit = unit_of(words, around)
    how = "its name"
    if unit is None and "unit" in words and priced - _ITEM_PRICES:
        unit, how = metered_unit(schema), "the unit the schema meters in"
    if unit is None:
        return None
    if priced <= {"rate"} and not carries_currency(schema, table):
        return None
    prices = list(unit.prices(info.scale))
    reason = f"money per {unit.unit} ({how}; about {prices[1]:g} USD, in the row's currency)"
    return "price_per_unit", {"unit": unit.unit, "prices": prices}, reason


def _table_unit(schema: Schema, table: Table) -> tuple[UnitPrice, str] | None:
    """The unit a table of prices is per, for its bare amount (`amount`, `price`, `value`):
    its name's (`daily_rates`, `nightly_prices`, `hourly_fees`), else a day where a date is
    part of its key (a price per room type and stay date); only a table named as prices
    (a rate, a price, a tariff) whose row states a currency."""
    words = [next(iter(singular_forms(w) & PRICE_WORDS), w) for w in words_of(table.name)]
    if not set(words) & PRICE_WORDS or set(words) & NOT_MONEY_RATES:
        return None
    if not carries_currency(schema, table):
        return None
    around = nouns_around(schema, table)
    unit = unit_of(words, around)
    if unit is not None:
        return unit, "its table's name"
    key = table.primary_key.columns if table.primary_key is not None else []
    dated = [c for c in key if (col := table.column(c)) is not None
             and resolve_type(schema, col.type).kind == "date"]  # fmt: skip
    unit = by_word(around).get("daily") if dated else None
    return (unit, f"its key's date {dated[0]}") if unit is not None else None


def _has_currency(schema: Schema, table: Table) -> bool:
    return any(
        set(words_of(c.name)) & CURRENCY_WORDS
        and resolve_type(schema, c.type).kind in ("text", "enum")
        for c in table.columns
    )


@memo.by_identity
def carries_currency(schema: Schema, table: Table) -> bool:
    """Whether the row states a currency: its own column, or a parent's up to two keys away."""
    seen = {table.qualified}
    frontier = [table]
    for _ in range(3):
        nxt = []
        for t in frontier:
            if _has_currency(schema, t):
                return True
            for fk in t.foreign_keys:
                parent = schema.tables.get(fk.ref_qualified)
                if parent is not None and parent.qualified not in seen:
                    seen.add(parent.qualified)
                    nxt.append(parent)
        frontier = nxt
    return False


@memo.by_identity
def metered_unit(schema: Schema) -> UnitPrice | None:
    """The unit the schema's quantities are measured in when one unit is named by more of its
    number columns than any other (`value_kwh`, `estimated_annual_kwh`), else None."""
    named: Counter[str] = Counter()
    found: dict[str, UnitPrice] = {}
    for table in schema.tables.values():
        for column in table.columns:
            if resolve_type(schema, column.type).kind not in ("int", "decimal", "float"):
                continue
            words = words_of(column.name)
            if set(words) & PRICE_WORDS:
                continue
            for word in set(words):
                unit = measured_unit(word)
                if unit is not None:
                    named[unit.unit] += 1
                    found[unit.unit] = unit
    top = named.most_common(2)
    if not top or (len(top) == 2 and top[0][1] == top[1][1]):
        return None
    return found[top[0][0]]


def item_price(
    schema: Schema, table: Table, column: Column, info: TypeInfo
) -> tuple[str, dict[str, Any], str] | None:
    """("price", {}, reason) for a number named with a price word (price, fee, cost, fare,
    charge, tariff, toll, rent; not a bare rate) that per_unit found no unit for, in a row
    that states a currency (its own or a parent's): `price_per_table`, `cost_each_way` are
    money, which the money rule scales to the row's currency, not a bare decimal; or a
    currency its name states (`base_price_eur`)."""
    if info.kind not in ("decimal", "float", "money") or info.array_dims:
        return None
    words = set(words_of(column.name))
    if not words & (PRICE_WORDS - {"rate"}) or words & NOT_MONEY_RATES:
        return None
    if not carries_currency(schema, table) and currencies.named_in(normalise(column.name)) is None:
        return None  # no currency in the row nor in its name (`base_price_eur`)
    return "price", {}, "a price word in its name, in a row that states a currency"
