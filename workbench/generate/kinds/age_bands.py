"""A type code that states an age band, and the day the age is judged on.

A text or enum column whose labels name age bands (`ADT`/`CHD`/`INF` of a fare, `adult`,
`child`, `senior` of a ticket, `infant`, `youth`, `junior` of a policy's insured), beside a
date of birth in the same row, says how old the person is on the day the row is about: an
infant under 2, a child 2 to 11, a youth 12 to 17 (an adult from 12 where no youth band is
listed, as fares count), a senior from 65, an adult up to 100 (or to 65 where seniors are a
band of their own). Labels that name no age (`student`, `concession`) bind nothing.

The day (`event_of`) is the row's own time it takes place at; else its parent's; else its
parent's own parent's (a tour participant's booking's departure); else the
first time its parent's other children take place at, their own or their parent's (a
booking's passengers fly on its segments' flights: the first flight's day), else when the
parent came to be. load/age_load.py moves each date of birth whose band does not hold there."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.anchors import anchor_of, takes_place
from workbench.generate.kinds.categories import labels
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.schema.model import Schema, Table

_KINDS = {
    "infant": {"inf", "infant", "infants", "baby", "babies", "lap_infant", "newborn"},
    "child": {"chd", "ch", "cnn", "chl", "child", "children", "kid", "kids", "minor", "junior"},
    "youth": {"yth", "youth", "teen", "teens", "teenager", "adolescent"},
    "adult": {"adt", "adl", "ad", "adult", "adults"},
    "senior": {"src", "snr", "sr", "senior", "seniors", "senior_citizen", "elderly",
               "pensioner", "oap", "retiree"},
}  # fmt: skip
_DATES = ("date", "timestamp", "timestamptz")


@dataclass(frozen=True)
class AgeBands:
    """The band column, the date of birth, and each label's ages in years [lo, hi); where the
    band is the row's parent's (a player's team's `age_group`), `holder` is the row's key, the
    parent table and the column the key references."""

    column: str
    birth: str
    bands: tuple[tuple[str, float, float], ...]
    holder: tuple[str, str, str] | None = None


@dataclass(frozen=True)
class Event:
    """Where the day is read: `how` is own | parent | sibling | sibling_parent; `key` the
    row's column to the parent (own: ""), `parent` and `parent_key` the parent table and the
    column the key references; for a sibling, its table and its column to the parent; for a
    sibling's parent, the sibling's column to it and the column that references; `time` the
    time column read."""

    how: str
    time: str
    key: str = ""
    parent: str = ""
    parent_key: str = ""
    sibling: str = ""
    sibling_key: str = ""
    via: str = ""
    target: str = ""
    target_key: str = ""


def _kind(label: str) -> str | None:
    norm = normalise(label)
    return next((k for k, words in _KINDS.items() if norm in words), None)


# the ages a label names on its own, as the terms a person takes (a plan's tier, a ticket's
# type): [lo, hi) in years; a student offer stops at 30
GROUP_AGES = {"infant": (0.0, 2.0), "child": (0.0, 12.0), "youth": (12.0, 18.0),
              "adult": (18.0, 100.0), "senior": (65.0, 100.0), "student": (0.0, 31.0)}  # fmt: skip
_STUDENT = frozenset({"student", "students"})


def group_ages(label: str) -> tuple[float, float] | None:
    """The ages [lo, hi) a label names as a group of people (`student`, `senior`, `child`:
    GROUP_AGES), else None."""
    norm = normalise(label)
    kind = "student" if norm in _STUDENT else _kind(label)
    return GROUP_AGES.get(kind) if kind else None


# a youth sport's age groups: U8, under-12, U16s (younger than the number at the cut-off day,
# the two years below it), O35, over-40 (from the number); beside them a senior side is adults
# in their playing years and veterans or masters those past them
_UNDER = re.compile(r"^u(?:nder)?[ _-]?(\d{1,2})s?$")
_OVER = re.compile(r"^o(?:ver)?[ _-]?(\d{2})s?$")
_PLAYING = frozenset({"senior", "seniors", "open", "adult", "adults", "first_team", "reserves"})
_PAST = frozenset({"veteran", "veterans", "vets", "masters", "master", "legends", "walking"})


def _sport_bands(found: list[str]) -> tuple[tuple[str, float, float], ...] | None:
    """Ages of a youth sport's groups (`U8`…`U18`, `Senior`, `Veterans`), where the labels
    count at least two under-N groups or one beside a senior side; else None."""
    unders = {lb: int(m.group(1)) for lb in found if (m := _UNDER.match(normalise(lb)))}
    if not unders or (len(unders) < 2 and not {normalise(lb) for lb in found} & _PLAYING):
        return None
    overs = {lb: int(m.group(1)) for lb in found if (m := _OVER.match(normalise(lb)))}
    past = min([*overs.values(), 35] if any(normalise(lb) in _PAST for lb in found) or overs
               else [45])  # fmt: skip
    out = []
    for label in found:
        norm = normalise(label)
        if label in unders:
            out.append((label, max(float(unders[label]) - 2.0, 4.0), float(unders[label])))
        elif label in overs:
            out.append((label, float(overs[label]), float(overs[label]) + 20.0))
        elif norm in _PLAYING:
            out.append((label, 18.0, float(past)))
        elif norm in _PAST:
            out.append((label, float(past), float(past) + 25.0))
    return tuple(out)


def age_bands(schema: Schema, table: Table, birth: str) -> AgeBands | None:
    """The table's age-band column, when one lists an adult band and another band (or a
    youth sport's age groups)."""
    for column in table.columns:
        if column.generated is not None or column.name == birth:
            continue
        found = labels(schema, table, column)
        if not found:
            continue
        sport = _sport_bands(found)
        if sport:
            return AgeBands(column.name, birth, sport)
        kinds = {label: _kind(label) for label in found}
        named = {k for k in kinds.values() if k}
        if "adult" not in named or len(named) < 2:
            continue
        minor_end = 18.0 if "youth" in named else 12.0
        ages = {
            "infant": (0.0, 2.0),
            "child": (2.0 if "infant" in named else 0.0, 12.0),
            "youth": (12.0, 18.0),
            "adult": (minor_end, 65.0 if "senior" in named else 100.0),
            "senior": (65.0, 100.0),
        }
        bands = tuple((label, *ages[k]) for label, k in kinds.items() if k)
        return AgeBands(column.name, birth, bands)
    return None


