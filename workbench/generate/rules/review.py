"""A review's title agrees with its rating (a 1-star review is not "Love it")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    by_generator,
    row_rng,
)
from workbench.generate.vocab.words import REVIEW_TITLES_BY_MOOD

if TYPE_CHECKING:
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    titles = by_generator(view, "review_title")
    ratings = [c for c, s in view.specs.items() if s.generator == "rating"]
    if not titles or not ratings:
        return []
    return [Rule("review", [titles[0], ratings[0]], f"{titles[0]} agrees with {ratings[0]}")]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)

    title, rating = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if title is None or rating is None:
        return
    stars = np.asarray(rating.values).astype(float)
    top = np.nanmax(stars, initial=5.0)
    stars = stars * 5.0 / top if top > 5 else stars  # a 1-10 scale read as five stars
    moods = {"good": stars >= 4, "bad": stars <= 2, "mixed": (stars > 2) & (stars < 4)}
    for mood, rows in moods.items():
        rows &= ~rating.nulls
        limit = view.specs[rule.columns[0]].max_len or 10**6
        words = np.array([w for w in REVIEW_TITLES_BY_MOOD[mood] if len(w) <= limit], object)
        if not words.size:
            continue
        title.values[rows] = words[rng.integers(0, words.size, int(rows.sum()))]


RULE = RowRule("review", "a review's title agrees with its rating", _plan, _apply, after=("phone",))
