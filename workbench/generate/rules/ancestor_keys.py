"""Keys to facts that an ancestor decides: a row's key to a table of facts of the world
(currencies, countries, languages, time zones: kinds/meets.FACTS) follows the nearest
ancestor that holds a key to the same facts. An invoice (→ agreement → tariff) bills in its
tariff's currency; a tariff (→ municipality → country) in its country's; a booking (→ hotel
→ city → country) in the hotel's country's. The ancestor is found along single-column keys
up to four parents away: through a key the row must have before one it may lack (a lease
is in its unit's property's currency, not its optional manager's office's), then one that
does not pass through a party or what one owns before one that does, however much nearer
(an invoice's currency is its tariff's, not its customer's home country's; a booking's is
its slot's room's venue's, not its customer's country's), then through the place the row is
at (kinds/whereabouts.where_it_is: a show's venue; or a parent standing in a town, a city,
a district: an arena → town → country) before its other parents (the show's promoter's
country), then the nearest first. A key to
countries follows only in a row without a place of its own (a depot with a street and a city
lies where it lies), or, in a row whose place is a key to a table of places (a branch's
`city_id` → cities → countries), through that key: the branch lies in its city's country,
whatever its street; so does one whose required parent is an undertaking placed only by its
country (a project with its dates and no address: its sites lie in the project's country).
Runs after the meets, so the parents agree first; a row with a country
of its own then follows that
(rules/locale_keys.py). A row whose ancestor holds no key keeps its free pick.

Per table: the fact each first parent's row reaches, found once; per batch one sorted
search of the facts table."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.runs import lookup
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.meets import FACTS, owned_or_party, personal, placed_contact
from workbench.generate.kinds.roles import two_roles
from workbench.generate.kinds.whereabouts import where_it_is, world_place
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import generator_follows, generator_meets, reach_along

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView

# How many parents away the ancestor may be (the row's own key to the first one included):
# a show's venue's city's region's country is four.
_DEPTH = 4


@dataclass(frozen=True)
class Way:
    """From the row's key `first` (its parent's table first), hop by hop (the table each
    leaves from, its single-column key), to the ancestor's key to the facts (last hop)."""

    first: str
    hops: tuple[tuple[str, str], ...]


@dataclass
class AncestorKeys:
    """Per table (scratch): (key to facts, way to the ancestor's), planned once; the fact
    each first parent's row reaches."""

    planned: list[tuple[FKUnit, Way, str | None]] | None = None
    reached: dict[Way, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)


# Columns of a place of the row's own: its country is where it lies, not its owner's.
_PLACE = re.compile(r"(^|_)(city|street|address|postcode|postal_code|zip|zip_code|town)$")
# Tables of places a row's key may say it lies in (its city, its town, its region).
_PLACES = re.compile(
    r"^(cit(y|ies)|towns?|municipalit(y|ies)|localit(y|ies)|districts?|regions?|provinces?)$"
)


def _facts(view: TableView, table: str) -> str | None:
    """Whether a key to `table` may follow an ancestor to its facts: "any" way, "places" only
    through the row's key to a table of places, or None. Countries only for a row without a
    place of its own (a depot with a street and city lies in its own country, not in its
    carrier's), or through the key that names its place (a branch's city row)."""
    noun = normalise(table.rsplit(".", 1)[-1]).split("_")[-1]
    if re.search(FACTS, noun) is None:
        return None
    placed = any(_PLACE.search(c.name.lower()) for c in view.table.columns)
    return "places" if placed and re.search(r"^countr(y|ies)$", noun) else "any"


def _a_place(table: str) -> bool:
    return _PLACES.search(normalise(table.rsplit(".", 1)[-1]).split("_")[-1]) is not None


def _undertaking(view: TableView, first: FKUnit) -> bool:
    """Whether the row's required parent is an undertaking placed only by its country: a
    project, a programme, a tour with a window of its own in time, no street or city, no
    party nor what one owns. What is done for it lies in its country (a project's sites)."""
    parent = view.schema.tables.get(partition_root(view.schema, first.parent))
    if parent is None or first.nullable or owned_or_party(parent.qualified):
        return False
    if any(_PLACE.search(c.name.lower()) for c in parent.columns):
        return False
    return window_of(view.schema, parent, view.config) is not None


