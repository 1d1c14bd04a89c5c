"""A mishap reported after the fact befalls what was done, and is reported after it was done:
a claim, a complaint, a dispute or a revision (kinds/mishap.py: a table named after one, its
thing and the lifecycle saying the thing got that far) names a thing whose status (or whose
parent's: the move an item was on) reached a done label, never one still under way or called
off, each a different one while there are enough (plan/roles.py keeps a few such rows, not one
per thing); a key of the row to the done table itself (the claim's move) is the thing's. Its
own time (the table's anchor: `reported_at`, `filed_on`) lies days to weeks after the time
the thing was done (`delivered_at`), by the run's clock; its later times (closed, settled)
move with it. Only mishaps raised about an outcome (AFTER: not an accident or an injury on
the way, which happen while the thing is under way); the time only where a done time is
known, the done thing wherever its lifecycle is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.runs import lookup
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.mishap import Befalls, befalls
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, store
from workbench.generate.rules.within import parent_time, undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView

# mishaps raised about an outcome, after it (not one on the way: an accident, an injury)
AFTER = frozenset({"damage", "damages", "complaint", "complaints", "dispute", "disputes",
                   "chargeback", "chargebacks", "revision", "revisions", "rework", "reworks",
                   "correction", "corrections", "grievance", "grievances", "defect",
                   "defects", "callback", "callbacks", "comeback", "comebacks"})  # fmt: skip
MEAN_DAYS = 6.0  # the mean lag between the thing done and the mishap reported
MAX_DAYS = 60  # reported within two months of it


def after_done(view: TableView, timed: bool = True) -> Befalls | None:
    """The table's mishap reported after its thing was done, None for any other table;
    `timed`: only where the time it was done is known (a thing done names its done thing
    without it)."""
    found = befalls(view.schema, view.table, view.config)
    if found is None or found.word not in AFTER or not found.done_table:
        return None
    return None if timed and not found.done_at else found


def _done_rows(view: TableView, found: Befalls) -> np.ndarray | None:
    """Per row of the thing's table (its kept keys): whether it (or its parent) was done."""
    held = view.keys.tables.get(found.done_table, {})
    status = held.get(found.status)
    if status is None:
        return None
    done: np.ndarray = np.isin(np.asarray(status.values, dtype=object), found.done)
    done &= ~np.asarray(status.nulls, bool)
    if not found.via:
        return done
    link = view.keys.tables.get(found.parent, {}).get(found.via)
    target = held.get(found.via_ref)
    if link is None or target is None:
        return None
    rows, hit = lookup(target, np.asarray(link.values))
    fit: np.ndarray = hit & ~link.nulls & done[np.where(hit, rows, 0)]
    return fit


def _befall_done(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each row's thing one that was done, a different one per row while they last; a key
    to the done table itself follows the thing (the claim's move is the item's)."""
    found = after_done(view, timed=False)
    unit = view.fk_cols.get(found.key) if found is not None else None
    if found is None or unit is None or not idx.size or not view.drawn_freely(unit):
        return
    fit = _done_rows(view, found)
    rows, nulls = view.parent_rows(found.key)
    if fit is None or rows is None:
        return
    source, valid = view.parent_keys(unit)
    fits = valid[fit[valid]]
    if not fits.size:
        return
    order = view.rng(f"mishap-done:{found.key}", 0).permutation(fits)
    chosen = order[idx % order.size]
    links.assign(batch, unit, chosen, idx.size, nulls, source)
    if not found.via:
        return
    link = view.keys.tables[found.parent][found.via]
    for other in view.units:
        if other.parent != found.done_table or list(other.fk.ref_columns) != [found.via_ref]:
            continue
        target_source, _ = view.parent_keys(other)
        target = target_source.get(found.via_ref)
        if target is None or not view.drawn_freely(other):
            continue
        up, hit = lookup(target, np.asarray(link.values)[chosen])
        own_rows, own_nulls = view.parent_rows(",".join(other.fk.columns))
        if own_rows is None:
            continue
        links.assign(batch, other, np.where(hit, up, own_rows), idx.size, own_nulls,
                     target_source)  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = after_done(view)
    at = anchor_of(view.schema, view.table, view.config) if found is not None else None
    if found is None or at is None or at not in view.specs:
        return []
    path = found.key if not found.via else f"{found.key}>{found.via}>{found.via_ref}"
    later = [c for c in view.specs if c != at and is_time(view.specs[c].kind)]
    detail = f"{at} days to weeks after {found.done_table}.{found.done_at} (a {found.word})"
    return [Rule("mishap_after", [at, *later], detail,
                 {"path": path, "table": found.done_table, "done_at": found.done_at})]  # fmt: skip


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    at = batch.get(rule.columns[0])
    done = parent_time(view, rule.data["path"], rule.data["table"], rule.data["done_at"])
    if at is None or done is None or not idx.size:
        return
    now = clock.run_now(view.config).astype("datetime64[us]").astype(np.int64)
    base = np.where(np.isnat(done), 0, done.astype("datetime64[us]").astype(np.int64))
    rows = ~np.isnat(done) & ~at.nulls & (base <= now)
    if not rows.any():
        return
    rng = row_rng(view, rule, idx)
    lag = np.minimum(rng.exponential(MEAN_DAYS * DAY_US, idx.size), MAX_DAYS * DAY_US)
    lag = lag.astype(np.int64) + DAY_US // 24
    late = base + lag > now  # done lately: reported since then, by the clock
    lag = np.where(late, (rng.random(idx.size) * (now - base)).astype(np.int64), lag)
    old = as_us(at).astype(np.int64)
    new = base + lag
    saved = {c: batch[c].values.copy() for c in rule.columns if c in batch}
    for column in rule.columns[1:]:
        col = batch.get(column)
        if col is None:
            continue
        t = as_us(col).astype(np.int64)
        after = rows & ~col.nulls & (t >= old)
        moved = np.where(after, t + (new - old), t)
        moved = np.where(after & (t <= now), np.clip(moved, new, now), moved)
        store(col, moved.astype("datetime64[us]"), np.flatnonzero(after))
    store(at, new.astype("datetime64[us]"), np.flatnonzero(rows))
    undo_rejected(view, batch, saved, rows)


RULE = LinkRule(
    "mishaps befall what was done",
    "a claim or complaint about an outcome names a thing that was done (an item delivered)",
    Stage.KEYS,
    _befall_done,
    after=("parents that got as far",),
    before=("outcomes happened",),
)

TIMES = RowRule(
    "mishap_after",
    "a claim or complaint about an outcome is reported days to weeks after it",
    _plan,
    _apply,
    phases={"mishap_after": Phase.FINAL},
    after=("within",),
    before=("rising",),
)
