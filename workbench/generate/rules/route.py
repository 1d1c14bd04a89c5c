"""A trip does not end where it starts: a row's destination differs from its origin (an
origin/destination, departure/arrival or from/to pair of text columns of one generator: places,
codes, states; two dates or times may well be equal, and are the timeline rules' to order)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.rules.base import RowRule, Rule, free, row_rng

if TYPE_CHECKING:
    from workbench.generate.view import TableView

# the word that names a trip's start in a column's name, and the one naming its end
_ENDS = {"origin": "destination", "departure": "arrival", "from": "to"}
_TRIES = 4  # redraws of a destination that still equals its origin


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    rules = []
    for start, spec in view.specs.items():
        for word, other in _ENDS.items():
            end = re.sub(rf"(^|_){word}(_|$)", rf"\g<1>{other}\g<2>", start)
            found = view.specs.get(end)
            if end == start or found is None or found.generator != spec.generator:
                continue
            if spec.kind != "text" or spec.generator in ("null", "constant"):
                continue
            if free(view, end):
                rules.append(Rule("route", [end, start], f"{end} is not {start}"))
    return rules


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    end, start = batch[rule.columns[0]], batch[rule.columns[1]]
    choices = np.asarray(end.values)[~end.nulls]  # the column's own values: all fit it
    if not choices.size:
        return
    rng = row_rng(view, rule, idx)
    for _ in range(_TRIES):  # a redraw from the column keeps its values' shares
        same = np.flatnonzero(~end.nulls & ~start.nulls & (end.values == start.values))
        if not same.size:
            return
        end.values[same] = choices[rng.integers(0, choices.size, same.size)]
    # what is left (a value most rows hold): another of the column's values, any but the start
    distinct = np.unique(choices)
    if distinct.size > 1:
        at = np.searchsorted(distinct, end.values[same])
        step = rng.integers(1, distinct.size, same.size)
        end.values[same] = distinct[(at + step) % distinct.size]


RULE = RowRule(
    "route",
    "a trip's destination differs from its origin",
    _plan,
    _apply,
    after=("phone",),
    before=("review",),
)
