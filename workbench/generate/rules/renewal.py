"""Terms that renew: a parent's numbered terms (a customer's contracts numbered by their
renewal, a member's memberships by their term, unique with the parent's key) each in force
from its start to its end (kinds/terms.is_term: a status that says in force and one that
says it ran out; the table's own window, its end required, not a validity). rules/sequence.py
lays them out: each renewal starts when the term before it ended, each keeping the length it
was drawn with; a term's end is what was agreed, not what happened, so the last one may still
run past now: for most parents it does (their terms still run), the others stopped renewing
some time ago.

Their status then follows where each lies against the run's clock (the dates stand, as
rules/standing.py has a running window's): a term ended by now ran out (`expired`: the first
label that says so and not that it ended early), one begun and not ended is in force
(`active`), one not begun yet waits (`pending`: the first label meaning ahead, else open); a
term drawn as ended early (`terminated`, `cancelled`) keeps its label once it has begun. Read
from the schema only: no table, column or label is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import labelled, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import columns_of
from workbench.generate.kinds.terms import EARLY_END, IN_FORCE, RUN_OUT, is_term
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import free
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import DAY_US, as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _early(label: str) -> bool:
    return bool(EARLY_END & set(normalise(label).split("_")))


def plan(view: TableView, start: str, end: str | None, number: str | None) -> dict[str, Any]:
    """What the status of numbered terms that renew takes where (see the module), else {}:
    the status column, its label for a term ran out, in force, still ahead, and those ended
    early."""
    window = window_of(view.schema, view.table, view.config)
    if number is None or end is None or window is None or window.validity:
        return {}
    spec = view.specs.get(end)
    if (window.start, window.end) != (start, end) or spec is None or spec.nullable:
        return {}
    found = status_meanings(view)
    if found is None or not is_term(view.schema, view.table) or not free(view, found[0]):
        return {}
    status, meanings = found
    if any(status in (cols := columns_of(tree)) and len(cols) > 1 for _, tree in view.checks):
        return {}  # a CHECK ties the status to other columns: not set here
    norm = {label: normalise(label) for label in meanings}
    ran_out = [lb for lb in meanings if norm[lb] in RUN_OUT and not _early(lb)]
    in_force = [lb for lb in meanings if norm[lb] in IN_FORCE]
    ahead = [lb for lb, m in meanings.items() if m == "ahead"]
    ahead += [lb for lb, m in meanings.items() if m == "open" and lb not in in_force]
    if not ran_out or not in_force:
        return {}
    early = [lb for lb in meanings if _early(lb)]
    return {"status": status, "ran_out": ran_out[0], "in_force": in_force[0],
            "ahead": ahead[0] if ahead else None, "early": early}  # fmt: skip


def reach(hi: np.ndarray, lengths: np.ndarray, open_: np.ndarray,
          rng: np.random.Generator) -> np.ndarray:  # fmt: skip
    """How late a term may end: under a parent still going on (`open_`), the last one, begun
    by now, runs some of its length past it (a share drawn per row: in force now, begun days
    to most of its length ago); under one that ended, by its end."""
    ahead = np.maximum(lengths, 0) * rng.uniform(0.02, 0.98, lengths.size) * open_
    out: np.ndarray = hi + ahead.astype(np.int64)
    return out


# the share of parents whose terms still run: their last one in force now (or just ended)
STILL_RUNNING = 0.8


def placed(rng: np.random.Generator, gid: np.ndarray) -> np.ndarray:
    """Where each parent's chain of terms lies in the room its window leaves (0: from the
    parent's start, 1: its last term running through now): most still run, the others
    stopped renewing some time ago."""
    groups = int(gid.max()) + 1 if gid.size else 0
    running = rng.random(groups) < STILL_RUNNING
    out: np.ndarray = np.where(running, 1.0, rng.random(groups))[gid]
    return out


def follow(view: TableView, renews: dict[str, Any], batch: Batch, rows: np.ndarray,
           times: tuple[str, str]) -> None:  # fmt: skip
    """The status of the terms laid out (`rows`) follows their dates (see the module)."""
    status, start, end = batch.get(renews["status"]), batch.get(times[0]), batch.get(times[1])
    if status is None or start is None or end is None or not rows.size:
        return
    now = clock.run_now(view.config).astype("datetime64[us]").astype(np.int64)
    s = as_us(start).astype(np.int64)[rows]
    e = as_us(end).astype(np.int64)[rows]
    if end.kind == "date":  # a date's term runs through its last day
        e = e + DAY_US
    early = labelled(status, renews["early"])[rows]
    begun = s <= now
    over = e <= now
    wanted = [(begun & over & ~early, renews["ran_out"]),
              (begun & ~over & ~early, renews["in_force"]),
              (~begun, renews["ahead"])]  # fmt: skip
    for chosen, label in wanted:
        if label is not None and chosen.any():
            status.values[rows[chosen]] = typed_label(status, label)
            status.nulls[rows[chosen]] = False
