"""A row's figure is decided by the catalogue entry it references: bookings of one service
last about what the service lasts and cost about what it costs, hires of one tool run about
its usual days, doses of one product measure alike.

Where the entry states its typical figure (a column named as the row's with a word of the
usual: `standard_duration_minutes` for a booking's `duration_minutes`, `base_price` for its
`price_charged`, `default_days` for a hire's `hire_days`, `typical_fee` for a job's `fee`; or
the same name, `duration_minutes` of a service and of its bookings, where the entry is a
catalogue), the row's figure is that one: most rows at it, the rest a little either side (a
discount, a job that ran over). Where it states none, and the entry is a catalogue (a table
of kinds of things: named as one, KINDS_OF_THINGS or a lookup's noun, or stating usual
figures; no times of its own but when it was written, no person, no place: a service, a
product, a job type) and the row a use of it (a row with a time of its
own: a booking, a dosing, a prescription; not another catalogue's row that requires a
level), rows of one entry draw near a typical figure of that entry's own, placed among what
the column's rows measure: entries differ, rows of one entry are alike. The figure is a
duration, a price or a measure by its name's words (a column counting or totalling something
is none). Runs after the span rules drew durations by the table's words (the entry's own
figure wins) and leaves what another rule decided."""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencers
from workbench.generate.kinds.meets import (
    FACTS,
    LOOKUPS,
    WORLD_PLACES,
    business_place,
    is_content,
    personal,
)
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, source_values
from workbench.generate.rules.shape import store_measure
from workbench.generate.vocab import lexicon
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_NUMBERS = ("int", "decimal", "float")
_TIMES = ("timestamp", "timestamptz", "date", "time", "timetz")
# words that name an entry's figure as the usual one for its rows
USUAL = frozenset({"standard", "std", "default", "typical", "usual", "normal", "base", "list",
                   "nominal", "expected", "estimated", "est", "recommended", "suggested",
                   "avg", "average", "planned", "regular", "catalogue", "catalog"})  # fmt: skip
# words that name a row's figure as what happened of the usual one
_ACTUAL = frozenset({"actual", "final", "charged", "agreed", "billed", "applied", "used",
                     "quoted", "real", "effective", "booked", "sold", "paid"})  # fmt: skip
# spellings of one unit
_UNITS = {"min": "minutes", "mins": "minutes", "minute": "minutes", "hr": "hours",
          "hrs": "hours", "hour": "hours", "h": "hours", "day": "days", "d": "days",
          "night": "nights", "week": "weeks", "wk": "weeks", "wks": "weeks",
          "litre": "litres", "liter": "litres", "liters": "litres", "l": "litres",
          "gram": "g", "grams": "g", "kilo": "kg", "kilos": "kg", "kgs": "kg"}  # fmt: skip
# words of a figure a row's entry decides: a length of time, money, an amount of a thing
FIGURES = frozenset({"duration", "minutes", "hours", "days", "nights", "weeks", "length",
                     "price", "fee", "charge", "cost", "rate", "fare", "kg", "g", "litres",
                     "ml", "dose", "dosage", "weight", "volume", "yield"})  # fmt: skip
# words of a figure no entry decides: a count, a total, a share, a place in a sequence
_NOT = frozenset({"total", "subtotal", "sum", "balance", "tax", "vat", "discount", "deposit",
                  "due", "count", "qty", "quantity", "number", "no", "num", "seq", "line",
                  "rating", "score", "year", "percent", "pct", "max", "minimum",
                  "maximum", "lo", "hi", "low", "high", "range", "limit", "lat", "lng",
                  "latitude", "longitude", "odometer", "meter", "reading"})  # fmt: skip
