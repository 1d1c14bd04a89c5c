"""A unit's number says where it is: room 412 is on floor 4, cabin 7021 on deck 7, flat 305
on the third floor. A table that numbers its own rows (`room_number` of rooms, `cabin_no` of
cabins, `unit_number` of units: the table's noun and a number word) beside a small integer
naming a storey (vocab/lexicon.py STOREYS: `floor_no`, `level`, `deck`) numbers each row as
its storey followed by a two-digit index, counted per parent (the first key that may not be
NULL: a hotel's rooms, a ship's cabins), so the number is unique per parent by construction:
each parent fills its storeys from the first, a few to a few dozen units each (drawn once
per parent). Shared by a hotel's rooms, an apartment block's flats, a ship's cabins, an
office's desks on a level and a car park's bays on a deck."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.plan.keys import table_keys
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.vocab.lexicon import STOREYS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBER_WORDS = frozenset({"number", "no", "num", "nr"})
_PER_STOREY = (6, 30)  # units on one storey of a parent, drawn once per parent
_INDEX_DIGITS = 2


def _own_number(name: str, noun: str) -> bool:
    """A name numbering the table's own thing (`room_number` of rooms, `cabin_no`)."""
    words = normalise(name).split("_")
    return (
        len(words) >= 2
        and words[-1] in _NUMBER_WORDS
        and "_".join(words[:-1]) in singular_forms(noun)
    )


def _storey(name: str) -> bool:
    words = normalise(name).split("_")
    return words[0] in STOREYS and all(w in _NUMBER_WORDS for w in words[1:])


def _numbered_per_parent(view: TableView, name: str, key: str) -> bool:
    """A column the rules may rewrite, or one the unique plan numbers only for a key of the
    parent and itself (UNIQUE (hotel_id, room_number)): unique per parent by construction
    here, and the whole key is what the plan checks (constraints/unique/plan._check_by)."""
    if free(view, name):
        return True
    spec = view.specs[name]
    if name in view.fk_cols or name in view.built or spec.generator in ("null", "constant"):
        return False
    keys = [set(k.columns) for k in table_keys(view.table) if name in k.columns]
    return bool(keys) and all(k == {key, name} for k in keys)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    parent = next(
        (
            u
            for u in view.units
            if len(u.fk.columns) == 1 and not view.specs[u.fk.columns[0]].nullable
        ),
        None,
    )
    if parent is None:
        return []
    key = parent.fk.columns[0]
    noun = normalise(view.tp.name.rsplit(".", 1)[-1]).split("_")[-1]
    numbers = [
        c
        for c, s in view.specs.items()
        if _own_number(c, noun) and s.kind in ("text", "int") and _numbered_per_parent(view, c, key)
    ]
    storeys = [c for c, s in view.specs.items() if _storey(c) and s.kind == "int" and free(view, c)]
    if not numbers or not storeys:
        return []
    detail = f"{numbers[0]} = {storeys[0]} and a two-digit index per {key}"
    return [Rule("unit_number", [numbers[0], storeys[0], key], detail)]


@dataclass
class _Counts:
    """Per table (scratch): the units each parent numbered so far."""

    seen: dict[Any, int] = field(default_factory=dict)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    number, storey, key = (batch.get(c) for c in rule.columns)
    if number is None or storey is None or key is None or not idx.size:
        return
    counts = view.scratch.get(_Counts).seen
    seed = view.rng(f"unit-number:{rule.columns[0]}", 0).integers(1 << 30)
    lo, hi = view.specs[rule.columns[1]].info.bounds() or (0, 1 << 15)
    first = max(1, int(lo))
    ok = ~key.nulls
    floors = np.zeros(idx.size, dtype=np.int64)
    index = np.zeros(idx.size, dtype=np.int64)
    rows = np.flatnonzero(ok)
    if rows.size:
        parents, inverse = np.unique(key.values[rows], return_inverse=True)
        # each row's place among its parent's rows of this batch, after the earlier batches'
        order = np.argsort(inverse, kind="stable")
        sizes = np.bincount(inverse, minlength=parents.size)
        starts = np.cumsum(sizes) - sizes
        place = np.empty(rows.size, dtype=np.int64)
        place[order] = np.arange(rows.size) - np.repeat(starts, sizes)
        before = np.array([counts.get(p, 0) for p in parents.tolist()], dtype=np.int64)
        span = _PER_STOREY[1] - _PER_STOREY[0]
        per = np.array([_PER_STOREY[0] + stable_hash(seed, p) % span for p in parents.tolist()])
        for p, n in zip(parents.tolist(), (before + sizes).tolist(), strict=True):
            counts[p] = n
        seen = before[inverse] + place
        floors[rows] = first + seen // per[inverse]
        index[rows] = 1 + seen % per[inverse]
    ok &= floors <= hi
    storey.values[ok] = floors[ok].astype(storey.values.dtype)
    storey.nulls[ok] = False
    if number.kind == "int":
        number.values[ok] = (floors[ok] * 10**_INDEX_DIGITS + index[ok]).astype(number.values.dtype)
    else:
        made = np.char.add(floors.astype(str), np.char.zfill(index.astype(str), _INDEX_DIGITS))
        width = view.specs[rule.columns[0]].info.length
        if width is not None:
            ok &= np.char.str_len(made) <= width
        number.values[ok] = made[ok]
    number.nulls[ok] = False


RULE = RowRule(
    "unit_number",
    "a unit numbered by its storey and an index per parent (room 412 on floor 4)",
    _plan,
    _apply,
    phases={"unit_number": Phase.ROW},
    after=("headcount",),
    before=("arithmetic",),
)
