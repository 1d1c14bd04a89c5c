"""The run's home market: the few countries most rows live in, inferred once per schema from
what it declares, and how a pick of a country is skewed towards them.

What it reads (a name is a set of words; each signal scores the countries it names):
- a constant DEFAULT of a country column ('DE') or of a locale column ('de_DE', 'fr-BE'): that
  country;
- the currencies money columns name: a currency column's DEFAULT ('EUR') or its CHECK (… IN
  ('EUR', 'GBP', 'CHF')): the countries paying in them, each by its share of the currency's
  users (a list of many currencies names each less);
- columns only some markets have: an IBAN, a SEPA mandate or a BIC (the Single Euro Payments
  Area), a VAT number or rate (the European markets; a postcode is only British English);
- a language column's DEFAULT ('en', 'nl'): the countries speaking it, which only ranks the
  countries the other signals name (alone it makes no market);
- a boolean served/active/enabled/supported flag on a table of countries: the business serves
  a few of the world's countries, so most rows live in one of them (alone: the leading market).
Which countries a group or a language names is data (vocab/data/markets.tsv). The best scoring
countries, ties in the world order of vocab/countries, make the market, home first. No signal:
no market, and every mechanism keeps the world order (vocab/countries.LEADING). Every country
a signal names (the Single Euro Payments Area an IBAN names, the euro's countries a currency
names) makes the market's region: where the business itself is (its buildings, its sites), as
against its customers, who may come from anywhere (`region`; empty where only a served flag
speaks).

Read by: the order a table keyed by countries or currencies is filled in and a free pick of a
country (rows/column_specs puts the market's order in the spec as `params["market"]`; read by
plan/domains and generators/text), a foreign key's pick of a row of such a table (links), and
the fallback country of a code a row's own country has none of (generators/ibans)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.vocab import countries
from workbench.schema import memo
from workbench.schema.model import Column, Schema, Table

# words of a column naming a market's payment or tax system, and the group they name
GROUP_WORDS: dict[str, tuple[str, int]] = {
    "iban": ("sepa", 6), "sepa": ("sepa", 6), "bic": ("sepa", 4), "swift": ("sepa", 2),
    "vat": ("europe", 2),
}  # fmt: skip
CURRENCY_WORDS = frozenset({"currency", "ccy", "curr"})
LANGUAGE_WORDS = frozenset({"language", "lang", "locale"})
COUNTRY_WORDS = frozenset({"country", "nation"})
# a flag on a table of countries saying the business serves the row's country
SERVED_WORDS = frozenset({
    "served", "serviced", "active", "enabled", "supported", "available", "operating",
    "operational", "live", "covered", "open", "launched", "licensed", "sold", "shipping",
})  # fmt: skip
_COUNTRY_TABLE = re.compile(r"^countr(y|ies)$")
_LITERAL = re.compile(r"'([^']*)'")
_LOCALE = re.compile(r"^([a-z]{2})(?:[-_]([A-Za-z]{2}))?$")
MEMBERS = 6  # countries in a market: the home one and its neighbours
# the most traded currencies beyond the leading ones a business's table of currencies keeps
TRADED_KEPT = 6


@dataclass(frozen=True)
class Market:
    countries: tuple[str, ...]  # alpha-2, home first; empty: no market
    currencies: tuple[str, ...]  # the members' currencies and the ones columns name, in order
    why: tuple[str, ...]
    # every country a signal names, the members first, then in the world order; empty: the
    # signals name no region (a served flag alone)
    region: tuple[str, ...] = ()
    # the countries a payment or tax system names (the Single Euro Payments Area an IBAN
    # names, the European markets a VAT number names), the members first, then in the world
    # order: a bloc the business trades in as a whole, as against a currency's users (the
    # dollar's: the US, then Ecuador and Guam); empty where no such system is named
    bloc: tuple[str, ...] = ()

    @property
    def home(self) -> str | None:
        return self.countries[0] if self.countries else None


NONE = Market((), (), ())


@functools.cache
def _groups() -> tuple[dict[str, set[str]], dict[str, list[tuple[str, int]]]]:
    """group -> countries, language -> [(country, rank of the language there)]."""
    groups: dict[str, set[str]] = {}
    languages: dict[str, list[tuple[str, int]]] = {}
    for line in (countries.DATA / "markets.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        iso2, grouped, spoken = ([*line.split("\t"), "", ""])[:3]
        for g in grouped.split(","):
            if g and g != "-":
                groups.setdefault(g, set()).add(iso2)
        for rank, lang in enumerate(spoken.split(",")):
            if lang:
                languages.setdefault(lang, []).append((iso2, rank))
    return groups, languages


def _literals(column: Column, table: Table) -> list[str]:
    """The string constants a column's DEFAULT and the CHECKs naming it hold."""
    texts = [column.default.sql] if column.default is not None else []
    texts += [c.expr.sql for c in table.checks if column.name in c.expr.columns()]
    return [m for t in texts for m in _LITERAL.findall(t)]


