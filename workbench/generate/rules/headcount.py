"""A party is a few people, and it fits where it goes: a booking's `adults` are one to a
few (at least one: an adult books), its `children` mostly none, a `pax` or `party_size` one to
a handful; and where the row reaches a capacity (a NOT NULL capacity, seats or max_occupancy
of a parent or grandparent: a room type, a table, a vehicle, a venue), the party's counts add
up to no more than it. A party total beside its parts (`guests` beside `adults` and
`children`) is their sum.

A count of people is an integer whose name, its count words aside (`num_`, `_count`,
`number_of_`), is a word of a party (vocab/lexicon.py: ADULTS, MINORS, PARTY). Shared by a
hotel's reservation, a restaurant's table booking (covers ≤ the table's seats), a tour's
booking (travellers ≤ the coach's seats), a ferry's ticket (passengers ≤ the vessel's
capacity) and an event's registration (attendees ≤ the venue's). Nothing here names a
table: the words are the lexicon's, the capacities vocab/magnitudes.MEASURES's seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab.lexicon import ADULTS, COUNT_WORDS, MINORS, PARTY
from workbench.generate.vocab.magnitudes import measure_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# how many of each role a party holds: the counts and their shares
_DRAWS: dict[str, tuple[tuple[int, ...], tuple[float, ...]]] = {
    "adults": ((1, 2, 3, 4), (0.36, 0.54, 0.07, 0.03)),
    "minors": ((0, 1, 2, 3), (0.72, 0.13, 0.11, 0.04)),
    "party": ((1, 2, 3, 4, 5, 6), (0.3, 0.45, 0.1, 0.1, 0.03, 0.02)),
}
# a word that names one person, a count only beside a count word (`guest_count`, not `guest`)
_SINGULAR = frozenset({"adult", "child", "kid", "infant", "baby", "minor", "guest", "person",
                       "passenger", "traveller", "party"})  # fmt: skip
_ROLES = (("adults", ADULTS), ("minors", MINORS), ("party", PARTY))


def role_of(name: str) -> str | None:
    """The part of a party a count's name says it counts, or None."""
    words = [w for w in normalise(name).split("_") if w not in COUNT_WORDS]
    counted = len(words) < len(normalise(name).split("_"))
    phrase = "_".join(words)
    for role, names in _ROLES:
        if phrase in names:
            # a singular word is a count only with a count word (`guest_count`, not `guest`)
            return role if phrase not in _SINGULAR or counted else None
    # who the party is, said of its members (`adult_guests`, `child_pax`, `infant_passengers`):
    # the qualifier's role, when the noun counts people (a plural party word, or a count word)
    if len(words) == 2 and words[1] in PARTY and (words[1] not in _SINGULAR or counted):
        for role, names in _ROLES[:2]:
            if words[0] in names:
                return role
    return None


def _capacity(view: TableView) -> tuple[Path, str] | None:
    """The nearest NOT NULL capacity a row reaches (a parent's, else a grandparent's)."""
    for hops in (False, True):
        for path in paths_of(view):
            if (path.via is not None) != hops:
                continue
            table = view.schema.tables.get(path.table)
            if table is None:
                continue
            for column in table.columns:
                found = measure_of(normalise(column.name))
                if found is not None and found[0] == "seats" and not column.nullable:
                    return path, column.name
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    counts = {
        name: role
        for name, spec in view.specs.items()
        if spec.kind == "int" and free(view, name) and (role := role_of(name)) is not None
    }
    if not counts:
        return []
    data: dict[str, object] = {"roles": counts}
    detail = f"{', '.join(counts)}: a party of a few"
    capacity = _capacity(view)
    if capacity is not None:
        path, source = capacity
        data.update({"fk": path.fk, "parent": path.parent, "source": source})
        if path.via is not None:
            data.update({"via": path.via, "target": path.target, "target_key": path.target_key})
        detail += f", within {path.table.rsplit('.', 1)[-1]}.{source}"
    return [Rule("headcount", list(counts), detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    cols = {name: batch.get(name) for name in rule.columns}
    if any(c is None for c in cols.values()) or not idx.size:
        return
    rng = row_rng(view, rule, idx)
    n = idx.size
    room = np.full(n, np.inf)
    if "source" in rule.data:
        path = Path(
            rule.data["fk"],
            rule.data["parent"],
            rule.data.get("via"),
            rule.data.get("target"),
            rule.data.get("target_key"),
        )
        got = source_values(view, path, rule.data["source"], batch)
        if got is not None:
            cap, missing = got
            room = np.where(missing, np.inf, np.asarray(cap, dtype=float))
    roles: dict[str, str] = rule.data["roles"]
    parts = [c for c in rule.columns if roles[c] != "party"]
    totals = [c for c in rule.columns if roles[c] == "party"]
    drawn: dict[str, np.ndarray] = {}
    # the adults first (at least one, within the room), then the minors in what is left
    for name in sorted(parts, key=lambda c: roles[c] != "adults"):
        values, shares = _DRAWS[roles[name]]
        value = rng.choice(np.asarray(values, dtype=float), n, p=shares)
        floor = 1.0 if roles[name] == "adults" else 0.0
        value = np.maximum(np.minimum(value, room), np.minimum(floor, room))
        room = room - value
        drawn[name] = value
    for name in totals:
        if parts:
            drawn[name] = np.sum([drawn[c] for c in parts], axis=0)
        else:
            values, shares = _DRAWS["party"]
            value = rng.choice(np.asarray(values, dtype=float), n, p=shares)
            drawn[name] = np.maximum(np.minimum(value, room), np.minimum(1.0, room))
    for name, value in drawn.items():
        col = cols[name]
        assert col is not None
        bounds = view.specs[name].info.bounds()
        if bounds is not None:
            value = np.clip(value, bounds[0], bounds[1])
        col.values[:] = value.astype(col.values.dtype)
        col.nulls[:] = False


RULE = RowRule(
    "headcount",
    "a party of a few people, its counts within the capacity the row reaches",
    _plan,
    _apply,
    phases={"headcount": Phase.ROW},
    after=("strength",),
    before=("arithmetic",),
)
