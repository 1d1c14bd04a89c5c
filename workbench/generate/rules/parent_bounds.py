"""A value lies within the bounds its parent states for it: a row's number (a charge's `kw`,
an order line's `quantity`, a group's `participants`) whose parent (one key away, or two: a
line's product's range) states a lowest and/or a highest of the same measure (a tariff's
`min_kw`/`max_kw`, a product's `min_qty`, a workshop's `min_participants`/
`max_participants`: a word of the low or the high end, then the child's own words, or the
words then the end's: `kw_min`) holds a value inside them. A row drawn outside picks again
inside, at random (a whole number where the column keeps no decimals, in the column's
scale); a lowest with no highest lifts a value below it to the lowest or a little above; a
row whose bounds are unknown keeps its value, and so does one a CHECK of its own would
refuse. A measure a thing has by its kind (a vehicle's height: vocab/magnitudes.py) is not
bounded here: a lane's random clearance would cut a coach down. A party's size within a
capacity is rules/headcount.py's, a person's age within a plan's ages rules/age_fit.py's;
bounds of the row's own are rules/bounds.py's.

Read from the names' words, no table named here; runs before the arithmetic rule prices a
line's quantity."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import paths_of, source_values
from workbench.generate.vocab.magnitudes import measure_of
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

LOW = frozenset({"min", "minimum", "lowest", "least"})
HIGH = frozenset({"max", "maximum", "highest", "most"})
# a short word and the word it stands for, so `min_qty` bounds a `quantity`
SAME = {"qty": "quantity", "amt": "amount", "nb": "number", "num": "number", "pct": "percent"}
_NUMBERS = frozenset({"int", "decimal", "float"})
# a lowest alone: a value below it becomes one up to this share above it
_ABOVE = 0.5


@functools.lru_cache(maxsize=65536)  # a column's name, asked by each rule of each table
def _words(name: str) -> tuple[str, ...]:
    return tuple(SAME.get(w, w) for w in normalise(name).split("_"))


def stated_bounds(schema: Schema, table: Table) -> dict[tuple[str, ...], list[str]]:
    """A table's number columns naming a low or a high end of a measure, by the measure's
    words: [lowest column, highest column] ("" where the table states none)."""
    out: dict[tuple[str, ...], list[str]] = {}
    for column in table.columns:
        info = resolve_type(schema, column.type)
        if info.kind not in _NUMBERS or info.array_dims:
            continue
        words = _words(column.name)
        for end, rest in ((words[0], words[1:]), (words[-1], words[:-1])):
            if rest and (end in LOW or end in HIGH):
                side = out.setdefault(rest, ["", ""])
                slot = 0 if end in LOW else 1
                if not side[slot]:
                    side[slot] = column.name
                break
    return out


def keep_columns(view: TableView) -> set[str]:
    """A table's stated bounds, kept for the rows under it."""
    return {c for pair in stated_bounds(view.schema, view.table).values() for c in pair if c}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    taken: set[str] = set()
    for path in paths_of(view):
        table = view.schema.tables.get(path.table)
        if table is None or path.table == view.tp.name:
            continue
        for measure, (low, high) in stated_bounds(view.schema, table).items():
            for name, spec in view.specs.items():
                if name in taken or spec.kind not in _NUMBERS or not free(view, name):
                    continue
                if _words(name) != measure or measure_of(normalise(name)) is not None:
                    continue  # a size by what the thing is (vocab/magnitudes) is not bounded
                taken.add(name)
                ends = "..".join(c or "" for c in (low, high))
                detail = f"{name} within {path.table}.{ends}"
                out.append(
                    Rule("parent_bounds", [name], detail, {"path": path, "ends": [low, high]})
                )
    return out


def _ends(view: TableView, rule: Rule, batch: Batch, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Each row's lowest and highest (-inf, inf where unknown or unstated)."""
    out = []
    for at, column in enumerate(rule.data["ends"]):
        edge = -np.inf if at == 0 else np.inf
        got = source_values(view, rule.data["path"], column, batch) if column else None
        if got is None:
            out.append(np.full(n, edge))
            continue
        values = np.asarray(got[0], dtype=object)
        nulls = np.asarray(got[1], bool) | np.asarray([v is None for v in values.tolist()])
        numbers = np.asarray([edge if m else float(v) for v, m in zip(values, nulls, strict=True)])
        out.append(numbers)
    return out[0], out[1]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    name = rule.columns[0]
    col = batch.get(name)
    if col is None or not col.values.size:
        return
    n = col.values.size
    lo, hi = _ends(view, rule, batch, n)
    values = np.asarray(col.values, dtype=float)
    stated = np.isfinite(lo) | np.isfinite(hi)
    wrong = ~col.nulls & stated & ((values < lo) | (values > hi)) & (np.isinf(lo) | (lo <= hi))
    rows = np.flatnonzero(wrong)
    if not rows.size:
        return
    spec = view.specs[name]
    scale = 0 if spec.kind == "int" else (spec.info.scale if spec.info.scale is not None else 2)
    rng = row_rng(view, rule, idx)
    a, b = lo[rows], hi[rows]
    floor = np.where(np.isfinite(a), a, np.minimum(b, 0.0))
    top = np.where(np.isfinite(b), b, floor + np.maximum(np.abs(floor) * _ABOVE, 1.0))
    if scale == 0:
        floor, top = np.ceil(floor), np.floor(top)
        fits = floor <= top
        drawn = floor + np.floor(rng.random(rows.size) * (top - floor + 1))
    else:
        fits = floor <= top
        drawn = np.round(floor + rng.random(rows.size) * (top - floor), scale)
        drawn = np.clip(drawn, floor, top)
    fits &= _checked(spec, drawn)
    keep = rows[fits]
    col.values[keep] = drawn[fits].astype(col.values.dtype)


def _checked(spec: ColumnSpec, values: np.ndarray) -> np.ndarray:
    """Where the values lie inside the bounds the column's own CHECKs state."""
    hints = spec.hints
    ok = np.ones(values.size, bool)
    if hints.lo is not None:
        ok &= values >= hints.lo if hints.lo_incl else values > hints.lo
    if hints.hi is not None:
        ok &= values <= hints.hi if hints.hi_incl else values < hints.hi
    return ok


RULE = RowRule(
    "parent_bounds",
    "a row's value lies within the lowest and highest its parent states for it",
    _plan,
    _apply,
    after=("headcount",),
    before=("unit_number",),
)
