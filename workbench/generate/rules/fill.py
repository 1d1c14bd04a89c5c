"""A container holds what one of its content holds, and weighs full what such a container
weighs: a powder extinguisher 1 to 12 kg, a water one 3 to 9 litres, a CO2 one 2 or 5 kg in a
cylinder three times as heavy as its gas, a propane bottle 5 to 47 kg (vocab/fills.py).

What the row holds comes from a column of labels whose labels mostly name contents (an enum's
or a CHECK's list: an extinguisher type's `agent` 'powder', 'co2', 'wet_chemical'): the row's
own, else an ancestor's a key or two away (rules/label_bands.labelled: a product of an
extinguisher type). The charge is a number column named as one (`charge_size`, `fill_weight`,
`agent_quantity`, `net_content_kg`): each row takes one of the sizes its content is sold in.
A unit column beside it (`charge_unit`, its labels units: 'kg', 'l') states the content's unit
(a powder's kilograms, a liquid's litres); a full weight (`gross_weight_kg`, `total_weight`,
`full_weight_lbs`) is the charge times what such a container weighs over its charge, in the
unit its name states. A content the file does not know keeps the values drawn. Nothing here
names a table: the contents, units and sizes are data, the columns are read by their names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.label_bands import label_column, labelled, listed_labels, row_labels
from workbench.generate.vocab.fills import Fill, fill_of, unit_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

# a charge: one of these words with one naming an amount held (never a bare `charge`, a fee)
_HELD = frozenset({"charge", "fill", "agent", "extinguishant", "content", "contents",
                   "net_content", "net_contents"})  # fmt: skip
_AMOUNT = frozenset({"size", "weight", "mass", "capacity", "quantity", "volume", "kg", "l",
                     "litres", "liters", "nominal"})  # fmt: skip
# a full weight, its unit stated after it or not (`gross_weight_kg`, `total_weight`)
_FULL = frozenset({"gross_weight", "gross_mass", "total_weight", "total_mass", "full_weight",
                   "filled_weight", "weight_full", "weight_gross", "loaded_weight",
                   "charged_weight", "all_up_weight"})  # fmt: skip
# a weight's unit at the end of its name and its kilograms
_KG_PER = {"kg": 1.0, "kgs": 1.0, "g": 0.001, "lb": 0.45359237, "lbs": 0.45359237}
_NUMBERS = ("int", "decimal", "float")


def _contents(schema: Schema, table: Table) -> tuple[str, dict[str, Fill]] | None:
    """The table's column whose labels mostly name contents, and each known label's fill."""
    return label_column(schema, table, fill_of)


def keep_columns(view: TableView) -> set[str]:
    """This table's contents, which the charges of its children's rows read."""
    found = _contents(view.schema, view.table)
    return {found[0]} if found is not None else set()


def _charge(name: str) -> bool:
    words = normalise(name).split("_")
    joined = {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    held = (set(words) | joined) & _HELD
    return bool(held) and bool(set(words) & _AMOUNT)


def _full(name: str) -> float | None:
    """Kilograms per unit of a full weight's column (its unit ending its name), else None."""
    norm = normalise(name)
    stem, _, last = norm.rpartition("_")
    if last in _KG_PER and stem in _FULL:
        return _KG_PER[last]
    return 1.0 if norm in _FULL else None


def _unit_column(view: TableView, charge: str) -> str | None:
    """A text column beside the charge whose labels are units (`charge_unit`: 'kg', 'l'),
    named by the charge's words or none (`unit`)."""
    own = set(normalise(charge).split("_"))
    for name, spec in view.specs.items():
        words = set(normalise(name).split("_"))
        if spec.kind != "text" or "unit" not in words or not free(view, name):
            continue
        column = view.table.column(name)
        labels = listed_labels(view.schema, view.table, column) if column is not None else []
        if words - {"unit"} <= own and any(unit_of(lb) for lb in labels):
            return name
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    charges = [
        n for n, s in view.specs.items()
        if s.kind in _NUMBERS and _charge(n) and free(view, n)
    ]  # fmt: skip
    found = labelled(view, _contents) if charges else None
    if found is None:
        return []
    data, where = found
    charge = charges[0]
    unit = _unit_column(view, charge)
    fulls = {n: k for n in view.specs if free(view, n) and (k := _full(n)) is not None}
    data = {**data, "unit": unit, "full": fulls}
    detail = f"{charge} one of the sizes {where} {data['source']} is sold in"
    if unit is not None:
        detail += f", {unit} its unit"
    if fulls:
        detail += f", {', '.join(fulls)} its full weight"
    return [Rule("fill", [charge, *([unit] if unit else []), *fulls], detail, data)]


def _unit_labels(view: TableView, name: str) -> dict[str, str]:
    """unit (kg, l) -> the unit column's label writing it."""
    column = view.table.column(name)
    labels = listed_labels(view.schema, view.table, column) if column is not None else []
    out: dict[str, str] = {}
    for label in labels:
        unit = unit_of(label)
        if unit is not None:
            out.setdefault(unit, label)
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    got = row_labels(view, rule.data, batch)
    if col is None or got is None or not idx.size:
        return
    labels, missing = got
    rng = row_rng(view, rule, idx)
    spec = view.specs[rule.columns[0]]
    step = spec.step or 0.01
    unit_name: str | None = rule.data.get("unit")
    written = _unit_labels(view, unit_name) if unit_name else {}
    unit_col = batch.get(unit_name) if unit_name else None
    fills: dict[str, Fill] = rule.data["bands"]
    for label, fill in fills.items():
        rows = (labels == label) & ~missing & ~col.nulls
        k = int(rows.sum())
        if not k:
            continue
        if unit_col is not None and fill.unit not in written:
            continue  # the column cannot say the content's unit
        size = np.asarray(fill.sizes)[rng.integers(0, len(fill.sizes), k)]
        made = np.maximum(np.round(size / step) * step, step)
        col.values[rows] = made.astype(col.values.dtype)
        if unit_col is not None:
            unit_col.values[rows] = written[fill.unit]
            unit_col.nulls[rows] = False
        _full_weights(view, rule, batch, rows, made, fill, rng)


def _full_weights(
    view: TableView,
    rule: Rule,
    batch: Batch,
    rows: np.ndarray,
    charge: np.ndarray,
    fill: Fill,
    rng: np.random.Generator,
) -> None:
    """Each full weight the charge times its content's ratio, in the column's unit."""
    full: dict[str, Any] = rule.data["full"]
    for name, kg_per in full.items():
        col = batch.get(name)
        if col is None:
            continue
        step = view.specs[name].step or 0.01
        lo, hi = fill.full
        # a litre of a liquid agent weighs about a kilogram
        kg = charge * rng.uniform(lo, hi, charge.size)
        made = np.maximum(np.round(kg / kg_per / step) * step, step)
        keep = ~col.nulls[rows]
        target = np.flatnonzero(rows)[keep]
        col.values[target] = made[keep].astype(col.values.dtype)


RULE = RowRule(
    "fill",
    "a container holds one of the sizes its content is sold in, in its unit, and weighs full"
    " what such a container weighs",
    _plan,
    _apply,
    phases={"fill": Phase.ROW},
    after=("magnitude",),
    before=("kind_parts",),
)
