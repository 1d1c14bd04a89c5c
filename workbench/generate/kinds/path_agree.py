"""Two keys of one row whose parents reach two or more of the same tables along ways of their
own, planned from the schema: an invoice line names its invoice (→ sale, → client) and its lot
(→ sale, → buyer's paddle → client), so the lot was offered in the invoice's sale and knocked
down to the invoiced client; a dispensing line's order and its prescription are one patient's
at one pharmacy. The ways may run through a key that may be NULL (a lot's buyer
paddle: a lot not sold reaches no client) and be two keys long on either side.

Where one parent reaches a table along two ways of one length (a lot reaches clients through
its consignor and through its buyer's paddle), the way through a table that also holds the
row's other shared ends wins (a paddle is a client's in a sale, as the invoice is; a
consignment has no sale): the way that says the same thing as the other parent. Tables
reached only through another shared end (a sale's saleroom) add nothing and are dropped; facts
and lookups (countries, kinds) never count. At least one end is a party (kinds/meets.personal)
and one parent something a party owns (an invoice, an order: kinds/meets.owned; a lot's
consignment and its buyer's paddle reach two clients, a bid's paddle is not its lot's
buyer's). One shared party alone is rules/path_meet.py's meet; this plan takes the pairs with
two ends or more, which path_meet then leaves alone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root, single_keys
from workbench.generate.kinds.meets import (
    FACTS,
    LOOKUPS,
    Way,
    is_content,
    owned,
    personal,
    plan_meets,
    walk,
)
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.schema.model import ForeignKey, Schema, Table

_DEPTH = 2  # keys from the parent on


@dataclass(frozen=True)
class Agreement:
    """The row's keys `a` (to `parent_a`) and `b` (to `parent_b`) reach each table of `ends`
    along the two ways given: (table, a's way, b's way), a way from the parent on."""

    a: str
    parent_a: str
    b: str
    parent_b: str
    ends: tuple[tuple[str, Way, Way], ...]


def _noun(table: str) -> str:
    return normalise(table.rsplit(".", 1)[-1]).split("_")[-1]


def _counts(table: str) -> bool:
    noun = _noun(table)
    return re.search(FACTS, noun) is None and re.search(LOOKUPS, noun) is None


def _ways(schema: Schema, parent: str, home: str) -> dict[str, list[Way]]:
    """The tables a parent reaches along one or two single-column keys (NULL or not), through
    no party, content, fact or lookup, nor the row's own table; the ways to each, nearest
    first."""

    def takes(at: str, fk: ForeignKey) -> bool:
        return len(fk.columns) == 1 and len(fk.ref_columns) == 1 and at in schema.tables

    def enters(ref: str) -> bool:
        return (
            ref not in (home, parent)
            and not personal(schema, ref)
            and not is_content(ref)
            and _counts(ref)
        )

    out: dict[str, list[Way]] = {}
    for _, ref, way, _ in walk(schema, parent, _DEPTH, takes, enters):
        ref = partition_root(schema, ref)
        if ref not in (home, parent) and _counts(ref):
            out.setdefault(ref, []).append(way)
    return out


def _score(schema: Schema, way: Way, others: set[str]) -> int:
    """How many of the other shared ends the tables along the way hold a key to."""
    held = 0
    for table, _ in way[1:]:
        model = schema.tables.get(table)
        if model is not None:
            held += len({partition_root(schema, fk.ref_qualified) for fk in model.foreign_keys}
                        & others)  # fmt: skip
    return held


def _best(schema: Schema, ways: list[Way], others: set[str]) -> Way | None:
    """The shortest way, the one through tables holding the other ends on a tie; None where
    two still tie."""
    shortest = [w for w in ways if len(w) == len(ways[0])]
    if len(shortest) == 1:
        return shortest[0]
    scored = sorted(((_score(schema, w, others), w) for w in shortest), reverse=True)
    return scored[0][1] if scored[0][0] > scored[1][0] else None


def _implied(end: str, way: Way, shared: dict[str, tuple[Way, Way]]) -> bool:
    """Whether a way extends the way to another shared end (a sale's saleroom)."""
    return any(
        other != end and len(w) < len(way) and way[: len(w)] == w
        for other, pair in shared.items()
        for w in pair
    )


def _ends(
    schema: Schema, common: set[str], ways_a: dict[str, list[Way]], ways_b: dict[str, list[Way]]
) -> dict[str, tuple[Way, Way]]:
    """The shared ends and the way each parent takes there: first those each reaches along
    one shortest way, then the others, a tie broken by the tables that hold those first ends;
    ends reached only through another (a sale's saleroom) dropped."""

    def pick(end: str, others: set[str]) -> tuple[Way, Way] | None:
        way_a, way_b = _best(schema, ways_a[end], others), _best(schema, ways_b[end], others)
        return (
            (way_a, way_b) if way_a is not None and way_b is not None and way_a != way_b else None
        )

    def plain(chosen: dict[str, tuple[Way, Way]]) -> dict[str, tuple[Way, Way]]:
        return {
            end: pair
            for end, pair in chosen.items()
            if not _implied(end, pair[0], chosen) and not _implied(end, pair[1], chosen)
        }

    firm = plain({e: p for e in sorted(common) if (p := pick(e, set())) is not None})
    chosen = dict(firm)
    for end in sorted(common - set(firm)):
        pair = pick(end, set(firm))
        if pair is not None:
            chosen[end] = pair
    return plain(chosen)


def _drop_met(
    ways_a: dict[str, list[Way]],
    ways_b: dict[str, list[Way]],
    met_a: tuple[str, str] | None,
    met_b: tuple[str, str] | None,
) -> None:
    """Two keys that each meet the row's own key to one grandparent (a claim's vehicle and its
    property, both its policy's) reach what lies beyond it alike: the ways through it drop."""
    if met_a is None or met_b is None or met_a[0] != met_b[0]:
        return
    for ways, via in ((ways_a, met_a[1]), (ways_b, met_b[1])):
        for end in list(ways):
            ways[end] = [w for w in ways[end] if w[0][1] != via]
            if not ways[end]:
                del ways[end]


def responded_to(table: str) -> bool:
    """Content others respond to that is no party's own holding: a post, a comment; not a
    subscription, which a party holds and pays for (owned) whatever else it may name."""
    return is_content(table) and not owned(table)


def _through(ends: dict[str, tuple[Way, Way]], parents: set[str]) -> bool:
    """Whether a way to a shared end runs on through one of the two parents (a ticket's
    inspection reaches its tenant through a lease, as the ticket's lease does): then the two
    keys meet at that parent, and the one-party meet of rules/path_meet.py keeps them."""
    return any(step[0] in parents for a, b in ends.values() for step in (*a[1:], *b[1:]))


@memo.by_identity
def _all(schema: Schema) -> dict[str, list[Agreement]]:
    return {name: _plan(schema, table) for name, table in schema.tables.items()}


def agreements(schema: Schema, table: Table) -> list[Agreement]:
    """The table's pairs of keys whose parents reach two or more tables, at least one a party,
    along ways of their own (schema only)."""
    return _all(schema).get(table.qualified, [])


def _plan(schema: Schema, table: Table) -> list[Agreement]:
    keys = single_keys(schema, table)
    direct = {ref for _, ref in keys}
    home = table.qualified
    # keys that meet the row's own key to a grandparent (kinds/meets.plan_meets): their ways
    # through it agree once both meets are kept
    met = {m.hop: (m.grandparent, m.via) for m in plan_meets(schema, table) if not m.further}
    out = []
    for i, (col_a, parent_a) in enumerate(keys):
        for col_b, parent_b in keys[i + 1 :]:
            if parent_a == parent_b or responded_to(parent_a) or responded_to(parent_b):
                continue
            if not (owned(parent_a) or owned(parent_b)):
                continue  # a lot's consignor and its buyer are two clients
            ways_a, ways_b = _ways(schema, parent_a, home), _ways(schema, parent_b, home)
            _drop_met(ways_a, ways_b, met.get(col_a), met.get(col_b))
            common = (set(ways_a) & set(ways_b)) - direct - {parent_a, parent_b, home}
            ends = _ends(schema, common, ways_a, ways_b)
            if len(ends) < 2 or not any(personal(schema, end) for end in ends):
                continue
            if _through(ends, {parent_a, parent_b}):
                continue  # one parent reached through the other: path_meet's one-party meet
            out.append(
                Agreement(
                    col_a,
                    parent_a,
                    col_b,
                    parent_b,
                    tuple((end, a, b) for end, (a, b) in sorted(ends.items())),
                )
            )
    return out


def agreed_pairs(schema: Schema, table: Table) -> set[frozenset[str]]:
    """The pairs of keys an agreement plans (path_meet leaves them alone)."""
    return {frozenset((m.a, m.b)) for m in agreements(schema, table)}


def way_of(end: tuple[str, Way, Way], side: int) -> Way:
    """An end's way from one parent: side 1 (the first key's parent) or 2."""
    return end[1] if side == 1 else end[2]


def _key_to(schema: Schema, table: Table, end: str) -> str | None:
    """The table's one single-column key to `end` that may not be NULL, else None."""
    cols = [c for c, ref in single_keys(schema, table) if ref == end]
    column = table.column(cols[0]) if len(cols) == 1 else None
    return column.name if column is not None and not column.nullable else None


@memo.by_identity
def _links(schema: Schema) -> dict[str, list[tuple[str, str, str, str, str]]]:
    out: dict[str, list[tuple[str, str, str, str, str]]] = {}
    for found in _all(schema).values():
        for m in found:
            for near, far in ((1, 2), (2, 1)):
                if len(m.ends) != 2 or any(len(way_of(end, near)) != 1 for end in m.ends):
                    continue
                parent = way_of(m.ends[0], near)[0][0]
                party = [i for i, end in enumerate(m.ends) if personal(schema, end[0])]
                if len(party) != 1:
                    continue
                member, group = m.ends[party[0]], m.ends[1 - party[0]]
                between = {at for end in m.ends for at, _ in way_of(end, far)[1:]} - {parent}
                for link in sorted(between):
                    model = schema.tables.get(link)
                    if model is None:
                        continue
                    link_member = _key_to(schema, model, member[0])
                    link_group = _key_to(schema, model, group[0])
                    if link_member is None or link_group is None:
                        continue
                    mine = way_of(member, near)[0][1], way_of(group, near)[0][1]
                    row = (link, link_member, link_group, *mine)
                    if row not in out.get(parent, []):
                        out.setdefault(parent, []).append(row)
    return out


def agreed_links(schema: Schema, table: Table) -> list[tuple[str, str, str, str, str]]:
    """(link, its key to the party, its key to the group, the table's key to the party, its
    key to the group): a parent whose two keys a child's agreement reads directly (an
    invoice's client and sale) takes them as one row of a table on the other side's ways that
    holds both (a paddle: a client registered in a sale), so that its children can agree (a
    lot knocked down to that paddle is of that client and that sale)."""
    return _links(schema).get(table.qualified, [])
