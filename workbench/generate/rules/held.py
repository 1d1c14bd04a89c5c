"""A party acts while it holds what entitles it: a member books a desk while the member's
company holds a membership in force that day (not one still pending or cancelled), a
subscriber charges while subscribed (kinds/holdings.py finds the holdings from the schema).

The key to the party is drawn before the row's times settle, and the holdings are drawn on
their own, so a row rarely falls under one unless the party is picked for it. Here, once every
rule that moves times has placed them, a row whose party holds none in force at its time
(its time of use) takes another party that does: one whose holder rows (of the party itself,
or of the owner it reaches by one key) hold the time, in a status that took place or is under
way, and whose own window (a member's joined..left) holds the row's time and began by the
row's first time (so it had joined before it booked). A row for which none of a few draws
among the parties holding anything fits, and then none of many, keeps its party.

Only a key drawn freely that nothing else holds (valid_then.free_to_repick): not one other keys
of the row meet through, not the group of a sequence (a driver's shifts one at a time), not a
member or group of a membership pair (rules/membership.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.kinds.holdings import Holding, holdings_of
from workbench.generate.kinds.membership import all_memberships
from workbench.generate.kinds.windows import TIME_KINDS, used_at, window_of
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.times import as_us
from workbench.generate.rules.valid_then import bounds, free_to_repick

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_BIG = np.iinfo(np.int64).max // 4
DRAWS = (32, 512)  # parties looked at per row, drawn among those holding anything


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    schema, table = view.schema, view.table
    when = used_at(schema, table, view.config)
    if when is None or when not in view.specs:
        return []
    paired = {c for m in all_memberships(schema, table) for c in (m.member, m.group)}
    meets = {id(u) for _, hop, direct in generator_meets(view) for u in (hop, direct)}
    grouped = {r.data.get("fk") for r in planned if isinstance(r.data, dict)}
    by_key: dict[str, list[Holding]] = {}
    for held in holdings_of(schema, table, view.config):
        unit = view.fk_cols.get(held.key)
        if unit is None or held.key in paired or held.key in grouped or id(unit) in meets:
            continue
        if free_to_repick(view, unit):
            by_key.setdefault(held.key, []).append(held)
    times = [c for c, s in view.specs.items() if s.info.kind in TIME_KINDS]
    out = []
    for key, holdings in by_key.items():
        model = schema.tables.get(holdings[0].parent)
        window = window_of(schema, model, view.config) if model is not None else None
        own = (window.start, window.end) if window is not None and window.validity else None
        what = ", ".join(f"{h.holder}" for h in holdings)
        detail = f"{key} holds {what} in force at {when}"
        data = {"key": key, "holdings": holdings, "window": own, "times": times}
        out.append(Rule("held", [when], detail, data))
    return out


@dataclass
class HeldCache:
    """Per table (scratch): per key, each parent row's owner code per holding, the holder
    rows sorted by (owner, start) with the latest end so far, and the parents holding any."""

    found: dict[str, Any] = field(default_factory=dict)


def _text(values: Any) -> np.ndarray:
    return np.asarray(values).astype(str)


def _holding(view: TableView, held: Holding, kind: str) -> tuple[np.ndarray, ...] | None:
    """(each parent row's owner code; the holder rows' owner codes, starts and latest ends
    so far, sorted by owner and start)."""
    parent = view.keys.tables.get(held.parent, {})
    holder = view.keys.tables.get(held.holder, {})
    mine = parent.get(held.hop or held.owner_column)
    key = holder.get(held.holder_key)
    begins, ends = holder.get(held.start), holder.get(held.end)
    if mine is None or key is None or begins is None or ends is None:
        return None
    first, last = bounds(begins, ends, kind)
    keep = ~np.asarray(key.nulls, bool) & (first < _BIG)
    if held.status:
        status = holder.get(held.status)
        if status is None:
            return None
        keep &= np.isin(_text(status.values), list(held.fit)) & ~np.asarray(status.nulls, bool)
    ours = _text(mine.values)
    _, inverse = np.unique(np.concatenate([ours, _text(key.values)]), return_inverse=True)
    inverse = inverse.reshape(-1).astype(np.int64)
    codes = np.where(np.asarray(mine.nulls, bool), -1, inverse[: ours.size])
    theirs, first, last = inverse[ours.size :][keep], first[keep], last[keep]
    order = np.lexsort((first, theirs))
    theirs, first, last = theirs[order], first[order], last[order]
    latest = last.copy()  # the latest end among the owner's rows begun so far
    for step in range(1, int(np.bincount(theirs).max(initial=1))):
        same = theirs[step:] == theirs[:-step]
        latest[step:] = np.where(same, np.maximum(latest[step:], latest[:-step]), latest[step:])
    return codes, theirs, first, latest


def _covered(found: tuple[np.ndarray, ...], parents: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Whether each parent row's owner holds a holder row in force at the time `t`."""
    codes, theirs, first, latest = found
    owner = codes[parents]
    if not theirs.size:
        return np.zeros(parents.shape, bool)
    flat_owner, flat_t = owner.reshape(-1), t.reshape(-1)
    _, orank = np.unique(np.concatenate([theirs, flat_owner]), return_inverse=True)
    _, trank = np.unique(np.concatenate([first, flat_t]), return_inverse=True)
    span = int(trank.max(initial=0)) + 1
    code = orank.reshape(-1).astype(np.int64) * span + trank.reshape(-1)
    at = np.searchsorted(code[: theirs.size], code[theirs.size :], "right") - 1
    safe = np.maximum(at, 0)
    ok = (at >= 0) & (theirs[safe] == flat_owner) & (latest[safe] >= flat_t) & (flat_owner >= 0)
    held: np.ndarray = ok.reshape(parents.shape)
    return held


