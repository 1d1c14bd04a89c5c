"""An outcome a score decides (`result IN ('pass', 'fail')` beside `overall_score`, a flag
`passed` beside `points`): one pass mark separates them, every failed row scoring below
every passed one, and failing is the exception.

- the outcome: a column whose labels are each a pass or a fail of a verdict (PASS_LABELS,
  FAIL_LABELS: pass/fail, satisfactory/unsatisfactory, compliant/non_compliant), or a flag
  named for either (`passed`, `is_failed`); the score: the row's one number named a score,
  mark or points (SCORE_WORDS).
- the mark: PASS_MARK of the score's range (its CHECK bounds, else 0-100); a passed row's
  score is mapped into mark..top, a failed row's into the FAIL_SPAN below the mark, each
  keeping its place in its range (the drawn order of scores stays).
- the share: an outcome no earlier rule decides fails on about FAIL_SHARE of the rows (an
  outcome another rule drew, per site or per parent, keeps its shares)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.vocab.exceptions import flag_word
from workbench.generate.vocab.outcomes import lifecycle_meanings
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

SCORE_WORDS = frozenset({"score", "scores", "mark", "marks", "points", "pct", "percent",
                         "percentage", "rating"})  # fmt: skip
# the pass mark's place in the score's range (70 of 100)
PASS_MARK = 0.7
# the share of the rows failing where no earlier rule decides the outcome
FAIL_SHARE = 0.08
# how far below the mark a failed score reaches, of the range (30 to 70 of 100)
FAIL_SPAN = 0.4
# the words of a row's own pass mark (`pass_mark`, `passing_score`, `pass_threshold`)
MARK_WORDS = frozenset({"pass", "passing", "cutoff", "cut_off"})
# what the labels beside the verdicts mean: rows not sat yet or never (booked, cancelled)
_NOT_SAT = frozenset({"ahead", "open", "failed"})
_PASS_FLAG = frozenset({"pass", "passed", "passes", "success", "successful", "approved"})
# the labels of a verdict a mark decides, not of a row's life (`graded`, `late`, `missing`)
PASS_LABELS = frozenset({"pass", "passed", "satisfactory", "compliant", "conforming",
                         "acceptable", "meets_standard", "competent", "ok",
                         # a graded pass (an instrument's exam: pass, merit, distinction)
                         "merit", "distinction", "credit", "honours", "honors"})  # fmt: skip
FAIL_LABELS = frozenset({"fail", "failed", "unsatisfactory", "non_compliant", "noncompliant",
                         "nonconforming", "non_conforming", "unacceptable", "below_standard",
                         "not_competent", "not_yet_competent", "not_ok"})  # fmt: skip


def _outcome(view: TableView) -> tuple[str, list[str], list[str]] | None:
    """(column, pass labels, fail labels) of the table's one outcome of pass or fail; for a
    flag the labels are "True"/"False"."""
    found = []
    for column in view.table.columns:
        spec = view.specs.get(column.name)
        if spec is None or not free(view, column.name):
            continue
        if spec.kind == "bool":
            words = normalise(column.name).split("_")
            if words[-1] in _PASS_FLAG:
                found.append((column.name, ["True"], ["False"]))
            elif flag_word(column.name) in ("failed", "fail"):
                found.append((column.name, ["False"], ["True"]))
            continue
        if spec.kind != "text":
            continue
        info = resolve_type(view.schema, column.type)
        values = info.labels or column_hints(view.schema, view.table, column).allowed or []
        labels = [v for v in values if isinstance(v, str)]
        passed = [lb for lb in labels if normalise(lb) in PASS_LABELS]
        failed = [lb for lb in labels if normalise(lb) in FAIL_LABELS]
        others = [lb for lb in labels if lb not in passed and lb not in failed]
        meanings = lifecycle_meanings(labels) or {}
        # a test's status: booked and cancelled beside the verdicts, of rows not yet sat
        if passed and failed and all(meanings.get(lb) in _NOT_SAT for lb in others):
            found.append((column.name, passed, failed))
    return found[0] if len(found) == 1 else None


def _mark_column(view: TableView, score: str) -> str | None:
    """The row's own pass mark beside its score (`pass_mark`, `passing_score`, `pass_score`):
    a number column one of whose words is MARK_WORDS."""
    for name, spec in view.specs.items():
        words = set(normalise(name).split("_"))
        if name != score and spec.kind in ("int", "decimal", "float") and words & MARK_WORDS:
            return name if free(view, name) else None
    return None


def _bound(value: object, default: float) -> float:
    """A CHECK's bound as a number (an int, a float, a Decimal), else the default."""
    if value is None or isinstance(value, bool):
        return default
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default