# the nouns of tables of kinds of things offered or used (beside meets.LOOKUPS: types, kinds,
# categories), singular or plural: a row references one to say what it is of
KINDS_OF_THINGS = (
    r"^(products?|services?|items?|treatments?|drugs?|medicines?|medications?|remed(y|ies)"
    r"|tools?|models?|plans?|packages?|menus?|courses?|tariffs?|articles?|parts?|materials?"
    r"|chemicals?|skus?|offerings?|procedures?|vaccines?|breeds?|species|variet(y|ies)"
    r"|crops?|grades?|classes|class|catalogu?es?|formulations?|substances?|feeds?|baits?"
    r"|supplies|supply|consumables?|activit(y|ies)|tasks?|jobs?|operations?)$"
)
_AT = 0.6  # the share of rows at their entry's stated figure
_SPREAD = 0.12  # the rest: the figure times e^N(0, this)
_BETWEEN = (0.1, 0.9)  # where an entry's own typical figure lies among the column's rows
_ROUND = 5  # minutes and money of whole fives stay on fives


def _words(name: str) -> list[str]:
    """The name's words, a unit in one spelling; a leading `min` is a minimum (`min_price`)."""
    words = [w for w in normalise(name).split("_") if w]
    return [("minimum" if i == 0 and w == "min" else _UNITS.get(w, w)) for i, w in enumerate(words)]


def _figure(name: str) -> bool:
    words = set(_words(name))
    return bool(words & FIGURES) and not words & _NOT


def _usual_of(child: str, parent: str, catalogue: bool) -> bool:
    """Whether the parent's column states the usual figure of the child's."""
    theirs, ours = _words(parent), _words(child)
    usual = bool(set(theirs) & USUAL)
    if not usual and not (catalogue and theirs == ours):
        return False
    if set(theirs) & _NOT:
        return False
    core = [w for w in theirs if w not in USUAL]
    mine = [w for w in ours if w not in _ACTUAL]
    return bool(core) and mine[-len(core) :] == core and core[-1] in FIGURES


def _numeric(schema: Schema, table: Table, name: str) -> bool:
    column = table.column(name)
    return column is not None and resolve_type(schema, column.type).kind in _NUMBERS


def _timeless(schema: Schema, table: Table) -> bool:
    """No person's, and no times of its own but when it was written."""
    if personal(schema, table.qualified):
        return False
    return not any(
        resolve_type(schema, c.type).kind in _TIMES and not lexicon.record_time(c.name)
        for c in table.columns
    )


@memo.by_identity  # asked of each parent of each column of each table
def catalogue(schema: Schema, table: Table) -> bool:
    """A table of kinds of things: named, no person, no place, no fact of the world, no times
    but when it was written, and keys only to tables as timeless (a category, a maker)."""
    noun = normalise(table.name).split("_")[-1]
    if any(re.search(words, noun) for words in (FACTS, WORLD_PLACES)) or is_content(table.name):
        return False
    usual = any(set(_words(c.name)) & USUAL for c in table.columns)
    if not (usual or re.search(LOOKUPS, noun) or re.search(KINDS_OF_THINGS, noun)):
        return False  # a paddock, a farm: a thing of its own, not a kind of things
    if business_place(schema, table.qualified) or not _timeless(schema, table):
        return False
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        if parent is not None and parent is not table and not _timeless(schema, parent):
            return False
    return any(resolve_type(schema, c.type).kind == "text" for c in table.columns)


def sources(schema: Schema, child: Table, parent: Table, column: str) -> str | None:
    """The parent's column stating the usual figure of the child's `column`."""
    if not _numeric(schema, child, column) or set(_words(column)) & _NOT:
        return None
    listed = catalogue(schema, parent)
    for other in parent.columns:
        if _numeric(schema, parent, other.name) and _usual_of(column, other.name, listed):
            return other.name
    return None


def keep_columns(view: TableView) -> set[str]:
    """The usual figures this table states, which the rows referencing it read."""
    return set(_usual_figures(view.schema, view.table))


