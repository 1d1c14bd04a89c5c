"""A thing measures what such a thing measures: a room seats what its kind seats (a classroom
tens, an auditorium hundreds), a vehicle carries what its kind carries (a cargo bike a few
hundred kilograms, a tractor unit twenty tonnes), and a row's share of its parent's measure
stays within it (a section's capacity within its room's). A road vehicle's outer length, width
and height (`length_cm`, `height_m`: a unit named) are its kind's (a car's, a coach's, a
lorry's), never a share of its parent's.

A measure is a number column named as one (vocab/magnitudes.MEASURES: capacity and seats,
payload, a rated speed in a unit); what the row is comes from a kind column whose labels name
things (`kind`, `type`, `category`…, an enum's labels or a CHECK's list, in any case or
spacing: a room's 'auditorium', a vehicle's 'rigid_truck', a lift's 'Dumb-waiter'), else from
the table's name (a table of rooms). Each row draws around its thing's typical amount, within
its lowest and highest (vocab/data/magnitudes.tsv), in the unit the name gives (`_kg`, `_t`,
`_lbs`, `_fpm`). A thing that has no such quantity (an escalator's rated load) leaves a
nullable column NULL, and then the kind alone decides: a thing that has one states it.
A row without a kind of its own that belongs to a parent with the same measure (a class
section in a room, a workshop in a hall) takes a share of the parent's: the parent says more
than the table's name. A thing with sides and a weight (`length_cm`, `width_cm`, `height_cm`,
`weight_kg`: a parcel, a crate) is one box: its sides drawn together (the others a share of
the longest) and its weight its volume at the density of packed goods, within what such a
thing weighs where the table names one (a parcel up to 70 kg). Nothing here names a table:
the kind words, the measure words and the things are read from the schema and the data file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.context import nouns_around
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.footprint import footprinted
from workbench.generate.rules.label_bands import listed_labels
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.rules.span import KIND_WORDS
from workbench.generate.vocab.magnitudes import (
    COUNTED,
    IN_RATIO,
    MEASURES,
    OWN,
    Band,
    lacks,
    magnitude_of,
    measure_of,
    side_of,
    things_of,
    weight_of,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
_SHARE = (0.5, 1.0)  # a row's share of its parent's measure
_LONGEST_CM = (10.0, 80.0)  # a box's longest side, drawn log-uniform
_OTHER_SIDES = (0.3, 1.0)  # each other side as a share of the longest
_DENSITY = (50.0, 800.0)  # kg per cubic metre of packed goods, drawn log-uniform
_RATIO_SPAN = 50.0  # a thing whose heaviest weighs this many times its lightest: drawn in ratio
_JITTER = 0.04  # how far a measure strays from its row's size (a share of the amount)


def keep_columns(view: TableView) -> set[str]:
    """This table's measures, which a child's share reads, and its kind columns whose labels
    name things of a measure, which a child without a kind of its own reads (`_parent_kind`)."""
    out = {c for c, s in view.specs.items() if s.kind in _NUMBERS and measure_of(normalise(c))}
    around = nouns_around(view.schema, view.table)
    for name, spec in view.specs.items():
        if set(normalise(name).split("_")) & KIND_WORDS and any(
            magnitude_of(measure, normalise(label), around) is not None
            for measure in MEASURES
            for label in labels_of(spec)
        ):
            out.add(name)
    return out


def _kinded(view: TableView) -> bool:
    """Whether the row says what it is: a kind column whose labels name things of some measure
    (a vehicle's `vehicle_type`). Such a row is its kind's, never a share of its parent's."""
    around = nouns_around(view.schema, view.table)
    return any(
        set(normalise(name).split("_")) & KIND_WORDS
        and any(
            magnitude_of(measure, normalise(label), around) is not None
            for measure in MEASURES
            for label in labels_of(spec)
        )
        for name, spec in view.specs.items()
    )


def _parent_kind(
    view: TableView, measure: str
) -> tuple[Path, str, dict[str, tuple[float, float, float]]] | None:
    """A kind column of a parent one key away whose labels (an enum's, a CHECK's list) name
    things of the measure (a vehicle model's class's `category`: a mini, a luxury car, a van;
    a permit type's `category`: a new dwelling, an extension): the row is of its parent's
    kind when it has none of its own."""
    around = nouns_around(view.schema, view.table)
    for path in paths_of(view):
        table = view.schema.tables.get(path.parent)
        if path.via is not None or table is None:
            continue
        for column in table.columns:
            if not set(normalise(column.name).split("_")) & KIND_WORDS:
                continue
            found = {}
            for label in listed_labels(view.schema, table, column):
                band = magnitude_of(measure, normalise(label), around)
                if band is not None:
                    found[label] = band
            if found:
                return path, column.name, found
    return None


def _all_things(labels: Sequence[str], measure: str, around: frozenset[str]) -> bool:
    """Whether two or more labels are all things of the measure (a `gas` of 'air', 'nitrox')."""
    bands = [magnitude_of(measure, normalise(label), around) for label in labels]
    return len(bands) > 1 and all(b is not None and not lacks(b) for b in bands)


def _thing_bands(
    view: TableView, measure: str
) -> tuple[str | None, dict[str, tuple[float, float, float]]]:
    """(the kind column, each of its labels' band), else (None, {"": the table's thing's band}),
    each thing in the sense its ancestors' nouns give it."""
    around = nouns_around(view.schema, view.table)
    only_lacking: tuple[str, dict[str, Band]] | None = None
    for name, spec in view.specs.items():
        numbered = _numbered_kind(view, name, measure, around)
        if numbered:
            return name, numbered
        if not set(normalise(name).split("_")) & KIND_WORDS and not _all_things(
            labels_of(spec), measure, around
        ):
            continue  # not a kind column, nor one whose every label is a thing (a `gas`)
        found = {}
        for label in labels_of(spec):
            band = magnitude_of(measure, normalise(label), around)
            if band is not None:
                found[label] = band
        # a column that only names things without the quantity (a fuel's 'electric') says
        # whether the row has it (`_lacking`), not how much: a kind column that names things
        # with it comes first
        if any(not lacks(b) for b in found.values()):
            return name, found
        if found and only_lacking is None:
            only_lacking = name, found
    band = magnitude_of(measure, normalise(view.tp.name.rsplit(".", 1)[-1]), around)
    if band is None and _parent_measure(view, measure) is None:
        # else the thing it is done to, as its key names it whole (a fill's `cylinder_id`)
        keys = (normalise(fk.columns[-1]).removesuffix("_id") for fk in view.table.foreign_keys)
        band = next((things[k] for k in keys if k in (things := things_of(measure, around))), None)
    if band is None and only_lacking is not None:
        return only_lacking
    return None, ({"": band} if band is not None else {})


def _numbered_kind(
    view: TableView, name: str, measure: str, around: frozenset[str]
) -> dict[str, Band]:
    """Each label's band where a small set of whole numbers says what kind of thing the row is
    (a hole's `par` 3, 4 or 5: a CHECK's or an enum's list), each read as the column's name
    and its value (`par_3`), and every one names a thing of the measure; else nothing."""
    spec = view.specs[name]
    labels = labels_of(spec)
    if spec.kind != "int" or not 2 <= len(labels) <= 12:
        return {}
    if not all(label.lstrip("-").isdigit() for label in labels):
        return {}
    stem = normalise(name)
    found = {}
    for label in labels:
        band = magnitude_of(measure, f"{stem}_{int(label)}", around)
        if band is None or lacks(band):
            return {}
        found[label] = band
    return found if len(set(found.values())) > 1 else {}  # each number its own size


def _lacking(view: TableView, measure: str, kind: str | None) -> dict[str, list[str]]:
    """The labels of the row's other columns of labels that name a thing without the quantity
    at all (a vehicle's fuel 'electric', a powertrain 'battery_electric': no engine
    displacement, whatever its body type)."""
    around = nouns_around(view.schema, view.table)
    out: dict[str, list[str]] = {}
    for name, spec in view.specs.items():
        if name == kind:
            continue
        none = []
        for label in labels_of(spec):
            band = magnitude_of(measure, normalise(label), around)
            if band is not None and lacks(band):
                none.append(label)
        if none:
            out[name] = none
    return out


def _parent_measure(view: TableView, measure: str) -> tuple[Path, str] | None:
    """The first parent (one hop) with a column of the same measure."""
    for path in paths_of(view):
        if path.via is not None:
            continue
        table = view.schema.tables.get(path.parent)
        if table is None:
            continue
        for column in table.columns:
            found = measure_of(normalise(column.name))
            if found is not None and found[0] == measure:
                return path, column.name
    return None


def _box(view: TableView) -> Rule | None:
    """Two or three sides and a weight of one thing, all free numbers in units: one box."""
    sides = {c: side_of(normalise(c)) for c, s in view.specs.items() if s.kind in _NUMBERS}
    found = [c for c, unit in sides.items() if unit is not None and free(view, c)]
    weights = [c for c in view.specs if weight_of(normalise(c)) is not None and free(view, c)]
    if len(found) < 2 or not weights or view.specs[weights[0]].kind not in _NUMBERS:
        return None
    band = magnitude_of("weight_kg", normalise(view.tp.name.rsplit(".", 1)[-1]))
    detail = f"{weights[0]} from {', '.join(found)}: one box at the density of packed goods"
    data = {"band": list(band) if band is not None else None}
    return Rule("box", [weights[0], *found], detail, data)


def _weight(view: TableView, taken: set[str]) -> list[Rule]:
    """A weight in a unit of a thing of a kind (`weight_kg` of a checked bag, a parcel, a
    pallet), no box's: what such a thing weighs, by its kind column's labels or the table's
    name. A thing whose weights span orders of magnitude (a parcel, from a letter to a crate)
    draws evenly in ratio around its typical weight, one within a factor of a few (a bag, up
    to the handling limit) evenly in kilograms."""
    out = []
    for name, spec in view.specs.items():
        unit = weight_of(normalise(name))
        if unit is None or name in taken or spec.kind not in _NUMBERS or not free(view, name):
            continue
        kind, bands = _thing_bands(view, "weight_kg")
        if not bands:
            continue
        what = f"its {kind}" if kind else "its table's thing"
        data = {**_scaled(bands, 1.0, unit), "ratio": True}
        out.append(Rule("magnitude", [name] + ([kind] if kind else []), f"{name} by {what}", data))
    return out


def _scaled(bands: dict[str, Band], factor: float, per: float = 1.0) -> dict[str, object]:
    """The rule's data of each label's band in the column's unit (times `factor`, over `per`:
    "bands"), and the labels of things that have no such quantity ("none": an escalator's
    rated load)."""
    scaled = {k: [v * factor / per for v in b] for k, b in bands.items() if not lacks(b)}
    return {"bands": scaled, "none": sorted(k for k, b in bands.items() if lacks(b))}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    done = footprinted(planned)  # a space's or a container's measures, together
    box = _box(view)
    box = None if box is None or set(box.columns) & done else box
    out = [box] if box is not None else []
    taken = (set(box.columns) if box is not None else set()) | done
    out += _weight(view, taken)
    for name, spec in view.specs.items():
        found = measure_of(normalise(name))
        if found is None or spec.kind not in _NUMBERS or not free(view, name) or name in taken:
            continue
        measure, factor = found
        kind, bands = _thing_bands(view, measure)
        # a thing's own dimensions and speed are its kind's, never a share of its parent's
        parent = None if measure in OWN else _parent_measure(view, measure)
        through = _parent_kind(view, measure) if not bands else None
        if through is not None and parent is not None and through[0].parent != parent[0].parent:
            parent = None  # a kind another parent states says more (a permit type's, not a plot's)
        # counted in wholes (bedrooms), drawn in ratio where things span orders of magnitude
        how = {"counted": measure in COUNTED, "ratio": measure in IN_RATIO}
        if bands and (kind or parent is None):
            what = f"its {kind}" if kind else "its table's thing"
            lacking = _lacking(view, measure, kind)
            data = {**_scaled(bands, factor), **how, "lacks": lacking}
            columns = [name] + ([kind] if kind else [])
            if lacking:
                what += f", none where {', '.join(lacking)} says so"
                columns += list(lacking)
            out.append(Rule("magnitude", columns, f"{name} by {what}", data))
        elif parent is None and through is not None:
            path, source, bands = through
            detail = f"{name} by its {path.parent.rsplit('.', 1)[-1]}'s {source}"
            link = {"fk": path.fk, "parent": path.parent, "kind_source": source}
            out.append(Rule("magnitude", [name], detail, {**_scaled(bands, factor), **link, **how}))
        elif parent is not None and not _kinded(view):
            path, source = parent
            detail = f"{name} within its {path.parent.rsplit('.', 1)[-1]}'s {source}"
            link = {"fk": path.fk, "parent": path.parent, "source": source}
            out.append(Rule("magnitude", [name], detail, dict(link)))
    return out


def _store(
    view: TableView, name: str, col: Col, value: np.ndarray, rows: np.ndarray, whole: bool = False
) -> None:
    spec = view.specs[name]
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, bounds[0], bounds[1])
    if col.kind == "int" or whole:
        value = np.floor(value)
    else:
        step = spec.step or 0.01
        value = np.floor(value / step) * step
    col.values[rows] = value[rows].astype(col.values.dtype)


