"""A running total to date only grows: a grant's progress reports give its spend and the people
reached *to date*, a contract's payment applications its gross value to date, a course's
reports the hours taught so far. Each report of a thing counts everything since the thing
began, so in the order the thing's reports come (its running number, `report_no`,
`application_no`, unique with the key to the thing; else the row's time) no later one is
below an earlier one.

A total to date is a number column whose name ends in words of "so far" (`*_to_date`,
`*_so_far`, `*_since_start`; not a year to date, which starts again each year) in a table with
a required key to the thing reported on. Per thing, its rows' drawn values are laid out in
ascending order along the reports. A money total of a thing that states its whole sum (a
grant's `amount_awarded`, a contract's `contract_value`, a project's `budget`: CAP_WORDS) is a
share of that sum, rising report by report and never above it: nobody spends more than they
were awarded, nor is more valued than the contract is worth. Rows of one batch form a thing's
series. Read from the names' words and the keys, no table named here."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us, is_time
from workbench.generate.vocab.unit_prices import MONEY_GENERATORS, MONEY_WORDS
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import FKUnit, TableView

# the last words of a total since the thing began (`spend_to_date`, `hours_so_far`)
SO_FAR = (("to", "date"), ("so", "far"), ("since", "start"), ("since", "inception"), ("itd",))
# words of a measure from the first row of a numbered series (`distance_from_start_m`, a
# stop's `scheduled_offset_s` along its route, `km_from_origin`): the first is 0, each later
# one beyond the one before
FROM_START = (("from", "start"), ("from", "origin"), ("from", "first"), ("since", "departure"),
              ("from", "departure"))  # fmt: skip
OFFSET_WORDS = frozenset({"offset", "offsets"})
# an offset of a clock or a zone (`utc_offset`), not along a series
ZONE_WORDS = frozenset({"utc", "gmt", "tz", "timezone", "zone", "dst", "local", "clock"})
# words of a thing's whole sum, that its totals to date stay under (`amount_awarded`,
# `contract_value`, `total_budget`, `approved_amount`)
CAP_WORDS = frozenset({"awarded", "award", "budget", "budgeted", "contract", "contracted",
                       "committed", "sanctioned", "granted", "approved", "ceiling"})  # fmt: skip
# the least share of the whole sum a first report shows
LEAST_SHARE = 0.02
_NUMBERS = ("int", "decimal", "float")


def so_far(name: str) -> bool:
    """Whether a name says a running total since the thing began (SO_FAR)."""
    words = tuple(normalise(name).split("_"))
    return any(len(words) > len(end) and words[-len(end) :] == end for end in SO_FAR)


def from_start(name: str) -> bool:
    """Whether a name says a measure from the first row of its series (FROM_START, or an
    offset that is no zone's: OFFSET_WORDS)."""
    words = normalise(name).split("_")
    pairs = set(itertools.pairwise(words))
    if pairs & set(FROM_START):
        return True
    return bool(set(words) & OFFSET_WORDS) and not set(words) & ZONE_WORDS


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


def _money(name: str, generator: str | None = None) -> bool:
    return generator in MONEY_GENERATORS or bool(_words(name) & MONEY_WORDS)


def cap_columns(columns: Sequence[tuple[str, str]]) -> list[str]:
    """The (name, kind) columns of a thing that state its whole sum: a number named by a
    CAP_WORDS word beside money words or alone (`amount_awarded`, `contract_value`)."""
    return [
        name
        for name, kind in columns
        if kind in _NUMBERS and _words(name) & CAP_WORDS and not so_far(name)
    ]


def keep_columns(view: TableView) -> set[str]:
    """What a thing keeps for its reports' totals to date: its whole sums (cap_columns)."""
    return set(cap_columns([(c, s.kind) for c, s in view.specs.items()]))


def _running(view: TableView, unit: FKUnit) -> str | None:
    """A whole number unique with the key to the thing (`report_no`): the reports' order."""
    keys = [[str(c) for c in u.columns] for u in view.table.uniques if u.predicate is None]
    if view.table.primary_key is not None:
        keys.append(list(view.table.primary_key.columns))
    for u_columns in keys:
        rest = [c for c in u_columns if c not in unit.fk.columns]
        if len(rest) == 1 and set(unit.fk.columns) < set(u_columns):
            spec = view.specs.get(rest[0])
            if spec is not None and spec.kind == "int":
                return rest[0]
    return None


def _caps(view: TableView, unit: FKUnit) -> list[str]:
    """The whole sums the thing the key reaches states (cap_columns)."""
    parent = view.schema.tables.get(unit.parent)
    if parent is None or unit.parent == view.tp.name:
        return []
    return cap_columns([(c.name, resolve_type(view.schema, c.type).kind) for c in parent.columns])


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    numbers = [c for c, s in view.specs.items() if s.kind in _NUMBERS and free(view, c)]
    totals = [c for c in numbers if so_far(c)]
    starts = [c for c in numbers if from_start(c) and c not in totals]
    if not totals and not starts:
        return []
    for unit in view.units:
        if unit.nullable or unit.mode != "normal" or unit.parent == view.tp.name:
            continue
        running = _running(view, unit)
        order = running or anchor_of(view.schema, view.table, view.config)
        if order is None or order not in view.specs:
            continue
        fk = ",".join(unit.fk.columns)
        out = []
        for name in starts if running else []:  # along a numbered series only
            detail = f"{name} 0 at the first {order} per {unit.parent} ({fk}), then beyond"
            data = {"fk": fk, "cap": None, "parent": unit.parent, "from_start": True}
            out.append(Rule("so_far", [name, order], detail, data))
        caps = _caps(view, unit)
        for name in totals:
            cap = caps[0] if caps and _money(name, view.specs[name].generator) else None
            detail = f"{name} never falls along {order} per {unit.parent} ({fk})"
            if cap is not None:
                detail += f", at most its {cap}"
            data = {"fk": fk, "cap": cap, "parent": unit.parent}
            out.append(Rule("so_far", [name, order], detail, data))
        if out:
            return out
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    total, order = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if total is None or order is None or rows is None or not rows.size:
        return
    ok = np.flatnonzero(~nulls & ~order.nulls & ~total.nulls)
    if ok.size < 1:
        return
    if is_time(order.kind):
        when = as_us(order).astype(np.int64)
    else:
        when = np.asarray(order.values, dtype=np.float64)
    ranked = ok[np.lexsort((ok, when[ok], rows[ok]))]
    parent = rows[ranked]
    first = np.r_[True, parent[1:] != parent[:-1]]
    series = np.cumsum(first) - 1  # each row's series
    spec = view.specs[rule.columns[0]]
    step = 1.0 if total.kind == "int" else (spec.step or 0.01)
    cap = None
    if rule.data.get("cap"):
        held = view.keys.tables.get(rule.data["parent"], {}).get(rule.data["cap"])
        if held is not None:
            cap = np.asarray(held.values, dtype=np.float64)[parent]
            cap = np.where(held.nulls[parent], np.nan, cap)
    values = np.asarray(total.values, dtype=np.float64)[ranked]
    if cap is not None:
        # a share of the whole sum: drawn, then ordered along the series, never above it
        share = row_rng(view, rule, idx).uniform(LEAST_SHARE, 1.0, ranked.size)
        fitted = np.floor(cap * share / step) * step
        values = np.where(np.isnan(cap), values, np.maximum(fitted, 0.0))
    # ascending within each series: sort by (series, value)
    by = np.lexsort((values, series))
    out = np.empty_like(values)
    out[:] = values[by]  # series stay in place (sorted by series first), values ascend
    if total.kind == "int":
        out = np.round(out)
    if rule.data.get("from_start"):
        out = _from_start(out, first, step)
    total.values[ranked] = out.astype(total.values.dtype)


def _from_start(values: np.ndarray, first: np.ndarray, step: float) -> np.ndarray:
    """Ascending values of each series (`first` marks its first row) shifted so the first is
    0, each later one at least a step beyond the one before."""
    out = values.copy()
    starts = np.flatnonzero(first)
    base = np.repeat(values[starts], np.diff(np.r_[starts, values.size]))
    out = np.asarray(np.maximum(out - base, 0.0), dtype=np.float64)
    for at in range(1, out.size):  # strictly beyond the one before, within each series
        if not first[at] and out[at] < out[at - 1] + step:
            out[at] = out[at - 1] + step
    return out


RULE = RowRule(
    "so_far",
    "a running total to date never falls along a thing's reports, nor passes its whole sum",
    _plan,
    _apply,
    phases={"so_far": Phase.FINAL},
    # once the reports' order stays: their times placed, their numbers given in that order
    after=("within", "sequence", "lifetime"),
    before=("standing",),
)
