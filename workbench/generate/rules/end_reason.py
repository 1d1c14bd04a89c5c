"""A reason chosen from a list (`end_reason IN ('customer_notice', 'unit_transfer',
'eviction', 'lien_sale')`, `closure_cause`) beside a lifecycle status: the labels of a rare
end (vocab/exceptions.rare_reason: an eviction, a lien sale, a fraud, a death) are few,
together about exceptions.RARE_REASON_SHARE of the rows carrying a reason, the ordinary ones
the rest (a reason of a row's end: tied to a status, or named for an end, ENDED_WORDS; not a
claim's cause); and where the reason is named for a label of the status (`end_reason` of `ended`,
`closure_reason` of `closed`, `cancellation_cause` of `cancelled`) and may be NULL, it is set
on that label's rows only, NULL on the others (an active lease has no end reason yet).

A reason of free text is rules/status.reasons_of's and rules/exception_flag.py's; this one's
labels are the CHECK's (or the enum's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.status import REASON_WORDS, canon
from workbench.generate.vocab.exceptions import RARE_REASON_SHARE, rare_reason
from workbench.generate.vocab.outcomes import lifecycle_meanings
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


# the words of a reason for a row's end, whichever label it ended at (`exit_reason`)
END_WORDS = frozenset({"end", "ending", "exit", "close", "closing", "closure", "leave",
                       "leaving", "departure", "churn", "cessation", "stop"})  # fmt: skip
# the words of a reason for an end a label may name (`termination_reason`)
ENDED_WORDS = frozenset({"termination", "cancellation", "cancel", "withdrawal", "removal",
                         "discharge", "dismissal", "lapse", "expiry", "closure"})  # fmt: skip
# labels of a failure a row lives in, not its end
LIVED_IN = frozenset({"suspended", "paused", "on_hold", "frozen", "blocked", "overdue", "late",
                      "inactive", "dormant", "arrears", "in_arrears"})  # fmt: skip


def _labels(view: TableView, column: str) -> list[str]:
    found = next((c for c in view.table.columns if c.name == column), None)
    if found is None:
        return []
    info = resolve_type(view.schema, found.type)
    values = info.labels or column_hints(view.schema, view.table, found).allowed or []
    return [v for v in values if isinstance(v, str)]


def _tied(said: str, labels: list[str]) -> list[str]:
    """The status labels a reason's name is for (`end` of `end_reason`: `ended`); a reason
    of an end no label names (`exit_reason`, `end_reason` beside `expired` and `terminated`)
    is for every label a row's life ends at (vocab/outcomes.lifecycle_meanings: done or
    failed), less the states a row lives in (`suspended`)."""
    if not said:
        return []
    out = []
    for label in labels:
        stem = canon(label)
        if len(stem) >= 3 and (canon(said).startswith(stem) or said.startswith(stem)):
            out.append(label)
    if out or said not in END_WORDS:
        return out
    meanings = lifecycle_meanings(labels) or {}
    return [
        label
        for label in labels
        if meanings.get(label) in ("done", "failed") and normalise(label) not in LIVED_IN
    ]


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for rule in planned for c in rule.columns}
    found = lifecycle_status(view.schema, view.table)
    status, states = found if found is not None else ("", [])
    out = []
    for column, spec in view.specs.items():
        words = normalise(column).split("_")
        if spec.kind != "text" or words[-1] not in REASON_WORDS or column == status:
            continue
        if not free(view, column) or column in taken:
            continue
        labels = _labels(view, column)
        rare = [lb for lb in labels if rare_reason(lb)]
        usual = [lb for lb in labels if lb not in rare]
        if len(labels) < 2 or not usual:
            continue
        said = "_".join(words[:-1])
        tied = _tied(said, states) if spec.nullable and status else []
        tied = tied if status in view.specs and len(tied) < len(states) else []
        # rare labels of a reason a row ended for, not of any cause (a claim's theft)
        rare = rare if tied or said in END_WORDS | ENDED_WORDS else []
        if not rare and not tied:
            continue
        detail = f"{column} among {', '.join(usual)}"
        if rare:
            detail += f"; {', '.join(rare)} on about {RARE_REASON_SHARE:.0%} of them"
        if tied:
            detail += f"; set exactly where {status} is {', '.join(tied)}"
        cols = [column, status] if tied and status else [column]
        out.append(Rule("end_reason", cols, detail, {"rare": rare, "usual": usual, "on": tied}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None:
        return
    n = col.values.size
    rng = row_rng(view, rule, idx)
    on = ~col.nulls  # untied: the rows drawn with a reason keep one
    if rule.data["on"] and (status := batch.get(rule.columns[1])) is not None:
        names, pos = label_codes(status)
        on = np.isin(np.asarray(names, dtype=object), rule.data["on"])[pos] & ~status.nulls
    rare, usual = rule.data["rare"], rule.data["usual"]
    names, pos = label_codes(col)
    kind = np.array([0 if lb in usual else 1 if lb in rare else 2 for lb in names])[pos]
    kind[col.nulls] = 2
    draw = rng.random(n)
    want_rare = draw < RARE_REASON_SHARE if rare else np.zeros(n, dtype=bool)
    # a usual reason drawn where one is wanted stays; others take a usual reason of the batch
    # (its weights as drawn) or one of the list
    given = np.flatnonzero(kind == 0)
    fix = np.flatnonzero(on & ~want_rare & (kind != 0))
    if fix.size:
        if given.size:
            col.values[fix] = col.values[given[rng.integers(0, given.size, fix.size)]]
        else:
            picks = rng.integers(0, len(usual), fix.size)
            col.values[fix] = [typed_label(col, usual[p]) for p in picks]
    put = np.flatnonzero(on & want_rare)
    if put.size:
        picks = rng.integers(0, len(rare), put.size)
        col.values[put] = [typed_label(col, rare[p]) for p in picks]
    col.nulls[on] = False
    if rule.data["on"]:
        col.nulls[~on] = True


RULE = RowRule(
    "end_reason",
    "a listed reason's rare labels are few, and it is set only where its status label is (ended)",
    _plan,
    _apply,
    phases={"end_reason": Phase.FINAL},
    after=("exception_flag",),
    before=("pause",),
)
