"""A row's length follows the size of what it handles: an inspection of a light vehicle, a
service of a small machine, a wash of a compact car is over sooner than one of a heavy or a
large one. The size is a flag or a label of the row or of what it points to a key or two away
(rules/label_bands.labelled): a boolean named for the large class (`is_heavy`, `oversized`:
false is the light class) or for the small one (`is_light`, `compact`: true is), nearest
first, else a kind column whose labels name both classes (`light`, `heavy`). Once span gave the
row its start and end (rules/span.py), the length of a row of the light class is cut to
LIGHT of it, never below the shortest the span allows; a heavy one keeps its length, so the
row's end stays within its day, by the run's clock, as span placed it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.label_bands import labelled, listed_labels, row_labels
from workbench.generate.rules.times import as_us, store
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

# the words of the large class and of the small one, in a flag's name or a label
HEAVY = frozenset({"heavy", "large", "big", "oversize", "oversized", "bulky", "hgv", "xl"})
LIGHT_WORDS = frozenset({"light", "small", "mini", "compact", "lightweight", "little", "micro"})
# a light row's share of the length span drew
LIGHT = 0.6
_TRUE = ("true", "t", "1", "yes")
_MINUTE_US = 60_000_000


def _flag(schema: Schema, table: Table) -> tuple[str, dict[str, float]] | None:
    """A boolean column naming a size class, and each value's share of the length."""
    for column in table.columns:
        if resolve_type(schema, column.type).kind != "bool":
            continue
        words = set(normalise(column.name).split("_"))
        if words & HEAVY:
            return column.name, {v: 1.0 for v in _TRUE} | {"false": LIGHT, "f": LIGHT}
        if words & LIGHT_WORDS:
            return column.name, {v: LIGHT for v in _TRUE}
    return None


def _size_column(schema: Schema, table: Table) -> tuple[str, dict[str, float]] | None:
    """The table's size flag (`_flag`), else a column whose labels name a light and a heavy
    class (`light`, `heavy_goods`), and each label's share of the length."""
    found = _flag(schema, table)
    if found is not None:
        return found
    for column in table.columns:
        labels = listed_labels(schema, table, column)
        words = {lb: set(normalise(lb).split("_")) for lb in labels}
        light = {lb for lb, w in words.items() if w & LIGHT_WORDS and not w & HEAVY}
        if light and any(w & HEAVY for w in words.values()):
            return column.name, {lb: LIGHT for lb in light}
    return None


def keep_columns(view: TableView) -> set[str]:
    """This table's size flag or label, which its children's lengths follow."""
    found = _size_column(view.schema, view.table)
    return {found[0]} if found is not None else set()


def _flagged(schema: Schema, table: str) -> bool:
    found = schema.tables.get(table)
    return found is not None and _flag(schema, found) is not None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    spans = [r for r in planned if r.kind == "span" and not r.data.get("time_of_day")]
    if not spans:
        return []
    found = labelled(view, _size_column, prefer=_flagged)
    if found is None:
        return []
    data, where = found
    out = []
    for span in spans:
        end, start = span.columns
        detail = f"{end} sooner after {start} where {where} {data['source']} says light"
        out.append(Rule("sized_span", [end, start], detail, {**data, "lo": span.data["scale"][0]}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    got = row_labels(view, rule.data, batch)
    if end is None or start is None or got is None or end.kind != "timestamp":
        return
    labels, missing = got
    lowered = np.char.lower(labels)
    share = np.ones(labels.size)
    for label, part in rule.data["bands"].items():
        share[(lowered == label.lower()) & ~missing] = part
    rows = np.flatnonzero((share < 1.0) & ~end.nulls & ~start.nulls)
    if not rows.size:
        return
    begin, finish = as_us(start)[rows], as_us(end)[rows]
    took = (finish - begin).astype(np.int64)
    least = int(rule.data["lo"] * _MINUTE_US)
    cut = np.maximum(took * share[rows], np.minimum(took, least))
    cut = np.round(cut / (5 * _MINUTE_US)) * 5 * _MINUTE_US  # on five minutes, as span draws
    cut = np.clip(cut, np.minimum(took, least), took).astype(np.int64)
    moved = as_us(end).copy()
    moved[rows] = begin + cut.astype("timedelta64[us]")
    store(end, moved, rows)


RULE = RowRule(
    "sized_span",
    "a light thing handled is over sooner than a heavy one (an inspection of a car, of a truck)",
    _plan,
    _apply,
    phases={"sized_span": Phase.FINAL},
    after=("span",),  # once span gave the row its length
    before=("work_day",),
)
