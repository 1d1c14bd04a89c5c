"""Stages of a parent numbered 1, 2, 3 in the order they were opened, each after the one
before ended in the label that leads on: a row with a small number named for a thing that
comes in series (`stage`, `round`, `attempt`, `appeal_level`: kinds/numbering.is_serial_number)
that no unique key makes a line number, under a NOT NULL key to its parent, is the n-th try of
that parent (an appeal's review then its adjudication, a claim's first then second review, an
exam's resit). Per parent, in the order of the rows' own time (their anchor), the numbers
run 1, 2, 3 (going on from the parent's rows of earlier batches); where the row has a
lifecycle status with a turned-down label (vocab/outcomes.TURNED_DOWN: rejected, refused…),
every stage but a parent's last took it (a next stage is asked for only once the one before
was turned down); without one, a try (`attempt`) took its failed label (tried again after a
failure) and another stage its passed one (an interview's next round follows a round
passed); rules/stage_after.py opens each stage once the one before was decided.

Read from the schema (the number's name, its CHECK's bounds, the key, the status labels and the
time columns), no table named here. Applied before the status rule, which then sets the
decision times the labels call for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.numbering import is_serial_number
from workbench.generate.rules.base import RowRule, Rule, free, labels_of
from workbench.generate.rules.times import as_us, time_columns
from workbench.generate.vocab.outcomes import (
    PASSED_ON,
    STATUS_WORDS,
    TRIED_AGAIN,
    TURNED_DOWN,
    lifecycle_meanings,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


RETRIES = frozenset({"attempt", "try", "retry"})  # a number of tries: each after one failed


@dataclass
class _Seen:
    """Rows of each parent numbered in earlier batches: parent key → how many."""

    counts: dict[object, int] = field(default_factory=dict)


def _leading_on(view: TableView, number: str) -> tuple[str, str] | None:
    """(the row's status column, the label a stage takes when a next one follows), when its
    labels are a lifecycle: turned down (an appeal rejected goes on to the next review); else,
    for a try (`attempt`), failed (a payment tried again); else passed (an interview round
    passed leads to the next round)."""
    retry = bool(set(normalise(number).split("_")) & RETRIES)
    for name, spec in view.specs.items():
        if normalise(name).split("_")[-1] not in STATUS_WORDS or not free(view, name):
            continue
        labels = labels_of(spec)
        if not labels or not lifecycle_meanings(labels):
            continue
        for words in (TURNED_DOWN, TRIED_AGAIN if retry else PASSED_ON):
            found = [lb for lb in labels if normalise(lb) in words]
            if found:
                return name, found[0]
    return None


def plan_stages(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    in_keys = {c for u in view.table.uniques for c in u.columns if c}
    in_keys |= set(view.table.primary_key.columns if view.table.primary_key else ())
    units = [u for u in view.fk_cols.values() if len(u.fk.columns) == 1 and not u.nullable]
    if len(units) != 1:  # the parent whose tries these are: one NOT NULL key
        return []
    key = units[0].fk.columns[0]
    numbered = {c for u in view.table.uniques if key in u.columns and len(u.columns) == 2
                for c in u.columns if c and c != key}  # fmt: skip
    for column, spec in view.specs.items():
        if spec.kind != "int" or column in view.fk_cols or not is_serial_number(column):
            continue
        keyed = column in numbered  # the unique plan numbers it 1, 2, 3 per parent
        if not keyed and (column in in_keys or not free(view, column)):
            continue
        found = time_columns(view)
        anchor = found.anchor if found is not None else None
        times = [c for c in found.movable if c != anchor] if found is not None else []
        status = _leading_on(view, column)
        data = {"number": column, "key": key, "anchor": anchor, "status": status,
                "times": times, "keyed": keyed}  # fmt: skip
        detail = f"{column} numbers each {units[0].parent}'s rows 1, 2, 3 in order"
        return [Rule("stage_number", [column], detail, data)]
    return []


def stage_order(rule: Rule, batch: Batch) -> tuple[np.ndarray, np.ndarray] | None:
    """(the batch's rows sorted by parent, then time; the parent keys in that order)."""
    key = batch.get(rule.data["key"])
    if key is None:
        return None
    keys = np.asarray(key.values)
    anchor = batch.get(rule.data["anchor"] or "")
    number = batch.get(rule.data["number"])
    rows = np.arange(len(keys))
    if rule.data["keyed"] and number is not None:
        when = np.asarray(number.values).astype(np.int64)  # numbered already: in that order
    else:
        when = as_us(anchor).astype(np.int64) if anchor is not None else rows
    order = np.lexsort((rows, when, keys))
    return order, keys[order]


def _number(view: TableView, rule: Rule, batch: Batch) -> None:
    number = batch.get(rule.data["number"])
    found = stage_order(rule, batch)
    if number is None or found is None or not len(found[0]):
        return
    order, keys = found
    if rule.data["keyed"]:
        _lead_on(rule, batch, order, keys)
        return
    seen = view.scratch.get(_Seen).counts
    first = np.r_[True, keys[1:] != keys[:-1]]
    starts = np.flatnonzero(first)
    group = np.cumsum(first) - 1
    ends = np.r_[starts[1:], len(order)]
    heads = keys[starts].tolist()
    offset = np.asarray([seen.get(k, 0) for k in heads], dtype=np.int64)
    number.values[order] = (np.arange(len(order)) - starts[group] + 1 + offset[group]).astype(
        number.values.dtype
    )
    number.nulls[order] = False
    for k, n in zip(heads, (ends - starts).tolist(), strict=True):
        seen[k] = seen.get(k, 0) + n
    _lead_on(rule, batch, order, keys)


def _lead_on(rule: Rule, batch: Batch, order: np.ndarray, keys: np.ndarray) -> None:
    """Every stage a next one of its parent follows took the label that leads on."""
    status = rule.data["status"]
    col = batch.get(status[0]) if status else None
    if col is None:
        return
    earlier = order[np.r_[keys[1:] == keys[:-1], False]]  # a next stage of its parent follows
    col.values[earlier] = typed_label(col, status[1])
    col.nulls[earlier] = False


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    _number(view, rule, batch)


RULE = RowRule(
    "stage_number",
    "a parent's stages numbered 1, 2, 3 in order, each but the last taking the label that leads on",
    plan_stages,
    _apply,
    after=("parent_reach",),  # its place where it was found
    before=("tree", "status", "recent"),
)
