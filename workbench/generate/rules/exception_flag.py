"""A flag of an exception (vocab/exceptions.py: `rejected`, `is_cancelled`, `payment_failed`,
`disputed`, `no_show`) is rare, and the text that explains it is there exactly where it is.

- the flag: true on exceptions.EXCEPTION_SHARE of the rows, dealt (generators/quota.py),
  whatever its DEFAULT (kinds/defaults.py gives a DEFAULT false that share too; a flag with no
  DEFAULT is no coin toss). A flag another rule planned before this one decides (a flag and
  its timestamp: rules/flag_stamp.py) is left as that rule made it.
- its reason: a nullable text column named for the flag's word and a word of an explanation
  (`rejection_reason` of `rejected`, `cancellation_note` of `is_cancelled`, `dispute_details`
  of `disputed`: rules/status.REASON_WORDS), or a bare one (`reason`, `failure_reason`) beside
  the table's only exception flag, is set on the flagged rows and NULL on the others.
- beside a status instead: a reason of a failure no label names (`failure_reason`,
  `error_reason`) of a table whose lifecycle status (vocab/outcomes.py) has one failure label
  only (a request `completed` or `rejected`) is set exactly on the rows of that label (a
  reason named for a label is rules/status.reasons_of's; a bare `reason` beside a status is
  the row's own: a visit's, a refund's).

A reason set where the draw left it NULL takes a value drawn for another row of the batch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.generators import quota
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.status import REASON_WORDS, canon
from workbench.generate.vocab.exceptions import EXCEPTION_SHARE, flag_word
from workbench.generate.vocab.outcomes import lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the words before a reason's word that name no one exception (`failure_reason`)
GENERIC = frozenset({"failure", "fail", "error", "exception", "problem", "issue", "fault"})
# the words of a bare reason (`reason`): beside the table's one exception flag, its reason
# (beside a status, a bare reason is the row's own: a visit's, a refund's)
BARE = frozenset({"reason", "reasons"})
# a reason for a row that has none drawn (every other row's reason NULL too)
FALLBACK = "other"


def _reasons(view: TableView) -> dict[str, str]:
    """The table's nullable free text columns of an explanation: column → the words before
    its explanation word (`rejection` of `rejection_reason`, "" of a bare `reason`)."""
    out = {}
    for column, spec in view.specs.items():
        words = normalise(column).split("_")
        if spec.kind != "text" or not spec.nullable or not free(view, column):
            continue
        if words[-1] in REASON_WORDS and (len(words) > 1 or words[0] in BARE):
            out[column] = "_".join(words[:-1])
    return out


def _named_for(said: str, word: str) -> bool:
    stem = canon(word)
    return len(stem) >= 4 and (canon(said).startswith(stem) or said.startswith(stem))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for rule in planned for c in rule.columns}
    flags = {
        name: word
        for name, spec in view.specs.items()
        if spec.kind == "bool" and (word := flag_word(name)) is not None
    }
    reasons = _reasons(view)
    out = []
    for flag, word in flags.items():
        draw = free(view, flag) and flag not in taken
        tied = [c for c, said in reasons.items() if _named_for(said, word)]
        if len(flags) == 1:
            tied += [c for c, said in reasons.items() if said in GENERIC | {""} and c not in tied]
        if not draw and not tied:
            continue
        detail = f"{flag} true on about {EXCEPTION_SHARE:.0%} of the rows" if draw else flag
        if tied:
            detail += f"; {', '.join(tied)} set exactly where it is"
        data = {"draw": draw, "label": None}
        out.append(Rule("exception_flag", [flag, *tied], detail, data))
    out += _beside_status(view, reasons, flags)
    return out


def _beside_status(view: TableView, reasons: dict[str, str], flags: dict[str, str]) -> list[Rule]:
    """A bare reason beside a status with one failure label and no exception flag."""
    found = lifecycle_status(view.schema, view.table)
    if flags or found is None or found[0] not in view.specs:
        return []
    status, labels = found
    meanings = lifecycle_meanings(labels) or {}
    failed = [label for label in labels if meanings.get(label) == "failed"]
    bare = [c for c, said in reasons.items() if said in GENERIC]
    if len(failed) != 1 or not bare:
        return []
    detail = f"{', '.join(bare)} set exactly where {status} is {failed[0]}"
    return [Rule("exception_flag", [status, *bare], detail, {"draw": False, "label": failed[0]})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    first = batch.get(rule.columns[0])
    if first is None:
        return
    rng = row_rng(view, rule, idx)
    n = first.values.size
    label = rule.data.get("label")
    if label is not None:
        names, pos = label_codes(first)
        on = np.array([str(lb) == label for lb in names], dtype=bool)[pos] & ~first.nulls
    else:
        if rule.data["draw"]:
            p = np.array([1.0 - EXCEPTION_SHARE, EXCEPTION_SHARE])
            picks = quota.corrected(rng, (rng.random(n) < EXCEPTION_SHARE).astype(np.int64), p)
            first.values[:] = picks.astype(bool)
        on = np.asarray(first.values).astype(bool) & ~first.nulls
    for column in rule.columns[1:]:
        col = batch.get(column)
        if col is None:
            continue
        said = _said(col.values) & ~col.nulls
        given = np.flatnonzero(said)
        lacking = np.flatnonzero(on & ~said)
        if lacking.size:
            if given.size:
                col.values[lacking] = col.values[given[rng.integers(0, given.size, lacking.size)]]
            else:
                col.values[lacking] = FALLBACK
            col.nulls[lacking] = False
        col.nulls[~on] = True


def _said(values: np.ndarray) -> np.ndarray:
    return np.array([v is not None and bool(str(v).strip()) for v in values], dtype=bool)


RULE = RowRule(
    "exception_flag",
    "a flag of an exception is rare, and its reason is set exactly where it is (rejected)",
    _plan,
    _apply,
    phases={"exception_flag": Phase.FINAL},
    after=("risk_flag", "finding_flag"),
    before=("pause",),
)
