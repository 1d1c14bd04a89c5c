"""What a thing of a kind measures, all its sides together (data/shapes.tsv): a monohull's beam
a third of its length and its draft a seventh, a catamaran half as wide as long, a painting a
few centimetres deep whatever its size, a ring a few grams. Facts as data: a new kind of thing
is a line of the file. A column names one of a thing's extents (its role) and the unit it is
in (`loa_m`: a length in metres, `beam_m` a width, `thickness_mm` a depth, `mass_g` a weight in
grams); what the thing is comes from a label (an enum's, a CHECK's list) read like a
magnitude's (vocab/magnitudes.named_by: the label whole, else its last word)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from workbench.generate.vocab.lists import DATA
from workbench.generate.vocab.magnitudes import named_by

# a role's words in a column's name, the name's other words being modifiers
ROLES: dict[str, frozenset[str]] = {
    "length": frozenset({"length", "len", "loa", "long", "lng"}),
    "width": frozenset({"width", "wid", "beam", "breadth", "wide"}),
    "height": frozenset({"height", "hgt", "tall"}),
    "depth": frozenset({"depth", "deep", "thickness", "thick"}),
    "draft": frozenset({"draft", "draught"}),
    "diameter": frozenset({"diameter", "dia"}),
    "weight": frozenset({"weight", "mass", "wt", "displacement"}),
    "volume": frozenset({"volume", "capacity"}),
    "area": frozenset({"area", "surface", "footprint"}),
}
# words that may stand beside a role's without changing what is measured
MODIFIERS = frozenset({"overall", "oa", "total", "outer", "outside", "external", "max",
                       "maximum", "hull", "body", "net", "gross", "item", "product", "unit",
                       "actual", "nominal", "approx", "approximate", "est", "estimated", "in",
                       "operating", "dry", "empty", "lightship", "tare", "internal",
                       "inner", "interior", "usable", "cubic", "floor"})  # fmt: skip
# a role missing from a thing's line reads as the first of these it has (a canvas's `length`
# is its height, a hull's `depth` its draft)
STAND_INS: dict[str, tuple[str, ...]] = {
    "length": ("height", "width", "diameter"),
    "height": ("length", "depth", "diameter"),
    "width": ("depth", "diameter", "length"),
    "depth": ("draft", "width", "height"),
    "draft": ("depth", "height"),
    "diameter": ("width", "length", "height"),
}
# a length's unit in centimetres, a weight's in kilograms
LENGTH_UNITS = {"mm": 0.1, "millimetres": 0.1, "millimeters": 0.1, "cm": 1.0,
                "centimetres": 1.0, "centimeters": 1.0, "m": 100.0, "metres": 100.0,
                "meters": 100.0, "in": 2.54, "inch": 2.54, "inches": 2.54, "ft": 30.48,
                "feet": 30.48}  # fmt: skip
WEIGHT_UNITS = {"g": 0.001, "grams": 0.001, "kg": 1.0, "kgs": 1.0, "kilograms": 1.0,
                "t": 1000.0, "tonnes": 1000.0, "tons": 1000.0, "lb": 0.453592,
                "lbs": 0.453592, "pounds": 0.453592}  # fmt: skip
# a volume's unit in cubic centimetres, an area's in square centimetres
VOLUME_UNITS = {"ml": 1.0, "cm3": 1.0, "cc": 1.0, "l": 1000.0, "litres": 1000.0,
                "liters": 1000.0, "ltr": 1000.0, "m3": 1e6, "cbm": 1e6, "gal": 3785.41,
                "gallons": 3785.41, "cuft": 28316.8, "ft3": 28316.8}  # fmt: skip
AREA_UNITS = {"mm2": 0.01, "cm2": 1.0, "m2": 1e4, "sqm": 1e4, "sqft": 929.03, "ft2": 929.03}
_UNITS_OF = {"weight": WEIGHT_UNITS, "volume": VOLUME_UNITS, "area": AREA_UNITS}
_LINE_UNITS = {"cm": 1.0, "m": 100.0, "mm": 0.1}


@dataclass(frozen=True)
class Shape:
    """A kind of thing: its main role and band (cm), each other role's share of the main
    extent (a ratio band) or its own band (cm, `absolute`), the density of its outer box
    (kg/m3; (0, 0): its weight grows along its size within the band, an animal's) and the
    band of its weight (kg)."""

    main: str
    band: tuple[float, float, float]
    others: tuple[tuple[str, float, float, bool], ...]  # (role, lo, hi, absolute)
    density: tuple[float, float]
    weight: tuple[float, float]

    @property
    def roles(self) -> tuple[str, ...]:
        return (self.main, *(o[0] for o in self.others))


def stand_in(roles: Sequence[str], role: str) -> str | None:
    """The role of a thing with these roles a column's role reads as (itself, else the first
    of its stand-ins the thing has), or None."""
    if role in roles:
        return role
    return next((r for r in STAND_INS.get(role, ()) if r in roles), None)


def _others(text: str, unit: str, scale: float) -> tuple[tuple[str, float, float, bool], ...]:
    out = []
    for part in text.split():
        role, _, band = part.partition("=")
        absolute = band.endswith(unit)  # `depth=2-8cm`: its own band, in the line's unit
        lo, _, hi = band.removesuffix(unit).partition("-")
        low, high = float(lo), float(hi)
        factor = scale if absolute else 1.0
        out.append((role, low * factor, high * factor, absolute))
    return tuple(out)


@functools.cache
def shapes() -> dict[str, Shape]:
    """Each thing word's shape."""
    out: dict[str, Shape] = {}
    for line in (DATA / "shapes.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        things, unit, main, lo, typ, hi, others, d_lo, d_hi, kg_lo, kg_hi = line.split("\t")
        scale = _LINE_UNITS[unit]
        band = (float(lo) * scale, float(typ) * scale, float(hi) * scale)
        density = (0.0, 0.0) if d_lo == "-" else (float(d_lo), float(d_hi))  # `-`: by size
        shape = Shape(
            main, band, _others(others, unit, scale), density, (float(kg_lo), float(kg_hi))
        )
        for thing in things.split(","):
            out.setdefault(thing, shape)
    return out


def shape_of(label: str) -> Shape | None:
    """The shape of the thing a (normalised) label names, or None."""
    return named_by(shapes(), label)


def role_of(name: str) -> tuple[str, float] | None:
    """(role, unit factor: cm for an extent, kg for a weight, cm3 for a volume, cm2 for an
    area) of a (normalised) column name
    that names one extent or the weight of a thing in a unit (`loa_m`, `max_beam_m`,
    `weight_kg`, `height_in_cm`), else None. A name with any other word (`berth_length_m`,
    `crate_h_cm`) names something else's."""
    words = name.split("_")
    if len(words) < 2:
        return None
    unit, rest = words[-1], [w for w in words[:-1] if w not in MODIFIERS]
    if len(rest) != 1:
        return None
    role = next((r for r, ws in ROLES.items() if rest[0] in ws), None)
    if role is None:
        return None
    units = _UNITS_OF.get(role, LENGTH_UNITS)
    return (role, units[unit]) if unit in units else None