def held_bands(schema: Schema, table: Table, birth: str) -> AgeBands | None:
    """The age bands of the group a row belongs to, where the row has none of its own: a
    player's date of birth fits their team's `age_group` (the parent a single-column key
    names, whose column lists age bands)."""
    for key, parent, ref in _single(schema, table):
        found = age_bands(schema, parent, "")
        if found is not None:
            return replace(found, birth=birth, holder=(key, parent.qualified, ref))
    return None


def _time(schema: Schema, table: Table, config: Config) -> str | None:
    found = takes_place(schema, table, config)
    if found is None:
        return None
    column = table.column(found)
    kind = resolve_type(schema, column.type).kind if column is not None else ""
    return found if kind in _DATES else None


def _single(schema: Schema, table: Table) -> list[tuple[str, Table, str]]:
    out = []
    for fk in table.foreign_keys:
        parent = schema.tables.get(partition_root(schema, fk.ref_qualified))
        if len(fk.columns) == 1 and parent is not None and parent.qualified != table.qualified:
            out.append((fk.columns[0], parent, fk.ref_columns[0]))
    return out


def event_of(schema: Schema, table: Table, config: Config) -> Event | None:
    """The day a row is about (see the module); None when nothing says."""
    own = _time(schema, table, config)
    if own is not None:
        return Event("own", own)
    parents = _single(schema, table)
    for key, parent, ref in parents:
        at = _time(schema, parent, config)
        if at is not None:
            return Event("parent", at, key, parent.qualified, ref)
    for key, parent, ref in parents:
        # the parent's own parent that takes place: a participant's booking's departure (the
        # parent read as the sibling that reaches it: every row of it has one)
        for via, target, target_key in _single(schema, parent):
            if target.qualified in (table.qualified, parent.qualified):
                continue
            at = _time(schema, target, config)
            if at is not None:
                base = (key, parent.qualified, ref, parent.qualified, ref)
                return Event("sibling_parent", at, *base, via, target.qualified, target_key)
    for key, parent, ref in parents:
        for sibling in schema.tables.values():
            if sibling.qualified in (table.qualified, parent.qualified):
                continue
            theirs = _single(schema, sibling)
            to_parent = [k for k, p, r in theirs if p.qualified == parent.qualified and r == ref]
            if len(to_parent) != 1:
                continue
            base = (key, parent.qualified, ref, sibling.qualified, to_parent[0])
            at = _time(schema, sibling, config)
            if at is not None:
                return Event("sibling", at, *base)
            for via, target, target_key in theirs:
                at = _time(schema, target, config)
                if at is not None and target.qualified != parent.qualified:
                    return Event("sibling_parent", at, *base, via, target.qualified, target_key)
    for key, parent, ref in parents:
        at = anchor_of(schema, parent, config)
        if at is not None:
            return Event("parent", at, key, parent.qualified, ref)
    return None
