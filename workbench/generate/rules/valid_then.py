"""A row whose time its parent's window of validity does not hold, and that cannot move into
it, takes another parent that was valid then: a stay the clock placed last week under a rate
plan withdrawn years ago is booked under a plan of the same hotel on sale that week; a reading
taken today of a meter removed last year names the meter installed in its place.

The keys are filled before the row's times settle (the clock, the lead, the stages place
them), so a parent drawn in force at some time of the row's life may have lapsed by the time
the row has. rules/within.py first moves the row into its parents' windows; where the clock
or the row's other parents leave no room, this picks again, among the parent rows that share
every key of the current one (its owners: the same hotel, the same supply point), so the keys
that meet through the parent still do. Only where the key is drawn freely and nothing else
reads the row through it: not a key a UNIQUE, a CHECK or sandbox.toml holds, not a parent
other keys of the row meet at, not one a rule copies values from, not a member of the row's
group (a register's student, one enrolled in its class: kinds/membership.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.sqltree import columns_of
from workbench.generate.kinds.membership import memberships_of
from workbench.generate.kinds.terms import is_term
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.paths import Path
from workbench.generate.rules.times import DAY_US, as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import FKUnit, TableView

_BIG = np.iinfo(np.int64).max // 4
CANDIDATES = 256  # a row's owner's parents looked at, at most (a random run of them)


def repick_valid(view: TableView, rule: Rule, batch: Batch) -> None:
    """Rows of the planned `within` rule whose time lies outside a validity window of a parent
    they point to take a parent of the same owners valid at that time, where one is."""
    used = batch.get(rule.columns[0])
    if used is None or not used.values.size:
        return
    when = np.where(used.nulls, 0, as_us(used).astype(np.int64))
    for fk, parent, start, end, _ in rule.data["windows"]:
        unit = _movable(view, fk, parent)
        if unit is None or not end:
            continue
        picked, nulls = view.parent_rows(fk)
        begins = view.keys.tables.get(parent, {}).get(start)
        ends = view.keys.tables.get(parent, {}).get(end)
        owners = _owners(view, parent)
        if picked is None or picked.size != when.size or begins is None or ends is None:
            continue
        if owners is None:
            continue
        first, last = bounds(begins, ends, used.kind)
        lapsed = ~used.nulls & ~nulls & (first[picked] < _BIG)
        lapsed &= (when < first[picked]) | (when > last[picked])
        if not lapsed.any():
            continue
        source, valid = view.parent_keys(unit)
        valid = valid[first[valid] < _BIG]  # a parent never in force is no choice
        rows = np.flatnonzero(lapsed)
        rng = view.rng(f"valid-then:{fk}", int(view.current_rows()[0]))
        days = utc_days(begins, ends, used.kind)
        chosen = choose(owners, valid, owners[picked[rows]], when[rows], (first, last), rng, days)
        got = chosen >= 0
        if not got.any():
            continue
        picked = picked.copy()
        picked[rows[got]] = chosen[got]
        for child, parent_col in unit.ref_map.items():
            col = batch[child]
            col.values[rows[got]] = source[parent_col].values[chosen[got]]
        view.repicked(fk, picked, nulls)


def free_to_repick(view: TableView, unit: FKUnit) -> bool:
    """A key a rule that runs late may pick again: drawn freely, not a self reference, not a
    member of the row's group (a hand-in's student, one enrolled in its class), and none of
    its columns held by a UNIQUE, a CHECK, a built column or sandbox.toml (copy_from,
    derive)."""
    if unit.mode == "self" or not view.drawn_freely(unit):
        return False
    if group_member(view, unit):
        return False
    checked = {c for _, tree in view.checks for c in columns_of(tree)}
    section = view.section
    for column in unit.fk.columns:
        spec = view.specs.get(column)
        override = section.columns.get(column) if section is not None else None
        if spec is None or spec.unique or column in view.built or column in checked:
            return False
        if override is not None and (override.copy_from or override.derive):
            return False
    return True


def group_member(view: TableView, unit: FKUnit) -> bool:
    """Whether the key names the row's member of a group (rules/membership.py: a hand-in's
    student is one enrolled in its class), the link table's pairs at hand (loaded before the
    row's table): another parent picked for it is none of them."""
    key = ",".join(unit.fk.columns)
    for m in memberships_of(view.schema, view.table):
        held = view.keys.tables.get(m.link, {})
        if m.member == key and m.link_member in held and m.link_group in held:
            return True
    return False


