"""Keys that meet: two foreign keys of one row that meet at one grandparent row ("diamond"
keys), planned from the schema (rules/fk_meet.py applies them, rules/meets.py keeps what a
table needs while it does)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root
from workbench.generate.checks.hints import column_hints
from workbench.schema import memo
from workbench.schema.model import ForeignKey, Schema, Table
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
PARTIES = (
    "customer",
    "client",
    "user",
    "member",
    "account",
    "buyer",
    "patient",
    "tenant",
    "person",
    "owner",
    "student",
    "employee",
    "guest",
    "subscriber",
    "company",
)


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
    """A table of the sites a business runs (stores, depots, clinics, schools…)."""
    noun = normalise(table.rsplit(".", 1)[-1]).split("_")[-1]
    return re.search(SITES, noun) is not None


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
            same = [c for c in directs if c == pfk.columns[0]]
            chosen = same[0] if same else (directs[0] if len(directs) == 1 else None)
            if chosen is not None and grand != parent_name:
                found.append((chosen, pfk.columns[0], grand))
        # a row repeating two or more of its parent's keys continues that parent: all meet
        continues = len({c for c, _, _ in found}) >= 2
        options = [
            Meet(fk.columns[0], chosen, parent_name, via, grand)
            for chosen, via, grand in found
            if continues or owned(parent_name) or is_site(grand)
        ]
        if options:
            best = min(options, key=lambda m: (_party_rank(m.grandparent), m.direct != m.via))
            copies = tuple(
                (m.direct, m.via) for m in options if m is not best and m.direct != best.direct
            )
            label = _label(schema, parent, fk.columns[0])
            out.append(replace(best, label=label, copies=copies))
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
    for child in schema.tables.values():
        if any(fk.ref_qualified == table.qualified for fk in child.foreign_keys):
            out |= {m.label[0] for m in plan_meets(schema, child) if m.label}
    return out


def describe(meet: Meet) -> str:
    short = meet.parent.rsplit(".", 1)[-1]
    label = f", {meet.label[0]} {meet.label[1]!r} first" if meet.label else ""
    copies = "".join(f"; {d} is its {v}" for d, v in meet.copies)
    return (
        f"picked among {short} rows whose {meet.via} is the row's {meet.direct}{label}"
        f"{copies} (keys that meet)"
    )