def _apply_box(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    cols = [batch.get(c) for c in rule.columns]
    if any(c is None for c in cols):
        return
    rng = row_rng(view, rule, idx)
    n = idx.size
    longest = _log_uniform(rng, _LONGEST_CM, n)
    volume = longest / 100.0  # cubic metres, side by side
    rows = np.ones(n, dtype=bool)
    for i, name in enumerate(rule.columns[1:]):
        side = longest * (1.0 if i == 0 else rng.uniform(*_OTHER_SIDES, n))
        if i > 0:
            volume = volume * side / 100.0
        col = batch[name]
        _store(view, name, col, side / (side_of(normalise(name)) or 1.0), rows)
    if len(rule.columns) == 3:  # two sides: the third as the second
        volume = volume * longest * rng.uniform(*_OTHER_SIDES, n) / 100.0
    weight = volume * _log_uniform(rng, _DENSITY, n)
    if rule.data["band"] is not None:
        weight = np.clip(weight, rule.data["band"][0], rule.data["band"][2])
    unit = weight_of(normalise(rule.columns[0])) or 1.0
    col = batch[rule.columns[0]]
    spec = view.specs[rule.columns[0]]
    step = 1.0 if col.kind == "int" else spec.step or 0.001
    value = np.maximum(np.round(weight / unit / step) * step, step)
    col.values[:] = value.astype(col.values.dtype)


def _log_uniform(rng: np.random.Generator, band: tuple[float, float], n: int) -> np.ndarray:
    return np.asarray(np.exp(rng.uniform(np.log(band[0]), np.log(band[1]), n)))


def _apply_lacking(view: TableView, rule: Rule, batch: Batch, col: Col) -> None:
    """NULL where another kind column names a thing without the quantity (`_lacking`)."""
    if not view.specs[rule.columns[0]].nullable:
        return
    for name, labels in rule.data.get("lacks", {}).items():
        other = batch.get(name)
        if other is not None:
            values = np.asarray(other.values).astype(str)
            col.nulls[np.isin(values, labels) & ~other.nulls] = True


def _size(view: TableView, idx: np.ndarray, n: int) -> np.ndarray:
    """Each row's size, a quantile every measure of the row is drawn at (a big turbine's power
    and rotor both big): one stream per table and batch, shared by its measures' rules."""
    start = int(idx[0]) if idx.size else 0
    return np.asarray(view.rng("coherence:magnitude:size", start).random(n))


def _triangular(u: np.ndarray, lo: float, mode: float, hi: float) -> np.ndarray:
    """The triangular distribution's amount at quantile `u`."""
    mode = min(max(mode, lo), hi)
    turn = (mode - lo) / (hi - lo)
    low = lo + np.sqrt(u * (hi - lo) * (mode - lo))
    high = hi - np.sqrt((1.0 - u) * (hi - lo) * (hi - mode))
    return np.asarray(np.where(u < turn, low, high))


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "box":
        _apply_box(view, rule, batch, idx)
        return
    col = batch.get(rule.columns[0])
    if col is None:
        return
    rng = row_rng(view, rule, idx)
    n = col.values.size
    if "bands" in rule.data:
        bands = rule.data["bands"]
        kinds = batch.get(rule.columns[1]) if len(rule.columns) > 1 else None
        labels = np.asarray(kinds.values).astype(str) if kinds is not None else np.full(n, "")
        unknown = kinds.nulls if kinds is not None else np.zeros(n, dtype=bool)
        if "kind_source" in rule.data:  # the parent's kind (`_parent_kind`)
            path = Path(rule.data["fk"], rule.data["parent"])
            got = source_values(view, path, rule.data["kind_source"], batch)
            if got is None:
                return
            labels, unknown = np.asarray(got[0]).astype(str), got[1]
        value = np.asarray(col.values, dtype=float).copy()
        counted = col.kind == "int" or bool(rule.data.get("counted"))
        half = 0.5 if counted else 0.0  # stored rounded down
        rows = np.zeros(n, dtype=bool)
        size = _size(view, idx, n)  # one size per row: its measures scale together
        jitter = rng.uniform(1.0 - _JITTER, 1.0 + _JITTER, n)
        for label, (lo, typical, hi) in bands.items():
            at = (labels == label) & ~unknown
            if not at.any():
                continue
            if hi <= lo:  # one amount (a studio has no bedroom)
                value[at] = lo + half
                rows |= at
                continue
            if rule.data.get("ratio") and lo > 0 and hi > _RATIO_SPAN * lo:
                low, mode, high = (float(np.log(v)) for v in (lo, typical, hi))
                drawn = np.exp(_triangular(size[at], low, mode, high))
            else:
                drawn = _triangular(size[at], lo, typical, hi)
            value[at] = np.clip(drawn * jitter[at], lo, hi) + half
            rows |= at
        _store(view, rule.columns[0], col, value, rows, counted)
        # whether it has it at all: a thing of a kind that has it states it (a new house's
        # floor area on its permit's application), one that has none does not
        if rule.data.get("none") or rule.data.get("lacks") or "kind_source" in rule.data:
            col.nulls[rows] = False
            if view.specs[rule.columns[0]].nullable:
                col.nulls[np.isin(labels, rule.data["none"]) & ~unknown] = True
        _apply_lacking(view, rule, batch, col)
        return
    path = Path(rule.data["fk"], rule.data["parent"])
    got = source_values(view, path, rule.data["source"], batch)
    if got is None:
        return
    parent, missing = got
    share = rng.uniform(*_SHARE, n)
    value = np.maximum(np.asarray(parent, dtype=float) * share, 1.0)
    _store(view, rule.columns[0], col, np.minimum(value, np.asarray(parent, dtype=float)), ~missing)


RULE = RowRule(
    "magnitude",
    "a thing measures what its kind measures, and a share of its parent's measure within it",
    _plan,
    _apply,
    phases={"magnitude": Phase.ROW, "box": Phase.ROW},
    after=("price_pair",),
    before=("arithmetic",),
)