def repickable(view: TableView, fk: str, parent: str) -> bool:
    """Whether the row's key `fk` to `parent` is one this rule picks again where the row's
    time lies outside the parent's window (see the module's words)."""
    return _movable(view, fk, parent) is not None


def _movable(view: TableView, fk: str, parent: str) -> FKUnit | None:
    """The key's unit where a rule may pick its parent again (see the module's words)."""
    unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
    model = view.schema.tables.get(parent)
    if unit is None or model is None or not free_to_repick(view, unit):
        return None
    window = window_of(view.schema, model, view.config)
    if window is None or not (window.validity or is_term(view.schema, model)):
        return None  # a time a thing takes place in, or a site's opening: not a lapse
    if any(direct is unit for _, _, direct in generator_meets(view)):
        return None  # other keys of the row are picked among this parent's rows
    owned = frozenset(c for f in model.foreign_keys for c in f.columns)
    if any(reads_through(r.data, fk, owned) for r in view.rules if r.kind != "within"):
        return None
    return unit


def reads_through(data: Any, fk: str, owned: frozenset[str] = frozenset()) -> bool:
    """Whether a rule's data names a path through the key (a price copied from the parent);
    not a place read as (path, column) where the column is one of the parent's own keys
    (`owned`: a price plan's country for the local time), which a pick among the parent's rows
    of the same owners keeps."""
    if isinstance(data, Path):
        return data.fk == fk
    if isinstance(data, dict):
        return any(reads_through(v, fk, owned) for v in data.values())
    if isinstance(data, list | tuple):
        first = data[0] if data else None
        if isinstance(first, Path) and first.via is None and len(data) > 1 and data[1] in owned:
            return False
        return any(reads_through(v, fk, owned) for v in data)
    return False


@dataclass
class OwnerCodes:
    """Per table (scratch): each parent's owner codes, found once (a parent's kept columns
    never change while its children are generated)."""

    codes: dict[str, np.ndarray | None] = field(default_factory=dict)


def _owners(view: TableView, parent: str) -> np.ndarray | None:
    """One code per parent row for the rows its own keys name together (its owners), None
    where a key of it is not kept."""
    cache = view.scratch.get(OwnerCodes).codes
    if parent not in cache:
        cache[parent] = _owner_codes(view, parent)
    return cache[parent]


def _owner_codes(view: TableView, parent: str) -> np.ndarray | None:
    model = view.schema.tables.get(parent)
    if model is None:
        return None
    return key_codes(view, parent, sorted({c for fk in model.foreign_keys for c in fk.columns}))


def key_codes(view: TableView, parent: str, columns: list[str]) -> np.ndarray | None:
    """One code per parent row for the values of its kept key columns together, None where
    one of them is not kept."""
    stored = view.keys.tables.get(parent, {})
    size = next((np.asarray(c.values).size for c in stored.values()), 0)
    code = np.zeros(size, np.int64)
    for column in columns:
        held = stored.get(column)
        if held is None:
            return None
        _, inverse = np.unique(np.asarray(held.values).astype(str), return_inverse=True)
        inverse = np.where(held.nulls, -1, inverse.reshape(-1)) + 1
        code = code * (int(inverse.max(initial=0)) + 1) + inverse
    return code


