"""A fixture starts at the hours such fixtures start: a league's match kicks off between the
late morning and the evening (10:00-20:45 on a quarter hour), on any day of the week, not
at 03:12. The thing is read from the table's name (rules/span.scale_of: a match, a
fixture); its start is the first of a span's pair (rules/span.pairs: `starts_at`/`ends_at`)
else its one time that is not a record's (`kickoff_at`, `scheduled_at`). The start keeps its
day and its side of the run's clock (a match played by now stays before it: a slot later
than now moves back a day, one that slid to before it forward a day); an end of the pair
moves by as much. A show people come to see (kinds/shows.py: a concert, a performance, a
table of events with doors that open before them or held at a venue) is put on in the
evening, 18:00-21:30 on a quarter hour. The hours are local: the row's place's, however many
keys away (rules/local_time.py: an event's venue's city's `timezone`), else UTC. A start
another rule places in a site's hours (rules/opening.py) keeps them. Nothing here names a
table: the hours are the thing's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.rules import local_time, span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, movable_time, row_rng
from workbench.generate.rules.times import as_us, store
from workbench.generate.vocab import lexicon
from workbench.generate.vocab.durations import SHOW

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the things with hours of their own, a vocabulary of what happens when: (the thing's
# duration scale, first and last start in minutes, step in minutes). A league's match kicks
# off between the late morning and the evening; a show (a concert, a performance:
# kinds/shows.py) is put on in the evening, its doors opened before
HOURS = (
    (span.scale_of("match"), 10 * 60, 20 * 60 + 45, 15),
    (SHOW, 18 * 60, 21 * 60 + 30, 15),
)
MINUTE_US = 60_000_000
DAY_US = 24 * 60 * MINUTE_US


def _hours(view: TableView) -> tuple[int, int, int] | None:
    if normalise(view.table.name).split("_")[-1] in span.SITTINGS:
        return None  # a session of the thing at a venue (`match_sessions`): the venue's hours
    scale = span.scale_of(view.table.name) or span.scale_for(view)
    for thing, lo, hi, step in HOURS:
        if scale is not None and scale == thing:
            return lo, hi, step
    return None


def _start(view: TableView) -> tuple[str, str | None] | None:
    for start, end in span.pairs(view):
        if view.specs[start].kind == "timestamp" == view.specs[end].kind:
            return start, end
    times = [
        c
        for c, s in view.specs.items()
        if s.kind == "timestamp" and not lexicon.record_time(c, s.generator) and free(view, c)
    ]
    return (times[0], None) if len(times) == 1 else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    hours, found = _hours(view), _start(view)
    if hours is None or found is None:
        return []
    start, end = found
    if not free(view, start) or not movable_time(view, start):
        return []
    if any(r.kind == "opening" and start in r.columns for r in planned):
        return []  # in a site's hours
    lo, hi, _ = hours
    end = end if end is not None and free(view, end) else None
    detail = f"{start} {lo // 60:02d}:{lo % 60:02d}-{hi // 60:02d}:{hi % 60:02d}, any day"
    place = local_time.place_of(view)  # the local time of its venue's city, where known
    if place is not None:
        detail += ", local time"
    data = {"hours": hours, "place": place}
    return [Rule("fixture_hours", [start, *([end] if end else [])], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None:
        return
    lo, hi, step = rule.data["hours"]
    rng = row_rng(view, rule, idx)
    n = col.values.size
    begin = as_us(col)
    zones = local_time.zones_of(view, rule.data.get("place"), batch, n)
    off = local_time.offsets(zones, begin).astype("timedelta64[us]")
    day = (begin + off).astype("datetime64[D]").astype("datetime64[us]")  # its local day
    slot = lo + step * rng.integers(0, (hi - lo) // step + 1, n)
    local = day + (slot * MINUTE_US).astype("timedelta64[us]")
    moved = local - local_time.offsets(zones, local).astype("timedelta64[us]")
    now = clock.run_now(view.config)
    one = np.timedelta64(DAY_US, "us")
    moved = np.where((begin <= now) & (moved > now), moved - one, moved)
    moved = np.where((begin > now) & (moved <= now), moved + one, moved)
    rows = np.flatnonzero(~col.nulls)
    end = batch.get(rule.columns[1]) if len(rule.columns) > 1 else None
    if end is not None:  # the end moves by as much
        shifted = as_us(end) + (moved - begin)
        store(end, shifted, np.flatnonzero(~col.nulls & ~end.nulls))
    store(col, moved, rows)


RULE = RowRule(
    "fixture_hours",
    "a fixture starts at the hours such fixtures start (a match: 10:00-20:45, a show: "
    "18:00-21:30, any day, local time)",
    _plan,
    _apply,
    phases={"fixture_hours": Phase.FINAL},
    after=("span", "opening"),
    before=("counter", "elapsed", "measured", "outlived"),
)