def _way(
    view: TableView, unit: FKUnit, besides: str | None = None, places: bool = False
) -> Way | None:
    """The nearest ancestor's key to the same facts as `unit` (see the module), through any
    first parent but the one keyed by `besides` (only a table of places when `places`)."""
    target = (partition_root(view.schema, unit.parent), tuple(unit.fk.ref_columns))
    best: tuple[bool, bool, bool, int, Way] | None = None
    for first in view.units:
        if first is unit or len(first.fk.columns) != 1 or first.mode == "self":
            continue
        if first.fk.columns[0] == besides:
            continue
        if places and not (_a_place(first.parent) or _undertaking(view, first)):
            continue
        start = partition_root(view.schema, first.parent)
        if start == view.tp.name or start == target[0]:
            continue
        at = where_it_is(view.schema, start, ",".join(first.fk.columns))
        frontier: list[tuple[str, tuple[tuple[str, str], ...], bool]] = [(start, (), False)]
        for depth in range(1, _DEPTH + 1):
            nxt = []
            for table, hops, party in frontier:
                model = view.schema.tables.get(table)
                kept = view.keys.tables.get(table, {})
                for fk in model.foreign_keys if model is not None else []:
                    if len(fk.columns) != 1 or fk.columns[0] not in kept:
                        continue
                    ref = partition_root(view.schema, fk.ref_qualified)
                    way = (*hops, (table, fk.columns[0]))
                    if (ref, tuple(fk.ref_columns)) == target:
                        if not _same_role(view, unit, (table, fk.columns[0]), target):
                            continue  # a rate's source language is no linguist's native one
                        rank = (first.nullable, party, not (at or _placed(way)), depth)
                        if best is None or rank < best[:4]:
                            best = (*rank, Way(",".join(first.fk.columns), way))
                        continue
                    if ref in view.keys.tables and ref not in (table, view.tp.name):
                        nxt.append((ref, way, party or _buyer(view, table)))
            frontier = nxt
    return best[4] if best is not None else None


def _placed(way: tuple[tuple[str, str], ...]) -> bool:
    """Whether a way from the row's parent passes through a place of the world finer than a
    country (an arena's town, a venue's city): the parent stands there, and the row is at it
    (a show at its arena), not at a parent registered in a country (its organiser)."""
    return any(
        world_place(table)
        and re.search(FACTS, normalise(table.rsplit(".", 1)[-1]).split("_")[-1]) is None
        for table, _ in way[1:]
    )


def _buyer(view: TableView, table: str) -> bool:
    """A party or what one owns, by its name, or a person by its columns (a patron with a
    name and an e-mail), not a place that keeps an e-mail (a venue): a way leaving it is the
    buyer's, not the seller's."""
    if owned_or_party(table):
        return True
    return personal(view.schema, table) and not placed_contact(view.schema, table)


def _same_role(
    view: TableView, unit: FKUnit, theirs: tuple[str, str], target: tuple[str, Any]
) -> bool:
    """Whether the ancestor's key plays the row's key's role (kinds/roles.py): not where the
    names qualify one noun by different words, nor, where the row has two keys to the facts
    (a source and a target language), under another name."""
    mine = unit.fk.columns[0]
    if two_roles(mine, theirs[1], view.tp.name, theirs[0]):
        return False
    rivals = [
        u
        for u in view.units
        if (partition_root(view.schema, u.parent), tuple(u.fk.ref_columns)) == target
    ]
    return len(rivals) < 2 or mine == theirs[1]


def _plan(view: TableView) -> AncestorKeys:
    state = view.scratch.get(AncestorKeys)
    if state.planned is not None:
        return state
    state.planned = []
    # keys other rules set from a parent the row continues (fk_meet.py) stay theirs
    # ... but where the parent it is copied from may be NULL (a booking without a rate plan),
    # the row's other ancestors decide it (the hotel's currency)
    copied = {c: m.hop for m, hop, _ in generator_meets(view) if hop.nullable for c, _ in m.copies}
    settled = {c for m, _, _ in generator_meets(view) for c, _ in m.copies} - set(copied)
    settled |= {c for m, _ in generator_follows(view) for c in (m.direct, *dict(m.copies))}
    for unit in view.units:
        facts = _facts(view, unit.parent) if len(unit.fk.columns) == 1 else None
        if facts is None:
            continue
        column = unit.fk.columns[0]
        if column in settled or not view.drawn_freely(unit) or view.specs[column].unique:
            continue
        way = _way(view, unit, copied.get(column), places=facts == "places")
        if way is not None:
            state.planned.append((unit, way, copied.get(column)))
    return state


def _reached(view: TableView, state: AncestorKeys, way: Way) -> tuple[np.ndarray, np.ndarray]:
    """The fact each row of the first parent's table reaches, and where it reaches none."""
    if way not in state.reached:
        state.reached[way] = reach_along(view, way.hops)
    return state.reached[way]


def follow_ancestors(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each planned key re-picked as the fact row its ancestor's key names."""
    state = _plan(view)
    for unit, way, hop in state.planned or []:
        parents, parent_nulls = view.parent_rows(way.first)
        rows, nulls = view.parent_rows(",".join(unit.fk.columns))
        if parents is None or rows is None:
            continue
        if hop is not None:  # only the rows without the parent the key is copied from
            hop_rows, hop_nulls = view.parent_rows(hop)
            if hop_rows is None:
                continue
            parent_nulls = parent_nulls | ~hop_nulls
        reached, missing = _reached(view, state, way)
        source, _ = view.parent_keys(unit)
        try:
            hit, found = lookup(source[unit.ref_map[unit.fk.columns[0]]], reached[parents])
        except (TypeError, ValueError):  # keys of kinds that do not compare
            continue
        take = found & ~parent_nulls & ~missing[parents] & ~nulls
        if take.any():
            links.assign(batch, unit, np.where(take, hit, rows), idx.size, nulls, source)


RULE = LinkRule(
    "keys an ancestor decides",
    "a key to a table of facts (a currency) follows the nearest ancestor's key to it",
    Stage.KEYS,
    follow_ancestors,
    after=("keys that meet at a site",),
    before=("keys of the row's locale",),  # a row's own country still decides
)
