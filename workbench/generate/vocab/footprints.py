"""How big a space or a container of a kind is, all its measures together (data/footprints.tsv):
a parking bay 5 m by 2.4, a disabled bay wider, a locker a square metre under a metre or two
of height, a wheelie bin 240 litres, a roll-off container thirty thousand. Facts as data: a
new thing is a line of the file.

A kind label is read word by word (vocab/magnitudes.named_by): the whole label, else its last
word naming a thing. Size words order the sizes of one thing (data/footprint_sizes.tsv:
`small` half the typical, `large` twice it, `xl`, `jumbo`…), and numbers with their units in
a label fix them (`5x10` feet, `240l`, `1100_litres`, `20ft`, `12m2`, `6_yard`)."""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, replace

from workbench.generate.vocab.lists import DATA
from workbench.generate.vocab.magnitudes import lacks, magnitude_of, magnitudes, named_by

Band = tuple[float, float, float]
# the measures of a line: a floor area (m2), its long and short sides and its height (m), what
# it holds (litres)
MEASURES = ("area", "long", "short", "height", "volume")
# a thing's long side over its short one where a line gives only its area
_ASPECT = (1.0, 1.5, 2.5)
# the spread of a size a size word or a number fixes: its typical amount times or over this
SIZED_SPREAD = 1.2
# numbers with units in a label: a floor's sides (`5x10`, `3x4m`), a volume, a length, an area
_SIDES = re.compile(r"(?:^|_)(\d+(?:\.\d+)?)_?x_?(\d+(?:\.\d+)?)_?(ft|feet|m|cm)?(?:_|$)")
_AMOUNT = re.compile(r"(?:^|_)(\d+(?:\.\d+)?)_?([a-z0-9]+)(?:_|$)")
_LITRES = {"l": 1.0, "lt": 1.0, "ltr": 1.0, "litre": 1.0, "litres": 1.0, "liter": 1.0,
           "liters": 1.0, "m3": 1000.0, "cbm": 1000.0, "yd": 764.555, "yard": 764.555,
           "yards": 764.555, "yd3": 764.555, "cy": 764.555, "gal": 3.78541,
           "gallon": 3.78541, "gallons": 3.78541, "cuft": 28.3168, "ft3": 28.3168}  # fmt: skip
_METRES = {"ft": 0.3048, "feet": 0.3048, "foot": 0.3048, "footer": 0.3048, "m": 1.0}
_KNOWN = ("area_m2", "volume_l")  # the magnitudes a whole label may name (a `container_20ft`)
_SQUARE = {"m2": 1.0, "sqm": 1.0, "sqft": 0.092903, "ft2": 0.092903}


@dataclass(frozen=True)
class Footprint:
    """A thing's bands: floor area (m2), long and short sides and height (m), volume (l);
    None where the line does not say."""

    area: Band | None = None
    long: Band | None = None
    short: Band | None = None
    height: Band | None = None
    volume: Band | None = None

    def typical(self) -> tuple[str, float] | None:
        """(measure, typical amount) of what it is mostly measured by: its floor, else what
        it holds."""
        if self.long is not None and self.short is not None:
            return "area", self.long[1] * self.short[1]
        if self.area is not None:
            return "area", self.area[1]
        if self.volume is not None:
            return "volume", self.volume[1]
        return None


def _band(text: str) -> Band:
    lo, typical, hi = (float(v) for v in text.split("-"))
    return lo, typical, hi


def _parse(text: str) -> Footprint:
    return Footprint(
        **{k: _band(v) for k, _, v in (p.partition("=") for p in text.split()) if k in MEASURES}
    )


