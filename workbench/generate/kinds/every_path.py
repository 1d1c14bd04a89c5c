"""Keys of one row that reach one table along ways of their own, planned from the schema with
no words of any domain: a weighbridge slip names its lorry and, when it closes a shift, the
shift (→ lorry): the shift's lorry is the slip's; a stay names its hotel, its rate (→ hotel)
and, when a voucher pays it, the voucher (→ hotel, → guest's car); a claim line its gift
(→ donor) and the declaration it is claimed under (→ donor). A key reaches its own parent
(the row holds that key itself) and the tables its parent reaches along one to three
single-column keys, each along its one shortest way (through keys that may not be NULL
first); two keys reaching one table should reach one row of it.

What counts as one table reached by two keys: the last key of each way (or the row's own key,
for its own parent) bears one name on both sides (a shift's lorry_id and the slip's lorry_id;
a project's owner_id and a task's assignee_id play two roles and stay free); the keys lead to
two different tables (a transfer's two accounts are two roles), no other key of the row leads
to the same table as either, and neither parent is content others respond to (a post; not a
subscription, which a party holds: an order's subscription is its customer's). Facts and
lookups (countries, kinds) never count, nor the row's own table, a table a parent reaches
along two ways of one length, or one each side reaches only through another shared table.

A key of many columns (a blood unit's (order_id, order_line_no) to its order line) reaches
what its parent reaches (not through the key's own columns: the row holds those); where the
row continues that parent (repeats two or more of its keys by name), also the kinds the
parent's own keys name (a lookup of types or categories, not of states: the unit is the
component type its line asked for, and its own key to that lookup meets it there).
rules/every_path.py keeps them, repairing only the rows whose keys disagree. A coded attribute
an ancestor's key names that a row must reach this way (a blood unit's donation's donor's blood
group, both keys of the unit NOT NULL) is known on the ancestor: needed_along."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root, single_keys
from workbench.generate.kinds.meets import FACTS, LOOKUPS, Way, is_content, walk
from workbench.generate.kinds.path_agree import responded_to
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import ForeignKey, Schema, Table

_DEPTH = 3  # keys from a parent on: a tap's trip → pattern → line → city


@dataclass(frozen=True)
class Shared:
    """The row's keys `a` and `b` (to two different tables) reach `end` (a table and the
    column the last key references) along `way_a` and `way_b`, from their parents on; an
    empty way is the key's own parent (the end is the table the key references)."""

    a: str
    way_a: Way
    b: str
    way_b: Way
    end: tuple[str, str]


def _counts(table: str) -> bool:
    noun = normalise(table.rsplit(".", 1)[-1]).split("_")[-1]
    return (
        re.search(FACTS, noun) is None
        and re.search(LOOKUPS, noun) is None
        and not is_content(table)
    )


# Lookups a row has as its own state, never its parent's (an order line's status).
_STATES = re.compile(r"^(status(es)?|states?)$")


def _kind(table: str) -> bool:
    """A lookup of kinds, types or categories (not of states): what a row that continues its
    parent asks for is the parent's (a blood unit issued to an order line is the component
    type the line asked for)."""
    noun = normalise(table.rsplit(".", 1)[-1]).split("_")[-1]
    return re.search(LOOKUPS, noun) is not None and _STATES.match(noun) is None


def composite_keys(schema: Schema, table: Table) -> list[tuple[str, str]]:
    """(columns joined by commas, referenced table) of each key of many columns to another
    table (a blood unit's (order_id, order_line_no) to its order line)."""
    out = []
    for fk in table.foreign_keys:
        parent = partition_root(schema, fk.ref_qualified)
        if len(fk.columns) > 1 and parent != table.qualified:
            out.append((",".join(fk.columns), parent))
    return out


