"""A category's range bounds its members. A row that states a lowest and a highest of one measure
in a unit (`typical_weight_min_kg` / `typical_weight_max_kg`, `min_length_cm` / `max_length_cm`,
`weight_lo_g` / `weight_hi_g`) is a category of things: a breed, a model, a grade. Where the row
says what kind of thing it is (a column whose labels name things of a shape: a breed's
`species` 'dog', 'cat', data/shapes.tsv) its range is one such thing's size give or take a
share (a breed of dog 25-36 kg, of cat 3-5), within what such things measure; a range is
never a pair of free amounts (a cat breed of 4,909 kg). A member of such a category (a pet with
`breed_id`, an item with `model_id`) whose own measure is of the same role (`weight_kg`) is
drawn inside its category's range, in its own unit, where it has one: the category says more
than the kind. Nothing here names a table: the pair, the role and the unit are read from the
column names, the things from the labels and the data file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.rules.shape import store_measure
from workbench.generate.rules.span import KIND_WORDS
from workbench.generate.vocab.shapes import Shape, role_of, shape_of
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

_NUMBERS = ("int", "decimal", "float")
# the word that makes a column the lowest or the highest of a range
LOWEST = frozenset({"min", "minimum", "lo", "low", "lower", "least", "from"})
HIGHEST = frozenset({"max", "maximum", "hi", "high", "upper", "most", "to"})
# words that say a range is what such things usually measure, not another thing's measure
_USUAL = frozenset({"typical", "typ", "usual", "normal", "average", "avg", "expected",
                    "standard", "ideal", "adult", "range", "healthy", "target"})  # fmt: skip
_BELOW = (0.70, 0.88)  # a range's lowest as a share of the category's typical size
_ABOVE = (1.12, 1.38)  # its highest
_INSIDE = (0.08, 0.92)  # where in its category's range a member lies
_KNOWN = 0.6  # the share of a column's labels the shapes must know


def pairs(columns: Sequence[str]) -> list[tuple[str, str, str, float]]:
    """(lowest, highest, role, unit) of each pair of columns naming the lowest and the highest
    of one measure of a thing in a unit: the names alike but for a range word."""
    out = []
    norms = {c: normalise(c).split("_") for c in columns}
    for low, words in norms.items():
        for i, word in enumerate(words):
            if word not in LOWEST:
                continue
            for high, other in norms.items():
                if len(other) != len(words) or other[i] not in HIGHEST:
                    continue
                if other[:i] + other[i + 1 :] != words[:i] + words[i + 1 :]:
                    continue
                stem = [w for j, w in enumerate(words) if j != i and w not in _USUAL]
                found = role_of("_".join(stem))
                if found is not None:
                    out.append((low, high, found[0], found[1]))
    return out


def _known(labels: Sequence[str]) -> dict[str, Shape] | None:
    found = {lb: s for lb in labels if (s := shape_of(normalise(lb))) is not None}
    if found and len(found) >= min(2, len(labels)) and len(found) >= _KNOWN * len(labels):
        return found
    return None


def _kind(view: TableView) -> tuple[str, dict[str, Shape]] | None:
    """The row's column of labels naming things of a shape, a kind column first."""
    named = sorted(view.specs, key=lambda c: not set(normalise(c).split("_")) & KIND_WORDS)
    for name in named:
        found = _known(labels_of(view.specs[name]))
        if found is not None:
            return name, found
    return None


def _numeric(view: TableView, table: Table, name: str) -> bool:
    column = next((c for c in table.columns if c.name == name), None)
    return column is not None and resolve_type(view.schema, column.type).kind in _NUMBERS


