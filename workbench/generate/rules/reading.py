"""A measured value agrees with its reference range: a lab result, a sensor reading or a
test score with a range (`ref_low`/`ref_high`, `normal_min`/`normal_max`, `lower_limit`/
`upper_limit`) and a flag saying where the value lies (labels such as normal, low, high,
critical, abnormal).

- The unit and the range are those of what was measured: where a parent (one hop) has
  columns of the same names (a lab result's test: its `unit`, `ref_low`, `ref_high`), the row
  copies them; the range is then ordered low to high.
- The value lies around the range (most inside it, some a little below or above, a few far
  out), and the flag is read from it: inside is normal, below low, above high, far outside
  critical (or abnormal, or low/high where the labels have no such word).

Read from the column names and the flag's labels only: no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
_RANGE_WORDS = (("low", "high"), ("min", "max"), ("minimum", "maximum"), ("lower", "upper"))
_VALUES = frozenset({"value", "result", "result_value", "numeric_value", "measured_value",
                     "reading", "measurement", "observed_value", "value_numeric"})  # fmt: skip
_UNITS = frozenset({"unit", "units", "uom", "unit_of_measure", "unit_of_measurement"})
# what a flag's label says of the value: inside the range, below, above, far outside
_INSIDE = frozenset({"normal", "within", "in_range", "ok", "negative"})
_BELOW = frozenset({"low", "below", "l"})
_ABOVE = frozenset({"high", "above", "h"})
_FAR = frozenset({"critical", "panic", "abnormal", "critical_low", "critical_high", "alert"})
_SPREAD = 0.35  # the value's spread around the range's middle, in range widths


def _range(view: TableView) -> tuple[str, str] | None:
    norms = {normalise(c): c for c, s in view.specs.items() if s.kind in _NUMBERS}
    for norm, column in norms.items():
        words = norm.split("_")
        for lo, hi in _RANGE_WORDS:
            if lo in words:
                partner = "_".join(hi if w == lo else w for w in words)
                if partner in norms and partner != norm:
                    return column, norms[partner]
    return None


def _flag(view: TableView) -> tuple[str, dict[str, str]] | None:
    """A free label column that says where the value lies, and each label's meaning."""
    for name, spec in view.specs.items():
        meaning = {}
        for label in labels_of(spec):
            word = normalise(label)
            for kind, words in (
                ("in", _INSIDE),
                ("below", _BELOW),
                ("above", _ABOVE),
                ("far", _FAR),
            ):
                if word in words:
                    meaning[label] = kind
        kinds = set(meaning.values())
        if free(view, name) and "in" in kinds and ({"below", "above"} <= kinds or "far" in kinds):
            return name, meaning
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = _range(view)
    values = [c for c, s in view.specs.items() if normalise(c) in _VALUES and s.kind in _NUMBERS]
    if found is None or not values:
        return []
    low, high = found
    copies = []  # (fk, parent, column): the unit and the range of what was measured
    for path in paths_of(view):
        table = view.schema.tables.get(path.parent)
        if path.via is not None or table is None:
            continue
        theirs = {c.name for c in table.columns}
        for column in view.specs:
            measured = column in (low, high) or normalise(column) in _UNITS
            if measured and column in theirs and free(view, column):
                copies.append([path.fk, path.parent, column])
        if copies:
            break
    flag = _flag(view)
    value = values[0] if free(view, values[0]) else None
    data = {"copies": copies, "value": value, "flag": list(flag) if flag else None,
            "low": low, "high": high}  # fmt: skip
    detail = f"{values[0]} against {low}..{high}" + (f", {flag[0]} from it" if flag else "")
    if copies:
        detail += f"; {', '.join(c for _, _, c in copies)} of its {copies[0][1].rsplit('.', 1)[-1]}"
    columns = [c for c in (value, low, high, flag[0] if flag else None) if c]
    return [Rule("reading", columns, detail, data)]


def keep_columns(view: TableView) -> set[str]:
    """A measured thing's unit and range, which its readings copy."""
    found = _range(view)
    units = {c for c in view.specs if normalise(c) in _UNITS}
    return units | (set(found) if found else set())


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    for fk, parent, column in rule.data["copies"]:
        got = source_values(view, Path(fk, parent), column, batch)
        col = batch.get(column)
        if got is None or col is None:
            continue
        values, missing = got
        _, orphan = view.parent_rows(fk)
        take = ~missing
        col.values[take] = np.asarray(values)[take].astype(col.values.dtype)
        col.nulls[take] = False
        if col.nullable and orphan is not None:  # what the parent leaves open stays open
            col.nulls[missing & ~orphan] = True
    low, high = batch.get(rule.columns[-3 if rule.data["flag"] else -2]), None
    names = [
        c for c in rule.columns if c not in (rule.data["value"], *(rule.data["flag"] or [""])[:1])
    ]
    low, high = batch.get(names[0]), batch.get(names[1])
    if low is None or high is None:
        return
    lo = np.asarray(low.values, dtype=float)
    hi = np.asarray(high.values, dtype=float)
    both = ~low.nulls & ~high.nulls
    swap = both & (lo > hi)
    low.values[swap], high.values[swap] = high.values[swap], low.values[swap]
    lo, hi = np.minimum(lo, hi), np.maximum(lo, hi)
    value = batch.get(rule.data["value"] or "")
    if value is None:
        return
    rng = row_rng(view, rule, idx)
    width = np.maximum(hi - lo, 1e-3)
    drawn = (lo + hi) / 2 + width * rng.normal(0, _SPREAD, lo.size)
    far = rng.random(lo.size) < 0.02  # a few far out
    drawn = np.where(far, np.where(rng.random(lo.size) < 0.5, lo - width, hi + width), drawn)
    drawn = np.maximum(drawn, np.minimum(lo, 0.0) if value.kind != "int" else 0.0)
    spec = view.specs[rule.data["value"]]
    step = 1.0 if value.kind == "int" else spec.step or 0.001
    drawn = np.round(drawn / step) * step
    set_at = both & ~value.nulls
    value.values[set_at] = drawn[set_at].astype(value.values.dtype)
    if rule.data["flag"] is None:
        return
    name, meaning = rule.data["flag"]
    flag = batch.get(name)
    if flag is None:
        return
    by_kind: dict[str, str] = {}
    for label, kind in meaning.items():
        by_kind.setdefault(kind, label)
    v = np.asarray(value.values, dtype=float)
    where = np.where(v < lo, "below", np.where(v > hi, "above", "in"))
    outside = (v < lo - width / 2) | (v > hi + width / 2)
    where = np.where(outside & ("far" in by_kind), "far", where)
    for kind in ("in", "below", "above", "far"):
        label = by_kind.get(kind) or (by_kind.get("far") if kind != "in" else None)
        rows = set_at & (where == kind) & ~flag.nulls
        if label is not None and rows.any():
            flag.values[rows] = typed_label(flag, label)
    if flag.nullable:  # no value or no range: nothing to flag against
        flag.nulls[value.nulls | ~both] = True


RULE = RowRule(
    "reading",
    "a measured value agrees with its reference range, in its unit, and its flag says where",
    _plan,
    _apply,
    after=("pair",),
    before=("lead",),
)
