"""A thing measures what a thing of its kind measures, all its sides together: a row with a
kind label (an enum's or a CHECK's list, its own or a parent's) and columns naming its extents and
weight in a unit (`loa_m`, `beam_m`, `draft_m`; `height_cm`, `width_cm`, `depth_cm`,
`weight_kg`; `width_mm`, `thickness_mm`, `mass_g`) draws them from its kind's shape
(vocab/data/shapes.tsv): the main extent around the kind's typical size, the others as the
kind's share of it (a catamaran half as wide as long, a monohull a third, a draft a tenth) or
in the kind's own band (a canvas a few centimetres deep whatever its size), and the weight
its outer box at the kind's density, within what such a thing weighs (an animal's along its
size: the larger of a species the heavier); a volume (`volume_l`) most of that box, an area
(`area_cm2`) its larger face. So a beam stays below its length, a flat thing stays thin, a
ring weighs grams. A label the vocabulary does not know,
in a column whose labels it mostly knows, takes a generic shape in the column's unit (about ten
of the unit long, its other sides a share of that). A column another rule sets by its kind
(rules/magnitude: a vehicle's length by its class) is left to it. Nothing here names a table:
the roles, the units and the things are read from the column names and the data file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.footprint import footprinted
from workbench.generate.rules.paths import Path, labelled_parent, source_values
from workbench.generate.rules.span import KIND_WORDS
from workbench.generate.vocab.shapes import Shape, role_of, shape_of, stand_in

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
_DERIVED = ("weight", "volume", "area")  # from the extents, never a stand-in's
_KNOWN = 0.6  # the share of a column's labels the vocabulary must know
# the shape of a thing of a kind nobody listed: about ten of the column's unit long
_GENERIC_UNITS = (3.0, 12.0, 120.0)
_GENERIC_OTHERS = {"width": (0.3, 1.0), "height": (0.2, 1.0), "depth": (0.2, 1.0),
                   "draft": (0.05, 0.2), "diameter": (0.3, 1.0), "length": (0.3, 1.0)}  # fmt: skip
_GENERIC_DENSITY = (100.0, 1000.0)
_FILL = (0.6, 0.9)  # a thing's volume as a share of its outer box (walls, curves taken off)
_FACE = (0.7, 1.0)  # its area as a share of its two larger sides' rectangle


def _known(labels: Sequence[str]) -> dict[str, Shape] | None:
    """Each label's shape, where the vocabulary knows most of the labels (and two at least)."""
    found = {}
    for label in labels:
        shape = shape_of(normalise(label))
        if shape is not None:
            found[label] = shape
    if len(found) >= min(2, len(labels)) and len(found) >= _KNOWN * len(labels) and found:
        return found
    return None


def keep_columns(view: TableView) -> set[str]:
    """This table's labelled columns whose labels name things of a shape, which a child
    without a kind of its own reads (`_parent_kind`)."""
    return {c for c, spec in view.specs.items() if _known(labels_of(spec)) is not None}


def _own_kind(view: TableView) -> tuple[str, dict[str, Shape]] | None:
    """A labelled column of the row's whose labels name things of a shape, a kind column
    (`kind`, `type`, `category`…) first."""
    named = sorted(view.specs, key=lambda c: not set(normalise(c).split("_")) & KIND_WORDS)
    for name in named:
        found = _known(labels_of(view.specs[name]))
        if found is not None:
            return name, found
    return None


def _parent_kind(view: TableView) -> tuple[Path, str, list[str], dict[str, Shape]] | None:
    """A column of a parent one key away whose labels (an enum's, a CHECK's list) name things
    of a shape: the parent's labels and their shapes."""
    return labelled_parent(view, _known)


def _by_kind_elsewhere(planned: Sequence[Rule]) -> set[str]:
    """Columns a rule planned before sets by a kind of its own (rules/magnitude)."""
    return {
        r.columns[0]
        for r in planned
        if r.kind == "magnitude" and (len(r.columns) > 1 or "kind_source" in r.data)
    }


def _as_data(shape: Shape) -> list[Any]:
    return [shape.main, list(shape.band), [list(o) for o in shape.others],
            list(shape.density), list(shape.weight)]  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = _by_kind_elsewhere(planned) | footprinted(planned)
    roles = {}
    for name, spec in view.specs.items():
        found = role_of(normalise(name))
        if found is None or spec.kind not in _NUMBERS or not free(view, name) or name in taken:
            continue
        roles[name] = list(found)
    if not roles:
        return []
    own = _own_kind(view)
    data: dict[str, Any] = {"roles": roles}
    if own is not None:
        kind, shapes = own
        labels = [str(v) for v in labels_of(view.specs[kind])]
        columns = [*roles, kind]
        detail = f"{', '.join(roles)} by the shape of its {kind}"
    else:
        through = _parent_kind(view)
        if through is None:
            return []
        path, kind, labels, shapes = through
        data.update({"fk": path.fk, "parent": path.parent, "kind_source": kind})
        columns = list(roles)
        detail = f"{', '.join(roles)} by the shape of its {path.parent.rsplit('.', 1)[-1]}'s {kind}"
    data["shapes"] = {label: _as_data(shapes[label]) for label in labels if label in shapes}
    data["unknown"] = [label for label in labels if label not in shapes]
    return [Rule("shape", columns, detail, data)]