@functools.cache
def _lines() -> tuple[tuple[tuple[str, ...], Footprint, frozenset[str]], ...]:
    out = []
    for line in (DATA / "footprints.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        things, sizes, *rest = line.split("\t")
        within = frozenset(w for w in (rest[0] if rest else "").split(",") if w)
        out.append((tuple(things.split(",")), _parse(sizes), within))
    return tuple(out)


@functools.cache
def size_words() -> dict[str, float]:
    """Each size word's factor on a thing's typical floor or volume (`large`: twice)."""
    out = {}
    for line in (DATA / "footprint_sizes.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            words, factor = line.split("\t")
            out.update(dict.fromkeys(words.split(","), float(factor)))
    return out


@functools.cache
def things(around: frozenset[str] = frozenset()) -> dict[str, Footprint]:
    """Each thing word's footprint among the nouns `around` a row (its table's and its
    ancestors'): a sense a line gives under one of them (a bay's `standard` in a car park)
    over the plain one."""
    out: dict[str, Footprint] = {}
    for words, footprint, within in _lines():
        if not within:
            out.update(dict.fromkeys(words, footprint))
    for words, footprint, within in _lines():
        if within & around:
            out.update(dict.fromkeys(words, footprint))
    return out


def thing_of(label: str, around: frozenset[str]) -> Footprint | None:
    """The footprint of the thing a (normalised) label names, else its floor area or what it
    holds in the lexicon of magnitudes (data/magnitudes.tsv: a studio, an office; a barrel,
    a fermenter), else None."""
    found = named_by(things(around), label)
    if found is not None:
        return found
    band = magnitude_of("area_m2", label, around)
    if band is not None and not lacks(band):
        return Footprint(area=band)
    band = magnitude_of("volume_l", label, around)
    return Footprint(volume=band) if band is not None and not lacks(band) else None


def _sized(typical: float, spread: float = SIZED_SPREAD) -> Band:
    return typical / spread, typical, typical * spread


def scaled(footprint: Footprint, factor: float) -> Footprint:
    """A thing `factor` times the floor and the volume of its typical one, drawn close to it
    (a size word's: a large one twice the typical)."""
    side = math.sqrt(factor)
    out = replace(footprint)
    if footprint.long is not None and footprint.short is not None:
        out = replace(out, long=_sized(footprint.long[1] * side),
                      short=_sized(footprint.short[1] * side, 1.1))  # fmt: skip
    elif footprint.area is not None:
        out = replace(out, area=_sized(footprint.area[1] * factor))
    if footprint.volume is not None:
        out = replace(out, volume=_sized(footprint.volume[1] * factor))
    return out


def numbered(label: str) -> Footprint | None:
    """What the numbers with units in a label fix: a floor's two sides (`5x10`: feet where
    both are whole multiples of five, else metres; `3x4m`), a volume (`240l`, `6_yard`,
    `1100_litres`), a floor area (`12m2`, `50sqft`), a long side (`20ft`, a container's)."""
    text = re.sub(r"(\d)([a-z])", r"\1_\2", label)
    sides = _SIDES.search(text)
    if sides is not None:
        a, b = float(sides.group(1)), float(sides.group(2))
        unit = sides.group(3)
        feet = unit in ("ft", "feet") or (unit is None and a % 5 == 0 and b % 5 == 0 and a >= 5)
        scale = 0.3048 if feet else (0.01 if unit == "cm" else 1.0)
        long, short = max(a, b) * scale, min(a, b) * scale
        return Footprint(long=_sized(long, 1.03), short=_sized(short, 1.03))
    for match in _AMOUNT.finditer(text):
        amount, unit = float(match.group(1)), match.group(2)
        if unit in _LITRES:
            return Footprint(volume=_sized(amount * _LITRES[unit], 1.02))
        if unit in _SQUARE:
            return Footprint(area=_sized(amount * _SQUARE[unit], 1.03))
        if unit in _METRES:
            return Footprint(long=_sized(amount * _METRES[unit], 1.02))
    return None


def sizes_of(label: str) -> tuple[float, str]:
    """(the product of a label's size words' factors, the label without them): `extra_large`
    3.5 and ''; `small_office` 0.5 and 'office'; `office` 1.0 and 'office'."""
    words = size_words()
    parts = label.split("_")
    factor, rest, i = 1.0, [], 0
    while i < len(parts):
        pair = "_".join(parts[i : i + 2])
        if i + 1 < len(parts) and pair in words:
            factor, i = factor * words[pair], i + 2
        elif parts[i] in words:
            factor, i = factor * words[parts[i]], i + 1
        else:
            rest.append(parts[i])
            i += 1
    return factor, "_".join(rest)


def base_of(footprints: list[Footprint]) -> Footprint | None:
    """A thing between these (a column's other labels' things: a locker, a container): the
    geometric mean of their typical floors, or of what they hold, and of their heights."""
    high = [f.height[1] for f in footprints if f.height is not None]
    height = _sized(_mean(high), 1.15) if high else None
    for measure in ("area", "volume"):
        typical = [t[1] for f in footprints if (t := f.typical()) is not None and t[0] == measure]
        if typical:
            return Footprint(**{measure: _sized(_mean(typical), 3.0)}, height=height)
    return None


def _mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def footprint_of(
    label: str, around: frozenset[str], base: Footprint | None = None
) -> Footprint | None:
    """The footprint of a (normalised) label: the thing it names whole (in the sense of the
    nouns around), else its numbers with units, else its size words on the thing its other
    words name or on `base` (the table's thing, the column's other things), else the thing
    its last words name."""
    if label in things(around) or any(label in magnitudes().get(m, {}) for m in _KNOWN):
        return thing_of(label, around)
    fixed = numbered(label)
    if fixed is not None:
        return fixed
    factor, rest = sizes_of(label)
    if factor != 1.0 or (not rest and label):
        thing = thing_of(rest, around) if rest else None
        thing = thing if thing is not None else base
        return scaled(thing, factor) if thing is not None else None
    return thing_of(label, around)


def aspect() -> Band:
    return _ASPECT
