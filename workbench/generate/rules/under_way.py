"""A row still under way began lately, by as much as the thing it is lasts: a collection round
in progress began this morning, a gym visit still going on an hour ago, not last December.
Its end is not there yet (NULL), so nothing else ties its start to the clock: the layout of
the parent's rows (rules/sequence.py: a truck's last round is its open one) may leave it
months back.

The length is the span rule's (rules/span.py: a round 30-240 minutes, a visit 30-120, a
shift 2-12 hours): a row whose status means under way or lived in (vocab/outcomes: open,
steady) with a start and no end, that began longer before the run's clock than the longest
such span, starts again within it (a uniform moment of the span's longest before now, on
the minute), before the hours of a site or a working day place it (rules/opening.py: a
start outside them moves back to the last open slot of its day). Only for spans shorter
than a day (a stay, a tenancy, a contract may well have begun years ago), a start the rules
may move and an end that may be NULL. The day of the row (rules/own_day.py) follows, run
after this."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.rules.base import Phase, RowRule, Rule, movable_time, row_rng
from workbench.generate.rules.times import as_us
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_DAY_MINUTES = 24 * 60
_MINUTE_US = 60_000_000


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    status = next((r for r in planned if r.kind == "status"), None)
    if status is None:
        return []
    labels: list[str] = status.data["labels"]
    meanings = outcomes.lifecycle_meanings(labels) or {}
    under = [lb for lb in labels if meanings.get(lb) in ("open", "steady")]
    out = []
    for rule in planned:
        if rule.kind != "span" or rule.data.get("time_of_day") or not under:
            continue
        end, start = rule.columns[:2]
        hi = float(rule.data["scale"][1])
        spec_end, spec_start = view.specs.get(end), view.specs.get(start)
        if spec_end is None or spec_start is None or hi >= _DAY_MINUTES:
            continue
        if spec_start.kind != "timestamp" or not spec_end.nullable:
            continue
        if not movable_time(view, start):
            continue
        detail = f"{start} of rows still {', '.join(under)} within {hi:g} minutes of now"
        data = {"status": status.data["status"], "under": under, "start": start, "end": end,
                "minutes": hi}  # fmt: skip
        out.append(Rule("under_way", [start, end, status.data["status"]], detail, data))
        break
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    start, end = batch.get(rule.data["start"]), batch.get(rule.data["end"])
    status = batch.get(rule.data["status"])
    if start is None or end is None or status is None:
        return
    names, codes = label_codes(status)
    wanted = [i for i, name in enumerate(names) if name in rule.data["under"]]
    now = clock.run_now(view.config).astype("datetime64[us]")
    span = np.timedelta64(int(rule.data["minutes"] * _MINUTE_US), "us")
    at = as_us(start)
    stale = (~status.nulls & np.isin(codes, wanted) & ~start.nulls & end.nulls
             & (at < now - span))  # fmt: skip
    rows = np.flatnonzero(stale)
    if not rows.size:
        return
    back = row_rng(view, rule, idx).random(rows.size) * rule.data["minutes"]
    moved = now - (np.ceil(back) * _MINUTE_US).astype("timedelta64[us]")
    start.values[rows] = moved.astype("datetime64[s]").astype(start.values.dtype)


RULE = RowRule(
    "under_way",
    "a row still under way began within its span's longest before now",
    _plan,
    _apply,
    phases={"under_way": Phase.FINAL},
    after=("sequence", "stage_clock", "within", "cover", "booked"),
    before=("opening", "counter", "own_day"),
)
