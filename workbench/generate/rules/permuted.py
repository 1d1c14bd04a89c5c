"""A parent's parts carry a second index over 1..n, as their number does: a hole's stroke
index (the 18 holes of a course ranked 1-18 by difficulty), a question's display order, a
slide's sort rank. In a table of children planned per parent row (plan/counted.py, a
document's lines: each parent's rows are known, n of them, one after another), an integer
named as an index, an order or a rank (`stroke_index`, `display_order`, `sort_rank`) that no
key numbers is a permutation of 1..n per parent: each parent's rows take 1..n in an order
drawn for that parent, whichever batch each of its rows falls in. The parent's number
(`hole_number`: the unique plan counts it 1, 2, 3) is not touched."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the last word of a name that places a row among its parent's others
ORDER_WORDS = frozenset({"index", "idx", "order", "rank", "ordinal", "position"})
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mixed(x: np.ndarray) -> np.ndarray:
    """A stable 64-bit hash of each value (splitmix64): the same draw in every batch."""
    with np.errstate(over="ignore"):
        z = x.astype(np.uint64) + _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        out: np.ndarray = z ^ (z >> np.uint64(31))
        return out


def _ordinal(name: str) -> bool:
    words = normalise(name).split("_")
    return len(words) >= 2 and words[-1] in ORDER_WORDS


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    counts = view.tp.children_counts
    unit = next((u for u in view.units if u.mode == "children"), None)
    if counts is None or not counts.size or unit is None:
        return []
    out = []
    for column, spec in view.specs.items():
        if spec.kind != "int" or not _ordinal(column) or not free(view, column):
            continue
        detail = f"{column} a permutation of 1..n over each {unit.parent} row's n rows"
        salt = int(view.rng("permuted:" + column, 0).integers(0, 2**62))
        out.append(Rule("permuted", [column], detail, {"salt": salt}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    counts = view.tp.children_counts
    col = batch.get(rule.columns[0])
    if counts is None or col is None or not idx.size:
        return
    ends = np.cumsum(counts)
    starts = ends - counts
    pos = np.searchsorted(ends, idx, side="right")
    inside = pos < counts.size  # rows past every parent's count keep their values
    rows, parents = np.flatnonzero(inside), pos[inside]
    if not rows.size:
        return
    touched, back = np.unique(parents, return_inverse=True)
    sizes = counts[touched]
    first = np.cumsum(sizes) - sizes
    group = np.repeat(np.arange(touched.size), sizes)
    at = np.repeat(starts[touched], sizes) + (np.arange(int(sizes.sum())) - first[group])
    keys = _mixed(at.astype(np.uint64) ^ np.uint64(rule.data["salt"]))
    order = np.lexsort((keys, group))
    place = np.empty(order.size, np.int64)
    place[order] = np.arange(order.size) - first[group[order]]
    rank = idx[rows] - starts[parents]
    col.values[rows] = place[first[back] + rank] + 1
    col.nulls[rows] = False


RULE = RowRule(
    "permuted",
    "a second index of a parent's parts runs over 1..n, in an order drawn per parent",
    _plan,
    _apply,
    after=("unit_number",),
    before=("share_band",),
)