def _score(view: TableView) -> tuple[str, float, float] | None:
    """(column, bottom, top) of the table's one score."""
    found = []
    for column in view.table.columns:
        spec = view.specs.get(column.name)
        words = normalise(column.name).split("_")
        if spec is None or spec.kind not in ("int", "decimal", "float"):
            continue
        if words[-1] not in SCORE_WORDS or not free(view, column.name):
            continue
        if set(words) & MARK_WORDS:
            continue  # the row's own pass mark, not its score
        hints = column_hints(view.schema, view.table, column)
        lo, hi = _bound(hints.lo, 0.0), _bound(hints.hi, 100.0)
        lo += 0.0 if hints.lo_incl or hints.lo is None else spec.step
        hi -= 0.0 if hints.hi_incl or hints.hi is None else spec.step
        if hi - lo >= 4 * spec.step:
            found.append((column.name, lo, hi))
    return found[0] if len(found) == 1 else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    outcome, score = _outcome(view), _score(view)
    if outcome is None or score is None:
        return []
    column, passed, failed = outcome
    name, lo, hi = score
    taken = {c for rule in planned for c in rule.columns}
    step = view.specs[name].step
    mark = float(np.round((lo + PASS_MARK * (hi - lo)) / step) * step)
    draw = column not in taken and len(passed) + len(failed) == len(_labels(view, column))
    own = _mark_column(view, name)
    detail = f"{column} passed where {name} >= {mark:g}, failed below"
    if own is not None:
        detail += f"; {own} = {mark:g}"
    if draw:
        detail += f"; failed on about {FAIL_SHARE:.0%} of the rows"
    data = {"passed": passed, "failed": failed, "lo": lo, "hi": hi, "mark": mark, "draw": draw}
    return [Rule("pass_mark", [column, name, *([own] if own else [])], detail, data)]


def _labels(view: TableView, column: str) -> list[str]:
    if view.specs[column].kind == "bool":
        return ["True", "False"]
    found = next(c for c in view.table.columns if c.name == column)
    info = resolve_type(view.schema, found.type)
    values = info.labels or column_hints(view.schema, view.table, found).allowed or []
    return [v for v in values if isinstance(v, str)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    outcome, score = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if outcome is None or score is None:
        return
    d = rule.data
    n = score.values.size
    rng = row_rng(view, rule, idx)
    flag = outcome.kind == "bool"
    if d["draw"]:
        fail = rng.random(n) < FAIL_SHARE
        if flag:
            outcome.values[:] = fail if d["failed"] == ["True"] else ~fail
        else:
            picks = {False: d["passed"], True: d["failed"]}
            outcome.values[:] = [
                typed_label(outcome, picks[f][rng.integers(len(picks[f]))]) for f in fail.tolist()
            ]
    names, pos = label_codes(outcome)
    failed = np.isin(np.asarray(names, dtype=object), d["failed"])[pos]
    if flag:
        failed = np.asarray(outcome.values).astype(bool) == (d["failed"] == ["True"])
    verdict = np.isin(np.asarray(names, dtype=object), d["passed"] + d["failed"])[pos]
    rows = ~outcome.nulls & ~score.nulls & (verdict | flag)
    lo, hi, mark, step = d["lo"], d["hi"], d["mark"], score.step
    at = np.clip((np.asarray(score.values, dtype=float) - lo) / (hi - lo), 0.0, 1.0)
    floor = max(lo, mark - FAIL_SPAN * (hi - lo))  # a fail falls short, mostly not by far
    new = np.where(failed, floor + at * (mark - step - floor), mark + at * (hi - mark))
    new = np.where(failed, np.floor(new / step) * step, np.ceil(new / step) * step)
    new = np.clip(np.where(failed, np.minimum(new, mark - step), np.maximum(new, mark)), lo, hi)
    new = np.round(new) if score.kind == "int" else np.round(new, 6)
    score.values[rows] = new[rows].astype(score.values.dtype)
    own = batch.get(rule.columns[2]) if len(rule.columns) > 2 else None
    if own is not None:  # the row's own pass mark: the one the verdicts were drawn against
        own.values[:] = np.asarray(mark).astype(own.values.dtype)


RULE = RowRule(
    "pass_mark",
    "an outcome a score decides: one pass mark separates passed from failed (pass, fail)",
    _plan,
    _apply,
    phases={"pass_mark": Phase.FINAL},
    after=("end_reason",),
    before=("pause",),
)