def _is_country_table(table: Table) -> bool:
    noun = normalise(table.name).split("_")[-1]
    return bool(_COUNTRY_TABLE.search(noun))


@memo.by_identity
def market_of(schema: Schema) -> Market:
    """The schema's home market (module docstring); NONE without a signal."""
    order = [c.iso2 for c in countries.countries()]
    known = {c.iso2: c for c in countries.countries()}
    currency_of = {c.currency for c in known.values()}
    groups, languages = _groups()
    score: dict[str, float] = {}
    why: list[str] = []
    named_currencies: list[str] = []
    served = False
    spoken: list[str] = []
    grouped: set[str] = set()

    def add(codes: set[str] | list[str], points: float) -> None:
        for code in codes:
            if code in known:
                score[code] = score.get(code, 0.0) + points

    for table in schema.tables.values():
        for column in table.columns:
            words = set(normalise(column.name).split("_"))
            for word in words & GROUP_WORDS.keys():
                group, points = GROUP_WORDS[word]
                add(groups.get(group, set()), points)
                grouped |= groups.get(group, set()) & known.keys()
                why.append(f"{table.name}.{column.name}: {group}")
            literals = _literals(column, table)
            if words & CURRENCY_WORDS:
                found = [v for v in literals if v in currency_of]
                for cur in found:
                    # the currency's countries by their share of its users (USD: the US
                    # mostly; EUR: Germany, France, Italy, Spain before the Netherlands)
                    users = {c: f.population for c, f in known.items() if f.currency == cur}
                    total = max(sum(users.values()), 1)
                    for code, people in users.items():
                        add({code}, 20 / len(found) * people / total)
                    named_currencies.append(cur)
                if found:
                    why.append(f"{table.name}.{column.name}: {', '.join(found)}")
            if words & (LANGUAGE_WORDS | COUNTRY_WORDS) and column.default is not None:
                for value in _LITERAL.findall(column.default.sql):
                    m = _LOCALE.match(value)
                    region = value.upper() if words & COUNTRY_WORDS else None
                    if m is not None and m.group(2):
                        region = m.group(2).upper()
                    if region in known:
                        add({region}, 100)
                        why.append(f"{table.name}.{column.name} defaults to {value}")
                    elif m is not None and words & LANGUAGE_WORDS:
                        spoken.append(m.group(1))
            if (
                _is_country_table(table)
                and column.type.name.lower() in ("boolean", "bool")
                and words & SERVED_WORDS
            ):
                served = True
                why.append(f"{table.name}.{column.name}: a few countries served")
    if not score and not served:
        return NONE
    for lang in spoken:  # ranks the countries the other signals name
        for code, rank in languages.get(lang, []):
            if code in score or not score:
                add({code}, 5 if rank == 0 else 2)
        why.append(f"language {lang}")
    place = {c: i for i, c in enumerate(order)}
    ranked = sorted(score, key=lambda c: (-score[c], place.get(c, len(place))))
    if not ranked:
        ranked = list(order[:1])
    top = score.get(ranked[0], 0.0)
    members = [c for c in ranked if score.get(c, 0.0) >= top * 0.5][:MEMBERS] or ranked[:1]
    currencies_ = list(dict.fromkeys([known[c].currency for c in members] + named_currencies))
    region = tuple(dict.fromkeys([*members, *(c for c in order if c in score)])) if score else ()
    bloc = tuple(c for c in region if c in grouped)
    return Market(tuple(members), tuple(currencies_), tuple(dict.fromkeys(why)), region, bloc)