def _fits(view: TableView, rule: Rule, found: list[Any], parents: np.ndarray, t: np.ndarray,
          earliest: np.ndarray) -> np.ndarray:  # fmt: skip
    ok = np.ones(parents.shape, bool)
    for each in found:
        ok &= _covered(each, parents, t)
    if found and rule.data["window"] is not None:
        start, end = rule.data["window"]
        stored = view.keys.tables.get(rule.data["holdings"][0].parent, {})
        begins, ends = stored.get(start), stored.get(end)
        if begins is not None and ends is not None:
            first, last = bounds(begins, ends, "timestamp")
            ok &= (first[parents] <= earliest) & (t <= last[parents])
    return ok


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    used = batch.get(rule.columns[0])
    key = rule.data["key"]
    unit = view.fk_cols.get(key)
    picked, nulls = view.parent_rows(key)
    if used is None or unit is None or picked is None or picked.size != used.values.size:
        return
    cache = view.scratch.get(HeldCache).found
    if key not in cache:
        found = [_holding(view, h, used.kind) for h in rule.data["holdings"]]
        cache[key] = None if any(f is None for f in found) else found
    found = cache[key]
    if not found:
        return
    t = np.where(used.nulls, 0, as_us(used).astype(np.int64))
    earliest = t.copy()
    for column in rule.data["times"]:
        col = batch.get(column)
        if col is not None and col.values.size == t.size:
            stamps = np.where(col.nulls, _BIG, as_us(col).astype(np.int64))
            earliest = np.minimum(earliest, stamps)
    bad = ~used.nulls & ~nulls & ~_fits(view, rule, found, picked, t, earliest)
    if not bad.any():
        return
    source, valid = view.parent_keys(unit)
    holding = np.ones(valid.size, bool)
    for codes, theirs, *_ in found:
        holding &= np.isin(codes[valid], theirs)
    pool = valid[holding]
    if not pool.size:
        return
    rows = np.flatnonzero(bad)
    rng = view.rng(f"held:{key}", int(idx[0]) if idx.size else 0)
    chosen = np.full(rows.size, -1, np.int64)
    for draws in DRAWS:  # a few draws for every row, many for the rows still without
        left = np.flatnonzero(chosen < 0)
        if not left.size:
            break
        drawn = pool[rng.integers(0, pool.size, (left.size, draws))]
        wide = (left.size, draws)
        at, first = t[rows[left], None], earliest[rows[left], None]
        ok = _fits(view, rule, found, drawn, np.broadcast_to(at, wide),
                   np.broadcast_to(first, wide))  # fmt: skip
        got = ok.any(axis=1)
        chosen[left[got]] = drawn[np.arange(left.size), ok.argmax(axis=1)][got]
    got = chosen >= 0
    if not got.any():
        return
    picked = picked.copy()
    picked[rows[got]] = chosen[got]
    for child, parent_col in unit.ref_map.items():
        batch[child].values[rows[got]] = source[parent_col].values[chosen[got]]
    view.repicked(key, picked, nulls)


RULE = RowRule(
    "held",
    "a party acts while it holds what entitles it (a member's company's membership in force)",
    _plan,
    _apply,
    phases={"held": Phase.FINAL},
    after=("valid_owned",),  # on the times as they stay
    before=("bill_due",),
)