def bounds(begins: Any, ends: Any, kind: str) -> tuple[np.ndarray, np.ndarray]:
    """Each parent row's window as the first and last time the row's column may hold (a day
    between a date and a timestamp, as rules/within.py reads it); _BIG where never begun."""
    first = np.where(begins.nulls, _BIG, as_us(begins).astype(np.int64))
    last = np.where(ends.nulls, _BIG, as_us(ends).astype(np.int64))
    if (begins.kind == "date") != (kind == "date"):
        first = np.where(begins.nulls, _BIG, first + DAY_US)
    if (ends.kind == "date") != (kind == "date"):
        last = np.where(ends.nulls, _BIG, last - DAY_US)
    return first, last


def utc_days(begins: Any, ends: Any, kind: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Each parent row's window of dates as its days run in UTC (the first midnight to the
    last day's end), for a row's time that is no date; None where the row's time is a date
    too (bounds() then has no margin to give up)."""
    if (begins.kind == "date") == (kind == "date") and (ends.kind == "date") == (kind == "date"):
        return None
    first = np.where(begins.nulls, _BIG, as_us(begins).astype(np.int64))
    last = np.where(ends.nulls, _BIG, as_us(ends).astype(np.int64))
    if ends.kind == "date":
        last = np.where(ends.nulls, _BIG, last + DAY_US - 1)
    return first, last


def choose(
    owners: np.ndarray,
    valid: np.ndarray,
    wanted: np.ndarray,
    when: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
    rng: np.random.Generator,
    days: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """For each row, a parent row among `valid` whose owner code (`owners`, one per parent
    row) is the row's `wanted` one and whose window holds its time, drawn at random; -1
    where none does. A row that none holds with a day's margin at each end of a window of
    dates (short windows one after another: a site's tariffs a week each leave two days at
    each change uncovered) is looked for again in the `days` as they run in UTC. An owner
    with more rows than CANDIDATES (a country's tariffs over the years) is looked at in its
    rows begun last by the row's time: those are the ones in force then, where a random run
    of them would miss them."""
    out = _choose(owners, valid, wanted, when, window, rng)
    missing = np.flatnonzero(out < 0)
    if days is not None and missing.size:
        out[missing] = _choose(owners, valid, wanted[missing], when[missing], days, rng)
    return out


def _choose(
    owners: np.ndarray,
    valid: np.ndarray,
    wanted: np.ndarray,
    when: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
    rng: np.random.Generator,
) -> np.ndarray:
    first, last = window
    order = valid[np.lexsort((first[valid], owners[valid]))]
    keys = owners[order]
    lo = np.searchsorted(keys, wanted, "left")
    count = np.searchsorted(keys, wanted, "right") - lo
    out = np.full(wanted.size, -1, np.int64)
    begun = _begun_by(keys, first[order], wanted, when) - lo  # the owner's rows begun by then
    rows = np.flatnonzero((count > 0) & (begun > 0))
    if not rows.size:
        return out
    seen = np.minimum(begun[rows], CANDIDATES)
    offset = begun[rows] - seen  # the run begun last by the row's time
    group = np.repeat(np.arange(rows.size), seen)
    step = np.arange(group.size) - np.repeat(np.cumsum(seen) - seen, seen)
    at = lo[rows][group] + offset[group] + step
    candidate = order[at]
    t = when[rows][group]
    holds = (first[candidate] <= t) & (t <= last[candidate])
    score = np.where(holds, rng.random(group.size), -1.0)
    best = np.lexsort((score, group))[np.cumsum(seen) - 1]  # the highest score of each row
    found = score[best] >= 0
    out[rows[found]] = candidate[best[found]]
    return out


def _begun_by(
    keys: np.ndarray, starts: np.ndarray, wanted: np.ndarray, when: np.ndarray
) -> np.ndarray:
    """For each row, the position after the last of the rows sorted by (owner, start) whose
    owner is the row's `wanted` one and whose start is at or before its time `when`."""
    _, owner_rank = np.unique(np.concatenate([keys, wanted]), return_inverse=True)
    _, time_rank = np.unique(np.concatenate([starts, when]), return_inverse=True)
    span = int(time_rank.max(initial=0)) + 1
    code = owner_rank.reshape(-1).astype(np.int64) * span + time_rank.reshape(-1)
    return np.searchsorted(code[: keys.size], code[keys.size :], "right")
