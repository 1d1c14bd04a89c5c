"""An exam's verdict fails as often as exams do: a verdict column (vocab/outcomes.
names_verdict: `result`, `outcome`) or a lifecycle status with a pass word (vocab/severity.
JUDGED: pass, passed) and a fail word (vocab/exams.FAIL_WORDS) on a table of sittings of an
exam by a person (vocab/exams.sat_exam: a practical driving test under a learner, a theory
exam) has EXAM_FAILED of its judged rows (those at the pass or the fail word) failed, the rest
passed; its other labels (booked, cancelled, no-show) keep their rows. Applied before the
verdict's shares are held at each site (rules/site_shares.py leaves such a table alone) and
before the status rule sets the times the labels decide.

Read from the schema (names, labels); no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.vocab import exams, outcomes
from workbench.generate.vocab.severity import JUDGED

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def exam_verdict(view: TableView) -> tuple[str, str, str] | None:
    """(column, its pass label, its fail label) of an exam's verdict, else None."""
    if not exams.sat_exam(view.schema, view.table):
        return None
    for name, spec in view.specs.items():
        word = normalise(name).split("_")[-1]
        if spec.generator != "choice" or "weights" in spec.params or not free(view, name):
            continue
        if word not in outcomes.STATUS_WORDS and not outcomes.names_verdict(name, spec.info.name):
            continue
        labels = labels_of(spec)
        passed = [lb for lb in labels if normalise(lb) in JUDGED]
        failed = [lb for lb in labels if exams.failed_exam(lb)]
        if passed and failed:
            return name, passed[0], failed[0]
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = exam_verdict(view)
    if found is None:
        return []
    name, passed, failed = found
    data = {"column": name, "pass": passed, "fail": failed}
    detail = f"{name}: {failed} on {exams.EXAM_FAILED:.0%} of the sittings judged"
    return [Rule("exam_verdict", [name], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    col = batch.get(d["column"])
    if col is None:
        return
    names, pos = label_codes(col)
    if not pos.size:
        return
    text = np.asarray(names, dtype=object)[pos]
    judged = np.flatnonzero(((text == d["pass"]) | (text == d["fail"])) & ~col.nulls)
    if not judged.size:
        return
    fails = row_rng(view, rule, idx).random(judged.size) < exams.EXAM_FAILED
    col.values[judged[fails]] = typed_label(col, d["fail"])
    col.values[judged[~fails]] = typed_label(col, d["pass"])


RULE = RowRule(
    "exam_verdict",
    "an exam's verdict fails as often as exams do (some 40 % of the sittings judged)",
    _plan,
    _apply,
    after=("offset",),
    before=("booked_event", "site_shares", "status", "recent"),
)
