"""What a certificate's other keys and its limit say of the uses it covers, from the schema
alone: a pilot's licence names its pilot (the thing rules/certified.py finds), a port and a
largest ship (`max_loa_m`); an act of pilotage names its pilot and reaches a port and a ship
along its keys (act → request → port, → vessel). The certificate that covers a use is one
of the use's port whose limit covers the ship's length: a shotfirer's permit for the quarry,
a technician's certificate for the turbine model, an operator's ticket for the machine type
up to its tonnage.

A scope is another key of the certificate that may not be NULL, to a table each use reaches
along keys that may not be NULL, by one shortest way (not through the certificate nor its
thing), and no person nor fact of the world (an inspection's inspector is not its use's). A
limit is a number of the certificate named as a most (`max_*`, `*_limit`,
`*_capacity`, `up_to_*`) whose other words a number of the use, or of a table it reaches so,
bears all of (`max_loa_m` → a vessel's `loa_m`, `max_weight_t` → `gross_weight_t`), by one
nearest way. Ways are hops [table, column, referenced table, referenced column]."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.meets import FACTS, personal
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

HOPS = 3  # the longest way of keys from a use to a scope or a measure
LIMIT_WORDS = frozenset({"max", "maximum", "limit", "limits", "cap", "capacity", "ceiling",
                         "upto", "most"})  # fmt: skip
_NUMBERS = ("int", "decimal", "float")

Hop = list[str]


def _words(name: str) -> list[str]:
    return normalise(name).replace("up_to", "upto").split("_")


def _number(schema: Schema, table: Table, column: str) -> bool:
    found = table.column(column)
    return found is not None and resolve_type(schema, found.type).kind in _NUMBERS


def _keys(table: Table) -> list[tuple[str, str, str]]:
    """(column, referenced table, referenced column) of each key of one column that may not
    be NULL."""
    out = []
    for fk in table.foreign_keys:
        column = table.column(fk.columns[0])
        if len(fk.columns) == 1 and column is not None and not column.nullable:
            out.append((fk.columns[0], fk.ref_qualified, fk.ref_columns[0]))
    return out


def _ways(schema: Schema, start: Table, avoid: set[str]) -> list[tuple[str, list[Hop]]]:
    """Each table reached from `start` along keys that may not be NULL (none of `avoid`),
    nearest first, with the way there; a table reached by two ways of one length is left
    out (which of them is meant the schema does not say)."""
    frontier: list[tuple[str, list[Hop]]] = [(start.qualified, [])]
    out: list[tuple[str, list[Hop]]] = []
    seen = {start.qualified}
    for _ in range(HOPS):
        found: dict[str, list[list[Hop]]] = {}
        for name, way in frontier:
            model = schema.tables.get(name)
            for column, ref, ref_column in _keys(model) if model is not None else []:
                ref = partition_root(schema, ref)
                if ref in seen or ref in avoid:
                    continue
                found.setdefault(ref, []).append([*way, [name, column, ref, ref_column]])
        frontier = [(ref, ways[0]) for ref, ways in found.items() if len(ways) == 1]
        out += frontier
        seen |= set(found)
    return out


def scopes(
    schema: Schema, cert: Table, thing: str, uses: list[Table]
) -> list[tuple[str, list[list[Hop]]]]:
    """(the certificate's key, each use's way to the value it must equal) of each scope: the
    way's last hop names the use's value (its table's column)."""
    avoid = {cert.qualified}
    thing_ref = next((r for c, r, _ in _keys(cert) if c == thing), None)
    if thing_ref is not None:
        avoid.add(partition_root(schema, thing_ref))
    reach = [dict(_ways(schema, use, avoid)) for use in uses]
    out = []
    for column, ref, ref_column in _keys(cert):
        ref = partition_root(schema, ref)
        noun = normalise(ref.rsplit(".", 1)[-1]).split("_")[-1]
        if column == thing or ref in avoid or re.search(FACTS, noun) or personal(schema, ref):
            continue  # a place, a thing, a kind: not a fact of the world nor a person
        ways = [r.get(ref) for r in reach]
        found = [w for w in ways if w is not None and w[-1][3] == ref_column]
        if len(found) == len(ways):
            out.append((column, found))
    return out


def limit(
    schema: Schema, cert: Table, thing: str, uses: list[Table]
) -> tuple[str, list[tuple[list[Hop], str] | None]]:
    """The certificate's limit and, per use, (its way, the measured column) or None: where
    no use reaches a measure of the limit's meaning, ("", [])."""
    avoid = {cert.qualified}
    for column in cert.columns:
        words = _words(column.name)
        stem = set(words) - LIMIT_WORDS
        if column.name == thing or not LIMIT_WORDS & set(words) or not stem:
            continue
        if not _number(schema, cert, column.name):
            continue
        measures = [_measure(schema, use, stem, avoid) for use in uses]
        if any(m is not None for m in measures):
            return column.name, measures
    return "", []


def _measure(
    schema: Schema, use: Table, stem: set[str], avoid: set[str]
) -> tuple[list[Hop], str] | None:
    """The nearest number of the use, or of a table it reaches, bearing every word of the
    stem and no word of a limit; None where none, or two at one distance."""
    reached = [(use.qualified, []), *_ways(schema, use, avoid)]
    for hops in range(HOPS + 1):
        found = []
        for name, way in reached:
            table = schema.tables.get(name)
            if table is None or len(way) != hops:
                continue
            keys = {c for fk in table.foreign_keys for c in fk.columns}
            found += [
                (way, c.name)
                for c in table.columns
                if stem <= set(_words(c.name))
                and not LIMIT_WORDS & set(_words(c.name))
                and c.name not in keys
                and _number(schema, table, c.name)
            ]
        if found:
            return found[0] if len(found) == 1 else None
    return None
