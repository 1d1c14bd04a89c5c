"""A row's low and high of one measure are in order: two number columns whose names differ only
by a word of the low end and its word of the high end (`min_guests`/`max_guests`,
`low_threshold`/`high_threshold`, `depth_from_m`/`depth_to_m`, `lower_bound`/`upper_bound`,
`start_km`/`end_km`) hold the lower value in the low one. Each side was drawn on its own, so
about half the rows had them the wrong way round (a day's minimum temperature above its
maximum); here the pair is swapped where it is, which keeps each column's values and their
spread. A rule that sets one side from the other (a category's range, a reference range)
already leaves them in order, and stays as it was. Read from the names; no table is named
here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.view import TableView

# the word of a measure's low end and the word of its high end, as names pair them
ENDS = {
    "min": "max", "minimum": "maximum", "lo": "hi", "low": "high", "lower": "upper",
    "least": "most", "from": "to", "start": "end", "starting": "ending", "bottom": "top",
    "floor": "ceiling", "opening": "closing",
}  # fmt: skip
_NUMBERS = ("int", "decimal", "float")


def pairs(view: TableView) -> list[tuple[str, str]]:
    """The (low, high) number columns of the row a rule may swap."""
    by_words = {tuple(normalise(name).split("_")): name for name in view.specs}
    out = []
    for words, low in by_words.items():
        for at, word in enumerate(words):
            if word not in ENDS:
                continue
            high = by_words.get((*words[:at], ENDS[word], *words[at + 1 :]))
            if high is None or not all(
                view.specs[c].kind in _NUMBERS and free(view, c) for c in (low, high)
            ):
                continue
            out.append((low, high))
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return [Rule("bounds", [low, high], f"{low} ≤ {high}") for low, high in pairs(view)]


def _within(spec: ColumnSpec, values: np.ndarray) -> np.ndarray:
    """Where the values lie inside the bounds the column's CHECKs state."""
    ok = np.ones(values.size, bool)
    hints = spec.hints
    if hints.lo is not None:
        ok &= values >= hints.lo if hints.lo_incl else values > hints.lo
    if hints.hi is not None:
        ok &= values <= hints.hi if hints.hi_incl else values < hints.hi
    return ok


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    low, high = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if low is None or high is None or low.values.dtype != high.values.dtype:
        return
    wrong = np.flatnonzero(~low.nulls & ~high.nulls & (low.values > high.values))
    if not wrong.size:
        return
    a, b = low.values[wrong], high.values[wrong]
    swap = _within(view.specs[rule.columns[0]], b) & _within(view.specs[rule.columns[1]], a)
    # where a CHECK bounds one end more tightly (max_guests <= 40), the low end meets the
    # high one rather than leave it
    low.values[wrong] = b
    high.values[wrong[swap]] = a[swap]


RULE = RowRule(
    "bounds",
    "a row's low and high of one measure are in order (min ≤ max, from ≤ to)",
    _plan,
    _apply,
    after=("term_clock",),
)
