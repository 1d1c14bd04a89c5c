"""A table's role, and the natural size of a reference table.

- **reference**: a lookup other tables point at whose rows are things of the world rather than
  events: countries, currencies, languages (keyed or named by a vocabulary of facts), or the
  few sites a business runs (stores, warehouses, branches, clinics, schools, depots). Its size
  is the world's, not the run's: a table of countries holds at most the countries there are
  (and a sandbox needs a hundred of them at most), or, when its rows carry the business's own
  settings per country (a VAT rate, a minimum driver age, a served flag) or the schema names
  the region the business works in (a VAT number, an IBAN: `markets_of`), the
  few dozen markets the business works in (the leading ones, then the other large economies,
  vocab/countries.py; the bloc a VAT number or an IBAN names first when nothing keyed to the
  table comes from elsewhere, `bloc_listed`); a chain a handful of stores. Any other
  table shaped as a lookup (`lookup_shaped`: a few columns, one naming or coding the row, no
  time but a window of validity, no party, no key out but to facts of the world) holds a few
  dozen: vehicle models, price plans, genres, the cities an operator serves. A table that
  holds a named real-world list (kinds/reference_lists.py: grape varieties, the breeds of
  cows) holds a few dozen of its entries. The owner of a
  business's sites (`_owner_of_sites`: the legal entity a work site belongs to, the carrier
  running depots) holds fewer rows than the sites: a group runs a few companies, not one per
  store.
- **event**: a row that happened at a time (it has a time it came to be, `anchors.anchor_of`),
  under its parents and with no rows of its own under it; **entity**: anything else
  (customers, products, accounts, orders with lines). Either, when it is the one record of a
  parent taking place (kinds/occurrence.py: a rental of a booking), holds about the share of
  its parent's rows whose status says it took place, not one row per parent.

The plan caps a reference table at its natural size unless sandbox.toml gives it `rows` or
`children`; `workbench classify` shows each table's role."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencers
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.meets import (
    COUNTERPARTIES,
    SITES,
    business_place,
    business_site,
    is_content,
    personal,
)
from workbench.generate.kinds.mishap import VIOLATIONS, befalls, thing_key
from workbench.generate.kinds.occurrence import occurrence_of
from workbench.generate.kinds.reference_lists import LIST_ROWS, table_reference
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.kinds.windows import TIME_KINDS, window_of
from workbench.generate.plan.market import GROUP_WORDS, business_currencies, listed, market_of
from workbench.generate.vocab import catalogues, countries
from workbench.generate.vocab.lexicon import PLACES
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

# Reference tables by the thing their rows are (the table's last word), and how many rows
# the world has of it for a sandbox: (pattern, natural rows, what).
NATURAL: tuple[tuple[str, int, str], ...] = (
    (r"^countr(y|ies)$", 100, "countries"),
    (r"^currenc(y|ies)$", 160, "currencies"),
    (r"^languages?$", 20, "languages"),
    (SITES, 10, "sites of a business"),
)
SITE_ROWS = 10  # a site named otherwise (meets.placed_site): as many as NATURAL's sites
# A table of cities unique per country (_gazetteer): the cities a business works in, fewer
# than any country's listed cities (vocab/data/cities.tsv holds 60 of each large one).
CITY_ROWS = 50
_CITY_NOUNS = re.compile(r"^(cit(y|ies)|towns?|municipalit(y|ies))$")
# A table of countries whose rows carry the business's own settings lists its markets: the
# leading ones and the other large economies (vocab/countries.BUSINESS_MARKETS), a short list
# of a score (the leading markets and Europe's larger economies: a business does not keep
# Romania, India or Brazil because the world has them) ...
MARKET_ROWS = 20
# ... and one in a bloc (bloc_listed: the European markets its VAT numbers name) the bloc's
# larger economies, fewer still: western Europe, the Nordics, Poland and Czechia.
BLOC_ROWS = 16
# The kinds of a column holding such a setting: a number or a flag, not a name or a code.
_SETTING_KINDS = frozenset({"int", "decimal", "float", "bool"})
# A lookup without a natural size of its own (lookup_shaped): a few dozen rows, at most this
# many columns, and a column that names or codes its rows.
LOOKUP_ROWS = 30
LOOKUP_COLUMNS = 10
# The companies, brands or carriers that run a business's sites (a site table's required key):
# fewer than the sites themselves (NATURAL's 10), so each runs a few of them and what hangs off
# both (an employer's org units, its pay runs, its employees' assignments) meets.
OWNER_ROWS = 4
# What goes wrong with a thing now and then (kinds/mishap.MISHAPS, a table named after it,
# under the thing): a report of one is kept for this share of the rows it could befall, not
# for each of them.
MISHAP_SHARE = 0.08
# ... and a rule broken (kinds/mishap.VIOLATIONS: a toll passage unpaid, a stay overrun): a few
# rows in a hundred (toll operators see some 1-3 % of passages unpaid)
VIOLATION_SHARE = 0.03
# ... and of the parts of what was done (an item of a delivered move, a line of an order: the
# thing's lifecycle is its parent's, kinds/mishap.befalls), each claimed for more rarely
PART_SHARE = 0.02
PER_PARENT = 8  # a lookup kept per site: a hotel's room types, a restaurant's menu sections
_NAMING = re.compile(r"(^|_)(name|code|label|title|model|make|slug|symbol|abbreviation)$")
# What a lookup's rows are (the table's last word): kinds, classes, plans, styles, statuses.
# A table of products, stations, users, cities or artists has the same shape (a name, a few
# columns) but as many rows as the business has: its shape alone does not make it a lookup.
_LOOKUP_NOUNS = re.compile(
    r"^(types?|kinds?|categor(y|ies)|class(es)?|status(es)?|states?|models?|plans?|tiers?"
    r"|levels?|grades?|genres?|styles?|variet(y|ies)|roles?|departments?|brands?|makes?"
    r"|formats?|methods?|reasons?|channels?|regions?|zones?|priorit(y|ies)"
    r"|stages?|severit(y|ies)|frequenc(y|ies)|sizes?|colou?rs?|materials?"
    r"|subjects?|disciplines?|specialt(y|ies)|titles?)$"
)
# A business's own people by the table's last word: they work where it works (a rail
# operator's drivers, a servicing firm's engineers), unlike its guests or members.
_WORKFORCE = re.compile(
    r"^(staff|employees?|workers?|drivers?|engineers?|technicians?|mechanics?|crews?"
    r"|pilots?|inspectors?|officers?|nurses?|operatives?|fitters?|installers?|couriers?)$"
)
# a table of currencies (NATURAL's pattern), a column naming a currency, a country's code
_CURRENCIES = NATURAL[1][0]
_MONEY_WORDS = frozenset({"currency", "ccy"})
_COUNTRY = frozenset({"country_code", "country", "country_code3"})
# Generators whose values are facts of the world: a table keyed by one holds at most them.
_FACT_KEYS = ("country_code", "country", "country_code3", "currency", "language_code")


@dataclass(frozen=True)
class Role:
    kind: str  # reference | entity | event
    natural: int | None  # the natural row count of a reference table
    why: str
    # a lookup kept per parent (a hotel's room types): (the parent table, rows per parent row)
    per_parent: tuple[str, float] | None = None


@memo.by_identity
def role_of(schema: Schema, table: Table, config: Config) -> Role:
    """The table's role (see the module docstring)."""
    referenced = any(o is not table for o in referencers(schema).get(table.qualified, ()))
    noun = normalise(table.name).split("_")[-1]
    if referenced:
        for pattern, rows, what in NATURAL:
            if re.search(pattern, noun):
                if what == "countries" and markets_of(schema, table):
                    size = market_rows(schema, table)
                    why = f"the countries a business works in: about {size} rows"
                    return Role("reference", size, why)
                held = currencies_held(schema, config) if what == "currencies" else None
                if held:
                    why = f"the currencies of the business's countries and the traded: {len(held)}"
                    return Role("reference", len(held), why)
                return Role("reference", rows, f"a table of {what}: about {rows} rows")
        if _gazetteer(schema, table):
            why = f"the cities a business works in, unique per country: about {CITY_ROWS} rows"
            return Role("reference", CITY_ROWS, why)
        if business_site(schema, table.qualified):  # shaped as a site: a place with its kinds
            return Role("reference", SITE_ROWS, f"a table of sites: about {SITE_ROWS} rows")
        listed = table_reference(schema, table)
        if listed is not None:  # a named real-world list (kinds/reference_lists.py)
            size = min(len(listed.entries), LIST_ROWS)
            return Role("reference", size, f"the real {listed.name.replace('_', ' ')}: {size}")
        fact = _fact_key(schema, table, config)
        if fact is not None:
            size = len(countries.vocabulary(fact) or catalogues.codes(fact) or ())
            return Role("reference", size, f"keyed by {fact}: at most {size} rows")
        if lookup_shaped(schema, table, config):
            return Role("reference", LOOKUP_ROWS, f"a lookup: about {LOOKUP_ROWS} rows")
        parent = _lookup_of(schema, table, config)
        if parent is not None:
            why = f"a lookup of each {parent.rsplit('.', 1)[-1]} row: about {PER_PARENT} each"
            return Role("reference", None, why, (parent, PER_PARENT))
        site = _owner_of_sites(schema, table)
        if site is not None:
            why = f"runs the {site.rsplit('.', 1)[-1]}: about {OWNER_ROWS} rows"
            return Role("reference", OWNER_ROWS, why)
    kind = "entity"
    if not referenced and table.foreign_keys and anchor_of(schema, table, config) is not None:
        mishap = _mishap_of(schema, table)
        if mishap is not None:
            word, parent = mishap
            found = befalls(schema, table, config)
            share = PART_SHARE if found is not None and found.via else MISHAP_SHARE
            share = min(share, VIOLATION_SHARE) if word in VIOLATIONS else share
            why = f"a {word} befalls few {parent.rsplit('.', 1)[-1]} rows: about {share:.0%}"
            return Role("event", None, why, (parent, share))
        kind = "event"
    occurred = occurrence_of(schema, table, config)
    if occurred is not None:
        # the one record of a parent taking place: only those that did have one (a rental of
        # the bookings picked up or completed, not of the cancelled ones)
        _, parent, share = occurred
        why = f"one per {parent.rsplit('.', 1)[-1]} row that took place: about {share:.0%}"
        return Role(kind, None, why, (parent, share))
    if kind == "event":
        return Role("event", None, "a row that happened at a time, under its parents")
    return Role("entity", None, "")


