"""A thing's sizes agree with each other as its kind's do: the people a vehicle takes seated and
standing add up to what a vehicle of its kind carries (a tram 100-430, a midibus 25-70), a
part never more than a total beside it (`seated_capacity` within `max_capacity`), and a
space's floor is its seats times what a seat of its kind takes (a meeting room 2-4 m2 a seat,
a desk 3-8, an event space 1-3).

Runs after rules/magnitude.py, which draws each measure of a row alone by its kind; this rule
reads the columns it drew and makes them agree. What the row is comes, as there, from a kind
column whose labels name things (vocab/data/magnitudes*.tsv, measures `carried` and
`area_per_seat`), else from its table's name, each in the sense its ancestors' nouns give it.
Nothing here names a table: the kind words, the measure words and the things are read from
the schema and the data files."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.context import nouns_around
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.span import KIND_WORDS
from workbench.generate.vocab.magnitudes import Band, lacks, magnitude_of, measure_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
# the words that make a measure's column the whole of which the others are parts
# (`max_capacity`, `total_seats`); a bare `capacity` beside parts is their whole too
_WHOLE = frozenset({"total", "max", "maximum", "overall", "full", "crush", "gross", "combined"})
_SUMS = frozenset({"total", "combined", "overall", "gross", "crush"})  # a whole that is a sum
_PART_SHARE = (0.25, 0.75)  # the first part's share of the whole (seated of seated + standing)
_PARTS_OF_WHOLE = (0.6, 1.0)  # the parts' sum as a share of a whole beside them


def kind_bands(view: TableView, measure: str) -> tuple[str | None, dict[str, Band]]:
    """(the kind column, each of its labels' band of the measure), else (None, {"": the band
    of the table's thing}), each thing in the sense its ancestors' nouns give it."""
    around = nouns_around(view.schema, view.table)
    for name, spec in view.specs.items():
        if not set(normalise(name).split("_")) & KIND_WORDS:
            continue
        found = {}
        for label in labels_of(spec):
            band = magnitude_of(measure, normalise(label), around)
            if band is not None and not lacks(band):
                found[label] = band
        if found:
            return name, found
    band = magnitude_of(measure, normalise(view.tp.name.rsplit(".", 1)[-1]), around)
    return None, ({"": band} if band is not None and not lacks(band) else {})


def _seat_columns(view: TableView) -> list[str]:
    """The table's free number columns that count the people it takes (vocab MEASURES seats)."""
    out = []
    for name, spec in view.specs.items():
        found = measure_of(normalise(name))
        if found is not None and found[0] == "seats" and spec.kind in _NUMBERS and free(view, name):
            out.append(name)
    return out


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


def _whole(columns: list[str]) -> str | None:
    """The column of the whole among columns of one measure: one named a total or a maximum,
    else a bare `capacity` beside qualified parts (`seated_capacity`, `standing_capacity`)."""
    for name in columns:
        if set(normalise(name).split("_")) & _WHOLE:
            return name
    bare = [c for c in columns if normalise(c) in ("capacity", "seats", "places")]
    return bare[0] if bare else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    seats = _seat_columns(view)
    whole = _whole(seats) if len(seats) >= 2 else None
    parts = [c for c in seats if c != whole] if len(seats) >= 2 else []
    if parts:
        kind, bands = kind_bands(view, "carried")
        carried = bool(bands)
        if not bands and whole is None:
            kind, bands = kind_bands(view, "seats")
        if whole is not None or bands:
            thing = kind or "thing"
            what = f"within {whole}" if whole else f"adding up to what its {thing} carries"
            listed = {k: list(b) for k, b in bands.items()}
            # a total beside two parts or more is their sum (seated + standing = total)
            exact = whole is not None and len(parts) > 1 and bool(_words(whole) & _SUMS)
            data: dict[str, object] = {"whole": whole, "parts": parts, "bands": listed}
            data["exact"] = exact
            data["carried"] = carried
            columns = [*parts] + ([whole] if whole else []) + ([kind] if kind else [])
            out.append(Rule("seat_parts", columns, f"{', '.join(parts)} {what}", data))
    for name, spec in view.specs.items():
        found = measure_of(normalise(name))
        if found is None or found[0] != "area_m2" or spec.kind not in _NUMBERS:
            continue
        if not free(view, name) or not seats:
            continue
        kind, bands = kind_bands(view, "area_per_seat")
        if not bands:
            continue
        counted = [whole] if whole else (parts or seats[:1])
        columns = [name, *counted] + ([kind] if kind else [])
        what = f"{' + '.join(counted)} times the floor a seat of its {kind or 'thing'} takes"
        listed = {k: list(b) for k, b in bands.items()}
        floor = {"factor": found[1], "seats": counted, "bands": listed}
        out.append(Rule("area_per_seat", columns, f"{name} = {what}", floor))
        break
    return out


def _labels(view: TableView, rule: Rule, batch: Batch, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Each row's kind label (its kind column's, else "" for the table's thing) and whether
    the row has none."""
    bands = rule.data["bands"]
    kind = rule.columns[-1] if "" not in bands else None
    col = batch.get(kind) if kind is not None else None
    if col is None:
        return np.full(n, ""), np.zeros(n, dtype=bool)
    return np.asarray(col.values).astype(str), np.asarray(col.nulls, dtype=bool)


def _store(view: TableView, name: str, batch: Batch, value: np.ndarray, rows: np.ndarray) -> None:
    col = batch.get(name)
    if col is None:
        return
    spec = view.specs[name]
    step = 1.0 if col.kind == "int" else (spec.step or 0.01)
    value = np.maximum(np.floor(value / step) * step, step)
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, bounds[0], bounds[1])
    col.values[rows] = value[rows].astype(col.values.dtype)
    col.nulls[rows] = False


def _apply_parts(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    parts = rule.data["parts"]
    first = batch.get(parts[0])
    if first is None:
        return
    n = first.values.size
    rng = row_rng(view, rule, idx)
    whole_name = rule.data["whole"]
    whole_col = batch.get(whole_name) if whole_name else None
    labels, unknown = _labels(view, rule, batch, n)
    total = np.zeros(n)
    rows = np.zeros(n, dtype=bool)
    for label, (lo, typical, hi) in rule.data["bands"].items():
        at = (labels == label) & ~unknown
        if at.any():
            total[at] = rng.triangular(lo, typical, hi + (hi <= lo), int(at.sum()))
            rows |= at
    total = np.floor(total)
    if whole_col is not None:
        # the whole is what its kind carries where the kind says so, else as drawn
        if rule.data.get("carried"):
            _store(view, whole_name, batch, np.maximum(total, 1.0), rows)
        total = np.asarray(whole_col.values, dtype=float).copy()
        rows = ~np.asarray(whole_col.nulls, dtype=bool)
        if not rule.data.get("exact"):
            total = np.floor(total * rng.uniform(*_PARTS_OF_WHOLE, n))
    if len(parts) == 1:
        _store(view, parts[0], batch, np.maximum(total, 1.0), rows)
        return
    shares = rng.dirichlet(np.ones(len(parts)), n)
    shares[:, 0] = rng.uniform(*_PART_SHARE, n)
    rest = shares[:, 1:].sum(axis=1, keepdims=True)
    shares[:, 1:] = shares[:, 1:] / np.where(rest > 0, rest, 1.0) * (1.0 - shares[:, :1])
    left = total.copy()
    for i, name in enumerate(parts):
        if i == len(parts) - 1:
            value = left
        else:
            value = np.clip(np.floor(total * shares[:, i]), 1.0, np.maximum(left - 1.0, 1.0))
            left = left - value
        col = batch.get(name)
        if col is not None:  # stored as wholes: the parts add up to the whole exactly
            value = np.maximum(value, 0.0)
            bounds = view.specs[name].info.bounds()
            if bounds is not None:
                value = np.clip(value, bounds[0], bounds[1])
            col.values[rows] = value[rows].astype(col.values.dtype)
            col.nulls[rows] = False


def _apply_area(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    name = rule.columns[0]
    col = batch.get(name)
    if col is None:
        return
    n = col.values.size
    rng = row_rng(view, rule, idx)
    seats = np.zeros(n)
    known = np.ones(n, dtype=bool)
    for counted in rule.data["seats"]:
        got = batch.get(counted)
        if got is None:
            return
        seats += np.asarray(got.values, dtype=float)
        known &= ~np.asarray(got.nulls, dtype=bool)
    labels, unknown = _labels(view, rule, batch, n)
    value = np.zeros(n)
    rows = np.zeros(n, dtype=bool)
    for label, (lo, typical, hi) in rule.data["bands"].items():
        at = (labels == label) & ~unknown & known & (seats > 0)
        if at.any():
            per = rng.triangular(lo, typical, hi + (hi <= lo) * 1e-9, int(at.sum()))
            value[at] = seats[at] * per
            rows |= at
    _store(view, name, batch, value * rule.data["factor"], rows)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "seat_parts":
        _apply_parts(view, rule, batch, idx)
    else:
        _apply_area(view, rule, batch, idx)


RULE = RowRule(
    "kind_parts",
    "a thing's sizes agree as its kind's do: its parts add up, its floor is its seats' floor",
    _plan,
    _apply,
    phases={"seat_parts": Phase.ROW, "area_per_seat": Phase.ROW},
    after=("magnitude",),
    before=("shape", "arithmetic"),
)
