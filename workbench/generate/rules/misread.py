"""A read of a thing another table holds is that thing, misread on a few rows, and the reader's
confidence is high where it read right (vocab/reads.py).

- the read (`plate_text` of a camera's read, reaching a vehicle's `registration` through its
  session; `scanned_barcode` reaching an item's `barcode`): a text column naming the thing and
  a word of reading, where exactly one table the row reaches by its keys (one hop or two) has
  a text column that is the thing. It copies that value; a row that reaches none (a read
  matched to no session) reads one of that table's values all the same (a vehicle passing
  by). reads.MISREAD_SHARE of the rows misread it: one character taken for another (0 for O,
  8 for B: reads.CONFUSED).
- the confidence (`confidence`, `match_confidence`) of the same table: 1 less an exponential
  shortfall of about reads.GOOD_SHORTFALL on the rows read right, within
  reads.MISREAD_CONFIDENCE on the misread ones; out of 100 where its bounds say so. Alone
  (no read beside it), a confidence is drawn as on the rows read right.

The thing's column is kept with its table's keys (`keep_columns`, read by rules/lineage.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab import reads
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


def _text_columns(schema: Schema, table: Table) -> list[str]:
    return [
        c.name
        for c in table.columns
        if c.generated is None and resolve_type(schema, c.type).kind == "text"
    ]


def _source(schema: Schema, table: Table, thing: str) -> tuple[str, str] | None:
    """(the table, its column) that is the thing, where exactly one table has one."""
    found = [
        (table.qualified, c) for c in _text_columns(schema, table) if reads.names_thing(c, thing)
    ]
    return found[0] if len(found) == 1 else None


def _reaches(schema: Schema, table: Table) -> list[Table]:
    """The tables `table` reaches by its single-column keys, one hop or two."""
    out: list[Table] = []
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        if parent is None or parent is table:
            continue
        out.append(parent)
        for pfk in parent.foreign_keys:
            grand = schema.tables.get(pfk.ref_qualified)
            if len(pfk.columns) == 1 and grand is not None and grand is not parent:
                out.append(grand)
    return out


@memo.by_identity
def read_sources(schema: Schema, table: Table) -> dict[str, tuple[str, str]]:
    """The table's reads: column → (the table it reads, the column that is the thing)."""
    out = {}
    keyed = {c for fk in table.foreign_keys for c in fk.columns}
    for column in _text_columns(schema, table):
        thing = reads.thing_read(column)
        if thing is None or column in keyed:
            continue
        found = {s for t in _reaches(schema, table) if (s := _source(schema, t, thing))}
        if len(found) == 1:
            out[column] = found.pop()
    return out


@memo.by_identity
def _copied(schema: Schema) -> dict[str, frozenset[str]]:
    """Per table: its columns another table's reads copy."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for source_table, column in read_sources(schema, table).values():
            if source_table != table.qualified:
                out.setdefault(source_table, set()).add(column)
    return {table: frozenset(columns) for table, columns in out.items()}


def keep_columns(view: TableView) -> set[str]:
    """The columns of this table another table's reads copy."""
    return set(_copied(view.schema).get(view.table.qualified, ()))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    sources = read_sources(view.schema, view.table)
    paths = paths_of(view)
    out = []
    scores = [
        c
        for c, s in view.specs.items()
        if reads.confidence(c) and s.kind in ("decimal", "float") and free(view, c)
    ]
    score = scores[0] if len(scores) == 1 else None
    for column, (table, source) in sources.items():
        if not free(view, column):
            continue
        path = next((p for p in paths if p.table == table), None)
        if path is None:
            continue
        data = {"path": path, "source": source, "score": score}
        detail = f"{column} reads {table}.{source} through {path.fk}, misread on a few rows"
        if score is not None:
            detail += f"; {score} high where it read right"
        out.append(Rule("misread", [column, *([score] if score else [])], detail, data))
        score = None
    if score is not None:
        detail = f"{score} high on most rows"
        out.append(Rule("misread", [score], detail, {"path": None, "score": score}))
    return out


def _misread(text: str, rng: np.random.Generator) -> str:
    """The text with one character taken for another (or dropped where none is confusable)."""
    at = [i for i, ch in enumerate(text) if ch.upper() in reads.CONFUSED]
    if at:
        i = at[int(rng.integers(0, len(at)))]
        return text[:i] + reads.CONFUSED[text[i].upper()] + text[i + 1 :]
    spots = [i for i, ch in enumerate(text) if ch.isalnum()]
    if not spots:
        return text
    i = spots[int(rng.integers(0, len(spots)))]
    return text[:i] + text[i + 1 :]


def _read(view: TableView, rule: Rule, batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """Copy the thing into the read; the rows misread (a mask)."""
    col = batch[rule.columns[0]]
    n = col.values.size
    path: Path = rule.data["path"]
    got = source_values(view, path, rule.data["source"], batch)
    kept = view.keys.tables.get(path.table, {}).get(rule.data["source"])
    if got is None or kept is None:
        return np.zeros(n, bool)
    values, missing = got
    pool = np.flatnonzero(~kept.nulls)
    out = np.asarray(values, dtype=object).copy()
    if missing.any() and pool.size:
        out[missing] = kept.values[pool[rng.integers(0, pool.size, int(missing.sum()))]]
    ok = ~missing | (pool.size > 0)
    wrong = ok & (rng.random(n) < reads.MISREAD_SHARE)
    for i in np.flatnonzero(wrong):
        out[i] = _misread(str(out[i]), rng)
    limit = view.specs[rule.columns[0]].max_len
    rows = np.flatnonzero(ok)
    col.values[rows] = [str(v)[:limit] if limit else str(v) for v in out[rows]]
    col.nulls[rows] = False
    return wrong


def _score(
    view: TableView, col: Col, name: str, wrong: np.ndarray, rng: np.random.Generator
) -> None:
    """A confidence high on the rows read right, lower on the misread ones."""
    n = col.values.size
    good = 1.0 - np.minimum(rng.exponential(reads.GOOD_SHORTFALL, n), 0.5)
    lo, hi = reads.MISREAD_CONFIDENCE
    value = np.where(wrong, lo + rng.random(n) * (hi - lo), good)
    spec = view.specs[name]
    top = spec.hints.hi
    if top is not None and float(top) > 1.5:
        value = value * 100.0  # a score out of 100
    scale = spec.info.scale if spec.info.scale is not None else 3
    step = 10.0**-scale
    value = np.floor(value / step) * step
    if top is not None:
        value = np.minimum(value, float(top) - (0 if spec.hints.hi_incl else step))
    col.values[:] = np.round(value, scale)
    col.nulls[:] = col.nulls & spec.nullable


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    first = batch.get(rule.columns[0])
    if first is None:
        return
    wrong = np.zeros(first.values.size, bool)
    if rule.data["path"] is not None:
        wrong = _read(view, rule, batch, rng)
    score = rule.data["score"]
    if score is not None and (col := batch.get(score)) is not None:
        _score(view, col, score, wrong, rng)


RULE = RowRule(
    "misread",
    "a read of a thing another table holds is that thing, misread on a few rows (plate_text)",
    _plan,
    _apply,
    after=("lineage",),
    before=("site_shares",),
)