def _continues(schema: Schema, table: Table, key: ForeignKey) -> bool:
    """Whether a row of many columns' key continues its parent: it repeats two or more of the
    parent's other keys by name (a blood unit its order line's component and blood group)."""
    parent = schema.tables.get(partition_root(schema, key.ref_qualified))
    if len(key.columns) < 2 or parent is None:
        return False
    own = {f.columns[0] for f in table.foreign_keys if len(f.columns) == 1}
    theirs = {f.columns[0] for f in parent.foreign_keys if len(f.columns) == 1}
    return len((own & theirs) - set(key.columns) - set(key.ref_columns)) >= 2


def _always(schema: Schema, way: Way) -> bool:
    """Whether every key along a way may not be NULL (the way always arrives)."""
    for at, column in way:
        model = schema.tables.get(at)
        col = model.column(column) if model is not None else None
        if col is None or col.nullable:
            return False
    return True


def reached(
    schema: Schema, key: ForeignKey, home: str, split: bool = True, kinds: bool = False
) -> dict[tuple[str, str], Way]:
    """The (table, referenced column) a key reaches: its own parent (an empty way; not for a
    key of many columns), then along one to three single-column keys from it, each along its
    one shortest way through keys that may not be NULL, else its one shortest way (none where
    two ways of that length reach it, unless they part at a table whose own two keys meet
    there: an enrolment reaches its centre through its course and its instructor, who teach at
    one centre). With `kinds`, also the kinds the parent's own keys name (_kind)."""
    parent = partition_root(schema, key.ref_qualified)
    out: dict[tuple[str, str], Way] = {}
    if (_counts(parent) or _kind(parent)) and len(key.columns) == 1:
        out[(parent, key.ref_columns[0])] = ()  # a kind: only ever shared with `kinds` ways

    def takes(at: str, fk: ForeignKey) -> bool:
        return len(fk.ref_columns) == 1 and at in schema.tables

    def enters(ref: str) -> bool:
        return ref not in (home, parent) and ref in schema.tables and _counts(ref)

    found: dict[tuple[str, str], list[Way]] = {}
    for fk, ref, way, _ in walk(schema, parent, _DEPTH, takes, enters):
        ref = partition_root(schema, ref)
        if ref in (home, parent) or not (_counts(ref) or (kinds and len(way) == 1 and _kind(ref))):
            continue
        if len(key.columns) > 1 and way[0][1] in key.ref_columns:
            continue  # through a column of the key itself: the row holds it already
        found.setdefault((ref, fk.ref_columns[0]), []).append(way)
    for end, ways in found.items():
        best = [w for w in ways if _always(schema, w)] or ways
        shortest = [w for w in best if len(w) == len(best[0])]
        if len(shortest) == 1 or (
            split and all(_one_row(schema, shortest[0], w, end) for w in shortest[1:])
        ):
            out[end] = shortest[0]
    return out


def _one_row(schema: Schema, first: Way, other: Way, end: tuple[str, str]) -> bool:
    """Whether two ways of one length to an end part at one table (one hop each on) whose
    two keys there reach the end as keys along every path, so both reach one row of it."""
    at = next((i for i, (a, b) in enumerate(zip(first, other, strict=True)) if a != b), None)
    if at is None or first[at][0] != other[at][0]:
        return False
    table = schema.tables.get(first[at][0])
    if table is None or is_content(table.qualified):
        return False
    pair = {(first[at][1], first[at + 1 :]), (other[at][1], other[at + 1 :])}
    return any(
        s.end == end and {(s.a, s.way_a), (s.b, s.way_b)} == pair
        for s in _plan(schema, table, split=False)
    )


def _implied(way: Way, shorter: list[Way]) -> bool:
    """Whether a way runs on from the way to another shared end (the empty way of a key's own
    parent leads on to all its parent reaches)."""
    return any(len(w) < len(way) and way[: len(w)] == w for w in shorter)


def _last(column: str, way: Way) -> str:
    return way[-1][1] if way else column


@memo.by_identity
def _all(schema: Schema) -> dict[str, list[Shared]]:
    return {name: _plan(schema, table) for name, table in schema.tables.items()}