def keep_columns(view: TableView) -> set[str]:
    """A category's range, which its members read."""
    return {c for low, high, _, _ in pairs(list(view.specs)) for c in (low, high)}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    numbers = [c for c, s in view.specs.items() if s.kind in _NUMBERS and free(view, c)]
    kind = _kind(view)
    for low, high, role, unit in pairs(numbers):
        if kind is None:
            continue
        name, shapes = kind
        data = {"role": role, "unit": unit,
                "shapes": {lb: _as_data(s, role) for lb, s in shapes.items()}}  # fmt: skip
        detail = f"{low}..{high}: one {name}'s {role} give or take a share"
        out.append(Rule("kind_range", [low, high, name], detail, data))
    taken = {c for r in out for c in r.columns[:2]}
    for name in numbers:
        found = role_of(normalise(name))
        if found is None or name in taken:
            continue
        for path in paths_of(view):
            table = view.schema.tables.get(path.parent)
            if path.via is not None or table is None:
                continue
            ranged = [p for p in pairs([c.name for c in table.columns]) if p[2] == found[0]]
            ranged = [p for p in ranged if all(_numeric(view, table, c) for c in p[:2])]
            if not ranged:
                continue
            low, high, _, unit = ranged[0]
            detail = f"{name} within its {path.parent.rsplit('.', 1)[-1]}'s {low}..{high}"
            data = {"fk": path.fk, "parent": path.parent, "low": low, "high": high,
                    "factor": unit / found[1]}  # fmt: skip
            out.append(Rule("in_kind_range", [name], detail, data))
            break
    return out


def _as_data(shape: Shape, role: str) -> list[float]:
    """(lowest, typical, highest) of one role of a thing of a shape: its main extent's band,
    another extent's as its share of the main one, its weight's band."""
    lo, typical, hi = shape.band
    if role == "weight":
        w_lo, w_hi = shape.weight
        at = (np.log(typical) - np.log(lo)) / max(np.log(hi) - np.log(lo), 1e-9)
        return [w_lo, float(np.exp(np.log(w_lo) + at * (np.log(w_hi) - np.log(w_lo)))), w_hi]
    if role == shape.main:
        return [lo, typical, hi]
    for other, s_lo, s_hi, absolute in shape.others:
        if other == role:
            if absolute:
                return [s_lo, (s_lo + s_hi) / 2, s_hi]
            return [lo * s_lo, typical * (s_lo + s_hi) / 2, hi * s_hi]
    return [lo, typical, hi]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    if rule.kind == "in_kind_range":
        _apply_member(view, rule, batch, rng)
        return
    low, high, kinds = (batch.get(c) for c in rule.columns)
    if low is None or high is None or kinds is None:
        return
    if view.specs[rule.columns[0]].nullable and view.specs[rule.columns[1]].nullable:
        either = low.nulls | high.nulls  # a range is stated whole or not at all
        low.nulls[either] = high.nulls[either] = True
    labels = np.asarray(kinds.values).astype(str)
    n = labels.size
    lows, highs, rows = np.zeros(n), np.zeros(n), np.zeros(n, dtype=bool)
    unit = float(rule.data["unit"])
    for label, (lo, typical, hi) in rule.data["shapes"].items():
        at = (labels == label) & ~kinds.nulls & ~low.nulls
        k = int(at.sum())
        if not k:
            continue
        mode = min(max(np.log(typical), np.log(lo)), np.log(hi))
        centre = np.exp(rng.triangular(np.log(lo), mode, np.log(hi) + 1e-9, k))
        lows[at] = np.clip(centre * rng.uniform(*_BELOW, k), lo, hi) / unit
        highs[at] = np.clip(centre * rng.uniform(*_ABOVE, k), lo, hi) / unit
        rows |= at
    store_measure(view, batch, rule.columns[0], lows, rows)
    store_measure(view, batch, rule.columns[1], np.maximum(highs, lows), rows)
    flip = rows & (np.asarray(low.values, float) > np.asarray(high.values, float))
    if flip.any():  # a rounding that crossed: the highest is the lowest then
        high.values[flip] = low.values[flip]


def _apply_member(view: TableView, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    col = batch.get(rule.columns[0])
    path = Path(rule.data["fk"], rule.data["parent"])
    low = source_values(view, path, rule.data["low"], batch)
    high = source_values(view, path, rule.data["high"], batch)
    if col is None or low is None or high is None:
        return
    lo = np.asarray(low[0], dtype=float) * float(rule.data["factor"])
    hi = np.asarray(high[0], dtype=float) * float(rule.data["factor"])
    rows = ~low[1] & ~high[1] & ~col.nulls & (hi >= lo) & (lo > 0)
    value = lo + rng.uniform(*_INSIDE, lo.size) * (hi - lo)
    store_measure(view, batch, rule.columns[0], np.where(rows, value, 0.0), rows)


RULE = RowRule(
    "kind_range",
    "a category's range is one thing of its kind's, and its members lie within it",
    _plan,
    _apply,
    phases={"kind_range": Phase.ROW, "in_kind_range": Phase.ROW},
    after=("shape",),
    before=("strength",),
)
