"""A way's calls: the stops of a train's run, the ports a voyage calls at, the addresses of a
delivery round, the waypoints of a flight plan. Rows numbered per parent (a number unique with
the key to the parent: kinds/numbering.is_line_number), each at one place (a key of the row
to a table of places whose name names no direction: `station_id`, `port_code`), under a parent
that names where its way starts and where it ends by two keys to that same table (a start word
and its end word: `origin_station_id`/`destination_station_id`, `from_port`/`to_port`,
`start_depot_id`/`end_depot_id`).

Such a way calls first at its start and last at its end, so its calls are at least two; the
times of a call that a pair of an arrival word and a departure word name
(`planned_arrival`/`planned_departure`, `eta`/`etd`, `arrived_at`/`departed_at`) have no
arrival at the first call and no departure at the last. Read from the schema only: the rule
is rules/calls.py, the law of at least two calls per parent plan/lines.py."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.whereabouts import directed
from workbench.generate.kinds.windows import TIME_KINDS
from workbench.schema.model import ForeignKey, Schema, Table
from workbench.schema.typeinfo import resolve_type

# the words naming where a way starts, each with the word naming where it ends
WAY_ENDS = {"from": "to", "origin": "destination", "orig": "dest", "departure": "arrival",
            "start": "end", "source": "target", "src": "dst", "first": "last",
            "begin": "end", "pickup": "dropoff"}  # fmt: skip
# a call's arrival word, each with its departure word
CALL_TIMES = {"arrival": "departure", "arrive": "depart", "arrived": "departed", "arr": "dep",
              "eta": "etd", "ata": "atd", "inbound": "outbound"}  # fmt: skip


@dataclass(frozen=True)
class Calls:
    """A table of calls: the key to the parent (one column), the number ordering the calls,
    the key to the place, the parent's start and end place keys, and the (arrival, departure)
    column pairs of the call's times."""

    fk: str
    parent: str
    number: str
    place: str
    places: str  # the table of places
    p_start: str
    p_end: str
    times: tuple[tuple[str, str], ...]


def _kind(schema: Schema, table: Table, name: str) -> str:
    col = next((c for c in table.columns if c.name == name), None)
    return resolve_type(schema, col.type).kind if col is not None else ""


def _keys(table: Table) -> list[set[str]]:
    keys = [{c for c in u.columns if c} for u in table.uniques]
    if table.primary_key is not None:
        keys.append(set(table.primary_key.columns))
    return keys


def _single(table: Table) -> list[ForeignKey]:
    return [fk for fk in table.foreign_keys if len(fk.columns) == 1]


def _word_swap(name: str, pairs: dict[str, str]) -> tuple[str, str] | None:
    """(the name with its one word of `pairs` swapped for its partner, that word), or None."""
    words = normalise(name).split("_")
    hits = [i for i, w in enumerate(words) if w in pairs]
    if len(hits) != 1:
        return None
    at = hits[0]
    return "_".join([*words[:at], pairs[words[at]], *words[at + 1 :]]), words[at]


def _ends(schema: Schema, parent: Table, places: str) -> tuple[str, str] | None:
    """The parent's one start key and one end key to the table of places, else None."""
    to_places = {normalise(fk.columns[0]): fk.columns[0] for fk in _single(parent)
                 if partition_root(schema, fk.ref_qualified) == places}  # fmt: skip
    found = []
    for norm, name in to_places.items():
        swapped = _word_swap(norm, WAY_ENDS)
        if swapped is not None and swapped[0] in to_places:
            found.append((name, to_places[swapped[0]]))
    return found[0] if len(found) == 1 else None


def call_times(schema: Schema, table: Table) -> tuple[tuple[str, str], ...]:
    """The (arrival, departure) pairs of time columns of one call (`planned_arrival` with
    `planned_departure`)."""
    by_norm = {normalise(c.name): c.name for c in table.columns}
    out = []
    for norm, name in by_norm.items():
        if _kind(schema, table, name) not in TIME_KINDS:
            continue
        swapped = _word_swap(norm, CALL_TIMES)
        other = by_norm.get(swapped[0]) if swapped is not None else None
        if other is not None and _kind(schema, table, other) in TIME_KINDS:
            out.append((name, other))
    return tuple(out)


def calls_of(schema: Schema, table: Table) -> Calls | None:
    """The table's calls (module doc), or None."""
    keys = _keys(table)
    nullable = {c.name: c.nullable for c in table.columns}
    for fk in _single(table):
        parent = partition_root(schema, fk.ref_qualified)
        model = schema.tables.get(parent)
        column = fk.columns[0]
        if model is None or parent == table.qualified or nullable.get(column, True):
            continue
        number = next((c.name for c in table.columns if c.name != column
                       and _kind(schema, table, c.name) == "int"
                       and is_line_number(c.name, table.qualified)
                       and {column, c.name} in keys), None)  # fmt: skip
        if number is None:
            continue
        for place in _single(table):
            places = partition_root(schema, place.ref_qualified)
            if place is fk or places in (parent, table.qualified) or directed(place.columns[0]):
                continue
            ends = _ends(schema, model, places)
            if ends is not None:
                return Calls(column, parent, number, place.columns[0], places, *ends,
                             call_times(schema, table))  # fmt: skip
    return None


def calls_parent(schema: Schema, table: Table) -> str | None:
    """The parent whose calls the table holds (the table a law of two calls or more is laid
    over), or None."""
    found = calls_of(schema, table)
    return found.parent if found is not None else None
