"""A price follows the quality its row is graded by: a night at a five-star hotel costs
several times one at a one-star hotel, a first-class fare several times an economy one, a
premium tier several times a basic one. The quality is an ordered grade of the row or of an
ancestor (a key or two away): an integer column a CHECK bounds to a few steps (`star_rating`
1 to 5), or a label column whose declared values are its steps in order (an enum, a CHECK's
list: `segment` economy, midscale, upscale, luxury), named by a grade word (vocab/lexicon.py
QUALITY: star, class, grade, tier, segment, level). Each step multiplies the price by the
same ratio (log-linear), the middle step keeping its typical price, the whole ladder about
_SPAN times from bottom to top; the price's own spread narrows (the grade explains most of
it). Shared by a hotel's rates by star rating, a car rental's daily price by class, an
airline's fares by cabin, a restaurant's prices by its price level, a SaaS plan's fee by
tier. Applied before the money rule scales the price to the row's currency."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab.lexicon import QUALITY
from workbench.generate.vocab.unit_prices import PRICE_WORDS
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Column, Schema, Table

_SPAN = 6.5  # the top step's price over the bottom step's
_SPREAD = 0.55  # the price's own spread kept beside its grade (as a power of its ratio)
_STEPS = (3, 10)  # how many steps a grade has


def _steps(schema: Schema, table: Table, column: Column) -> list[Any] | None:
    """A grade column's steps in order (its values), else None."""
    words = set(normalise(column.name).split("_"))
    info = resolve_type(schema, column.type)
    if not words & QUALITY and not (info.kind == "enum" and set(info.name.split("_")) & QUALITY):
        return None
    hints = column_hints(schema, table, column)
    if info.kind == "int" and hints.lo is not None and hints.hi is not None:
        lo = int(hints.lo) + (0 if hints.lo_incl else 1)
        hi = int(hints.hi) - (0 if hints.hi_incl else 1)
        steps: list[Any] = list(range(lo, hi + 1))
    elif info.kind == "enum":
        steps = [v for v in info.labels if v not in hints.excluded]
    elif info.kind == "text" and hints.allowed is not None:
        steps = [v for v in hints.allowed if v not in hints.excluded]
    else:
        return None
    return steps if _STEPS[0] <= len(steps) <= _STEPS[1] else None


def _price(name: str, generator: str) -> bool:
    """A price of what the row sells (money per a unit, or money named by a price word: a
    rate, a fare, a fee), not any amount: a balance, a total or a declared value follows no
    grade."""
    if generator == "price_per_unit":
        return True
    return generator == "price" and bool(set(normalise(name).split("_")) & PRICE_WORDS)


def keep_columns(view: TableView) -> set[str]:
    """This table's grades, which a child's price reads."""
    return {c.name for c in view.table.columns if _steps(view.schema, view.table, c)}


def _grade(view: TableView) -> tuple[Path | None, str, list[Any]] | None:
    """The row's own grade, else the nearest ancestor's (a parent's, then a grandparent's)."""
    for column in view.table.columns:
        steps = _steps(view.schema, view.table, column)
        if steps is not None:
            return None, column.name, steps
    for hops in (False, True):
        for path in paths_of(view):
            table = view.schema.tables.get(path.table)
            if (path.via is not None) != hops or table is None:
                continue
            for column in table.columns:
                steps = _steps(view.schema, table, column)
                if steps is not None:
                    return path, column.name, steps
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    prices = [c for c, s in view.specs.items() if _price(c, s.generator) and free(view, c)]
    if not prices:
        return []
    found = _grade(view)
    if found is None:
        return []
    path, source, steps = found
    data: dict[str, Any] = {"source": source, "steps": steps}
    where = "its"
    if path is not None:
        data["path"] = [path.fk, path.parent, path.via, path.target, path.target_key]
        where = f"its {path.table.rsplit('.', 1)[-1]}'s"
    out = []
    for name in prices:
        detail = f"{name} by {where} {source}: each step dearer by the same ratio"
        out.append(Rule("ladder", [name], detail, dict(data)))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None or not idx.size:
        return
    steps = rule.data["steps"]
    if "path" in rule.data:
        got = source_values(view, Path(*rule.data["path"]), rule.data["source"], batch)
        if got is None:
            return
        grades, missing = got
    else:
        own = batch.get(rule.data["source"])
        if own is None:
            return
        grades, missing = own.values, own.nulls
    position = {str(s): at for at, s in enumerate(steps)}
    found, inverse = np.unique(np.asarray(grades).astype(str), return_inverse=True)
    at = np.array([position.get(g, -1) for g in found.tolist()], dtype=float)[inverse]
    rows = ~np.asarray(missing, dtype=bool) & (at >= 0) & ~col.nulls
    value = np.asarray(col.values, dtype=float)
    rows &= value > 0
    if not rows.any():
        return
    spec = view.specs[rule.columns[0]]
    prices = spec.params.get("prices")
    typical = float(prices[1]) if prices else float(np.median(value[rows]))
    ratio = _SPAN ** (1.0 / (len(steps) - 1))
    middle = (len(steps) - 1) / 2.0
    made = typical * (value / typical) ** _SPREAD * ratio ** (at - middle)
    bounds = spec.info.bounds()
    if bounds is not None:
        made = np.clip(made, bounds[0], bounds[1])
    step = 1.0 if col.kind == "int" else spec.step or 0.01
    made = np.maximum(np.round(made / step) * step, step)
    col.values[rows] = made[rows].astype(col.values.dtype)


RULE = RowRule(
    "ladder",
    "a price follows the ordered grade of its row or an ancestor (stars, class, tier)",
    _plan,
    _apply,
    phases={"ladder": Phase.PARENTS},  # the first rule: lineage's money runs after it
)
