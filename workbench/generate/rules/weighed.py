"""What a line weighs follows the unit it is sold in: a line with a count of pieces
(`quantity`, `qty`, `pieces`) and a mass in a unit (`weight_kg`, `mass_g`, `weight_lbs`:
vocab/containers.UNITS) that is priced by a label of its own or of the row it sells (a
service, a product, a rate one key away) naming either a mass (`per_kg`, `by_weight`,
`per_lb`) or a piece (`per_item`, `per_piece`, `each`) weighs, where the label is a mass, one
weighed lot (a bag of washing, a sack of produce: a kilogram to a couple of dozen), and where
it is a piece, that many pieces of what one hands over singly (a garment, a pair of shoes, a
boxed part: a tenth of a kilogram to a few kilograms each).

Both kinds of label must be among the column's (a pricing unit that only says pieces decides
nothing about mass). Read from the words of the labels and the columns, no table named here;
the lot and the piece are the two bands below."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.paths import Path, labelled_parent, source_values
from workbench.generate.rules.shape import store_measure
from workbench.generate.vocab.containers import UNITS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# lowest, typical and highest mass in kg: of a lot weighed for its price, of one piece
LOT = (1.0, 5.0, 25.0)
PIECE = (0.1, 0.8, 8.0)
_COUNTS = frozenset({"quantity", "qty", "pieces", "piece_count", "items", "item_count",
                     "num_items", "num_pieces", "units", "unit_count"})  # fmt: skip
_PIECE_WORDS = frozenset({"item", "items", "piece", "pieces", "pc", "pcs", "each", "unit",
                          "units", "garment", "article"})  # fmt: skip
_MASS_WORDS = frozenset({"weight", "weighed", "mass"})
# words of a mass that is no line's own in total
_NOT_TOTAL = frozenset({"per", "each", "avg", "average", "typical", "capacity", "max", "min",
                        "tare", "empty", "target", "expected", "unit"})  # fmt: skip


def _basis(label: str) -> str | None:
    """'mass' for a label of a price per mass (`per_kg`, `by_weight`), 'piece' for one per
    piece (`per_item`, `each`), else None."""
    words = set(normalise(label).split("_"))
    if words & _MASS_WORDS or any(UNITS.get(w, ("",))[0] == "mass" for w in words):
        return "mass"
    if words & _PIECE_WORDS:
        return "piece"
    return None


def by_mass(labels: list[str]) -> list[str] | None:
    """The labels that price by mass, where the others price by the piece (at least one of
    each, every label one or the other), else None."""
    bases = {label: _basis(label) for label in labels}
    if not labels or None in bases.values() or set(bases.values()) != {"mass", "piece"}:
        return None
    return [label for label, basis in bases.items() if basis == "mass"]


def keep_columns(view: TableView) -> set[str]:
    """This table's labelled columns that price by mass or by the piece, which a child line
    reads (kept with the keys)."""
    return {c for c, spec in view.specs.items() if by_mass(labels_of(spec)) is not None}


def _mass(name: str) -> float | None:
    """The size in kg of the unit of a line's mass column (`weight_kg`: 1.0), else None."""
    words = normalise(name).split("_")
    if len(words) < 2 or set(words) & _NOT_TOTAL or not set(words) & _MASS_WORDS:
        return None
    unit = UNITS.get(words[-1])
    return unit[1] if unit is not None and unit[0] == "mass" else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for r in planned for c in r.columns}
    count = next((c for c, s in view.specs.items() if s.kind == "int"
                  and normalise(c) in _COUNTS and c not in view.fk_cols), None)  # fmt: skip
    if count is None:
        return []
    mass = next((c for c, s in view.specs.items() if s.kind in ("int", "decimal", "float")
                 and _mass(c) is not None and c not in taken and free(view, c)), None)  # fmt: skip
    if mass is None:
        return []
    data: dict[str, object] = {"unit": _mass(mass)}
    own = next((c for c, s in view.specs.items() if by_mass(labels_of(s)) is not None), None)
    if own is not None:
        data |= {"labels": by_mass(labels_of(view.specs[own])), "own": own}
        source = own
    else:
        found = labelled_parent(view, by_mass)
        if found is None:
            return []
        path, column, _, labels = found
        data |= {"labels": labels, "fk": path.fk, "parent": path.parent, "source": column}
        source = f"{path.parent}.{column}"
    detail = f"{mass}: one weighed lot or {count} pieces, as {source} prices it"
    return [Rule("weighed", [mass, count], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    mass, count = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if mass is None or count is None:
        return
    if "own" in d:
        col = batch.get(d["own"])
        if col is None:
            return
        labels, unknown = np.asarray(col.values).astype(str), col.nulls
    else:
        got = source_values(view, Path(d["fk"], d["parent"]), d["source"], batch)
        if got is None:
            return
        labels, unknown = np.asarray(got[0]).astype(str), np.asarray(got[1], bool)
    n = mass.values.size
    rng = row_rng(view, rule, idx)
    lot = rng.triangular(*LOT, n)
    piece = np.exp(rng.uniform(np.log(PIECE[0]), np.log(PIECE[2]), n))
    piece = np.where(rng.random(n) < 0.5, np.exp(rng.normal(np.log(PIECE[1]), 0.6, n)), piece)
    piece = np.clip(piece, PIECE[0], PIECE[2])
    many = np.maximum(np.asarray(count.values, dtype=float), 1.0)
    weighed = np.isin(labels, d["labels"])
    kg = np.where(weighed, lot, many * piece)
    rows = ~mass.nulls & ~unknown & ~count.nulls
    store_measure(view, batch, rule.columns[0], kg / d["unit"], rows)


RULE = RowRule(
    "weighed",
    "what a line weighs follows the unit it is priced in: a weighed lot or its pieces",
    _plan,
    _apply,
    phases={"weighed": Phase.ROW},
    after=("per_container",),
    before=("fill",),
)