def in_region(market: Market, values: list[object]) -> np.ndarray:
    """Whether each value (a country written any known way) lies in the market's region; all
    True without one, False for a value naming no known country."""
    if not market.region:
        return np.ones(len(values), bool)
    region = set(market.region)
    return np.array([countries.alpha2(v) in region for v in values], bool)


def listed(market: Market, generator: str, bloc: bool) -> tuple[str, ...] | None:
    """The values of a generator of a country's own facts (code, alpha-3 code, name) in the
    order a business's list of the countries it works in is filled: the home market's, then
    (`bloc`: the list is the bloc's, plan/roles.bloc_listed) the bloc a payment or tax system
    it uses names (the European markets a VAT number names: a European business lists
    Portugal and Slovakia before Brazil and Japan), its larger economies first (the order of
    vocab/countries.economy_rank: Sweden, Belgium and Ireland before Romania and Greece, as a
    business's short list names them, not by population), then the leading markets and the
    other large economies (vocab/countries.markets_vocabulary); None for other generators."""
    every = countries.markets_vocabulary(generator)
    if every is None:
        return None
    world = countries.vocabulary(generator) or ()
    value = {c.iso2: v for c, v in zip(countries.countries(), world, strict=True)}
    late = len(countries.BUSINESS_MARKETS)
    ranks: dict[str, int] = {}
    for c in market.bloc if bloc else ():
        rank = countries.economy_rank(c)
        ranks[c] = late if rank is None else rank
    bloc_order = sorted(ranks, key=ranks.__getitem__)
    first = [value[c] for c in (*market.countries, *bloc_order) if c in value]
    return tuple(dict.fromkeys([*first, *every]))


def ordered(market: Market, generator: str) -> tuple[str, ...] | None:
    """The values of a generator of country facts in the market's order (its countries or
    currencies first, then the world order); None without a market or for other generators."""
    every = countries.vocabulary(generator)
    if not market.countries or every is None or generator == "calling_code":
        return None
    if generator == "currency":
        first = list(market.currencies)
    else:
        value = {c.iso2: v for c, v in zip(countries.countries(), every, strict=False)}
        first = [value[c] for c in market.countries if c in value]
    return tuple(dict.fromkeys([*first, *every]))


def business_currencies(market: Market, held: tuple[str, ...]) -> tuple[str, ...]:
    """The currencies a business keeps a table of, given the countries (alpha-2) its table of
    countries holds: the market's own and the ones its columns name, each held country's
    (the currency really used there), then the most traded (vocab/countries
    LEADING_CURRENCIES and the first TRADED_KEPT of TRADED_CURRENCIES: the yuan, the Hong
    Kong and Singapore dollars, the won, the rupee and the peso a business quotes, not the
    Taiwan dollar, the rupiah or the Qatari rial no business of its size keeps), each once,
    in that order."""
    known = countries.by_alpha2()
    own = [known[c].currency for c in held if c in known and known[c].currency]
    traded = (*countries.LEADING_CURRENCIES, *countries.TRADED_CURRENCIES[:TRADED_KEPT])
    return tuple(dict.fromkeys([*market.currencies, *own, *traded]))
