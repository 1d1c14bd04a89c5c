"""A row's whole is its count of things times what one of them measures: an installation's
system size in kWp is its panel count times its panel model's rated watts, a pallet's weight
its case count times its case type's kilograms, a battery bank's capacity its module count
times its module's watt-hours.

Read from the structure, never from a name list of things: a free number of the row in a
unit of a family (power: W, Wp, kW, kWp, MW; energy: Wh, kWh, MWh; mass: g, kg, t); a count of
the row (`panel_count`, `num_modules`, `cases`: a noun and count words) whose noun is the
row's key to a parent (`panel_model_id`, `module_id`) or that parent's table
(`panel_models`); and the parent's one number in the same family (`rated_power_w`). The
whole is count x each, converted to the row's unit (W to kWp: a thousandth), rounded to the
column's step and kept within its type and CHECKs; a row whose count or parent is missing
keeps its drawn value. A free count of a thing the data knows how many of a whole holds
(vocab/data/magnitudes_*.tsv, `count_of`: an array's panels) is drawn in that band first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab.magnitudes import magnitude_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

_NUMBERS = ("int", "decimal", "float")
# each family's units, as a name's last word says them, and their size in the family's base
_UNITS = {
    "power": {"w": 1.0, "wp": 1.0, "watts": 1.0, "kw": 1e3, "kwp": 1e3, "mw": 1e6, "mwp": 1e6},
    "energy": {"wh": 1.0, "kwh": 1e3, "mwh": 1e6},
    "mass": {"g": 1e-3, "kg": 1.0, "kgs": 1.0, "t": 1e3, "tonnes": 1e3},
}
# the words of a count beside its noun (a closed vocabulary of the language)
_COUNT_WORDS = frozenset({"count", "cnt", "num", "number", "of", "n", "no", "qty", "quantity",
                          "nb", "total"})  # fmt: skip
# the words of a key beside the noun it names (`panel_model_id`: a panel's model)
_KEY_WORDS = frozenset({"id", "model", "type", "kind", "spec", "variant", "sku", "code", "ref"})


def unit_of(name: str) -> tuple[str, float] | None:
    """(family, size in its base) of a column named in a unit (`system_size_kwp`)."""
    last = normalise(name).split("_")[-1]
    for family, units in _UNITS.items():
        if last in units:
            return family, units[last]
    return None


def keep_columns(view: TableView) -> set[str]:
    """This table's numbers in a unit, which a child's whole reads."""
    return {c for c, s in view.specs.items() if s.kind in _NUMBERS and unit_of(c) is not None}


def _single(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _counts(view: TableView) -> dict[str, str]:
    """Each count column of the row and the noun it counts (`panel_count`: panel)."""
    out = {}
    for name, spec in view.specs.items():
        if spec.kind != "int" and spec.generator != "count":
            continue
        words = normalise(name).split("_")
        nouns = [w for w in words if w not in _COUNT_WORDS]
        if len(nouns) == 1 and (len(words) > 1 or nouns[0].endswith("s")):
            out[name] = _single(nouns[0])
    return out


def _each(table: Table, family: str) -> tuple[str, float] | None:
    """The parent's one number in the family, and its unit's size."""
    found = []
    for column in table.columns:
        got = unit_of(column.name)
        if got is not None and got[0] == family:
            found.append((column.name, got[1]))
    return found[0] if len(found) == 1 else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    counts = _counts(view)
    if not counts:
        return []
    out = []
    for name, spec in view.specs.items():
        unit = unit_of(name)
        if unit is None or spec.kind not in _NUMBERS or not free(view, name) or name in counts:
            continue
        for path in paths_of(view):
            parent = view.schema.tables.get(path.parent)
            if path.via is not None or parent is None or "," in path.fk:
                continue
            key = {_single(w) for w in normalise(path.fk).split("_")} - _KEY_WORDS
            table_words = {_single(w) for w in normalise(parent.name).split("_")}
            count = next((c for c, noun in counts.items() if noun in key | table_words), None)
            each = _each(parent, unit[0])
            if count is None or each is None:
                continue
            detail = f"{name} = {count} × {path.parent.rsplit('.', 1)[-1]}.{each[0]}"
            data = {"fk": path.fk, "parent": path.parent, "source": each[0],
                    "factor": each[1] / unit[1]}  # fmt: skip
            band = magnitude_of("count_of", counts[count])
            if band is not None and free(view, count):
                data["count_band"] = list(band)
                detail += f", {count} {band[0]:g}-{band[2]:g}"
            out.append(Rule("count_times", [name, count], detail, data))
            break
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    target, count = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if target is None or count is None:
        return
    if "count_band" in rule.data:  # how many of the thing a whole holds
        lo, typical, hi = rule.data["count_band"]
        drawn = np.floor(row_rng(view, rule, idx).triangular(lo, typical, hi + 1, idx.size))
        low, high = num_bounds(view.specs[rule.columns[1]], 1.0, 1e9)
        count.values[:] = np.clip(drawn, low, high).astype(count.values.dtype)
    path = Path(rule.data["fk"], rule.data["parent"])
    got = source_values(view, path, rule.data["source"], batch)
    if got is None:
        return
    each, missing = np.asarray(got[0], dtype=float), got[1]
    whole = np.asarray(count.values, dtype=float) * each * rule.data["factor"]
    spec = view.specs[rule.columns[0]]
    step = 1.0 if target.kind == "int" else spec.step or 0.01
    whole = np.round(whole / step) * step
    low, high = num_bounds(spec, -1e15, 1e15)
    ok = ~missing & ~count.nulls & np.isfinite(whole) & (whole >= low) & (whole <= high)
    target.values[ok] = whole[ok].astype(target.values.dtype)
    target.nulls[ok] = False


RULE = RowRule(
    "count_times",
    "a whole is its count of things times what one of them measures (panels × watts)",
    _plan,
    _apply,
    after=("kind_parts",),  # after a thing's own measures (rules/magnitude.py)
    before=("shape", "arithmetic"),
    derives=True,
)
