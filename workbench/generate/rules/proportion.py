"""Several dimensions of one thing are in proportion: a row that measures its own thing's
length and its breadth, height or depth in units of length (a ship's `loa_m`, `beam_m` and
`max_draught_m`; a pool's `length_m` and `width_m`; a cabinet's `length_mm` and
`height_mm`) is one thing of one size, not three numbers drawn apart (a 3 m ship 150 m
wide). The longest is the row's length (a word of LONG: `length`, `loa`); a breadth (WIDE:
`width`, `beam`) is a tenth to two fifths of it, and a height or a depth (HIGH: `height`,
`draught`, `depth`) a fifth to nine tenths of that breadth, as an elongated thing's are.
Where the table's thing has a length by its kind (vocab/data/magnitudes.tsv: `length_cm` of
a vessel, a car) the length is drawn there first. A dimension another rule draws (a road
vehicle's sides by its kind, a box's: rules/magnitude.py) keeps its value; the others follow
it; a space's length and width its kind gives together (rules/footprint.py: a parking bay,
a grave) stay as they are. Read from the words of the columns' names and their units
(generators/units.py), no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.footprint import footprinted
from workbench.generate.vocab.magnitudes import lacks, magnitude_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# a length unit's size in centimetres, by the last word of a column's name
UNITS = {"m": 100.0, "metres": 100.0, "meters": 100.0, "cm": 1.0, "mm": 0.1, "ft": 30.48,
         "feet": 30.48, "in": 2.54, "inches": 2.54}  # fmt: skip
LONG = frozenset({"length", "loa", "long", "lengths", "lwl", "lbp"})
WIDE = frozenset({"width", "beam", "breadth", "wide"})
HIGH = frozenset({"height", "draught", "draft", "depth", "tall", "high", "thickness"})
BREADTH = (0.1, 0.18, 0.4)  # a breadth as a share of the length: lowest, typical, highest
DEPTH = (0.2, 0.45, 0.9)  # a height or a depth as a share of the breadth
_NUMBERS = ("int", "decimal", "float")
# the words of a dimension of something else than the row's thing (a berth's limit for the
# ships it takes is its own dimension still: `max_loa_m`), or of no dimension at all
_OTHER = frozenset({"per", "cable", "track", "run", "distance", "water", "sea", "snow"})


def dimension_of(name: str) -> tuple[str, float] | None:
    """The dimension (long, wide, high) a column's name measures and its unit in
    centimetres, else None."""
    words = normalise(name).split("_")
    if len(words) < 2 or words[-1] not in UNITS or set(words) & _OTHER:
        return None
    for axis, vocabulary in (("long", LONG), ("wide", WIDE), ("high", HIGH)):
        if set(words[:-1]) & vocabulary:
            return axis, UNITS[words[-1]]
    return None


def _band(view: TableView) -> list[float] | None:
    """The table's thing's length in centimetres by its kind (lowest, typical, highest)."""
    for form in sorted(singular_forms(normalise(view.table.name)), key=len):
        band = magnitude_of("length_cm", form)
        if band is not None and not lacks(band):
            return [float(v) for v in band]
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    claimed = {c for r in planned for c in r.columns if r.kind in ("magnitude", "box")}
    claimed |= footprinted(planned)  # a space's length and width by its kind, together
    found = {c: d for c, s in view.specs.items() if s.kind in _NUMBERS and (d := dimension_of(c))}
    longs = [c for c, d in found.items() if d[0] == "long"]
    others = [c for c, d in found.items() if d[0] != "long" and free(view, c) and c not in claimed]
    if len(longs) != 1 or not others or not (free(view, longs[0]) or longs[0] in claimed):
        return []
    if longs[0] in footprinted(planned):
        return []
    band = None if longs[0] in claimed else _band(view)
    units = {c: found[c][1] for c in [*longs, *others]}
    axes = {c: found[c][0] for c in others}
    detail = f"{', '.join(others)} in proportion to {longs[0]} (one thing's dimensions)"
    data = {"units": units, "axes": axes, "band": band}
    return [Rule("proportion", [longs[0], *others], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    rng = row_rng(view, rule, idx)
    n = idx.size
    units, band = rule.data["units"], rule.data["band"]
    length = batch[rule.columns[0]]
    if band is not None:  # log-normal around the typical length, within the kind's
        lo, typical, hi = band
        drawn = typical * np.exp(rng.normal(0.0, np.log(hi / lo) / 6.0, n))
        _store(view, rule.columns[0], batch, np.clip(drawn, lo, hi) / units[rule.columns[0]])
    known = ~length.nulls
    cm = np.asarray(length.values, dtype=float) * units[rule.columns[0]]
    breadth = cm * rng.triangular(*BREADTH, n)
    for name in rule.columns[1:]:
        wide = rule.data["axes"][name] == "wide"
        value = breadth if wide else breadth * rng.triangular(*DEPTH, n)
        col = batch[name]
        rows = known & ~col.nulls
        out = np.asarray(col.values, dtype=float).copy()
        out[rows] = value[rows] / units[name]
        _store(view, name, batch, out)


def _store(view: TableView, name: str, batch: Batch, value: np.ndarray) -> None:
    col = batch[name]
    spec = view.specs[name]
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, max(bounds[0], 0.0), bounds[1])
    step = 1.0 if col.kind == "int" else spec.step or 0.01
    value = np.maximum(np.round(value / step) * step, step)
    col.values[:] = value.astype(col.values.dtype)


RULE = RowRule(
    "proportion",
    "several dimensions of one thing in proportion: a breadth a share of its length",
    _plan,
    _apply,
    phases={"proportion": Phase.ROW},
    after=("magnitude",),  # a length a kind gives first
    before=("per_container",),
)
