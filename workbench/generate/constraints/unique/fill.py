"""Filling a batch by construction: enumerated keys take distinct combinations of their
factors' digits, range slots and per-parent ordinals are written from the row numbers."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.hashing import affine
from workbench.generate.constraints.unique.meeting import agreeing
from workbench.generate.constraints.unique.parts import (
    Factor,
    Group,
    KeyCheck,
    Ordinal,
    WithinParent,
    bounded,
    crc,
)
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.generators.values import choice_weights, time_bounds
from workbench.generate.rules.in_service import began_rows
from workbench.generate.rules.on_weekday import on_day, parent_weekdays

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.constraints.check_repair import Redraws
    from workbench.generate.constraints.oracle import CheckOracle
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.links import Links
    from workbench.generate.plan.domains import Domain
    from workbench.generate.view import TableView


class KeyFilling:
    """The per-batch half of `UniquePlan` that writes key columns (a mixin: the plan's state
    is declared here, set by `UniquePlan.__init__`)."""

    view: TableView
    links: Links
    redraws: Redraws
    oracle: CheckOracle | None
    groups: list[Group]
    verify: list[KeyCheck]
    fk_units: set[int]
    ordinals: list[Ordinal]
    slots: list[tuple[str, str]]
    within: list[WithinParent]
    overflow: dict[str, np.ndarray]
    enumerated: dict[str, np.ndarray]
    began: dict[int, np.ndarray | None]
    _clean: bool
    _text_tries: dict[tuple[str, int], int]

    def fill(self, batch: Batch, idx: np.ndarray) -> None:
        """Assign the enumerated keys' columns for the batch's rows; rows past a key's
        capacity (its parent table kept fewer rows than planned) are `overflow`, for the
        judge to drop and account for."""
        self.overflow = {}
        for group in self.groups:
            self._narrow(group)
            self._fill_group(group, batch, idx)
        # the rows holding a value the enumeration gave (not NULLed past its capacity): a
        # search may give such a row its value back after a repair made it NULL
        self.enumerated = {
            c: ~batch[c].nulls.copy()
            for group in self.groups
            for f in [*group.shared, *(f for own in group.rest for f in own)]
            for c in f.columns()
            if c in batch
        }
        for w in self.within:
            self._fill_within(w, batch, idx)

    def _narrow(self, group: Group) -> None:
        """A key to a parent whose window the rows happen in takes the parents that began
        (rules/in_service.began_rows: an inspection is made on a visit that started, not on
        one still scheduled or called off): its factor enumerates those rows only, where
        they leave the group room for the table's rows. Once per table, before its first
        batch (the parents' kept rows do not change while the table is generated)."""
        self._narrow_meetings(group)
        factors = [(f, f.fk) for f in [*group.shared, *(f for own in group.rest for f in own)]
                   if f.fk is not None and f.pair is None]  # fmt: skip
        if all(id(unit) in self.began for _, unit in factors):
            return
        sizes = {}
        for f, unit in factors:
            self.began[id(unit)] = None
            began = began_rows(self.view, unit) if self.view.keys.has(unit.parent) else None
            if began is None:
                continue
            valid = self.links.parent_keys(unit)[1]
            kept = valid[began[valid]]
            if 0 < kept.size < valid.size:
                self.began[id(unit)] = kept
                sizes[id(f)] = min(f.size, int(kept.size))
        was = {id(f): f.size for f, _ in factors}
        for f, _ in factors:
            f.size = sizes.get(id(f), f.size)
        if any(group.capacity(i) < self.view.tp.rows for i in range(len(group.keys))):
            for f, unit in factors:  # too few parents began to hold the rows: every parent
                f.size = was[id(f)]
                self.began[id(unit)] = None

    def _narrow_meetings(self, group: Group) -> None:
        """A pair of keys that meet (unique/meeting.py) takes, as `_narrow` does, the
        parents that began on both sides, where their agreeing pairs leave room for the
        table's rows."""
        for f in [*group.shared, *(f for own in group.rest for f in own)]:
            if f.meeting is None or f.fk is None or f.pair is None or id(f) in self.began:
                continue
            self.began[id(f)] = None
            sides, narrowed = [], False
            for unit in (f.fk, f.pair):
                valid = self.links.parent_keys(unit)[1]
                began = began_rows(self.view, unit) if self.view.keys.has(unit.parent) else None
                kept = valid[began[valid]] if began is not None else valid
                narrowed |= 0 < kept.size < valid.size
                sides.append(kept if kept.size else valid)
            if not narrowed:
                continue
            narrow = agreeing(self.view, f.fk, sides[0], f.pair, sides[1], f.meeting.ways)
            if narrow.rows_a.size >= self.view.tp.rows:
                f.meeting, f.size = narrow, int(narrow.rows_a.size)

    def _fill_within(self, w: WithinParent, batch: Batch, idx: np.ndarray) -> None:
        """Distinct values of the key's other columns within each parent (`_plan_within_parent`):
        the row's place among its parent's rows, from the row number alone (as the children
        FK picks the parent), so batches and resumed runs agree."""
        pos = np.minimum(np.searchsorted(w.ends, idx, side="right"), w.starts.size - 1)
        ordinal = idx - w.starts[pos]
        used = bounded(w.factors)[1]
        room = math.prod(f.size for f in used)
        first = w.factors[0].domain
        if len(w.factors) == 1 and first is not None and first.is_integers():
            digits = ordinal  # one integer column: 1, 2, 3… per parent
        elif w.weights is not None and w.weights.size == room:
            digits = weighted_order(pos, ordinal, w.weights, w.salt)
        else:
            # spread over the combinations, shifted per parent so that the first rows of
            # every parent do not all take the same values
            shift = (pos.astype(np.int64) * 40503 + w.salt) % room
            digits = (affine(ordinal, room, w.salt) + shift) % room
        self._assign_digits(used, digits, batch, idx.size)

    def _fill_group(self, group: Group, batch: Batch, idx: np.ndarray) -> None:
        n = idx.size
        shared, used_s = bounded(group.shared)
        ps = math.prod(f.size for f in used_s)
        if ps == 0:
            s_digits = np.zeros(n, np.int64)
            r = idx.copy()
        elif len(used_s) == 1 and used_s[0].domain is not None and used_s[0].domain.ordered:
            # a table of countries keyed by its code: the leading ones first, in their order
            s_digits = idx % ps
            r = idx // ps
        elif (weighted := self._weighted_choice(used_s)) is not None:
            s_digits = by_passes(used_s, weighted, idx % ps, group.salt)
            r = idx // ps
        else:
            s_digits = affine(idx % ps, ps, group.salt)
            r = idx // ps
        self._assign_digits(used_s, s_digits, batch, n)
        self._fill_random(shared, batch, idx, "s")
        overflow: list[np.ndarray] = []
        for i, own in enumerate(group.rest):
            own_all, used_r = bounded(own)
            pr = math.prod(f.size for f in used_r)
            digits = np.zeros(n, np.int64) if pr == 0 else affine(r % pr, pr, group.salt + i + 1)
            self._assign_digits(used_r, digits, batch, n)
            self._fill_random(own_all, batch, idx, str(i))
            cap = ps * pr
            overflow.append(idx >= cap)
        for i, over in enumerate(overflow):
            if not over.any():
                continue
            key = group.keys[i]
            target = next(
                (
                    c
                    for f in [*group.rest[i], *group.shared]
                    for c in f.columns()
                    if batch[c].nullable and not key.nulls_not_distinct
                ),
                None,
            )
            if target is None:
                self.overflow[key.name] = self.overflow.get(key.name, over) | over
                continue
            batch[target].nulls[over] = True

    def _weighted_choice(self, factors: list[Factor]) -> tuple[int, np.ndarray] | None:
        """(its place, its weights) of the one choice column among a key's foreign keys
        (harvest_id, grade): None when the key has no such column or more than one."""
        found = [
            (i, domain_weights(self.view.specs[f.column], f.domain))
            for i, f in enumerate(factors)
            if f.column is not None and f.column in self.view.specs
        ]
        rest = [f for f in factors if f.column is None]
        if len(found) != 1 or not rest or any(f.fk is None or f.pair for f in rest):
            return None
        place, weights = found[0]
        if weights is None or weights.size != factors[place].size:
            return None
        return place, weights

    def _fill_random(self, factors: list[Factor], batch: Batch, idx: np.ndarray, tag: str) -> None:
        """Factors left out of the enumeration (its product was already astronomical)."""
        for f in factors:
            if all(c in batch for c in f.columns()) and f.columns():
                continue
            rng = self.view.rng("combo-free:" + tag + ":" + ",".join(f.columns()), int(idx[0]))
            digits = rng.integers(0, max(f.size, 1), idx.size)
            self._assign_digits([f], digits, batch, idx.size)

    def _assign_digits(
        self, factors: list[Factor], digits: np.ndarray, batch: Batch, n: int
    ) -> None:
        view = self.view
        k = digits
        for f in factors:
            size = max(f.size, 1)
            digit = (k % size).astype(np.int64)
            k = k // size
            if f.fk is not None:
                source, valid = self.links.parent_keys(f.fk)
                if valid.size == 0:
                    raise GenerationError(
                        f"{view.tp.name}: FK {list(f.fk.fk.columns)} needs rows in "
                        f"{f.fk.parent}, which has none"
                    )
                if f.pair is not None and f.meeting is not None:
                    pos = np.minimum(digit, f.meeting.rows_a.size - 1)
                    other, _ = self.links.parent_keys(f.pair)
                    no = np.zeros(n, bool)
                    self.links.assign(batch, f.fk, f.meeting.rows_a[pos], n, no, source)
                    self.links.assign(batch, f.pair, f.meeting.rows_b[pos], n, no, other)
                elif f.pair is not None and f.unequal:
                    # digit -> (i, j) with i != j: j skips over i
                    m = max(valid.size - 1, 1)
                    i, j = digit // m, digit % m
                    j = j + (j >= i)
                    ca, cb = f.fk.fk.columns[0], f.pair.fk.columns[0]
                    src_a = source[f.fk.ref_map[ca]].values
                    src_b = source[f.pair.ref_map[cb]].values
                    self._put(batch, ca, src_a[valid[np.minimum(i, valid.size - 1)]], n)
                    self._put(batch, cb, src_b[valid[np.minimum(j, valid.size - 1)]], n)
                elif f.pair is not None:
                    j = np.floor((1 + np.sqrt(1 + 8 * digit.astype(np.float64))) / 2)
                    j = j.astype(np.int64)
                    j = np.where(j * (j - 1) // 2 > digit, j - 1, j)
                    i = digit - j * (j - 1) // 2
                    ca, cb = f.fk.fk.columns[0], f.pair.fk.columns[0]
                    src_a = source[f.fk.ref_map[ca]].values
                    src_b = source[f.pair.ref_map[cb]].values
                    ki = src_a[valid[np.minimum(i, valid.size - 1)]]
                    kj = src_b[valid[np.minimum(j, valid.size - 1)]]
                    for name, vals in ((ca, np.minimum(ki, kj)), (cb, np.maximum(ki, kj))):
                        self._put(batch, name, vals, n)
                else:
                    began = self.began.get(id(f.fk))
                    valid = valid if began is None else began
                    rows = valid[np.minimum(digit, valid.size - 1)]
                    self.links.assign(batch, f.fk, rows, n, np.zeros(n, bool), source)
            elif f.column is not None and f.domain is not None:
                self._put(batch, f.column, f.domain.at(digit), n)

    def _put(self, batch: Batch, name: str, values: np.ndarray, n: int) -> None:
        spec = self.view.specs[name]
        batch[name] = Col(
            values,
            np.zeros(n, bool),
            spec.kind,
            nullable=spec.nullable,
            protected=True,
            step=spec.step,
        )

    def fill_slots(self, batch: Batch, idx: np.ndarray, start: int) -> None:
        """Bounds of ranges that may not overlap (see `_plan_slot`)."""

        n = idx.size
        for lower, upper in self.slots:
            spec = self.view.specs[lower]
            rng = self.view.rng("slot:" + lower, start)
            lo_col, hi_col = batch[lower], batch[upper]
            if spec.kind == "timestamp":
                lo, _ = time_bounds(spec, spec.window[0], spec.window[0])
                first = lo + (idx * 3_600_000_000).astype("timedelta64[us]")
                length = (rng.integers(5, 60, n) * 60_000_000).astype("timedelta64[us]")
                lo_col.values, hi_col.values = first, first + length
            elif spec.kind == "date":
                lo, _ = time_bounds(spec, spec.window[0], spec.window[0])
                first = lo.astype("datetime64[D]") + (idx * 2).astype("timedelta64[D]")
                lo_col.values = first
                hi_col.values = first + np.ones(n, np.int64).astype("timedelta64[D]")
            else:
                lo, _ = num_bounds(spec, 0, 2**62)
                first = int(lo) + idx * 100
                length = rng.integers(1, 100, n)
                if spec.kind == "int":
                    lo_col.values, hi_col.values = first, first + length
                else:
                    lo_col.values = first.astype(np.float64)
                    hi_col.values = (first + length).astype(np.float64)
            lo_col.nulls[:] = False
            hi_col.nulls[:] = False

    def fill_ordinals(self, batch: Batch, idx: np.ndarray, start: int) -> None:
        """After the FKs: number each parent's rows (see `_plan_ordinal`)."""

        self.fill_slots(batch, idx, start)

        for o in self.ordinals:
            fk_cols = list(o.unit.fk.columns)
            if o.cap is not None:
                self._within_cap(o, batch, idx)
            first = batch[fk_cols[0]]
            n = idx.size
            live = np.ones(n, bool)
            for c in fk_cols:
                live &= ~batch[c].nulls
            if len(fk_cols) == 1:
                parents = first.values.tolist()
            else:
                parents = list(zip(*(batch[c].values.tolist() for c in fk_cols), strict=False))
            ordinal = np.zeros(n, np.int64)
            order: dict[Any, list[int]] = {}
            for i in np.flatnonzero(live).tolist():
                order.setdefault(parents[i], []).append(i)
            base = np.zeros(n, np.int64)
            for parent, rows in order.items():
                done = o.counts.get(parent, 0)
                ordinal[rows] = np.arange(done, done + len(rows))
                o.counts[parent] = done + len(rows)
                base[rows] = crc(parent) % 1500
            spec = self.view.specs[o.column]
            col = batch[o.column]
            if spec.kind == "int":
                lo, _ = num_bounds(spec, 1, 2**62)
                values = int(lo) + ordinal
            else:
                lo, _ = time_bounds(spec, spec.window[0], spec.window[0])
                day = np.timedelta64(1, "D").astype("timedelta64[us]")
                if spec.kind == "date":
                    values = self._dated(o, lo, base, ordinal)
                else:
                    rng = self.view.rng("ordinal:" + o.column, start)
                    days = bool(spec.params.get("unique_days"))
                    width = 86_400_000_000 if days else 3_600_000_000
                    jitter = (rng.random(n) * width).astype(np.int64)
                    hour = np.timedelta64(width, "us")
                    values = (
                        (lo + base * day + ordinal * hour + jitter.astype("timedelta64[us]"))
                        .astype("datetime64[s]")
                        .astype("datetime64[us]")
                    )
            # rows without a parent keep their row-numbered value (NULL FK: outside the key)
            col.values = np.where(live, values, col.values)

    def _dated(
        self, o: Ordinal, lo: np.datetime64, base: np.ndarray, ordinal: np.ndarray
    ) -> np.ndarray:
        """Consecutive days from a day of the parent's own; under a parent that recurs on a
        weekday (rules/on_weekday.py: a subscription's delivery day), consecutive weeks on
        that weekday."""
        start = lo.astype("datetime64[D]").astype(np.int64) + base
        weekday = None
        if len(o.unit.fk.columns) == 1:
            weekday = parent_weekdays(self.view, o.unit.fk.columns[0], o.unit.parent)
        days: np.ndarray = start + ordinal
        if weekday is not None and weekday.size == ordinal.size:
            days = np.where(weekday >= 0, on_day(start, weekday) + 7 * ordinal, days)
        return np.asarray(days.astype("datetime64[D]"))

    def _within_cap(self, o: Ordinal, batch: Batch, idx: np.ndarray) -> None:
        """A capped ordinal (`term_no` 1-4): each parent takes at most `cap` rows over all
        batches; rows past it pick again among the parents with room (a few draws)."""
        assert o.cap is not None
        fk = ",".join(o.unit.fk.columns)
        picked, nulls = self.links.parent_rows(fk)
        if picked is None or not idx.size:
            return
        source, valid = self.links.parent_keys(o.unit)
        size = len(next(iter(source.values())).values) if source else 0
        if o.taken is None or o.taken.size != size:
            o.taken = np.zeros(size, np.int64)
        chosen = np.asarray(picked).copy()
        live = np.flatnonzero(~nulls)
        rng = self.view.rng("ordinal-cap:" + o.column, int(idx[0]))
        for _ in range(8):
            rank = _rank_within(chosen[live]) + o.taken[chosen[live]]
            over = live[rank >= o.cap]
            if not over.size:
                break
            counts = o.taken + np.bincount(chosen[live], minlength=size)[:size]
            room = valid[counts[valid] < o.cap]
            if not room.size:
                break
            chosen[over] = room[rng.integers(0, room.size, over.size)]
        if not np.array_equal(chosen, picked):
            self.links.assign(batch, o.unit, chosen, idx.size, nulls, source)
        o.taken += np.bincount(chosen[live], minlength=size)[:size]


def _rank_within(parents: np.ndarray) -> np.ndarray:
    """Each row's place among the earlier rows of its parent (0, 1, 2…), in row order."""
    order = np.argsort(parents, kind="stable")
    ranked = parents[order]
    new = np.r_[True, ranked[1:] != ranked[:-1]] if ranked.size else np.zeros(0, bool)
    first = np.maximum.accumulate(np.where(new, np.arange(ranked.size), 0))
    out = np.empty(parents.size, np.int64)
    out[order] = np.arange(ranked.size) - first
    return out


def weighted_order(
    parents: np.ndarray, ordinal: np.ndarray, weights: np.ndarray, salt: int
) -> np.ndarray:
    """The `ordinal`-th value of each parent's own weighted random order of the values (a
    Gumbel top-k draw, seeded by the parent's position alone, so batches agree): a parent's
    first row takes a value by its weight, its next ones the values left, likelier first."""
    k = weights.size
    keys = np.asarray(parents, dtype=np.uint64)[:, None] * np.uint64(k)
    mixed = (keys + np.arange(k, dtype=np.uint64)) * np.uint64(0x9E3779B97F4A7C15)
    mixed = mixed + np.uint64(salt & 0xFFFFFFFF)
    mixed = np.bitwise_xor(mixed, np.right_shift(mixed, np.uint64(31)))
    mixed = mixed * np.uint64(0xBF58476D1CE4E5B9)
    mixed = np.bitwise_xor(mixed, np.right_shift(mixed, np.uint64(29)))
    u = (np.right_shift(mixed, np.uint64(11)).astype(np.float64) + 0.5) / float(1 << 53)
    with np.errstate(divide="ignore"):
        score = np.log(weights)[None, :] - np.log(-np.log(u))
    order = np.argsort(-score, axis=1, kind="stable")
    picked: np.ndarray = order[np.arange(parents.size), np.minimum(ordinal, k - 1)]
    return picked.astype(np.int64)


def by_passes(
    factors: list[Factor], weighted: tuple[int, np.ndarray], idx: np.ndarray, salt: int
) -> np.ndarray:
    """Mixed-radix digits over `factors` for row numbers `idx` in [0, product of sizes) where
    one factor is a choice with weights and the others foreign keys: the rows go over the
    parents' combinations pass by pass (the first pass gives every combination one row, the
    next a second...), and a combination's j-th row takes the j-th value of its own weighted
    order, so the values keep their shares where each parent has few rows (most harvests
    graded superior) and stay distinct within a parent."""
    place, weights = weighted
    others = [f for i, f in enumerate(factors) if i != place]
    room = math.prod(max(f.size, 1) for f in others)
    combo = affine(idx % room, room, salt)
    value = weighted_order(combo, idx // room, weights, salt)
    digits = np.zeros(idx.size, np.int64)
    scale, left = 1, combo
    for i, f in enumerate(factors):
        size = max(f.size, 1)
        if i == place:
            digit = value
        else:
            digit, left = left % size, left // size
        digits += digit * scale
        scale *= size
    return digits


def domain_weights(spec: ColumnSpec, domain: Domain | None) -> np.ndarray | None:
    """The share each value of a choice column's `domain` gets when drawn on its own (None
    when the column is no choice or its values are not the domain's)."""
    values = [str(v) for v in spec.params.get("values") or []]
    p = choice_weights(spec) if spec.generator == "choice" else None
    if p is None or domain is None or domain.values is None or len(values) != p.size:
        return None
    share = dict(zip(values, p.tolist(), strict=True))
    if any(str(v) not in share for v in domain.values):
        return None
    return np.asarray([share[str(v)] for v in domain.values], dtype=np.float64)
