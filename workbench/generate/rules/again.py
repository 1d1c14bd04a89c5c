"""A row marked as a repeat follows a failure: a retest of a vehicle comes after its previous
inspection failed, a resit after a failed exam, a resubmission after a rejected one, within
REPEATED_WITHIN of it; a row that follows no such failure is a first go.

The rows: a verdict (a column named as one, vocab/outcomes.names_verdict, with a label of
success and at least one of failure: by vocab/outcomes.meaning, or a grade of severity beside a
pass word, vocab/severity), a mark of a repeat (a choice with a label whose words name one,
REPEAT_WORDS or a `re_` head: `retest` beside `periodic`, `resit` beside `first_sitting`; or a
flag named as one: `is_retest`), a time the row came to be (kinds/anchors.anchor_of) and the
subject the verdict is on: the row's required keys, not unique alone, to tables that are no
place of the business nor anything of one (kinds/meets.business_place: a test centre, its
lanes and inspectors), all of them together (a student and the exam).

Per subject in the order of the rows' times (the final ones: applied among the last rules),
a row is a repeat exactly where the subject's previous row with a verdict (and, where the
table has a lifecycle status, done: kinds/occurrence.lifecycle_status) failed no more than
REPEATED_WITHIN before it; the mark says so (the first repeat label, or the flag true), and a
repeat label on any other row becomes the first label of a first go. Per batch: a subject's
rows in another batch are not seen. Read from the schema (names and labels), no table named
here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize, label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.meets import business_place
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.times import as_us
from workbench.generate.vocab import severity
from workbench.generate.vocab.outcomes import lifecycle_meanings, meaning, names_verdict

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema

# words of a go that repeats an earlier one of the same subject
REPEAT_WORDS = frozenset({"retest", "retests", "resit", "resits", "retake", "retakes",
                          "resubmission", "resubmitted", "reinspection", "recheck", "rerun",
                          "reattempt", "repeat", "repeated", "reexamination", "reassessment",
                          "reaudit", "reapplication", "retry"})  # fmt: skip
REPEATED_WITHIN = np.timedelta64(8 * 7 * 24 * 3600 * 10**6, "us")  # eight weeks


def repeats(label: str) -> bool:
    """Whether a label (or a column's name) names a repeat (`retest`, `re_inspection`)."""
    words = normalise(label).split("_")
    return bool(set(words) & REPEAT_WORDS) or (words[0] == "re" and len(words) > 1)


@dataclass(frozen=True)
class Again:
    """The verdict and its failure labels, the mark (its repeat and first-go labels; none for
    a flag), the row's time and the subject's keys."""

    verdict: str
    failed: tuple[str, ...]
    mark: str
    again: tuple[str, ...]
    first: tuple[str, ...]
    anchor: str
    subject: tuple[str, ...]
    status: str | None = None  # a lifecycle's status: only rows it says are done were judged
    done: tuple[str, ...] = ()


def _verdict(view: TableView) -> tuple[str, tuple[str, ...]] | None:
    for name, spec in view.specs.items():
        if name in view.fk_cols or not names_verdict(name, spec.info.name or ""):
            continue
        labels = labels_of(spec)
        read = {lb: meaning(lb) for lb in labels}
        judged = severity.judged(labels)
        failed = tuple(severity.failures(labels, read) if judged else [])
        failed = failed or tuple(lb for lb, m in read.items() if m == "failed")
        if failed and ("done" in read.values() or judged):
            return name, failed
    return None


def _mark(view: TableView, verdict: str) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    for name, spec in view.specs.items():
        if name == verdict or not free(view, name):
            continue
        if spec.generator in ("bool", "boolean") or spec.info.name in ("bool", "boolean"):
            if repeats(name):
                return name, (), ()
            continue
        labels = labels_of(spec)
        again = tuple(lb for lb in labels if repeats(lb))
        first = tuple(lb for lb in labels if lb not in again)
        if again and first:
            return name, again, first
    return None


def _subject(schema: Schema, view: TableView) -> tuple[str, ...]:
    unique = unique_sets(view.table)
    out = []
    for fk in view.table.foreign_keys:
        col = view.table.column(fk.columns[0]) if len(fk.columns) == 1 else None
        parent = schema.tables.get(fk.ref_qualified)
        if col is None or col.nullable or parent is None or parent is view.table:
            continue
        if [fk.columns[0]] in unique or business_place(schema, fk.ref_qualified):
            continue
        if any(business_place(schema, up.ref_qualified) for up in parent.foreign_keys):
            continue  # a lane, an inspector of a site
        out.append(fk.columns[0])
    return tuple(out)


def again_of(view: TableView) -> Again | None:
    """The row's verdict, its mark of a repeat, its time and its subject, else None."""
    found = _verdict(view)
    mark = _mark(view, found[0]) if found is not None else None
    if found is None or mark is None:
        return None
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None:
        return None
    subject = _subject(view.schema, view)
    if not subject:
        return None
    status = lifecycle_status(view.schema, view.table)
    read = lifecycle_meanings(status[1]) or {} if status is not None else {}
    done = [lb for lb, m in read.items() if m == "done"]
    if status is None or status[0] in (found[0], mark[0]) or not done:
        return Again(found[0], found[1], mark[0], mark[1], mark[2], anchor, subject)
    return Again(found[0], found[1], mark[0], mark[1], mark[2], anchor, subject, status[0],
                 tuple(done))  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    again = again_of(view)
    if again is None:
        return []
    detail = (
        f"{again.mark} a repeat where the previous row of the same {', '.join(again.subject)} "
        f"failed ({again.verdict}) within eight weeks"
    )
    return [Rule("again", [again.mark, again.verdict, again.anchor], detail, {"again": again})]


def _text(col: Col) -> np.ndarray:
    names, pos = label_codes(col)
    return np.asarray([*names, None], dtype=object)[np.where(col.nulls, len(names), pos)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    again: Again = rule.data["again"]
    mark, verdict, when = batch.get(again.mark), batch.get(again.verdict), batch.get(again.anchor)
    keys = [batch.get(k) for k in again.subject]
    if mark is None or verdict is None or when is None or any(k is None for k in keys):
        return
    codes = np.stack([factorize(np.asarray(k.values))[1] for k in keys if k is not None])
    _, subject = np.unique(codes, axis=1, return_inverse=True)
    subject = subject.reshape(-1)
    t = as_us(when)
    said = _text(verdict)
    known = ~verdict.nulls & ~when.nulls
    status = batch.get(again.status or "")
    if status is not None:  # a row still under way or called off was not judged yet
        known &= np.isin(_text(status), list(again.done))
    failed = np.isin(said, list(again.failed))
    repeat = np.zeros(t.size, bool)
    last: dict[int, int] = {}
    for at in np.lexsort((t, subject)):
        if when.nulls[at]:
            continue
        prev = last.get(int(subject[at]))
        gap = t[at] - t[prev] if prev is not None else None
        repeat[at] = gap is not None and failed[prev] and np.timedelta64(0) < gap <= REPEATED_WITHIN
        if known[at]:
            last[int(subject[at])] = int(at)
    if not again.again:
        mark.values[:] = repeat
        mark.nulls[:] = False
        return
    own = _text(mark)
    mark.values[repeat] = typed_label(mark, again.again[0])
    wrong = ~repeat & np.isin(own, list(again.again))
    mark.values[wrong] = typed_label(mark, again.first[0])
    mark.nulls[repeat | wrong] = False


RULE = RowRule(
    "again",
    "a row marked as a repeat (a retest, a resit) follows a failed row of the same subject",
    _plan,
    _apply,
    phases={"again": Phase.FINAL},
    after=("serial_order",),
)