def _gazetteer(schema: Schema, table: Table) -> bool:
    """A table of cities unique per country (UNIQUE (country_code, name) with the code a key
    to a table of countries): a list of real places the business works in, each of which the
    world has one of per country, not a row per customer."""
    if not _CITY_NOUNS.search(normalise(table.name).split("_")[-1]):
        return False
    to_countries = {
        column
        for fk in table.foreign_keys
        if re.search(NATURAL[0][0], _noun(fk.ref_qualified))
        for column in fk.columns
    }
    return any(
        len(u.columns) == 2 and len(set(u.columns) & to_countries) == 1 for u in table.uniques
    )


def _mishap_of(schema: Schema, table: Table) -> tuple[str, str] | None:
    """(the mishap word, the parent it befalls) for an event table named after a mishap
    (`damage_reports`, `incidents`, `complaints`) with a required key to the thing it
    befalls (kinds/mishap.thing_key: of several, the item, not the move it is on): few of
    those have one (a rental damaged, an order disputed), not one each."""
    found = thing_key(table, schema)
    return None if found is None else (found[0], found[1].ref_qualified)


def _owner_of_sites(schema: Schema, table: Table) -> str | None:
    """The site table whose required key names this table as the one running its sites (a
    work site's legal entity, a depot's carrier): a named thing (a column naming its rows),
    not a site itself, not a place (a branch's city), not a fact of the world, not a party (a
    store's owner who is a person is one of many), nor anything people point at (a store's
    address, where customers live too), and not the site's own key (a store that is a business
    entity)."""
    name = table.qualified
    if business_site(schema, name) or _of_the_world(table) or personal(schema, name):
        return None
    if normalise(table.name).split("_")[-1] in PLACES:  # where the site is, not who runs it
        return None
    if not any(_NAMING.search(normalise(c.name)) for c in table.columns):
        return None
    site = None
    for other in sorted(schema.tables.values(), key=lambda t: t.qualified):
        refs = [fk for fk in other.foreign_keys if fk.ref_qualified == name]
        if other is table or not refs:
            continue
        if personal(schema, other.qualified):
            return None
        own = set(other.primary_key.columns) if other.primary_key else set()
        for fk in refs if site is None and business_site(schema, other.qualified) else ():
            required = all(not c.nullable for c in other.columns if c.name in fk.columns)
            if required and not set(fk.columns) <= own:
                site = other.qualified
    return site


