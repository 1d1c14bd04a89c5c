"""The last of a thing's events lies close before its life ended: the last inspection found
the colony dead, a patient's last consultation came shortly before the death, a machine's
last job shortly before it was retired. rules/within.py keeps every event of a thing inside
its life (nothing after its end), anywhere in it; here, of each thing whose life ended by the
run's clock (`_life_ended`: a death, or an end its status says some things reached), its
latest event of the batch that lies further back than `CLOSE_DAYS` (or half its life, if
shorter) moves, all its times by one shift, into those last days, where its other bounds
allow. Not for a table of readings, whose series
already ends close before its parent's end (rules/series.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.terms import status_labels
from workbench.generate.kinds.windows import life_of
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.rules.within import BIG, as_ints, move_into, parent_time, path_rows
from workbench.generate.vocab import life_end

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

CLOSE_DAYS = 14  # the last event of a thing lies at most this long before its life ended


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    within = next((r for r in planned if r.kind == "within"), None)
    if within is None or any(r.kind == "series" for r in planned):
        return []
    lives = []
    for fk, parent, start, end, _ in within.data["windows"]:
        table = view.schema.tables.get(parent)
        if ">" in fk or not end or table is None:
            continue
        if _life_ended(view, table, end):
            lives.append([fk, parent, start, end])
    if not lives:
        return []
    shown = ", ".join(f"{p}.{e}" for _, p, _, e in lives)
    detail = f"{within.columns[0]}: the latest of a thing's within {CLOSE_DAYS} days of {shown}"
    return [Rule("last_seen", [within.columns[0]], detail, {"lives": lives})]


def _life_ended(view: TableView, table: Table, end: str) -> bool:
    """Whether `end` ends a thing's life (kinds/windows.life_of): a death (`died_on`), or an
    end its status's labels say some of its things reached (`retired_at` of the retired);
    not a case file's close (a matter's `closed_at`: its work runs to it), a term's end (an
    agreement's `end_date`), nor one no status speaks of (a staff member's `left_on`)."""
    life = life_of(view.schema, table, view.config)
    if life is None or life.end != end:
        return False  # a case file closed, a term that ran out: its work runs to its end
    said = life_end.end_time(end)
    return said == "death" or bool(life_end.ending_labels(end, status_labels(view.schema, table)))


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    within = next((r for r in view.rules if r.kind == "within"), None)
    used = batch.get(rule.columns[0])
    if within is None or used is None:
        return
    now = int(clock.run_now(view.config).astype(np.int64))
    when = as_us(used).astype(np.int64)
    strict = DAY_US if used.kind == "date" else 1_000_000
    for fk, parent, start, end in rule.data["lives"]:
        rows, nulls = path_rows(view, fk, parent)
        began, ended = parent_time(view, fk, parent, start), parent_time(view, fk, parent, end)
        stored = view.keys.tables.get(parent, {}).get(end)
        if rows is None or began is None or ended is None or stored is None:
            continue
        margin = DAY_US if (stored.kind == "date") != (used.kind == "date") else 0
        hi = as_ints(ended, BIG) - margin - strict
        lo = np.maximum(as_ints(began, -BIG), hi - CLOSE_DAYS * DAY_US)
        lo = np.maximum(lo, hi - (hi - as_ints(began, -BIG)) // 2)
        over = ~nulls & ~used.nulls & (hi < now) & (hi < BIG // 2) & (lo <= hi)
        latest = _latest_of_each(np.where(over, rows, -1), when) & over
        far = latest & (when < lo)
        if far.any():
            move_into(view, within, batch, idx, far, (lo, hi))


def _latest_of_each(parents: np.ndarray, when: np.ndarray) -> np.ndarray:
    """Whether each row is the latest of its parent's rows (parents -1: none)."""
    order = np.lexsort((when, parents))
    last = np.zeros(parents.size, bool)
    if order.size:
        ends = np.append(parents[order][1:] != parents[order][:-1], True)
        last[order[ends]] = True
    return last & (parents >= 0)


RULE = RowRule(
    "last_seen",
    "the last event of a thing whose life ended lies close before its end",
    _plan,
    _apply,
    phases={"last_seen": Phase.FINAL},
    after=("within",),
    before=("mishap_after",),
)
