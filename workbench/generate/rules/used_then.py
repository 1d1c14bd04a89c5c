"""What a usage row records was used at an event that took place: a row with no time of its own
that links an event (a sitting, a repair job, a visit: a parent with a lifecycle status and a
time it takes place at, kinds/occurrence.occurs) to a thing valid over a period used in it (an
ink lot, a part batch, a vaccine lot: rules/valid_for.py) records what the event consumed, so
its event took place (completed, done or under way: kinds/occurrence.took_place), not one
still booked, cancelled or a no-show. A row whose event did not take place names another of
the event table's rows that did, drawn at random; the row count stays. rules/valid_for.py
then picks the thing valid at that event's time. A use only: the row's keys are the event's
and the thing's alone and it has no status of its own (a booking's numbered segment of a
flight still ahead is a booking, not a use).

Only where the event's key may be picked again: a key rules/valid_for.py may pick as the pair
of a link, or one drawn freely that nothing else holds (valid_then.free_to_repick), no
numbering, and no other key of the row met through it (rules/meets.py). The same way, a use
whose event had none of the things of its holder in force at its time (rules/valid_for.py
finds which) names an event that had one (event_supplied)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.kinds.occurrence import lifecycle_status, occurs, took_place
from workbench.generate.rules.meets import generator_meets

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


@dataclass
class TookPlace:
    """Per table (scratch): per event key, which of its parent's rows took place (None where
    the parent has no such status or it is not kept)."""

    fit: dict[str, np.ndarray | None] = field(default_factory=dict)


def _fit(view: TableView, unit: FKUnit) -> np.ndarray | None:
    """Which rows of the key's parent took place, where the parent is an event with a
    lifecycle status some labels of which say it did not (see the module's words)."""
    parent = view.schema.tables.get(unit.parent)
    if parent is None or parent.qualified == view.tp.name:
        return None
    if not occurs(view.schema, parent, view.config):
        return None
    found = lifecycle_status(view.schema, parent)
    if found is None:
        return None
    column, labels = found
    fit = took_place(labels)
    if not fit or len(fit) == len(labels):
        return None
    held = view.keys.tables.get(unit.parent, {}).get(column)
    if held is None:
        return None
    values, codes = factorize(np.asarray(held.values))
    flags = np.array([str(v) in fit for v in values], dtype=bool)
    return flags[codes] & ~np.asarray(held.nulls, bool) if codes.size else None


def _usage(view: TableView, through: str, thing: str) -> bool:
    """Whether the table records a use: its keys are the event's and the thing's alone, and
    it has no lifecycle status of its own (a booking's segment, numbered under its booking
    and with a status of its own, books a flight still ahead; an ink line of a sitting only
    records what the sitting used)."""
    keys = {",".join(u.fk.columns) for u in view.units}
    return keys == {through, thing} and lifecycle_status(view.schema, view.table) is None


def _movable(view: TableView, through: str, thing: str) -> FKUnit | None:
    """The event's key of a use row where it may be picked again (see the module's words)."""
    unit = view.fk_cols.get(through)
    if unit is None or unit.mode != "normal" or view.numbered(unit):
        return None
    if not _usage(view, through, thing):
        return None
    if any(direct is unit or hop is unit for _, hop, direct in generator_meets(view)):
        return None
    return unit


def took_place_rows(view: TableView, unit: FKUnit) -> np.ndarray | None:
    """Which rows of the event key's parent took place (None where it has no such status)."""
    cache = view.scratch.get(TookPlace).fit
    key = ",".join(unit.fk.columns)
    if key not in cache:
        cache[key] = _fit(view, unit)
    return cache[key]


def _move(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    unit: FKUnit,
    drawn: tuple[np.ndarray, str],
) -> None:
    """The rows of the batch whose event is not fit (`drawn`: per row of its table, and the
    purpose of the draw) name one that is, drawn at random."""
    through = ",".join(unit.fk.columns)
    fit, purpose = drawn
    rows, nulls = view.parent_rows(through)
    if rows is None or rows.size != idx.size:
        return
    source, valid = view.parent_keys(unit)
    valid = valid[fit[valid]]
    bad = np.flatnonzero(~nulls & ~fit[rows])
    if not bad.size or not valid.size:
        return
    rng = view.rng(f"{purpose}:{through}", int(idx[0]))
    moved = rows.copy()
    moved[bad] = valid[rng.integers(0, valid.size, bad.size)]
    links.assign(batch, unit, moved, idx.size, nulls, source)


def event_took_place(
    view: TableView, links: Links, batch: Batch, idx: np.ndarray, pair: tuple[str, str]
) -> None:
    """The rows of the batch whose event (the key `through` of the pair (through, thing))
    did not take place name one that did (see the module's words)."""
    unit = _movable(view, *pair)
    fit = took_place_rows(view, unit) if unit is not None else None
    if unit is not None and fit is not None:
        _move(view, links, batch, idx, unit, (fit, "used-then"))


def event_supplied(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    pair: tuple[str, str],
    supplied: np.ndarray,
) -> None:
    """The rows of the batch whose event had no thing of its holder in force at its time
    (`supplied`: per row of the event's table, whether one was; a closed studio's sitting
    after it closed, a sitting a day after the studio's last ink lot expired) name an event
    that had one and took place: what a use records was at hand when it was used."""
    unit = _movable(view, *pair)
    if unit is None:
        return
    done = took_place_rows(view, unit)
    fit = supplied if done is None else supplied & done
    _move(view, links, batch, idx, unit, (fit, "supplied-then"))