def _placed_in(schema: Schema, table: Table) -> bool:
    """A place the business itself has keys its country to the table directly."""
    return any(
        fk.ref_qualified == table.qualified and business_place(schema, other.qualified)
        for other in schema.tables.values()
        if other is not table
        for fk in other.foreign_keys
    )


def markets_of(schema: Schema, table: Table) -> bool:
    """A table of countries (by its name) listing a business's markets rather than the world:
    besides its keys and the country's facts (codes, names, currency, calling code: text) it
    holds a setting of the business per country, a number or a flag (`vat_rate`,
    `min_driver_age`, `is_served`), or the schema names the region the business works in
    (plan/market.py: VAT numbers, IBANs, the currencies it charges in), or a place the
    business itself has (kinds/meets.business_place: a studio, a branch) keys its own country
    to it, or the business keeps money in currencies (`trades`: a fare, a booking, a payment
    in a currency of its own), whose countries and the large economies it trades with are the
    ones it keeps, not every country there is. A bare list of the world's countries in a
    schema naming no region and no currency (pagila's, reached through cities) is neither."""
    if not re.search(NATURAL[0][0], normalise(table.name).split("_")[-1]):
        return False
    if market_of(schema).region or _placed_in(schema, table) or trades(schema):
        return True
    keys = {c for fk in table.foreign_keys for c in fk.columns}
    if table.primary_key is not None:
        keys |= set(table.primary_key.columns)
    return any(
        c.name not in keys and resolve_type(schema, c.type).kind in _SETTING_KINDS
        for c in table.columns
    )


