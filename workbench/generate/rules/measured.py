"""What a row measures once its thing took place follows its status: a match that was played
has its scores, one still scheduled, postponed or called off has none; a test sat (passed or
failed) has its score and its faults, one booked or cancelled has neither; a lesson taught
has its faults counted, a no-show none; an exam's result waits for the exam.

The status is the table's lifecycle (kinds/occurrence.lifecycle_status). Its labels that
measure: those whose meaning is done (vocab/outcomes: completed, attended), those of a
fixture or a sitting that took place (TOOK_PLACE: played, sat, taught) and the
verdicts of a mark (rules/pass_mark: passed, failed: a failed test was sat). Its labels that
do not: those waiting for their time (scheduled: ahead; postponed: PUT_OFF), booked and not
under way (open), and the ends where nothing took place (cancelled, no-show, withdrawn: failed). The
measures are the row's nullable numbers named as counted events or a score (a generator of
events counted, generators/quantities: `home_goals`, `minor_faults`; or a score's word,
pass_mark.SCORE_WORDS: `score`, `marks`) and its nullable text named as a result
(RESULT_WORDS: `result`, `winner`, `verdict`). Where the lifecycle plans its rows ahead (a
label meaning ahead: planned, scheduled), what the row yields is measured too: its nullable
counts and weights (generators YIELDS: a harvest's `fish_count` and `gross_weight_kg`, a
collection run's `total_litres`, a donation's `volume_ml`) are known once it is done and not
while it is planned (an order pending has no label ahead: its counts are known from the
start); so too where a row may be under way (a donation `in_progress`). A NOT NULL column
keeps what it drew; a column sandbox.toml sets is its own. Nothing here names a table: the
words are the schema's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.pass_mark import FAIL_LABELS, PASS_LABELS, SCORE_WORDS
from workbench.generate.vocab.outcomes import UNDER_WAY, lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the generators of events counted in a row (generators/quantities.py) and of a score
COUNTED = frozenset({"event_count", "card_count", "dismissal_count", "play_count", "score"})
# the last word of a text column holding what a row came to (a match's winner, an exam's
# result, a hearing's verdict)
RESULT_WORDS = frozenset({"result", "winner", "verdict", "grade_awarded", "placing"})
_NUMBERS = ("int", "decimal", "float")
# the generators of what a thing planned ahead yields, counted or weighed once it is done
# (a harvest's fish, a collection run's litres, a donation's millilitres)
YIELDS = frozenset({"count", "mass", "mass_kg", "weight_kg", "volume", "volume_l", "volume_ml",
                    "amount_litres", "amount_ml"})  # fmt: skip
# labels of a fixture or a sitting that took place (a match played, an exam sat, a lesson
# taught), and of one put off to another day: read here, whatever a lifecycle makes of them
TOOK_PLACE = frozenset({"played", "sat", "taught", "performed", "raced", "examined"})
PUT_OFF = frozenset({"postponed", "rescheduled", "deferred", "abandoned"})


def _measure(view: TableView, name: str, status: str, ahead: bool) -> bool:
    spec = view.specs[name]
    if name == status or not spec.nullable or not free(view, name):
        return False
    last = normalise(name).split("_")[-1]
    if spec.kind in _NUMBERS:
        return (spec.generator in COUNTED or last in SCORE_WORDS
                or (ahead and spec.generator in YIELDS))  # fmt: skip
    return spec.kind == "text" and last in RESULT_WORDS and bool(labels_of(spec))


def split(labels: list[str]) -> tuple[list[str], list[str]]:
    """(labels that measure, labels that do not) of a lifecycle (see the module)."""
    meanings = lifecycle_meanings(labels) or {}
    measured, unmeasured = [], []
    for label in labels:
        norm, kind = normalise(label), meanings.get(label)
        if norm in PUT_OFF:
            unmeasured.append(label)
        elif kind == "done" or norm in PASS_LABELS | FAIL_LABELS | TOOK_PLACE:
            measured.append(label)
        elif kind in ("ahead", "failed") or (kind == "open" and norm not in UNDER_WAY):
            unmeasured.append(label)
    return measured, unmeasured


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = lifecycle_status(view.schema, view.table)
    if found is None or found[0] not in view.specs:
        return []
    status, labels = found
    measured, unmeasured = split(labels)
    if not measured or not unmeasured:
        return []
    # a row planned ahead, or one under way (a donation in progress), yields nothing yet
    meanings = (lifecycle_meanings(labels) or {}).values()
    ahead = "ahead" in meanings or any(normalise(lb) in UNDER_WAY for lb in labels)
    columns = [c for c in view.specs if _measure(view, c, status, ahead)]
    if not columns:
        return []
    detail = (
        f"{', '.join(columns)} set where {status} is {', '.join(measured)}; "
        f"NULL where it is {', '.join(unmeasured)}"
    )
    data = {"measured": measured, "unmeasured": unmeasured}
    return [Rule("measured", [*columns, status], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    status = batch.get(rule.columns[-1])
    if status is None:
        return
    names, pos = label_codes(status)
    arr = np.asarray(names, dtype=object)
    measured = np.isin(arr, rule.data["measured"])[pos] & ~status.nulls
    unmeasured = np.isin(arr, rule.data["unmeasured"])[pos] & ~status.nulls
    for name in rule.columns[:-1]:
        col = batch.get(name)
        if col is None:
            continue
        col.nulls[measured] = False  # a batch's value is valid where NULL too (base/batch.Col)
        col.nulls[unmeasured] = True


RULE = RowRule(
    "measured",
    "what a row measures follows its status: a match played has scores, one scheduled none",
    _plan,
    _apply,
    phases={"measured": Phase.FINAL},
    after=("end_reason",),
    before=("pass_mark", "pause"),
)
