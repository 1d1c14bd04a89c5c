"""A row's locale: one country per row decides its other country facts. When a row has a
country of its own (a code or a name it makes, unique or not: the `code` of a table of
countries), its other country columns (the name beside a code, the alpha-3 code), its
currency, its calling code and its time zone (its largest city's) are that country's
(vocab/countries.py); a table of countries keeps each one's standard VAT rate, and so does a
table of tax rates by country (`tax_rates(country_code, rate_percent, valid_from, valid_to)`,
kinds/tax_rates.schedule_rate), its country its own column or a key to a table of countries.

A country reached through a foreign key is the lineage and place rules' (they follow the
parent); this rule reads only the row's own columns.

A row with two currencies and a rate between them (`base_currency`/`quote_currency`/`rate`,
`from_ccy`/`to_ccy`/`exchange_rate`) quotes the market: units of the second per one of the
first at the levels of generators/currencies.py, within a percent or two, so one pair's
fixings differ by little from day to day. A table of currencies (keyed by its currency
column) names each row by its currency's ISO 4217 name (Pound Sterling, Yen), gives it its
minor units and its symbol (€, £, CA$; the code where none is on record)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch, factorize
from workbench.generate.base.names import normalise
from workbench.generate.generators import currencies, registry
from workbench.generate.generators.currencies import currency_names, currency_symbols
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.kinds.tax_rates import schedule_rate, usual_rate
from workbench.generate.kinds.whereabouts import directed
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.vocab import countries, railways, telecom

if TYPE_CHECKING:
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

COUNTRY_GENERATORS = ("country_code", "country", "country_code3")
# the facts no two countries share (a calling code is the US's and Canada's both)
_INJECTIVE = frozenset({"country_code3", "railway_country_code"})
# the fact each dependent generator takes from the row's country
FACTS: dict[str, Callable[[countries.Country], str]] = {
    "country_code": lambda c: c.iso2,
    "country": lambda c: c.name,
    "country_code3": lambda c: c.iso3,
    "currency": lambda c: c.currency,
    "calling_code": lambda c: "+" + c.calling_code,
    "mobile_country_code": lambda c: telecom.mobile_country_code(c.iso2),
    "railway_country_code": lambda c: railways.railway_country_code(c.iso2),
    # a table of countries' time zone: its largest city's (none where no city is known)
    "timezone": lambda c: next((city.timezone for city in countries.cities_of(c.iso2)), ""),
}


# the name of a row of a table of currencies (its ISO 4217 name: Pound Sterling, Yen)
_NAME_WORDS = frozenset({"name", "currency_name", "display_name", "label", "title", "long_name",
                         "english_name", "name_en", "description"})  # fmt: skip
# the sign of a row of a table of currencies (€, £, kr)
_SYMBOL_WORDS = frozenset({"symbol", "currency_symbol", "sign", "currency_sign",
                           "symbol_native", "native_symbol", "display_symbol"})  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return (
        _country_plan(view, planned)
        + _currency_plan(view)
        + _rate_plan(view)
        + _tax_table_plan(view)
    )


RATE_NAMES = frozenset({"rate", "exchange_rate", "fx_rate", "conversion_rate", "mid_rate",
                        "rate_value", "fixing", "fx", "quote_rate"})  # fmt: skip
_BASE_WORDS = frozenset({"base", "from", "source", "src", "sell", "sold"})
_RATE_NOISE = 0.015  # a fixing's spread around the market level


def _rate_plan(view: TableView) -> list[Rule]:
    """Two currency columns of the row and a free rate between them."""
    pair = [
        n for n, s in view.specs.items()
        if s.kind == "text" and {"currency", "ccy"} & set(normalise(n).split("_"))
    ]  # fmt: skip
    rates = [
        n for n, s in view.specs.items()
        if s.kind in ("decimal", "float") and normalise(n) in RATE_NAMES and free(view, n)
    ]  # fmt: skip
    if len(pair) != 2 or not rates:
        return []
    base, quote = sorted(pair, key=lambda n: not _BASE_WORDS & set(normalise(n).split("_")))
    detail = f"{rates[0]}: {quote} per {base} at the market level"
    return [Rule("currency_rate", [rates[0], base, quote], detail)]


def _apply_rate(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rate, base, quote = (batch.get(c) for c in rule.columns)
    if rate is None or base is None or quote is None:
        return
    _distinct_pair(base.values, quote.values)
    per_base, _ = currencies.facts(np.asarray(base.values).astype(str))
    per_quote, _ = currencies.facts(np.asarray(quote.values).astype(str))
    noise = 1.0 + row_rng(view, rule, idx).uniform(-_RATE_NOISE, _RATE_NOISE, idx.size)
    value = per_quote / per_base * noise
    step = view.specs[rule.columns[0]].step or 1e-8
    value = np.maximum(np.round(value / step) * step, step)
    rows = ~base.nulls & ~quote.nulls
    rate.values[rows] = value[rows].astype(rate.values.dtype)


def _distinct_pair(base: np.ndarray, quote: np.ndarray) -> None:
    """A rate of a currency in itself is no quote (a CHECK `base <> quote` would redraw the
    quote after its rate is set, at par): such a row quotes the currency of the next row
    whose quote differs from its base, a value the column already holds."""
    same = np.flatnonzero(base == quote)
    if same.size == 0 or quote.size < 2:
        return
    for i in same:
        for step in range(1, quote.size):
            other = quote[(i + step) % quote.size]
            if other != base[i]:
                quote[i] = other
                break


def _currency_plan(view: TableView) -> list[Rule]:
    """A row's own currency decides its minor units (a table of currencies)."""
    anchor = next(
        (n for n, s in view.specs.items() if s.generator == "currency" and n not in view.fk_cols),
        None,
    )
    units = [n for n, s in view.specs.items() if s.generator == "minor_units" and free(view, n)]
    if anchor is None:
        return []
    out = []
    if units:
        detail = f"{', '.join(units)} of the currency in {anchor}"
        out.append(Rule("currency_units", [*units, anchor], detail))
    names = [
        n for n, s in view.specs.items()
        if normalise(n) in _NAME_WORDS and s.kind == "text" and free(view, n)
    ]  # fmt: skip
    if names and _keyed_by(view.table, anchor):  # a table of currencies: its name is the code's
        out.append(Rule("currency_name", [*names, anchor], f"{', '.join(names)} of {anchor}"))
    signs = [
        n for n, s in view.specs.items()
        if normalise(n) in _SYMBOL_WORDS and s.kind == "text" and free(view, n)
    ]  # fmt: skip
    if signs and _keyed_by(view.table, anchor):  # and its symbol
        out.append(Rule("currency_symbol", [*signs, anchor], f"{', '.join(signs)} of {anchor}"))
    return out