@memo.by_identity
def trades(schema: Schema) -> bool:
    """The business keeps money in currencies: a column of a currency (its name says so, or
    it keys a table of currencies) in a table that is no table of the world's facts (a fare,
    a booking, a payment, a rate), so it sells in the markets those currencies are paid in."""
    for table in schema.tables.values():
        if _of_the_world(table):
            continue
        keyed = {
            c
            for fk in table.foreign_keys
            if re.search(_CURRENCIES, _noun(fk.ref_qualified))
            for c in fk.columns
        }
        for column in table.columns:
            if column.name in keyed or set(normalise(column.name).split("_")) & _MONEY_WORDS:
                return True
    return False


def countries_held(schema: Schema, config: Config) -> tuple[str, ...] | None:
    """The countries (alpha-2, in order) the schema's tables of countries listing a business's
    markets (markets_of) hold, each keyed by a country column filled in the markets' order
    (rows/column_specs): MARKET_ROWS of them, or the rows sandbox.toml gives; None when a
    table of countries holds others (the world's, or rows not keyed by the country)."""
    found: list[str] = []
    for table in schema.tables.values():
        if not re.search(NATURAL[0][0], _noun(table.qualified)):
            continue
        if role_of(schema, table, config).kind != "reference":
            continue
        keyed = [list(u.columns) for u in table.uniques]
        keyed += [list(table.primary_key.columns)] if table.primary_key is not None else []
        coded = any(
            [c.name] in keyed and decide_column(schema, table, c, config).generator in _COUNTRY
            for c in table.columns
        )
        if not coded or not markets_of(schema, table):
            return None
        order = listed(market_of(schema), "country_code", bloc_listed(schema, table)) or ()
        found += order[: max(config.table(table.qualified).rows or 0, market_rows(schema, table))]
    return tuple(dict.fromkeys(found)) or None


def currencies_held(schema: Schema, config: Config) -> tuple[str, ...] | None:
    """The currencies a table of currencies holds when the schema's countries are a business's
    markets (countries_held): theirs, the market's and the most traded
    (plan/market.business_currencies), a few dozen; None otherwise (the world's, about
    NATURAL's 160: nothing narrows them)."""
    held = countries_held(schema, config)
    return business_currencies(market_of(schema), held) if held else None


def currencies_listed(schema: Schema, table: Table, config: Config) -> tuple[str, ...] | None:
    """The currencies in the order the table is filled when it is a table of currencies
    holding a business's (currencies_held), None otherwise."""
    if not re.search(_CURRENCIES, _noun(table.qualified)):
        return None
    return currencies_held(schema, config)


def _noun(qualified: str) -> str:
    return normalise(qualified.rsplit(".", 1)[-1]).split("_")[-1]


@memo.by_identity
def bloc_listed(schema: Schema, table: Table) -> bool:
    """A business's list of the countries it works in (markets_of) that is the bloc's its
    payment or tax system names (plan/market.Market.bloc: the European markets of a VAT
    number, the SEPA of an IBAN), the bloc's countries before the world's large economies:
    no table keyed to it has rows from anywhere in the world, neither people (a guest, a
    member) carrying no identifier of the bloc (a VAT number, an IBAN) nor another business
    it deals with wherever that is (a manufacturer, a supplier). Its own places (a depot, a
    site, a branch even where it keeps its manager's name), its own workforce (`_WORKFORCE`:
    drivers, engineers, staff), its business customers with their VAT numbers and its
    settings per country (a rate card) all lie in the bloc."""
    if not market_of(schema).bloc or not markets_of(schema, table):
        return False
    for other in referencers(schema).get(table.qualified, ()):
        if other is table or business_site(schema, other.qualified):
            continue  # its own sites lie in the bloc, a branch with a manager's name too
        noun = normalise(other.name).split("_")[-1]
        if re.search(_WORKFORCE, noun):
            continue  # its own people work where it works
        if re.search(COUNTERPARTIES, noun):
            return False
        identified = any(
            set(normalise(c.name).split("_")) & GROUP_WORDS.keys() for c in other.columns
        )
        if personal(schema, other.qualified) and not identified:
            return False
    return True


