"""A job that took place names who did it: a row that takes place at a time (a visit, a job, a
service call: kinds/occurrence.occurs) with a lifecycle status (kinds/occurrence.
lifecycle_status) and a key that may be NULL to a worker (a person's table whose window of
service begins at a hiring: `hired_on`/`terminated_on`, rules/born.hired) leaves the key NULL
only while the work has not begun or did not happen: a visit still waiting for a technician,
one called off before anyone was sent. One completed or under way was done by someone, and
the rules that hold a worker to the row (the site's branch, in service that day, holding a
licence valid then: rules/valid_then.py) hold for that someone.

Two steps, as the key and the status settle at different times:

- while the keys are filled (`workers on the job`), the key names a worker on every row, so
  the rules that make keys meet, parents in service and valid when used pick for each row;
- once the status has settled (`on_the_job`, after the rules that move a status by the clock:
  a visit booked last week is completed), a row whose label says the work neither took place
  nor is under way names no one, at the column's rate of NULLs.

Read from the shape and the labels' meanings (vocab/outcomes.py), no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.meets import personal
from workbench.generate.kinds.occurrence import lifecycle_status, occurs
from workbench.generate.kinds.windows import windows_of
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage, row_rng
from workbench.generate.rules.born import hired
from workbench.generate.vocab.outcomes import UNDER_WAY, lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


def worker(view: TableView, parent: str) -> bool:
    """A table of people taken on for work: personal, with a window of service that begins
    at a hiring (`hired_on`/`left_on`)."""
    model = view.schema.tables.get(parent)
    if model is None or not personal(view.schema, parent):
        return False
    names = [c.name for c in model.columns]
    return any(hired(w.start, names) for w in windows_of(view.schema, model, view.config))


def _units(view: TableView) -> list[tuple[FKUnit, float]]:
    """The table's keys to a worker that may be NULL and are drawn freely, each with its
    rate of NULLs."""
    out = []
    for unit in view.units:
        if not unit.nullable or unit.mode != "normal" or not view.drawn_freely(unit):
            continue
        rate = min(view.specs[c].null_fraction for c in unit.fk.columns if c in view.specs)
        if rate > 0 and unit.parent != view.tp.name and worker(view, unit.parent):
            out.append((unit, rate))
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    status = lifecycle_status(view.schema, view.table)
    if status is None or status[0] not in view.specs:
        return []
    if not occurs(view.schema, view.table, view.config):
        return []
    meanings = lifecycle_meanings(status[1]) or {}
    done = [lb for lb in status[1] if meanings.get(lb) == "done" or normalise(lb) in UNDER_WAY]
    if not done or len(done) == len(status[1]):
        return []
    out = []
    for unit, rate in _units(view):
        fk = ",".join(unit.fk.columns)
        detail = (f"{fk} names a {unit.parent.rsplit('.', 1)[-1]} row where {status[0]} is "
                  f"{', '.join(done)}; NULL at {rate:.0%} of the others")  # fmt: skip
        data = {"fk": fk, "status": status[0], "done": done, "rate": rate}
        out.append(Rule("on_the_job", [*unit.fk.columns, status[0]], detail, data))
    return out


def _assign(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Every row's key to a worker names one while the keys are filled."""
    for rule in view.rules:
        if rule.kind != "on_the_job":
            continue
        picked, nulls = view.parent_rows(rule.data["fk"])
        columns = rule.columns[:-1]
        if picked is None or not nulls.any() or any(c not in batch for c in columns):
            continue
        for column in columns:
            batch[column].nulls[:] = False
        view.repicked(rule.data["fk"], picked, np.zeros(picked.size, bool))


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """A row whose work neither took place nor is under way names no one, at the rate."""
    status = batch.get(rule.data["status"])
    picked, nulls = view.parent_rows(rule.data["fk"])
    columns = rule.columns[:-1]
    if status is None or picked is None or any(c not in batch for c in columns):
        return
    labels, pos = label_codes(status)
    done = np.array([lb in rule.data["done"] for lb in labels], bool)[pos] & ~status.nulls
    drawn = row_rng(view, rule, idx).random(idx.size) < float(rule.data["rate"])
    none = drawn & ~done & ~nulls
    if not none.any():
        return
    for column in columns:
        batch[column].nulls[none] = True
    view.repicked(rule.data["fk"], picked, nulls | none)


RULE = RowRule(
    "on_the_job",
    "a job that took place or is under way names the worker who did it",
    _plan,
    _apply,
    phases={"on_the_job": Phase.FINAL},
    after=("as_happened",),  # once the status has settled
    before=("nested_term",),
)
WORKERS = LinkRule(
    "workers on the job",
    "a key to a worker names one on every row while the keys are filled",
    Stage.KEYS,
    _assign,
)