def _generic(roles: dict[str, list[Any]]) -> list[Any]:
    """A thing of a kind nobody listed: its main extent the first extent's, about ten of its
    unit long."""
    main, unit = next(((r, u) for r, u in roles.values() if r not in _DERIVED), ("length", 1.0))
    band = [v * unit for v in _GENERIC_UNITS]
    others = [[r, lo, hi, False] for r, (lo, hi) in _GENERIC_OTHERS.items() if r != main]
    return [main, band, others, list(_GENERIC_DENSITY), [1e-6, 1e9]]


def _log_uniform(rng: np.random.Generator, lo: float, hi: float, n: int) -> np.ndarray:
    return np.asarray(np.exp(rng.uniform(np.log(lo), np.log(hi), n)))


def _draw(rng: np.random.Generator, shape: list[Any], n: int) -> dict[str, np.ndarray]:
    """Each role's extent (cm) and the weight (kg) of n things of one shape."""
    main, (lo, typical, hi), others, density, weight = shape
    low, mode, high = np.log(lo), np.log(typical), np.log(hi)
    if high - low < 1e-6:  # one size (an ISO container's length)
        out = {main: np.full(n, float(typical))}
    else:
        out = {main: np.exp(rng.triangular(low, min(max(mode, low), high), high, n))}
    for role, low, high, absolute in others:
        share = rng.uniform(low, high, n)
        out[role] = share if absolute else out[main] * share
    box = [out[main]] + [out[o[0]] for o in others[:2]]
    while len(box) < 3:
        box.append(box[-1])
    out["volume"] = box[0] * box[1] * box[2] * rng.uniform(*_FILL, n)
    larger = np.sort(np.stack(box), axis=0)[1:]
    out["area"] = larger[0] * larger[1] * rng.uniform(*_FACE, n)
    if density[0] > 0:  # its outer box at its density
        volume = box[0] * box[1] * box[2] / 1e6  # cubic metres
        drawn = volume * _log_uniform(rng, density[0], density[1], n)
    else:  # along its size: the smallest the lightest, the largest the heaviest
        at = (np.log(out[main]) - np.log(lo)) / max(np.log(hi) - np.log(lo), 1e-9)
        spread = np.log(weight[1]) - np.log(weight[0])
        drawn = np.exp(np.log(weight[0]) + np.clip(at + rng.normal(0, 0.04, n), 0, 1) * spread)
    out["weight"] = np.clip(drawn, weight[0], weight[1])
    return out


def store_measure(
    view: TableView, batch: Batch, name: str, value: np.ndarray, rows: np.ndarray
) -> None:
    """`value` on `rows` of a measure column: rounded to its step, at least one step, inside
    its type's bounds."""
    col = batch[name]
    spec = view.specs[name]
    step = 1.0 if col.kind == "int" else spec.step or 0.001
    value = np.maximum(np.round(value / step) * step, step)
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, max(bounds[0], step), bounds[1])
    col.values[rows] = value[rows].astype(col.values.dtype)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    roles = rule.data["roles"]
    first = batch.get(next(iter(roles)))
    if first is None or any(batch.get(c) is None for c in roles):
        return
    n = first.values.size
    if "kind_source" in rule.data:
        got = source_values(view, Path(rule.data["fk"], rule.data["parent"]),
                            rule.data["kind_source"], batch)  # fmt: skip
        if got is None:
            return
        labels, unknown = np.asarray(got[0]).astype(str), got[1]
    else:
        kinds = batch.get(rule.columns[-1])
        if kinds is None:
            return
        labels, unknown = np.asarray(kinds.values).astype(str), kinds.nulls
    rng = row_rng(view, rule, idx)
    generic = _generic(roles)
    values = {c: np.zeros(n) for c in roles}
    rows = {c: np.zeros(n, dtype=bool) for c in roles}
    shapes = {**dict.fromkeys(rule.data["unknown"], generic), **rule.data["shapes"]}
    for label, shape in shapes.items():
        at = (labels == label) & ~unknown
        if not at.any():
            continue
        drawn = _draw(rng, shape, int(at.sum()))
        has = [shape[0], *(o[0] for o in shape[2])]
        for column, (role, unit) in roles.items():
            stand = role if role in _DERIVED else stand_in(has, role)
            if stand is not None:
                values[column][at] = drawn[stand] / unit
                rows[column] |= at
    for column in roles:
        store_measure(view, batch, column, values[column], rows[column])


RULE = RowRule(
    "shape",
    "a thing's sides and weight are its kind's, together (a beam below its length)",
    _plan,
    _apply,
    phases={"shape": Phase.ROW},
    after=("magnitude",),
    before=("strength",),
)
