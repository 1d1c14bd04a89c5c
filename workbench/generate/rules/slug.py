"""A slug spells the row's name or title."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch, Col
from workbench.generate.rules.base import (
    RowRule,
    Rule,
)

if TYPE_CHECKING:
    from workbench.generate.view import TableView


_NAME_SOURCES = (
    "product_name", "category_name", "company", "project_name", "team_name", "thing_name",
    "title", "department", "brand", "tag", "full_name",
)  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """A slug spells the row's name or title."""
    source = next((c for c, s in view.specs.items() if s.generator in _NAME_SOURCES), None)
    targets = [c for c, s in view.specs.items() if s.generator == "slug" and c not in view.fk_cols]
    if source is None:
        return []
    return [Rule("slug", [source, t], f"{t} spells {source}", {"source": source}) for t in targets]


def _text(col: Col) -> np.ndarray:
    return np.asarray(col.values).astype(str)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    source, target = batch.get(rule.data["source"]), batch.get(rule.columns[1])
    if source is None or target is None:
        return
    made = np.char.lower(_text(source))
    made = np.char.replace(np.char.replace(made, "&", "and"), "'", "")
    for ch in (" ", ".", ",", "/", ":", "?", "!"):
        made = np.char.replace(made, ch, "-")
    while bool(np.char.find(made, "--").max(initial=-1) >= 0):
        made = np.char.replace(made, "--", "-")
    made = np.char.strip(made, "-")
    spec = view.specs[rule.columns[1]]
    if spec.unique:
        made = np.char.add(np.char.add(made, "-"), (idx + 1).astype(str))
    fits = ~source.nulls & (np.char.str_len(made) >= 1)
    if spec.max_len is not None:
        fits &= np.char.str_len(made) <= spec.max_len
    target.values[fits] = made[fits]


RULE = RowRule("slug", "a slug spells the row's name or title", _plan, _apply, after=("names",))
