"""A status decides a key as it decides a stamp: a unit `issued` to a hospital's order names
the order's line it went to, and a unit still in quarantine, available, expired or discarded
names none (a stock item allocated to a request, a seat assigned to a booking). The key is
the row's one key that may be NULL to a demand (a table arranged at a time of its own:
`ordered_at`, `requested_at`, kinds/anchors.arranged_before; or a line of one, along its
required key), and the status rule (rules/status.py) sets a stamp named by an act of handing
over (`issued_at`, `allocated_at`, `assigned_at`: vocab/lexicon.TRANSACTION) on the rows that
reached it: the key is drawn on every row and NULL exactly where that stamp is.

A label saying nobody took the row (`no_driver_found`: vocab/outcomes.nobody_took) names the
key of the one who takes it (`driver_id`, a key to `drivers`): that key is set exactly where
the row's first stage after its start is (a trip's `accepted_at`), NULL on the rows nobody
took and on those still waiting for someone; the row's keys to what belongs to the taker (its
vehicle, its shift: tables with a key to the taker's) are NULL with it.

Read from the shape and the words of the stamp and labels; no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import required_parents
from workbench.generate.kinds.anchors import anchor_of, arranged_before
from workbench.generate.rules.base import RowRule, Rule
from workbench.generate.vocab import lexicon, outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Table


def _demand(view: TableView, table: Table | None, hops: int = 1) -> bool:
    """Whether rows of `table` are demands arranged at a time (an order, a request), or
    lines of one along a required key."""
    if table is None:
        return False
    anchor = anchor_of(view.schema, table, view.config)
    if anchor is not None and arranged_before(anchor):
        return True
    return hops > 0 and any(
        _demand(view, parent, hops - 1) for _, parent in required_parents(view.schema, table)
    )


def _keys(view: TableView) -> list[FKUnit]:
    """The row's keys that may be NULL to a demand, drawn from its rows."""
    out = []
    for unit in view.units:
        if unit.mode != "normal" or not unit.nullable or unit.parent == view.tp.name:
            continue
        if not view.drawn_freely(unit) or any(c not in view.specs for c in unit.fk.columns):
            continue
        if _demand(view, view.schema.tables.get(unit.parent)):
            out.append(unit)
    return out


def _taker(view: TableView, status: Rule) -> list[Rule]:
    """The key of the one who takes the row, where a label says nobody did (`_plan`)."""
    parties = {p for lb in status.data["labels"] if (p := outcomes.nobody_took(lb)) is not None}
    reach = [(at, c) for c, (how, at) in status.data["plan"].items() if how == "reach" and at > 0]
    units = [u for u in view.units if u.mode == "normal" and u.nullable and len(u.fk.columns) == 1]
    units = [u for u in units if view.drawn_freely(u) and u.fk.columns[0] in view.specs]
    taker = [u for u in units if _names(u, parties)]
    if len(taker) != 1 or not reach:
        return []
    stamp = min(reach)[1]
    if not view.specs[stamp].nullable:
        return []
    unit = taker[0]
    parent = unit.parent
    view.specs[unit.fk.columns[0]].null_fraction = 0.0  # drawn on every row; the stamp says where
    owned = [u.fk.columns[0] for u in units if u is not unit and _owned_by(view, u.parent, parent)]
    key = unit.fk.columns[0]
    detail = f"{key} set exactly where {stamp} is; {', '.join(owned) or 'nothing'} NULL with it"
    return [Rule("status_key", [stamp, key], detail, {"key": key, "owned": owned})]


def _names(unit: FKUnit, parties: set[str]) -> bool:
    """Whether a key is to a party a label names (`driver_id`, a key to `drivers`)."""
    words = {normalise(unit.fk.columns[0]).split("_")[0]}
    words |= set(singular_forms(normalise(unit.parent.rsplit(".", 1)[-1])))
    return bool(words & parties)


def _owned_by(view: TableView, table: str, owner: str) -> bool:
    """Whether `table`'s rows belong to `owner`'s (a required key to it: a vehicle's driver)."""
    found = view.schema.tables.get(table)
    return found is not None and any(
        p.qualified == owner for _, p in required_parents(view.schema, found)
    )


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    status = next((r for r in planned if r.kind == "status"), None)
    if status is None:
        return []
    if taken := _taker(view, status):
        return taken
    handed = [
        column
        for column, (how, _) in status.data["plan"].items()
        if how == "reach"
        and view.specs[column].nullable
        and lexicon.TRANSACTION & set(lexicon.stem_words(column))
    ]
    keys = _keys(view)
    if len(handed) != 1 or len(keys) != 1:
        return []  # which key goes with which act is not clear
    unit = keys[0]
    for column in unit.fk.columns:
        view.specs[column].null_fraction = 0.0  # drawn on every row; the stamp says where
    key = ",".join(unit.fk.columns)
    detail = f"{key} set exactly where {handed[0]} is"
    return [Rule("status_key", [handed[0], *unit.fk.columns], detail, {"key": key})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    stamp = batch.get(rule.columns[0])
    rows, nulls = view.parent_rows(rule.data["key"])
    if stamp is None or rows is None or rows.size != stamp.nulls.size:
        return
    unset = np.asarray(stamp.nulls, bool)
    for column in rule.columns[1:]:
        if column in batch:
            batch[column].nulls[:] = batch[column].nulls | unset
    view.repicked(rule.data["key"], rows, nulls | unset)
    for key in rule.data.get("owned", ()):
        owned, gone = view.parent_rows(key)
        if key in batch and owned is not None and owned.size == unset.size:
            batch[key].nulls[:] = batch[key].nulls | unset
            view.repicked(key, owned, gone | unset)


RULE = RowRule(
    "status_key",
    "a status decides a key to a demand as it decides the stamp of handing over",
    _plan,
    _apply,
    after=("parent_stages",),  # once the status stamped the row
    before=("flag",),
)
