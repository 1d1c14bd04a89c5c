"""Money per unit (data/unit_prices.tsv): what one kilowatt-hour, gigabyte, night, hour or
seat typically costs, and the words a column's name says a price is per that unit with.

A name is a set of words: `standing_charge_per_day` is a charge (a price word) per day (the
word after `per`), `hourly_rate` a rate per hour (an adverb of a time unit), `kwh_price` a
price of a kilowatt-hour (a measured unit beside the price word). Time units and short
abbreviations count only after `per` or as adverbs: `day_rate` beside `night_rate` is the
daytime rate of a tariff, `min_fee` a minimum fee. Facts as data, not code: a new unit is a
line of the file."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from workbench.generate.vocab.lexicon import ANNUAL_PAY, PAY
from workbench.generate.vocab.lists import DATA

# words that make a number money (a price, a fee): the price words of a per-unit price
PRICE_WORDS = frozenset(
    {"price", "charge", "fee", "fare", "cost", "tariff", "rate", "rent", "toll"}
)
# Words that name an amount of money in a column's name (a numeric column so named is money
# even under a declared law the plan does not call money: a `range` on `fee`).
MONEY_WORDS = frozenset(
    {"amount", "price", "cost", "total", "subtotal", "fee", "fees", "balance", "salary",
     "wage", "pay", "paid", "payment", "revenue", "charge", "fare", "tax", "discount",
     "refund", "income", "spend", "budget", "value", "credit", "debit", "premium"}
)  # fmt: skip
# generators whose values are money (a price, a salary, money per unit): the money rule scales
# them to the row's currency
MONEY_GENERATORS = frozenset({"price", "salary", "monthly_salary", "price_per_unit"})
# words of a currency column's name (`currency`, `currency_code`, `ccy`)
CURRENCY_WORDS = frozenset({"currency", "ccy", "curr", "cur", "currencies"})
# a rate that is no money per unit: a share, a frequency, a speed
NOT_MONEY_RATES = frozenset(
    {"tax", "vat", "interest", "exchange", "fx", "conversion", "commission", "discount",
     "heart", "growth", "error", "success", "bounce", "churn", "tip", "birth", "death",
     "mortality", "hit", "click", "response", "bit", "baud", "sample", "frame", "refresh",
     "flow", "respiratory", "pulse", "failure", "occupancy", "utilisation", "utilization",
     "win", "return", "yield", "inflation", "completion", "attendance", "pass", "fill"}
)  # fmt: skip
# units a name may give beside its price word (`kwh_price`, `gb_fee`): measured amounts only,
# never a time (`day_rate` is a time of use) nor a short word with another meaning
_BESIDE = frozenset({"kwh", "mwh", "therm", "m3", "litre", "gallon", "kg", "tonne", "km",
                     "mile", "gb", "mb", "tb", "sms", "seat"})  # fmt: skip
# adverbs of time units: `hourly_rate`, `monthly_fee`
_ADVERBS = frozenset({"hourly", "daily", "nightly", "weekly", "monthly", "quarterly", "yearly",
                      "annual", "annually", "minutely"})  # fmt: skip
FINE_SCALE = 4  # decimals from which a price is quoted finely (a utility's price per day)


@dataclass(frozen=True)
class UnitPrice:
    """One unit: its words, the lowest, typical and highest price of one unit in US dollars,
    and the same for a finely quoted price."""

    unit: str
    words: frozenset[str]
    coarse: tuple[float, float, float]
    fine: tuple[float, float, float]

    def prices(self, scale: int | None) -> tuple[float, float, float]:
        """(lowest, typical, highest) for a column with `scale` decimals."""
        return self.fine if scale is not None and scale >= FINE_SCALE else self.coarse


@functools.cache
def _lines() -> tuple[tuple[UnitPrice, frozenset[str]], ...]:
    """Each line's unit and the nouns around a row its sense holds under (none: everywhere)."""
    out = []
    for line in (DATA / "unit_prices.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        unit, words, lo, typ, hi, flo, ftyp, fhi, within = (line.split("\t") + [""] * 9)[:9]
        coarse = (float(lo), float(typ), float(hi))
        fine = (float(flo), float(ftyp), float(fhi)) if flo and ftyp and fhi else coarse
        nouns = frozenset(w for w in within.split(",") if w)
        out.append((UnitPrice(unit, frozenset(words.split(",")), coarse, fine), nouns))
    return tuple(out)


@functools.cache
def unit_prices() -> tuple[UnitPrice, ...]:
    return tuple(price for price, within in _lines() if not within)


@functools.cache
def by_word(around: frozenset[str] = frozenset()) -> dict[str, UnitPrice]:
    """Each unit word's unit, in the sense the nouns `around` a row give it (a hotel's
    daily rate is a night's)."""
    out = {word: price for price in unit_prices() for word in price.words}
    for price, within in _lines():
        if within & around:
            out.update(dict.fromkeys(price.words, price))
    return out


def unit_of(words: list[str], around: frozenset[str] = frozenset()) -> UnitPrice | None:
    """The unit a price name (its words) is per: the word after `per`, a time unit's adverb,
    or a measured unit beside a price word; None when the name gives none. `around`: the
    nouns of the row's table and its ancestors, which give a unit word its sense."""
    table = by_word(around)
    for at, word in enumerate(words[:-1]):
        if word == "per" and words[at + 1] in table:
            return table[words[at + 1]]
    for word in words:
        if word in _ADVERBS and word in table:
            return table[word]
    priced = {at for at, word in enumerate(words) if word in PRICE_WORDS}
    for at, word in enumerate(words):
        beside = at - 1 in priced or at + 1 in priced
        if beside and word in table and table[word].unit in _BESIDE:
            return table[word]
    return None


@functools.cache
def pay_periods() -> dict[str, tuple[float, float, float]]:
    """Each pay period's (lowest, typical, highest) pay in US dollars (data/pay.tsv)."""
    out = {}
    for line in (DATA / "pay.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            unit, lo, typ, hi = line.split("\t")[:4]
            out[unit] = (float(lo), float(typ), float(hi))
    return out


def pay_of(words: list[str]) -> UnitPrice | None:
    """The pay a name (its words) states per period (lexicon.PAY: `annual_salary_fte` a year's,
    `hourly_wage` an hour's, `monthly_pay` a month's; a bare salary a year's), else None: a
    wage or a pay without a period (`gross_pay` of a payslip) says no scale."""
    if not set(words) & PAY:
        return None
    unit = unit_of(words)
    if unit is None and set(words) & ANNUAL_PAY:
        unit = by_word().get("year")
    band = pay_periods().get(unit.unit) if unit is not None else None
    if unit is None or band is None:
        return None
    return UnitPrice(unit.unit, unit.words, band, band)


def measured_unit(word: str) -> UnitPrice | None:
    """The unit a measured quantity's unit word names (`value_kwh` → kWh), or None."""
    price = by_word().get(word)
    return price if price is not None and price.unit in _BESIDE else None
