"""A row that names a parent and a thing, where the parent's lines name things, names one on
its parent's lines (kinds/membership.lined_pairs): a weighbridge ticket raised against an
order loads a product on the order's lines, a return of an order returns an item it bought, a
meter reading under a hire contract reads a unit the contract hires.

The steps of a membership (rules/membership.py), the lines as its link table: each row keeps
its parent and takes the things on that parent's lines in turn. A row whose parent has no
lines first moves to one that has, among those that agree with the row's keys of one name
(a ticket's order is one of its quarry's: both hold `quarry_id`); a row that names no
parent, or finds none, keeps the thing drawn for it. After the keys that meet along every
path, which pick the parent by those keys."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.membership import Membership, lined_pairs
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.membership import MemberCache, keep_found

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView


@dataclass
class LinedCache(MemberCache):
    """Per table (scratch): its paths to things on its parents' lines, planned on the first
    batch (a type of its own, so they keep apart from the table's memberships)."""


def _codes(columns: list[np.ndarray], size: int) -> np.ndarray:
    """One text per row of the values of `columns` together ("" for no columns)."""
    out = np.full(size, "", dtype=object)
    for values in columns:
        out = out + "\x1f" + np.asarray(values).astype(str).astype(object)
    return out


def _to_lined(view: TableView, links: Links, batch: Batch, idx: np.ndarray, m: Membership) -> None:
    """Rows whose parent has no lines move to a parent that has, one agreeing with the row on
    the keys both hold by one name."""
    held = view.keys.tables.get(m.link, {}).get(m.link_group)
    unit = view.fk_cols[m.group]
    rows, nulls = view.parent_rows(m.group)
    source, valid = view.parent_keys(unit)
    ref = unit.fk.ref_columns[0]
    if held is None or rows is None or ref not in source or not view.drawn_freely(unit):
        return
    keys = source[ref]
    has = np.isin(np.asarray(keys.values), np.asarray(held.values)[~held.nulls]) & ~keys.nulls
    bad = np.flatnonzero(~nulls & ~has[rows])
    lined = valid[has[valid]]
    if not bad.size or not lined.size:
        return
    shared = [c for c in view.fk_cols if c not in (m.group, m.member) and c in source
              and c in batch and not batch[c].nulls[bad].any()]  # fmt: skip
    want = _codes([np.asarray(batch[c].values)[bad] for c in shared], bad.size)
    have = _codes([np.asarray(source[c].values)[lined] for c in shared], lined.size)
    order = np.argsort(have, kind="stable")
    lo = np.searchsorted(have[order], want, "left")
    hi = np.searchsorted(have[order], want, "right")
    found = hi > lo
    rng = view.rng(f"on-lines:{m.group}", int(idx[0]))
    pick = lo + (rng.random(bad.size) * np.maximum(hi - lo, 1)).astype(np.int64)
    chosen = np.asarray(rows).copy()
    chosen[bad[found]] = lined[order[np.minimum(pick, order.size - 1)]][found]
    links.assign(batch, unit, chosen, idx.size, nulls, source)


def keep_lined(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    if not idx.size:
        return
    for m in lined_pairs(view.schema, view.table):
        if m.member in view.fk_cols and m.group in view.fk_cols:
            _to_lined(view, links, batch, idx, m)
    keep_found(view, links, batch, idx, LinedCache, lined_pairs)


RULE = LinkRule(
    "things on the parent's lines",
    "a row naming a parent and a thing names one on the parent's lines",
    Stage.KEYS,
    keep_lined,
    after=("keys that meet along every path",),
    before=("people the terms fit",),
)
