"""The day of a deed of the back office is a working day: a date the business or its staff
did a thing on (a bill's `issued_on`, an entry's `posted_on`: the default of
rules/kept_hours.deeds, read for `date` columns) falls Monday to Friday, as the hours of such
a deed's time do (rules/opening.py). A Saturday or a Sunday moves to the nearest working day
(a Saturday's Friday, a Sunday's Monday), else to the other one, where the row's dates in
order (rules/chain.py) keep it after its earlier dates, before its later ones and the
Monday by the run's clock; else it stays. Any schema: the words are of acts, no table is
named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.rules import kept_hours
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import as_us, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

DAY = np.timedelta64(1, "D").astype("timedelta64[us]")


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    days = kept_hours.deeds(view, "date")
    if not days:
        return []
    chain = next((r for r in planned if r.kind == "chain"), None)
    preds: dict[str, list[str]] = chain.data["preds"] if chain is not None else {}
    data = {
        c: {"after": preds.get(c, []), "before": [d for d, p in preds.items() if c in p]}
        for c in days
    }
    detail = f"{', '.join(days)} Monday to Friday (a deed of the back office)"
    return [Rule("desk_day", days, detail, data)]


def _bound(batch: Batch, columns: list[str], n: int, latest: bool) -> np.ndarray:
    """Per row the latest (or earliest) of the row's `columns` present, NaT where none is."""
    out = np.full(n, np.datetime64("NaT", "us"))
    for column in columns:
        col = batch.get(column)
        if col is None:
            continue
        at = np.where(col.nulls, np.datetime64("NaT", "us"), as_us(col))
        better = (at > out) if latest else (at < out)
        out = np.where(~np.isnat(at) & (np.isnat(out) | better), at, out)
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    today = clock.run_now(view.config)
    for column in rule.columns:
        col = batch.get(column)
        if col is None:
            continue
        when = as_us(col)
        n = when.size
        weekday = (when.astype("datetime64[D]").astype(np.int64) + 3) % 7  # 0 Monday … 6 Sunday
        weekend = ~col.nulls & (weekday >= 5)
        if not weekend.any():
            continue
        floor = _bound(batch, rule.data[column]["after"], n, latest=True)
        ceiling = _bound(batch, rule.data[column]["before"], n, latest=False)
        friday = when - (weekday - 4) * DAY
        monday = when + (7 - weekday) * DAY
        may_back = weekend & (np.isnat(floor) | (friday >= floor))
        may_on = weekend & (monday <= today) & (np.isnat(ceiling) | (monday <= ceiling))
        sunday = weekday == 6  # the nearest working day: a Saturday's Friday, a Sunday's Monday
        on = may_on & (sunday | ~may_back)
        back = may_back & ~on
        store(col, friday, np.flatnonzero(back))
        store(col, monday, np.flatnonzero(on))


RULE = RowRule(
    "desk_day",
    "the day of a deed of the back office (a bill issued, a licence granted): Monday to Friday",
    _plan,
    _apply,
    phases={"desk_day": Phase.FINAL},
    after=("opening",),  # the deeds' times placed: their days
    before=("week_hours",),
)