@memo.by_identity  # a pure function of the schema, asked once per table and plan
def _usual_figures(schema: Schema, table: Table) -> frozenset[str]:
    out = set()
    for child in referencers(schema).get(table.qualified, ()):
        if not any(
            fk.ref_qualified == table.qualified and len(fk.columns) == 1
            for fk in child.foreign_keys
        ):
            continue
        for column in child.columns:
            found = sources(schema, child, table, column.name)
            if found is not None:
                out.add(found)
    return frozenset(out)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for r in planned if r.kind != "lasts" for c in r.columns}
    numbers = [c for c, s in view.specs.items()
               if s.kind in _NUMBERS and free(view, c) and c not in taken]  # fmt: skip
    keys = sorted(
        (fk for fk in view.table.foreign_keys
         if len(fk.columns) == 1 and fk.ref_qualified != view.table.qualified),
        key=lambda fk: view.specs[fk.columns[0]].nullable if fk.columns[0] in view.specs else True,
    )  # fmt: skip
    out = []
    for name in numbers:
        rule = None
        for fk in keys:
            parent = view.schema.tables.get(fk.ref_qualified)
            if parent is None or fk.columns[0] not in view.specs:
                continue
            found = sources(view.schema, view.table, parent, name)
            if found is not None:
                data = {"fk": fk.columns[0], "parent": fk.ref_qualified, "source": found}
                detail = f"{name} at its {parent.name}'s {found}, most rows, else near it"
                rule = Rule("entry_figure", [name, fk.columns[0]], detail, data)
                break
        if rule is None and _figure(name) and not _timeless(view.schema, view.table):
            for fk in keys:
                parent = view.schema.tables.get(fk.ref_qualified)
                if parent is not None and catalogue(view.schema, parent):
                    detail = f"{name} alike for rows of one {parent.name}"
                    rule = Rule("entry_alike", [name, fk.columns[0]], detail, {})
                    break
        if rule is not None:
            out.append(rule)
    return out


def _grid(values: np.ndarray, integer: bool) -> float:
    """Fives where the figures are whole fives (minutes, money), else the column's own step."""
    whole = values[np.isfinite(values)]
    if whole.size and np.all(np.mod(whole, _ROUND) == 0) and np.median(whole) >= 3 * _ROUND:
        return float(_ROUND)
    return 1.0 if integer else 0.0


def _rounded(value: np.ndarray, grid: float) -> np.ndarray:
    return np.maximum(np.round(value / grid) * grid, grid) if grid > 1 else value


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, keys = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if col is None or keys is None or col.values.size == 0:
        return
    rng = row_rng(view, rule, idx)
    n = col.values.size
    integer = col.kind == "int"
    if rule.kind == "entry_figure":
        path = Path(rule.data["fk"], rule.data["parent"])
        got = source_values(view, path, rule.data["source"], batch)
        if got is None:
            return
        usual = np.asarray(got[0], dtype=float)
        rows = ~got[1] & ~col.nulls & ~keys.nulls & (usual > 0)
        grid = _grid(usual[rows], integer)
        near = usual * np.exp(rng.normal(0.0, _SPREAD, n))
        value = np.where(rng.random(n) < _AT, usual, _rounded(near, grid))
        store_measure(view, batch, rule.columns[0], np.where(rows, value, 0.0), rows)
        return
    drawn = np.asarray(col.values, dtype=float)
    rows = ~col.nulls & ~keys.nulls & np.isfinite(drawn) & (drawn > 0)
    if rows.sum() < 2:
        return
    grid = _grid(drawn[rows], integer)
    labels = np.asarray(keys.values).astype(str)
    found, inverse = np.unique(labels, return_inverse=True)
    # one place per entry for all its figures (a model's day rate and week rate rank alike)
    salt = f"{view.seed}:{view.tp.name}:{rule.columns[1]}:"
    at = np.array([zlib.crc32((salt + k).encode()) / 2**32 for k in found.tolist()])
    lo, hi = _BETWEEN
    typical = np.quantile(np.log(drawn[rows]), lo + (hi - lo) * at)[inverse]
    value = _rounded(np.exp(typical + rng.normal(0.0, _SPREAD, n)), grid)
    store_measure(view, batch, rule.columns[0], np.where(rows, value, 0.0), rows)


RULE = RowRule(
    "by_entry",
    "a row's figure is its catalogue entry's: at its stated one, or alike within the entry",
    _plan,
    _apply,
    phases={"entry_figure": Phase.ROW, "entry_alike": Phase.ROW},
    after=("elapsed",),  # the entry's own figure wins over the table's words
    before=("lifetime",),
)
