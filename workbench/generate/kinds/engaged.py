"""Rows that take place under a booking they do not reference, from the schema alone: a
table B with a span of days or times (two time columns a CHECK orders, `first_date <=
last_date`, or a window kinds/windows.py reads) and two keys that may not be NULL to two
tables X and Y, unique together (with the span's start or alone: one booking of the pair),
books Y at X for that span (a cinema's booking of a film, a hall's hire by a
society, a pitch's allocation to a club). A row R with a time of its own (kinds/windows.
used_at: a showing's start, an event's), no key to B and not reached by B, that has a key
to Y and reaches X (by a key of its own, or through one parent by a key that may not be
NULL: a showing's screen's cinema) takes place within one of B's rows of its X and Y:
rules/engaged.py picks R's key to Y among those B's rows of R's X hold at R's time.

Neither X nor Y a fact or a lookup (countries, currencies, kinds), nor the other's parent; B
is loaded before R (kinds/holdings.load_before) and keeps its two keys and its span
(`booking_columns`, read by rows/assembler.py). No table is named here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlglot import exp

from workbench.config.file import Config
from workbench.generate.base.sqltree import column_name, conjuncts, strip
from workbench.generate.base.tables import key_refs, reaches, unique_sets
from workbench.generate.checks import checks_for
from workbench.generate.kinds.meets import FACTS, LOOKUPS
from workbench.generate.kinds.windows import TIME_KINDS, used_at, window_of
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type


@dataclass(frozen=True)
class Booking:
    """R's `key` to Y (whose column `key_ref` B's `book_key` names too); R reaches X by its
    key `via` (then along `hop` of that parent, "" where `via` names X itself); B (`table`)
    with its key `place_key` to X and its span `start`..`end`."""

    key: str
    key_ref: str
    via: str
    via_parent: str
    hop: str
    table: str
    book_key: str
    place_key: str
    start: str
    end: str


def _entity(table: str) -> bool:
    noun = table.rsplit(".", 1)[-1].lower().split("_")[-1]
    return re.search(FACTS, noun) is None and re.search(LOOKUPS, noun) is None


def _time(schema: Schema, table: Table, name: str) -> bool:
    column = table.column(name)
    return column is not None and resolve_type(schema, column.type).kind in TIME_KINDS


def span_of(schema: Schema, table: Table, config: Config) -> tuple[str, str] | None:
    """The table's span: its window (not one of validity), else two time columns that may
    not be NULL a CHECK orders (`last_date >= first_date`)."""
    window = window_of(schema, table, config)
    if window is not None and window.validity:
        return None  # a price or a term valid over a while: rules/valid_for.py's
    if window is not None and window.end:
        return window.start, window.end
    for _, tree in checks_for(schema, table):
        for part in conjuncts(tree):
            if type(part) not in (exp.LT, exp.GT, exp.LTE, exp.GTE):
                continue
            left, right = strip(part.this), strip(part.expression)
            if not (isinstance(left, exp.Column) and isinstance(right, exp.Column)):
                continue
            a, b = column_name(left), column_name(right)
            first, last = (a, b) if type(part) in (exp.LT, exp.LTE) else (b, a)
            columns = [table.column(first), table.column(last)]
            if any(c is None or c.nullable for c in columns):
                continue
            if _time(schema, table, first) and _time(schema, table, last):
                return first, last
    return None


@memo.by_identity
def _books(schema: Schema, config: Config) -> list[tuple[str, str, str, str, str, str, str]]:
    """(B, key to X, X, key to Y, Y, start, end) of each booking table, both ways round."""
    out = []
    for table in schema.tables.values():
        span = span_of(schema, table, config)
        if span is None:
            continue
        keys = [(c, ref) for c, ref, _, null in key_refs(schema, table) if not null]
        ents = [(c, ref) for c, ref in keys if _entity(ref)]
        if len(ents) != 2 or ents[0][1] == ents[1][1]:
            continue
        (ca, ta), (cb, tb) = ents
        if reaches(schema, ta, tb) or reaches(schema, tb, ta):
            continue
        if not any({ca, cb} <= set(key) for key in unique_sets(table)):
            continue  # one booking of the pair (from a day): what the pair is booked for
        out.append((table.qualified, ca, ta, cb, tb, *span))
        out.append((table.qualified, cb, tb, ca, ta, *span))
    return out


def bookings_of(schema: Schema, table: Table, config: Config) -> list[Booking]:
    """The bookings a row of `table` takes place under (see the module's words)."""
    if used_at(schema, table, config) is None:
        return []
    mine = key_refs(schema, table)
    out = []
    for book, place_key, place, book_key, booked, start, end in _books(schema, config):
        if book == table.qualified or reaches(schema, book, table.qualified):
            continue
        if any(ref == book for _, ref, _, _ in mine):
            continue
        keys = [(c, rc) for c, ref, rc, _ in mine if ref == booked]
        if len(keys) != 1:
            continue
        ways = [(c, ref, "") for c, ref, _, null in mine if ref == place and not null]
        for c, ref, _, null in mine:
            parent = schema.tables.get(ref)
            if null or parent is None or ref in (place, booked):
                continue
            hops = [h for h, r, _, n in key_refs(schema, parent) if r == place and not n]
            if len(hops) == 1:
                ways.append((c, ref, hops[0]))
        if len(ways) != 1:
            continue
        via, via_parent, hop = ways[0]
        key, key_ref = keys[0]
        found = (key, key_ref, via, via_parent, hop, book, book_key, place_key, start, end)
        out.append(Booking(*found))
    return out


@memo.by_identity
def booking_edges(schema: Schema, config: Config) -> list[tuple[str, str]]:
    """(table, booking table to load before it)."""
    out = {
        (name, b.table)
        for name, table in schema.tables.items()
        for b in bookings_of(schema, table, config)
    }
    return sorted(out)


@memo.by_identity
def booking_columns(schema: Schema, config: Config) -> dict[str, set[str]]:
    """For each booking table, the columns the rows taking place under it read; for each
    parent a row reaches the place through, the key it reaches it by."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for b in bookings_of(schema, table, config):
            out.setdefault(b.table, set()).update({b.book_key, b.place_key, b.start, b.end})
            if b.hop:
                out.setdefault(b.via_parent, set()).add(b.hop)
    return out