def _keyed_by(table: Table, column: str) -> bool:
    """The table's rows are one per value of the column (its primary key or a unique one)."""
    keys: list[list[str | None]] = []
    if table.primary_key is not None:
        keys.append(list(table.primary_key.columns))
    keys += [list(u.columns) for u in table.uniques]
    return [column] in keys


def _apply_names(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    anchor = batch.get(rule.columns[-1])
    if anchor is None:
        return
    codes = np.char.upper(np.char.strip(np.asarray(anchor.values).astype(str)))
    if rule.kind == "currency_symbol":  # a code with no sign on record is written as itself
        words = [currency_symbols().get(c, c) for c in codes.tolist()]
    else:
        words = [currency_names().get(c, "") for c in codes.tolist()]
    named = np.array(words or [""], object)
    for column in rule.columns[:-1]:
        col, limit = batch.get(column), view.specs[column].max_len
        if col is None:
            continue
        fits = (named[: codes.size] != "") & ~anchor.nulls
        if limit is not None:
            fits &= np.array([len(v) <= limit for v in named[: codes.size].tolist()], bool)
        col.values[fits] = named[: codes.size][fits]


def _apply_units(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    anchor = batch.get(rule.columns[-1])
    if anchor is None:
        return
    _, digits = currencies.facts(np.asarray(anchor.values).astype(str))
    for column in rule.columns[:-1]:
        col = batch.get(column)
        if col is not None:
            col.values[:] = digits.astype(col.values.dtype)


def country_anchor(view: TableView) -> str | None:
    """The row's own country column (a code first, then a name), not a key to a parent."""
    return next(
        (
            name
            for g in COUNTRY_GENERATORS
            for name, spec in view.specs.items()
            if spec.generator == g and name not in view.fk_cols
        ),
        None,
    )


def _country_plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    anchor = country_anchor(view)
    if anchor is None:
        return []
    # what one place of the row's address fills with its country (rules/place.py) is that
    # place's already: an Oregon resort keeps Portland's time zone, not New York's
    placed = {c for r in planned if r.kind == "place" and anchor in r.columns for c in r.columns}
    # a country of another place than the row's (a ship-to country, a destination) does not
    # overrule the currency the row copies from its parent (an order's store's: lineage)
    copied = {c for r in planned if r.kind == "copy" for c in r.columns[:1]}
    elsewhere = copied if directed(anchor) else set()
    keyed = _keyed_by(view.table, anchor)
    follow = [
        name
        for name, spec in view.specs.items()
        if name != anchor
        and spec.generator in FACTS
        and (free(view, name) or (keyed and _own_unique_fact(view, name)))
        and name not in placed
        and not (name in elsewhere and not directed(name))
    ]
    out = [Rule("locale", [*follow, anchor], f"{', '.join(follow)} of the country in {anchor}")]
    return (out if follow else []) + _rate_of_country(view, anchor)


def _own_unique_fact(view: TableView, name: str) -> bool:
    """A unique column of a fact no two countries share (a UIC code, an alpha-3 code) in a
    table keyed by its country, the unique plan's to build or not: one country per row, so
    one fact per row, none repeated (`_apply` writes it only where every row's country has
    one; else the values the plan made stay)."""
    spec = view.specs[name]
    override = view.section.columns.get(name) if view.section is not None else None
    return (
        spec.generator in _INJECTIVE
        and name not in view.fk_cols
        and spec.partition is None
        and not (override is not None and (override.copy_from or override.derive))
    )


def _rate_of_country(view: TableView, anchor: str) -> list[Rule]:
    """A table of countries (one row per country) keeping each one's tax rate: its standard
    VAT rate (vocab/countries.standard_tax_rate), in percent or as a fraction."""
    found = usual_rate(view.schema, view.table) if _keyed_by(view.table, anchor) else None
    if found is None or not free(view, found[0]):
        return []
    rate, percent = found
    detail = f"{rate}: the standard VAT rate of the country in {anchor}"
    return [Rule("country_rate", [rate, anchor], detail, {"percent": percent})]


def _tax_table_plan(view: TableView) -> list[Rule]:
    """A table of tax rates by country (kinds/tax_rates.schedule_rate) whose country is a
    column of its code or name, its own or a key to a table of countries: each row carries
    its country's standard VAT rate (a table keyed by the country: _rate_of_country)."""
    found = schedule_rate(view.schema, view.table)
    country = next((name for g in COUNTRY_GENERATORS for name, spec in view.specs.items()
                    if spec.generator == g), None) or _country_key(view)  # fmt: skip
    if found is None or country is None or not free(view, found[0]):
        return []
    if _keyed_by(view.table, country) and country not in view.fk_cols:
        return []  # a table of countries: _rate_of_country
    rate, percent = found
    detail = f"{rate}: the standard VAT rate of the country in {country}"
    return [Rule("country_rate", [rate, country], detail, {"percent": percent})]


def _country_key(view: TableView) -> str | None:
    """The row's one-column key to a table of countries by their code or name (a country's
    own column of COUNTRY_GENERATORS), None for none."""
    for name, unit in view.fk_cols.items():
        parent = view.schema.tables.get(unit.parent)
        if parent is None or len(unit.fk.columns) != 1:
            continue
        ref = parent.column(unit.fk.ref_columns[0])
        if ref is None:
            continue
        decided = decide_column(view.schema, parent, ref, view.config).generator
        if decided in COUNTRY_GENERATORS:
            return name
    return None


def country_key_of(view: TableView, table: str) -> str | None:
    """A table's single-column key, naming no direction, to a table of countries by their
    code or name (the referenced column's decision), None for none."""
    for fk in view.schema.tables[table].foreign_keys:
        target = view.schema.tables.get(fk.ref_qualified)
        ref = target.column(fk.ref_columns[0]) if target is not None else None
        if len(fk.columns) != 1 or target is None or ref is None or directed(fk.columns[0]):
            continue
        if decide_column(view.schema, target, ref, view.config).generator in COUNTRY_GENERATORS:
            return fk.columns[0]
    return None


def _apply_country_rate(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rate, anchor = (batch.get(c) for c in rule.columns)
    if rate is None or anchor is None:
        return
    uniq, codes = factorize(np.asarray(anchor.values))
    known = [countries.standard_tax_rate(countries.alpha2(v)) for v in uniq]
    scale = 1.0 if rule.data["percent"] else 0.01
    table = np.array([np.nan if k is None else k * scale for k in known] or [np.nan])
    value = table[codes] if codes.size else np.zeros(0)
    rows = ~np.isnan(value) & ~anchor.nulls
    rate.values[rows] = value[rows].astype(rate.values.dtype)
    rate.nulls[rows] = False


def country_rows(values: list[object]) -> list[countries.Country | None]:
    """Each value's country (None where unknown)."""
    return [countries.by_alpha2().get(countries.alpha2(v)) for v in values]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    anchor = batch.get(rule.columns[-1])
    if anchor is None:
        return
    uniq, codes = factorize(np.asarray(anchor.values))
    facts = country_rows(uniq)
    known = np.array([f is not None for f in facts], bool)[codes] & ~anchor.nulls
    for column in rule.columns[:-1]:
        col = batch.get(column)
        if col is None:
            continue
        spec = view.specs[column]
        make = FACTS[spec.generator]
        # in the form the column is written in (a calling code's digits: Generator.forms)
        rewrite = registry.written(spec.generator, spec.params.get("form")) or str
        table = np.empty(len(facts), dtype=object)
        table[:] = [rewrite(make(f)) if f is not None else "" for f in facts]
        values = table[codes]
        limit = view.specs[column].max_len
        fits = known & (values != "")
        if limit is not None:
            fits &= np.array([len(v) <= limit for v in values.tolist()], bool)
        if (spec.unique or column in view.built) and not fits.all():
            continue  # a unique fact some row's country lacks: its drawn value might be one
        if col.values.dtype.kind in "iuf":  # a number column (a UIC code: 80)
            fits &= np.array([v.isdigit() for v in values.tolist()], bool)
            col.values[fits] = np.array([int(v) for v in values[fits].tolist()], np.int64)
            continue
        col.values[fits] = values[fits]


def _apply_any(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    how = {"currency_units": _apply_units, "currency_rate": _apply_rate,
           "currency_name": _apply_names,
           "currency_symbol": _apply_names,
           "country_rate": _apply_country_rate}.get(rule.kind, _apply)  # fmt: skip
    how(view, rule, batch, idx)


RULE = RowRule(
    "locale",
    "a row's own country decides its currency and calling code; its currency, the minor units",
    _plan,
    _apply_any,
    phases={
        "locale": Phase.ROW,
        "currency_units": Phase.ROW,
        "currency_rate": Phase.ROW,
        "currency_name": Phase.ROW,
        "currency_symbol": Phase.ROW,
        "country_rate": Phase.ROW,
    },
    after=("place",),  # after the place: the row's own country
)
