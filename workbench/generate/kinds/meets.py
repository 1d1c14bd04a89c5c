"""Keys that meet: two foreign keys of one row that meet at one grandparent row ("diamond"
keys), planned from the schema (rules/fk_meet.py applies them, rules/meets.py keeps what a
table needs while it does)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root, referencing, required_children
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.roles import meeting_key
from workbench.schema import memo
from workbench.schema.model import ForeignKey, PrimaryKey, Schema, Table, UniqueConstraint
from workbench.schema.typeinfo import resolve_type

# What a party owns, by the singular of its table's name (or the name's last word).
OWNED = frozenset(
    {
        "address",
        "account",
        "bank_account",
        "card",
        "credit_card",
        "payment_card",
        "payment_method",
        "payment_instrument",
        "wallet",
        "subscription",
        "rental",
        "order",
        "invoice",
        "cart",
        "basket",
        "booking",
        "reservation",
        "contract",
        "policy",
        "loan",
        "membership",
        "device",
        "vehicle",
        "pet",
        "contact",
        "phone",
        "phone_number",
        "email_address",
        "profile",
        "session",
        "api_key",
        "lease",
        "mandate",
        "plan",
        "purchase",
        "checkout",
    }
)


# Who owns things: when P has keys to several tables a row also references, the owner wins.
_PARTY_WORDS = "customer client user member account buyer patient tenant person owner student"
_PARTY_WORDS += " employee guest subscriber company"  # in order of precedence (_party_rank)
PARTIES = tuple(_PARTY_WORDS.split())

# a way along keys: (table, key column) hop by hop
Way = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Meet:
    """The row's `hop` column (a key to `parent`) meets its `direct` column at `grandparent`:
    parent.`via` = row.`direct`."""

    hop: str
    direct: str
    parent: str
    via: str
    grandparent: str
    # the parent's label that the key's name asks for: shipping_address_id → kind 'shipping'
    label: tuple[str, str] | None = None
    # the row's other keys that repeat the parent's (row column, parent column): a row that
    # continues its parent (an encounter its appointment) has the parent's practitioner too
    copies: tuple[tuple[str, str], ...] = ()
    # kept by ownership, a site or a continued parent (rows of another owner are reported);
    # a meet by belonging alone keeps its free pick quietly where the owner has no parent
    strict: bool = True
    # the keys after the parent's `via` on the way to the grandparent, hop by hop (the table
    # each leaves from, its key): a payment's invoice → contract → customer is
    # via contract_id, then (contracts, customer_id); empty for the parent's own key
    further: tuple[tuple[str, str], ...] = ()

    @property
    def way(self) -> tuple[tuple[str, str], ...]:
        """From the parent to the grandparent: (table, key) hop by hop (rules/meets.reach_along)."""
        return ((self.parent, self.via), *self.further)


def _singulars(name: str) -> set[str]:
    return singular_forms(name.rsplit(".", 1)[-1].lower())


@functools.lru_cache(maxsize=4096)
def owned(table: str) -> bool:
    """A table of things a party owns: addresses, customer_addresses, user_payment_methods."""
    for word in _singulars(table):
        if word in OWNED or any(word.endswith("_" + o) for o in OWNED):
            return True
    return False


# The places a business runs, by the table's last word: what belongs to one of them (a
# vehicle, a driver, a room, a teacher) serves the rows of that one (a trip of the depot).
SITES = (
    r"^(stores?|shops?|warehouses?|branch(es)?|outlets?|depots?|clinics?|hospitals?"
    r"|schools?|campus(es)?|sites?|offices?|plants?|factor(y|ies)|facilit(y|ies)|workshops?"
    r"|garages?|restaurants?|hotels?|pharmac(y|ies)|gyms?|studios?|salons?|dealerships?"
    r"|laborator(y|ies)|labs?|venues?|hubs?|terminals?|yards?)$"
)


def is_site(table: str) -> bool:
    """A table of the sites a business runs (stores, depots, clinics, schools…), by its name."""
    noun = normalise(table.rsplit(".", 1)[-1]).split("_")[-1]
    return re.search(SITES, noun) is not None


# A column that places its row on the map: an address, street, city, postcode, coordinates,
# a geometry or a time zone (words of the normalised name).
# where a thing stands on the ground (a time zone alone is a tenant's setting, not a place)
_GROUND = r"address(es)?|street|city|town|post_?code|postal|zip|lat(itude)?|lng|lon(gitude)?"
_GROUND += r"|geom(etry)?|geog(raphy)?|coordinates?"
_PLACED = re.compile(rf"(^|_)({_GROUND}|time_?zone|tz)(_|$)")
_ON_THE_GROUND = re.compile(rf"(^|_)({_GROUND})(_|$)")


def business_site(schema: Schema, table: str) -> bool:
    """A site a business runs: named as one (is_site), or shaped as one (placed_site)."""
    return is_site(table) or placed_site(schema, table)


# Places of the world a business serves rather than has (by the table's last word).
WORLD_PLACES = (
    r"^(cit(y|ies)|towns?|villages?|municipalit(y|ies)|localit(y|ies)|districts?|regions?"
    r"|provinces?|states?|count(y|ies)|airports?|airfields?|stations?|ports?|harbou?rs?|stops?"
    r"|destinations?"
    r"|landmarks?|attractions?)$"
)
# Other businesses a business deals with, wherever they are (by the table's last word).
COUNTERPARTIES = (
    r"^(suppliers?|vendors?|manufacturers?|makers?|carriers?|partners?|agenc(y|ies)|agents?"
    r"|insurers?|banks?|airlines?|publishers?|distributors?|contractors?|brokers?|payers?)$"
)


@memo.by_identity
def business_place(schema: Schema, table: str) -> bool:
    """A place the business itself has, not its customers': a site it runs (business_site),
    a place that keeps an e-mail (placed_contact), or any table placed on the map by its own
    street, city, postcode or coordinates (_PLACED) that is no party, nothing a party owns
    (an address book), no person's, no content, no other business it deals with (a supplier,
    a carrier) and no fact or place of the world (a country, a city, an airport): a building
    a property manager lets, an estate a wine group runs, a club."""
    if business_site(schema, table) or placed_contact(schema, table):
        return True
    noun = _noun(table)
    if owned_or_party(table) or is_content(table) or personal(schema, table):
        return False
    if any(re.search(words, noun) for words in (FACTS, WORLD_PLACES, COUNTERPARTIES)):
        return False
    model = schema.tables.get(table)
    return model is not None and any(_PLACED.search(normalise(c.name)) for c in model.columns)


@memo.by_identity
def placed_site(schema: Schema, table: str) -> bool:
    """A site by its shape, whatever its name (resorts, campsites, marinas, cinemas): a place
    of its own (a column of _PLACED) and kinds of its own (a lookup of kinds, such as lodge
    types or pitch categories, whose single key to it may not be NULL), and no party, nothing
    a party owns, no content, no fact of the world and no lookup itself. A customer has an
    address but no kinds; a brand has kinds but no place; a resort keeps both."""
    noun = _noun(table)
    if owned_or_party(table) or is_content(table) or re.search(FACTS, noun):
        return False
    if re.search(LOOKUPS, noun) or re.fullmatch(r"class(es)?", noun):
        return False
    model = schema.tables.get(table)
    if model is None or personal(schema, table):
        return False
    if not any(_PLACED.search(normalise(c.name)) for c in model.columns):
        return False
    for other in schema.tables.values():
        kind = _noun(other.qualified)
        if other is model or not (re.search(LOOKUPS, kind) or re.fullmatch(r"class(es)?", kind)):
            continue
        if re.search(r"status|state|tag|label|level", kind):
            continue
        if any(
            fk.ref_qualified == table and _single(fk) and not _nullable(other, fk.columns[0])
            for fk in other.foreign_keys
        ):
            return True
    return False


# What people respond to rather than own: a comment's post is anyone's, a reply's message
# the other party's (by the table's last word).
CONTENT = (
    r"^(posts?|comments?|messages?|threads?|articles?|reviews?|photos?|videos?|questions?"
    r"|answers?|repl(y|ies)|stor(y|ies)|tweets?|topics?|conversations?|channels?|chats?"
    r"|pages?|documents?|media|files?|attachments?|notes?|listings?|ads?|adverts?|polls?"
    r"|entr(y|ies)|edits?|votes?|likes?|reactions?|subscriptions?|follows?|ratings?)$"
)
# Facts of the world a row's locale decides (kinds of rows, not scopes): a key to one
# follows the row's place (rules/locale_keys.py, rules/ancestor_keys.py).
FACTS = r"^(countr(y|ies)|currenc(y|ies)|languages?|locales?|timezones?|time_zones?)$"
# Lookups by their last word: kinds and states of other rows, not places that group them.
LOOKUPS = r"(types?|kinds?|status(es)?|states?|categor(y|ies)|genres?|tags?|labels?|levels?)$"


def _noun(table: str) -> str:
    return normalise(table.rsplit(".", 1)[-1]).split("_")[-1]


def is_content(table: str) -> bool:
    """A table of things others respond to (posts, comments, messages, reviews…)."""
    return re.search(CONTENT, _noun(table)) is not None


@memo.by_identity
def is_scope(schema: Schema, table: str) -> bool:
    """A table whose rows group other rows, so that two keys of a row leading to it through
    different parents lead to one of its rows: a site a business runs (business_site), or a table
    that three or more tables hang off by keys that may not be NULL (municipalities, projects,
    leagues) and that is no party, nothing a party owns, no content, no fact of the world and
    no lookup of kinds or states."""
    if business_site(schema, table):
        return True
    noun = _noun(table)
    if owned_or_party(table) or is_content(table) or re.search(FACTS, noun):
        return False
    if personal(schema, table) and not placed_contact(schema, table):
        return False
    if re.search(LOOKUPS, noun):
        return False
    model = schema.tables.get(table)
    if model is None or model.primary_key is None or len(model.primary_key.columns) != 1:
        return False
    key = model.primary_key.columns[0]
    children = required_children(schema).get((table, key), set()) - {table}
    return len(children) >= 3 or (len(children) == 2 and _closed(schema, children))


def _closed(schema: Schema, children: set[str]) -> bool:
    """Whether some row references both tables that hang off one table: a booked segment's
    flight and fare (each of one route), a ticket's seat and price band (each of one zone),
    a line's shipment and order (each of one contract). The diamond the keys draw is the sign
    that the table groups the two: along either key the row reaches one row of it. Not where
    one of the two is people (a pilot's home base does not bind the aircraft they fly)."""
    if any(personal(schema, child) for child in children):
        return False
    for other in schema.tables.values():
        if other.qualified in children:
            continue
        refs = {
            partition_root(schema, fk.ref_qualified)
            for fk in other.foreign_keys
            if len(fk.columns) == 1
        }
        if children <= refs:
            return True
    return False


# Columns that make a row a person (an editor, a user): people are parties, not scopes.
_PERSONAL = re.compile(
    r"^(e_?mail(_address)?|password(_hash)?|first_?name|last_?name|given_name|family_name|full_?name"
    r"|birth_?date|date_of_birth|username|user_name|login)$"
)


@memo.by_identity
def personal(schema: Schema, table: str) -> bool:
    """A table of people or parties: named as one (PARTIES) or holding a person's columns."""
    if _party_rank(table) < len(PARTIES):
        return True
    model = schema.tables.get(table)
    return model is not None and any(_PERSONAL.match(c.name.lower()) for c in model.columns)


# An e-mail address is a contact any body keeps, a person's or a place's.
_EMAIL = re.compile(r"^e_?mail(_address)?$")


@memo.by_identity
def placed_contact(schema: Schema, table: str) -> bool:
    """A place that keeps an e-mail address, not a person: personal only by its e-mail (no
    name, birth date or login of a person, not named as a party) and on the ground (a street,
    a city: _ON_THE_GROUND). A club with a street and an e-mail groups its rooms and staff as
    any scope does (is_scope); an organisation with an e-mail and a time zone is a tenant."""
    model = schema.tables.get(table)
    if model is None or _party_rank(table) < len(PARTIES):
        return False
    names = [c.name.lower() for c in model.columns]
    if not any(_EMAIL.match(n) for n in names):
        return False
    if any(_PERSONAL.match(n) and not _EMAIL.match(n) for n in names):
        return False
    return any(_ON_THE_GROUND.search(normalise(n)) for n in names)


def optional_home(schema: Schema, way: Way) -> bool:
    """Whether a way leaves a person (not a placed contact) by a key that may be NULL: where
    they live (an editor's home area), not what they belong to (a member's library system)."""
    for table, column in way:
        model = schema.tables.get(table)
        if model is None or not _nullable(model, column) or placed_contact(schema, table):
            continue
        if personal(schema, table):
            return True
    return False


@memo.by_identity
def site_kind(schema: Schema, table: str) -> bool:
    """A table of the kinds one site or scope offers (a hotel's room types, a ship's cabin
    categories, a branch's vehicle classes): a lookup of kinds by its last word with a key
    that may not be NULL to a scope (is_scope: a site, or a table three or more tables hang
    off). Two keys of a row that reach one through different
    parents (a stay's booking and its room) meet there: the room is of the booked type."""
    noun = _noun(table)
    if not (re.search(LOOKUPS, noun) or re.fullmatch(r"class(es)?", noun)):
        return False
    if re.search(r"status|state|tag|label|level", noun):
        return False
    model = schema.tables.get(table)
    if model is None:
        return False
    return any(
        _single(fk) and not _nullable(model, fk.columns[0]) and is_scope(schema, fk.ref_qualified)
        for fk in model.foreign_keys
    )


def _nullable(table: Table, column: str) -> bool:
    model = table.column(column)
    return model is None or model.nullable


def named_for(column: str, table: str) -> bool:
    """A key named for the table it references (customer_id → customers): the row belongs to
    that row, rather than naming a role someone played (author_id, reported_user_id)."""
    stem = column.lower().removesuffix("_id").removesuffix("_code")
    return stem in _singulars(table)


def _unique_alone(table: Table, column: str) -> bool:
    keys: list[PrimaryKey | UniqueConstraint] = [table.primary_key] if table.primary_key else []
    keys += [u for u in table.uniques if u.predicate is None]
    return any(list(k.columns) == [column] for k in keys)


def belongs(schema: Schema, table: Table, parent: Table, via: str, direct: str, grand: str) -> bool:
    """Whether a row's key to `parent` must meet its key `direct` at `grand` because the parent
    belongs there: both keys bear one name (an invoice's customer_id and its agreement's), the
    parent is one of many under its grandparent (not an extension of it), neither row is
    content others respond to, and the grandparent is the party both rows are named for (an
    agreement's customer), a scope the parent lies in (a pipe segment's municipality), or a
    holding the parent is a part of (a claim's policy's insured property)."""
    if via != direct or _unique_alone(parent, via):
        return False
    if is_content(table.qualified) or is_content(parent.qualified):
        return False
    if _party_rank(grand) < len(PARTIES):
        return named_for(via, grand)
    scoped = is_scope(schema, grand) or (owned(grand) and named_for(via, grand))
    return scoped and not personal(schema, parent.qualified)


def _party_rank(table: str) -> int:
    words = _singulars(table)
    for rank, party in enumerate(PARTIES):
        if any(w == party or w.endswith("_" + party) for w in words):
            return rank
    return len(PARTIES)


def owned_or_party(table: str) -> bool:
    """A table of parties (customers, patients…) or of what a party owns."""
    return owned(table) or _party_rank(table) < len(PARTIES)


def _single(fk: ForeignKey) -> bool:
    return len(fk.columns) == 1 and len(fk.ref_columns) == 1


def walk(
    schema: Schema,
    start: str,
    depth: int,
    takes: Callable[[str, ForeignKey], bool],
    enters: Callable[[str], bool],
) -> Iterator[tuple[ForeignKey, str, Way, int]]:
    """The tables reached from `start` along single-column foreign keys, nearest first: for
    each key a table `takes` (the table, the key), (the key, the table it references, the way
    there as (table, key column) hop by hop, the number of hops); the walk goes on from a
    table it `enters`, up to `depth` hops (site_meet.py's scopes, the meets along a chain)."""
    frontier: list[tuple[str, Way]] = [(start, ())]
    for step in range(1, depth + 1):
        nxt = []
        for table, hops in frontier:
            model = schema.tables.get(table)
            for fk in model.foreign_keys if model is not None else []:
                ref = partition_root(schema, fk.ref_qualified)
                if len(fk.columns) != 1 or ref == table or not takes(table, fk):
                    continue
                way = (*hops, (table, fk.columns[0]))
                yield fk, ref, way, step
                if enters(ref):
                    nxt.append((ref, way))
        frontier = nxt


# How many keys a chain from the parent to the grandparent may hold (a payment's invoice →
# contract → customer: two).
_CHAIN = 3


def chains(schema: Schema, start: str, home: str) -> Iterator[tuple[ForeignKey, str, Way, int]]:
    """`walk` from `start` along keys that may not be NULL, up to three, through no party, no
    content, fact or lookup, nor the row's own table (`home`): the ways a row's parent
    belongs farther up (an invoice's contract's customer)."""

    def takes(at: str, fk: ForeignKey) -> bool:
        model = schema.tables.get(at)
        return _single(fk) and model is not None and not _nullable(model, fk.columns[0])

    def enters(ref: str) -> bool:
        noun = _noun(ref)
        return (
            ref not in (home, start)
            and not personal(schema, ref)
            and not is_content(ref)
            and re.search(FACTS, noun) is None
            and re.search(LOOKUPS, noun) is None
        )

    return walk(schema, start, _CHAIN, takes, enters)


def _chain_meets(
    schema: Schema,
    table: Table,
    hop: str,
    parent: Table,
    direct_by_target: dict[tuple[str, str], list[str]],
    near: set[str],
) -> list[Meet]:
    """Meets along a chain of many-to-one keys that may not be NULL (`chains`), from the
    parent to a party the row also names directly (a payment's invoice → contract →
    customer, beside the payment's customer_id): the last key and the row's are named for
    the party; the parent is something a party owns or the last key bears the row's key's
    name. Grandparents the parent's own keys reach (`near`) are the one-hop meets'."""
    home = partition_root(schema, table.qualified)
    out = []
    for fk, grand, way, step in chains(schema, parent.qualified, home):
        if step < 2 or grand in near or not personal(schema, grand):
            continue
        last = way[-1][1]
        directs = [c for c in direct_by_target.get((grand, fk.ref_columns[0]), []) if c != hop]
        same = [c for c in directs if c == last]
        chosen = same[0] if same else (directs[0] if len(directs) == 1 else None)
        if chosen is None or not named_for(chosen, grand) or not named_for(last, grand):
            continue
        if is_content(parent.qualified) or not (owned(parent.qualified) or chosen == last):
            continue
        out.append(Meet(hop, chosen, parent.qualified, way[0][1], grand, further=way[1:]))
        near.add(grand)
    return out


@memo.by_identity_copied(list)  # asked for every child of every parent (label_columns)
def plan_meets(schema: Schema, table: Table) -> list[Meet]:
    """The meets a table's keys imply, from the schema alone (one per key to a parent)."""
    direct_by_target: dict[tuple[str, str], list[str]] = {}
    for fk in table.foreign_keys:
        if _single(fk) and partition_root(schema, fk.ref_qualified) != partition_root(
            schema, table.qualified
        ):
            target = (partition_root(schema, fk.ref_qualified), fk.ref_columns[0])
            direct_by_target.setdefault(target, []).append(fk.columns[0])
    out: list[Meet] = []
    for fk in table.foreign_keys:
        parent_name = partition_root(schema, fk.ref_qualified)
        parent = schema.tables.get(parent_name)
        if not _single(fk) or parent is None or parent_name == table.qualified:
            continue
        found = []
        for pfk in parent.foreign_keys:
            if not _single(pfk):
                continue
            grand = partition_root(schema, pfk.ref_qualified)
            directs = [
                c
                for c in direct_by_target.get((grand, pfk.ref_columns[0]), [])
                if c != fk.columns[0]
            ]
            chosen = meeting_key(directs, table.name, parent, pfk)  # two roles stay apart
            if chosen is not None and grand != parent_name:
                found.append((chosen, pfk.columns[0], grand))
        # the parent belongs to the grandparent the row names (an invoice's agreement is its
        # customer's), or both lie in one scope (an outage's pipe segment is in the outage's
        # municipality); content stays free
        belonging = {
            via
            for chosen, via, grand in found
            if belongs(schema, table, parent, via, chosen, grand)
        }
        # a row repeating two or more of its parent's keys continues that parent: all meet
        continues = len({c for c, _, _ in found}) >= 2
        options = [
            Meet(fk.columns[0], chosen, parent_name, via, grand)
            for chosen, via, grand in found
            if continues or owned(parent_name) or business_site(schema, grand) or via in belonging
        ]
        if not any(personal(schema, m.grandparent) for m in options):
            # the party the row names, farther up the parent's chain of keys
            near = {grand for _, _, grand in found}
            options += _chain_meets(schema, table, fk.columns[0], parent, direct_by_target, near)
        if options:
            best = min(
                options,
                key=lambda m: (
                    _party_rank(m.grandparent),
                    not (m.further and personal(schema, m.grandparent)),  # a chain to a person
                    len(m.further),
                    m.direct != m.via,
                ),
            )
            copies = tuple(
                (m.direct, m.via)
                for m in options
                if m is not best and m.direct != best.direct and not m.further
            )
            label = _label(schema, parent, fk.columns[0])
            strict = continues or owned(parent_name) or business_site(schema, best.grandparent)
            out.append(replace(best, label=label, copies=copies, strict=strict))
    return out


def _label(schema: Schema, parent: Table, hop: str) -> tuple[str, str] | None:
    """The word a key's name puts before its parent's name (shipping_address_id: shipping),
    when one column of the parent lists it among its values (an enum or a CHECK's IN list)."""

    stem = hop.lower().removesuffix("_id")
    # the longest singular that ends the key's name (a set: sorted, for any hash seed)
    words = sorted((w for w in _singulars(parent.name) if stem.endswith("_" + w)), key=len)[::-1]
    if not words:
        return None
    word = stem[: -len(words[0]) - 1]
    for column in parent.columns:
        info = resolve_type(schema, column.type)
        values = info.labels or column_hints(schema, parent, column).allowed or []
        for value in values:
            if isinstance(value, str) and value.lower() == word:
                return column.name, value
    return None


def label_columns(schema: Schema, table: Table) -> set[str]:
    """Columns of `table` that its children's meets read (kept with its keys)."""
    out = set()
    for child in referencing(schema, table.qualified):
        out |= {m.label[0] for m in plan_meets(schema, child) if m.label}
    return out


def describe(meet: Meet) -> str:
    short = meet.parent.rsplit(".", 1)[-1]
    label = f", {meet.label[0]} {meet.label[1]!r} first" if meet.label else ""
    copies = "".join(f"; {d} is its {v}" for d, v in meet.copies)
    via = ".".join([meet.via, *(c for _, c in meet.further)])
    return (
        f"picked among {short} rows whose {via} is the row's {meet.direct}{label}"
        f"{copies} (keys that meet)"
    )
