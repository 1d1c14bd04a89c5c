"""A space or a container measures what one of its kind measures, all its measures together:
a parking bay of a kind is so long and so wide, a storage unit of a size category so many
square metres under a ceiling of a few metres, a bin of a kind holds so many litres. Its floor
area is its sides' product (width x depth), whatever units the names state (`width_m`,
`depth_ft`, `area_sqft`, `volume_litres`, `capacity_m3`).

What the row is comes from a column of labels (an enum's or a CHECK's list) whose labels name
spaces or containers (vocab/footprints.py, data/footprints.tsv, and the floor areas of
data/magnitudes.tsv): the row's own, else its parent's one key away (a unit's type's size
category), else the table's name (a table of lockers). A label is read word by word: the
whole label, numbers with units in it (`5x10`, `240l`, `20ft`), its size words (`small`,
`extra_large`, `xl`, `jumbo`) on the thing its other words name or, where they name none, on
the table's thing or a thing between the column's other things (a locker and a container:
a medium storage unit). Columns this rule sets are left alone by rules/magnitude.py and
rules/shape.py. Nothing here names a table: the measures, the kinds and the things are read
from the schema and the data files."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.categories import labels as category_labels
from workbench.generate.kinds.context import nouns_around
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.rules.span import KIND_WORDS
from workbench.generate.vocab.footprints import (
    Footprint,
    aspect,
    base_of,
    footprint_of,
    sizes_of,
    thing_of,
)
from workbench.generate.vocab.shapes import role_of, shape_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_NUMBERS = ("int", "decimal", "float")
_KNOWN = 0.6  # the share of a column's labels that must name a space or a container
# the words of a table of types (a unit's type, a slot's class, a bin's model): its labels say
# what the row is; a parent of other names is where the row stands (a zone, a site)
_TYPE_WORDS = frozenset({"kind", "type", "category", "categorie", "class", "classe", "size",
                         "model", "grade", "tier", "variant", "spec", "template", "format",
                         "style", "group", "band"})  # fmt: skip
_FILL = 0.9  # what a space holds as a share of its floor times its height
# a row's measures and the unit of each role: metres for sides, m2 for a floor, litres held
_TO_BASE = {"length": 0.01, "width": 0.01, "depth": 0.01, "height": 0.01, "area": 1e-4,
            "volume": 1e-3}  # fmt: skip


def _roles(view: TableView) -> dict[str, list[Any]]:
    """Each free numeric column naming a side, a floor area or a volume in a unit: (role,
    factor to the role's base unit)."""
    out = {}
    for name, spec in view.specs.items():
        found = role_of(normalise(name))
        if found is None or spec.kind not in _NUMBERS or not free(view, name):
            continue
        role, unit = found
        if role in _TO_BASE:
            out[name] = [role, unit * _TO_BASE[role]]
    return out


def _words(name: str) -> set[str]:
    return {w[:-1] if w.endswith("s") and not w.endswith("ss") else w
            for w in normalise(name).split("_")}  # fmt: skip


def _table_thing(schema: Schema, table: Table, around: frozenset[str]) -> Footprint | None:
    """The thing a table's name names: whole and singular (`rack_slots`: a rack slot), else
    its last word naming one."""
    name = normalise(table.name)
    single = name[:-1] if name.endswith("s") and not name.endswith("ss") else name
    return thing_of(single, around) or thing_of(name, around)


def _shaped(labels: Sequence[str]) -> bool:
    """Whether most of these labels (two at least) name things of a shape (vocab/shapes)."""
    known = sum(shape_of(normalise(label)) is not None for label in labels)
    return known >= 2 and known >= _KNOWN * len(labels)


def _footprints(
    labels: Sequence[str], around: frozenset[str], table: Footprint | None
) -> dict[str, Footprint] | None:
    """Each label's footprint, where most of them (two at least) name one: a label of size
    words alone is a size of the table's thing, else of a thing between the others."""
    if _shaped(labels):
        return None  # things of a shape (an ISO container's type): rules/shape.py
    named = {lab: thing_of(normalise(lab), around) for lab in labels}
    things = [f for lab, f in named.items() if f is not None and sizes_of(normalise(lab))[0] == 1]
    base = table if table is not None else base_of(things)
    found = {}
    for label in labels:
        got = footprint_of(normalise(label), around, base)
        if got is not None and (got.typical() is not None or got.height is not None):
            found[label] = got
    if len(found) >= min(2, len(labels)) and found and len(found) >= _KNOWN * len(labels):
        return found
    return None


def _own(view: TableView, around: frozenset[str], table: Footprint | None) -> Any:
    named = sorted(view.specs, key=lambda c: not set(normalise(c).split("_")) & KIND_WORDS)
    for name in named:
        labels = labels_of(view.specs[name])
        found = _footprints(labels, around, table) if labels else None
        if found is not None:
            return name, found
    return None


def _kinds_unknown(view: TableView) -> bool:
    """Whether the row names its own kind (a column named for a kind, with labels) in words
    no footprint knows (a toll passage's vehicle class): then it is that kind, not its
    table's thing (a passage), and rules/magnitude.py sizes it."""
    for name, spec in view.specs.items():
        if set(normalise(name).split("_")) & KIND_WORDS and len(labels_of(spec)) >= 2:
            return True
    return False


def _parent(view: TableView, table: Footprint | None) -> Any:
    """A labelled column of a parent one key away, a table of types (its name a kind word's or
    sharing one with the row's table: `unit_types` of `units`), whose labels name spaces or
    containers (a unit's type's size category), a kind column first."""
    mine = _words(view.table.name)
    for path in paths_of(view):
        parent = view.schema.tables.get(path.parent)
        if path.via is not None or parent is None:
            continue
        if not _words(parent.name) & (_TYPE_WORDS | mine):
            continue  # a place the row stands in (a zone, a site), not what the row is
        around = nouns_around(view.schema, parent)
        columns = sorted(parent.columns, key=lambda c: not set(c.name.split("_")) & KIND_WORDS)
        for column in columns:
            listed = category_labels(view.schema, parent, column)
            found = _footprints(listed, around, table) if listed else None
            if found is not None:
                return path, column.name, found
    return None


def keep_columns(view: TableView) -> set[str]:
    """This table's labelled columns whose labels name spaces or containers, which a child
    without a kind of its own reads."""
    around = nouns_around(view.schema, view.table)
    out = set()
    for name, spec in view.specs.items():
        labels = labels_of(spec)
        if labels and _footprints(labels, around, None) is not None:
            out.add(name)
    return out


def _as_data(footprint: Footprint) -> dict[str, list[float]]:
    return {k: list(v) for k, v in vars(footprint).items() if v is not None}


def _answered(roles: dict[str, list[Any]], found: dict[str, Footprint]) -> dict[str, list[Any]]:
    """The row's measures the things' footprints say: a floor's sides and area where one has
    a floor, a height where one has a height, a volume where one holds one or has a floor
    and a height. A
    depth beside both a length and a width is another measure (a berth's water)."""
    floor = any(f.area is not None or f.long is not None for f in found.values())
    high = any(f.height is not None for f in found.values())
    held = any(f.volume is not None for f in found.values()) or (floor and high)
    have = {r for r, _ in roles.values()}
    out = {}
    for column, (role, unit) in roles.items():
        if role == "depth" and {"length", "width"} <= have:
            continue
        said = {"volume": held, "height": high}.get(role, floor)
        if said:
            out[column] = [role, unit]
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    roles = _roles(view)
    if not roles:
        return []
    if any(_shaped(labels_of(spec)) for spec in view.specs.values()):
        return []  # things of a shape (an ISO container's type): rules/shape.py
    around = nouns_around(view.schema, view.table)
    table = _table_thing(view.schema, view.table, around)
    data: dict[str, Any] = {"roles": roles}
    own = _own(view, around, table)
    if own is not None:
        kind, found = own
        columns = [*roles, kind]
        detail = f"{', '.join(roles)} by the size of its {kind}, together"
    elif (through := _parent(view, table)) is not None:
        path, kind, found = through
        data.update({"fk": path.fk, "parent": path.parent, "kind_source": kind})
        columns = list(roles)
        short = path.parent.rsplit(".", 1)[-1]
        detail = f"{', '.join(roles)} by the size of its {short}'s {kind}, together"
    elif table is not None and not _kinds_unknown(view):
        found = {"": table}
        columns = list(roles)
        detail = f"{', '.join(roles)} by the size of its table's thing, together"
    else:
        return []
    answered = _answered(roles, found)
    if not answered:
        return []
    if answered != roles:
        columns = [c for c in columns if c in answered or c not in roles]
        detail = detail.replace(", ".join(roles), ", ".join(answered), 1)
    data["roles"] = answered
    data["things"] = {label: _as_data(f) for label, f in found.items()}
    return [Rule("footprint", columns, detail, data)]


def _tri(rng: np.random.Generator, band: list[float], n: int) -> np.ndarray:
    lo, typical, hi = band
    if hi <= lo:
        return np.full(n, float(lo))
    if lo > 0 and hi > 20 * lo:  # spans orders of magnitude: in ratio
        low, high = np.log(lo), np.log(hi)
        mode = min(max(np.log(typical), low), high)
        return np.asarray(np.exp(rng.triangular(low, mode, high, n)))
    return rng.triangular(lo, min(max(typical, lo), hi), hi, n)


def _draw(rng: np.random.Generator, f: dict[str, list[float]], n: int) -> dict[str, np.ndarray]:
    """A thing's long and short sides, floor area, height (m, m2) and volume (litres)."""
    out: dict[str, np.ndarray] = {}
    if "long" in f:
        out["long"] = _tri(rng, f["long"], n)
        if "short" in f:
            out["short"] = np.minimum(_tri(rng, f["short"], n), out["long"])
        else:
            out["short"] = out["long"] / _tri(rng, list(aspect()), n)
        out["area"] = out["long"] * out["short"]
    elif "area" in f:
        out["area"] = _tri(rng, f["area"], n)
        ratio = _tri(rng, list(aspect()), n)
        out["long"] = np.sqrt(out["area"] * ratio)
        out["short"] = out["area"] / out["long"]
    if "height" in f:
        out["height"] = _tri(rng, f["height"], n)
    if "volume" in f:
        out["volume"] = _tri(rng, f["volume"], n)
    elif "area" in out and "height" in out:
        out["volume"] = out["area"] * out["height"] * 1000 * _FILL
    return out


def _sides(roles: dict[str, list[Any]]) -> dict[str, str]:
    """Which of the thing's drawn measures each column holds: a length is the long side, a
    width the short one, a depth the long side beside a width and the short one beside a
    length."""
    have = {r for r, _ in roles.values()}
    out = {}
    for column, (role, _unit) in roles.items():
        if role == "depth":
            out[column] = "short" if "length" in have else "long"
        else:
            out[column] = {"length": "long", "width": "short"}.get(role, role)
    return out


def _stored(view: TableView, name: str, value: np.ndarray) -> np.ndarray:
    """The value as the column holds it: on its step, within its type's bounds."""
    spec = view.specs[name]
    step = 1.0 if spec.kind == "int" else spec.step or 0.001
    value = np.maximum(np.round(value / step) * step, step)
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, max(bounds[0], step), bounds[1])
    return value


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    roles = rule.data["roles"]
    cols = {c: batch.get(c) for c in roles}
    if any(c is None for c in cols.values()):
        return
    n = next(iter(cols.values())).values.size  # type: ignore[union-attr]
    if "kind_source" in rule.data:
        got = source_values(view, Path(rule.data["fk"], rule.data["parent"]),
                            rule.data["kind_source"], batch)  # fmt: skip
        if got is None:
            return
        labels, unknown = np.asarray(got[0]).astype(str), got[1]
    elif len(rule.columns) > len(roles):
        kinds = batch.get(rule.columns[-1])
        if kinds is None:
            return
        labels, unknown = np.asarray(kinds.values).astype(str), kinds.nulls
    else:
        labels, unknown = np.full(n, ""), np.zeros(n, dtype=bool)
    rng = row_rng(view, rule, idx)
    measures = _sides(roles)
    for label, f in rule.data["things"].items():
        at = (labels == label) & ~unknown
        if not at.any():
            continue
        drawn = _draw(rng, f, int(at.sum()))
        held: dict[str, np.ndarray] = {}
        for column, (role, unit) in roles.items():
            if role == "area" or measures[column] not in drawn:
                continue
            held[column] = _stored(view, column, drawn[measures[column]] / unit)
        sides = [c for c in held if roles[c][0] in ("length", "width", "depth")]
        floor = drawn.get("area")
        if len(sides) >= 2 and floor is not None:  # the floor of the sides as stored
            long = [c for c in sides if measures[c] == "long"]
            short = [c for c in sides if measures[c] == "short"]
            if long and short:
                floor = (held[long[0]] * roles[long[0]][1]) * (held[short[0]] * roles[short[0]][1])
        for column, (role, unit) in roles.items():
            if role == "area" and floor is not None:
                held[column] = _stored(view, column, floor / unit)
        for column, value in held.items():
            col = batch[column]
            col.values[at] = value.astype(col.values.dtype)
            col.nulls[at] = False


RULE = RowRule(
    "footprint",
    "a space's or a container's sides, floor and volume are its kind's, together",
    _plan,
    _apply,
    phases={"footprint": Phase.ROW},
    after=("code_class",),
    before=("magnitude",),
)


def footprinted(planned: Sequence[Rule]) -> set[str]:
    """The columns a footprint rule planned before sets (rules/magnitude.py, rules/shape.py
    leave them alone)."""
    return {c for r in planned if r.kind == "footprint" for c in r.data["roles"]}
