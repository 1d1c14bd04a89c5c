"""Years on the clock: a row with a window (`starts_on`/`ends_on`) and a label whose CHECK
pattern spells years (`^[0-9]{4}/[0-9]{2}$`: "2025/26"; `^[0-9]{4}-[0-9]{4}$`; `^[0-9]{4}$`)
is one year of its owner's calendar: a school year, a club's season, a fiscal year. Per owner
(the key the label is unique with: `UNIQUE (school_id, label)`, else the whole table) the
years run back from now one after another: the first row of an owner is the current year
(started by now), each next one the year before, all starting on the owner's own day of the
year; the label is the years the window spans. A label spanning two years starts in the
second half of the year (late summer, a school or a season) and lasts ten months or so; a
one-year label runs the calendar year. A key over the label admits the history's years
(kinds/years.py, plan/domains.py), and the owner came to be before its first year
(`calendar_owner`: its anchor moved into the history's first months), so what hangs under
the owner and under its years (staff hired, terms) can lie in them.

Per batch: each owner's rows counted in turn (kept between batches), the owner's day and
length drawn from its key; no loop over rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.groups import turns
from workbench.generate.base.hashing import stable_hash
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.windows import window_of
from workbench.generate.kinds.years import YEARS, calendar_owners, label_of, year_label
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

SPAN_START = (200, 250)  # a two-year label: the year starts this many days after 1 January
SPAN_DAYS = (290, 330)  # and lasts this many days


@dataclass
class YearTurns:
    """Per table (scratch): how many years each owner has had so far."""

    seen: dict[object, int] = field(default_factory=dict)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    window = window_of(view.schema, view.table, view.config)
    if window is None:
        return []
    start, end = window.start, window.end
    for c in (start, end):
        spec = view.specs.get(c)
        if spec is None or not is_time(spec.kind) or not free(view, c) or spec.nullable:
            return []
    for name, spec in view.specs.items():
        pattern = spec.params.get("pattern") if spec.generator == "regex" else None
        shape = year_label(pattern, name) if isinstance(pattern, str) else None
        if shape is None or name in view.fk_cols:
            continue
        owner = _owner(view, name)
        data = {"start": start, "end": end, "label": name, "owner": owner,
                "sep": shape[0], "to": shape[1]}  # fmt: skip
        whose = f"per {owner}" if owner else "one calendar"
        text = f"{name} names the years {start}..{end} span, back from now, {whose}"
        return [Rule("year_periods", [start, end, name], text, data)]
    return []


def _owner(view: TableView, label: str) -> str | None:
    """The single-column key the label is unique with (its owner), else None."""
    table = view.table
    keys = [list(u.columns) for u in table.uniques if u.predicate is None]
    for cols in keys:
        if label in cols and len(cols) == 2:
            other = next(c for c in cols if c != label)
            if other is not None and other in view.fk_cols:
                return other
    return None


def _owner_keys(rule: Rule, batch: Batch, n: int) -> np.ndarray:
    owner = rule.data["owner"]
    if owner is None or owner not in batch:
        return np.zeros(n, np.int64)
    col = batch[owner]
    values = np.asarray(col.values)
    if values.dtype.kind not in "iu":
        values = np.asarray([stable_hash(str(v)) for v in values.tolist()], np.int64)
    return np.where(col.nulls, -1, values.astype(np.int64))


def _day(years: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """The day `offset` days after 1 January of each year."""
    days: np.ndarray = (years - 1970).astype("datetime64[Y]").astype("datetime64[D]")
    return np.asarray(days + offset.astype("timedelta64[D]"))


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    cols = [batch.get(c) for c in (rule.data["start"], rule.data["end"], rule.data["label"])]
    if any(c is None for c in cols) or not idx.size:
        return
    start_col, end_col, label_col = cols
    assert start_col is not None and end_col is not None and label_col is not None
    n = idx.size
    owners = _owner_keys(rule, batch, n)
    back = turns(view.scratch.get(YearTurns).seen, owners)
    kinds, inverse = np.unique(owners, return_inverse=True)
    inverse = inverse.reshape(-1)
    # the owner's day of the year and length, from its key
    draw = np.asarray([stable_hash(f"{rule.data['label']}:{k}") % 10_007 for k in kinds.tolist()])
    two = rule.data["to"] > 0
    lo, hi = SPAN_START if two else (0, 0)
    offset = (lo + draw % (hi - lo + 1))[inverse]
    length = (SPAN_DAYS[0] + draw // 97 % (SPAN_DAYS[1] - SPAN_DAYS[0] + 1))[inverse]
    now = clock.run_now(view.config).astype("datetime64[D]")
    this_year = int(now.astype("datetime64[Y]").astype(np.int64)) + 1970
    latest = np.where(_day(np.full(n, this_year), offset) <= now, this_year, this_year - 1)
    years = latest - back
    begins = _day(years, offset)
    ends = begins + length if two else _day(years + 1, np.zeros(n, np.int64)) - 1
    rows = np.arange(n)
    for col, days in ((start_col, begins), (end_col, ends)):
        store(col, days.astype("datetime64[us]"), rows)
        col.nulls[:] = False
    shape = (rule.data["sep"], rule.data["to"])
    labels = [label_of(y, shape) for y in years.tolist()]
    label_col.values[:] = np.asarray(labels, dtype=object).astype(label_col.values.dtype)
    label_col.nulls[:] = False


def _plan_owner(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    if view.tp.name not in calendar_owners(view.schema):
        return []
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None or not free(view, anchor) or not is_time(view.specs[anchor].kind):
        return []
    text = f"{anchor} before the {YEARS} years of its calendar"
    return [Rule("calendar_owner", [anchor], text, {"anchor": anchor})]


def _apply_owner(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """An owner of years came to be before the first of them: within the history's first
    months, before its earliest year (the current one and YEARS - 1 before it) started."""
    col = batch.get(rule.data["anchor"])
    if col is None or not idx.size:
        return
    now = clock.run_now(view.config)
    earliest, _ = clock.window(view.config)
    last = now - np.timedelta64(YEARS * 366 * DAY_US, "us")
    span = max(int((last - earliest).astype(np.int64)), 0)
    rng = row_rng(view, rule, idx)
    when = earliest + (rng.random(idx.size) * span).astype(np.int64).astype("timedelta64[us]")
    moved = ~col.nulls & (as_us(col) > when)
    store(col, when, np.flatnonzero(moved))


OWNER = RowRule(
    "calendar_owner",
    "an owner of a calendar of years came to be before its first year",
    _plan_owner,
    _apply_owner,
    phases={"calendar_owner": Phase.FINAL},
    after=("standing",),  # the order the rules were measured in: after every time is placed
)

RULE = RowRule(
    "year_periods",
    "a row labelled by years is one year of its owner's calendar, back from now",
    _plan,
    _apply,
    phases={"year_periods": Phase.FINAL},
    after=("calendar_owner",),
)