def shared_ends(schema: Schema, table: Table) -> list[Shared]:
    """Each pair of the table's keys and the tables both reach (schema only)."""
    return _all(schema).get(table.qualified, [])


@memo.by_identity
def _needed(schema: Schema) -> frozenset[tuple[str, str]]:
    """The (table, column) each ancestor's key a row must reach along every path (see
    needed_along)."""
    out = set()
    for name, shared in _all(schema).items():
        table = schema.tables[name]
        for s in shared:
            for key, way, other, other_way in ((s.a, s.way_a, s.b, s.way_b),
                                               (s.b, s.way_b, s.a, s.way_a)):  # fmt: skip
                column, other_col = table.column(key), table.column(other)
                if not way or other_way or column is None or other_col is None:
                    continue
                if column.nullable or other_col.nullable or not _always(schema, way[:-1]):
                    continue
                if _coded(schema, s.end):  # an attribute (a blood group), not a party
                    out.add(way[-1])
    return frozenset(out)


def _coded(schema: Schema, end: tuple[str, str]) -> bool:
    """Whether the end is a coded attribute: its rows keyed by text (a blood group's code, a
    grade), not an entity with a number of its own (an organisation a user may lack)."""
    table = schema.tables.get(end[0])
    column = table.column(end[1]) if table is not None else None
    return column is not None and resolve_type(schema, column.type).kind == "text"


def needed_along(schema: Schema, table: str, column: str) -> bool:
    """Whether a row of another table must reach this key to a coded attribute along keys that
    may not be NULL and meet there its own key that may not be NULL either: a blood unit's
    donation's donor's blood group is the unit's own, so a donor whose units need the group
    has it known."""
    return (table, column) in _needed(schema)


def _plan(schema: Schema, table: Table, split: bool = True) -> list[Shared]:
    home = table.qualified
    if is_content(home):
        return []
    keys = single_keys(schema, table) + composite_keys(schema, table)
    roles = Counter(parent for _, parent in keys)
    fks = {",".join(fk.columns): fk for fk in table.foreign_keys}
    keys = [
        (col, parent)
        for col, parent in keys
        if roles[parent] == 1
        and (len(fks[col].ref_columns) == 1 or "," in col)
        and not responded_to(parent)  # a subscription a party holds is its orders' too
    ]
    ways = {col: reached(schema, fks[col], home, split, _continues(schema, table, fks[col]))
            for col, _ in keys}  # fmt: skip
    out = []
    for i, (col_a, _) in enumerate(keys):
        for col_b, _ in keys[i + 1 :]:
            common = sorted(
                end
                for end in set(ways[col_a]) & set(ways[col_b])
                if end[0] != home
                and roles.get(end[0], 0) <= 1
                and _last(col_a, ways[col_a][end]) == _last(col_b, ways[col_b][end])
            )
            pairs = [(end, ways[col_a][end], ways[col_b][end]) for end in common]
            firm_a = [a for _, a, _ in pairs]
            firm_b = [b for _, _, b in pairs]
            for end, way_a, way_b in pairs:
                if _implied(way_a, firm_a) and _implied(way_b, firm_b):
                    continue  # reached through another shared end on both sides
                out.append(Shared(col_a, way_a, col_b, way_b, end))
    return out


def describe(schema: Schema, table: Table, column: str) -> str:
    """What `workbench classify` says of a key that meets others along every path: the tables
    it reaches one row of with which of the row's keys ("" where none)."""
    ends: dict[str, list[str]] = {}
    for s in shared_ends(schema, table):
        if column in (s.a, s.b):
            ends.setdefault(s.end[0].rsplit(".", 1)[-1], []).append(s.b if s.a == column else s.a)
    said = "; ".join(
        f"its {end} row is {', '.join(k + chr(39) + 's' for k in dict.fromkeys(keys))}"
        for end, keys in ends.items()
    )
    return f"; {said} (keys along every path)" if said else ""