def market_rows(schema: Schema, table: Table) -> int:
    """The natural size of a table of countries listing a business's markets: BLOC_ROWS when
    they are a bloc's (bloc_listed), MARKET_ROWS otherwise."""
    return BLOC_ROWS if bloc_listed(schema, table) else MARKET_ROWS


def _of_the_world(table: Table) -> bool:
    """A table of facts of the world by its name (countries, currencies, languages), not the
    sites of a business (a room of a school is the school's, not a lookup)."""
    noun = normalise(table.name).split("_")[-1]
    return any(re.search(pattern, noun) for pattern, _, _ in NATURAL if pattern != SITES)


def lookup_shaped(schema: Schema, table: Table, config: Config) -> bool:
    """A lookup others point at (vehicle models, plans, genres, cities of an operator): a
    table named as one (`_LOOKUP_NOUNS`), a few columns, one naming or coding the row, no
    time of its own but a window of validity, nobody's (no party, no person's columns, no
    content), and no key out but to tables of facts of the world (countries, currencies: a
    city, not a school's room)."""
    name = table.qualified
    if not _LOOKUP_NOUNS.search(normalise(table.name).split("_")[-1]):
        return False
    if len(table.columns) > LOOKUP_COLUMNS or personal(schema, name) or is_content(name):
        return False
    if not any(_NAMING.search(normalise(c.name)) for c in table.columns):
        return False
    times = [c.name for c in table.columns if resolve_type(schema, c.type).kind in TIME_KINDS]
    if times:
        window = window_of(schema, table, config)
        if window is None or not window.validity or set(times) != {window.start, window.end}:
            return False
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        if parent is None or parent is table:
            return False
        if not _of_the_world(parent) and _fact_key(schema, parent, config) is None:
            return False
    return True


def sized(role: Role, parent_rows: dict[str, int]) -> Role:
    """The role with what is kept per parent row (a site's lookups, a booking's rental) sized
    by the parent's planned rows."""
    if role.per_parent is None:
        return role
    parent, each = role.per_parent
    return dataclasses.replace(role, natural=max(int(max(parent_rows.get(parent, 1), 1) * each), 1))


def _lookup_of(schema: Schema, table: Table, config: Config) -> str | None:
    """The parent a lookup is kept for (a hotel's room types and rate plans, a restaurant's
    menu sections): a table shaped as a lookup (a few more columns allowed) but for one
    required key to a site (a hotel, a store, a clinic), which keeps its own few kinds each."""
    if len(table.columns) > LOOKUP_COLUMNS + 2:
        return None
    own = [fk for fk in table.foreign_keys if schema.tables.get(fk.ref_qualified) is not table]
    parents = []
    for fk in own:
        parent = schema.tables.get(fk.ref_qualified)
        if parent is None or _of_the_world(parent) or _fact_key(schema, parent, config):
            continue
        parents.append((fk, parent))
    if len(parents) != 1:
        return None
    fk, parent = parents[0]
    required = all(not c.nullable for c in table.columns if c.name in fk.columns)
    if not required or not business_site(schema, parent.qualified):
        return None
    columns = [c for c in table.columns if c.name not in fk.columns]
    keys = [f for f in table.foreign_keys if f is not fk]
    stripped = dataclasses.replace(table, columns=columns, foreign_keys=keys)
    return parent.qualified if lookup_shaped(schema, stripped, config) else None


def _fact_key(schema: Schema, table: Table, config: Config) -> str | None:
    """The fact generator of the table's primary key (a table keyed by country codes, by the
    codes of a catalogue: the blood groups, vocab/catalogues.py)."""
    if table.primary_key is None or len(table.primary_key.columns) != 1:
        return None
    column = table.column(table.primary_key.columns[0])
    if column is None:
        return None
    generator = decide_column(schema, table, column, config).generator
    if catalogues.codes(generator):
        return generator
    return generator if generator in _FACT_KEYS and countries.vocabulary(generator) else None
