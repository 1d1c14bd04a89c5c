"""Evaluation over a batch (`Env`: column types, enum labels, the columns without a generator)
and what every repair shares: the rows being repaired (`RowRepair`) and the column lookups."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.sqltree import Unsupported, column_name, strip, to_datetime
from workbench.generate.checks.evaluator import Ctx, Val, ev, failing_mask
from workbench.schema.model import Schema


@dataclass
class Env:
    """What evaluation needs beyond the batch: column types (enum order, citext, arrays,
    intervals…), the schema's enums for casts, and the columns a repair may redraw."""

    types: dict[str, Any] = field(default_factory=dict)  # column -> TypeInfo
    enums: dict[str, tuple[str, ...]] = field(default_factory=dict)
    placeholders: set[str] = field(default_factory=set)  # columns with no generator (NULL)
    now: np.datetime64 = field(default_factory=lambda: np.datetime64("now", "us"))


def make_env(schema: Schema | None, types: dict[str, Any], placeholders: Iterable[str] = ()) -> Env:
    enums: dict[str, tuple[str, ...]] = {}
    if schema is not None:
        for qualified, enum in schema.enums.items():
            labels = tuple(enum.labels)
            enums[qualified.lower()] = labels
            enums.setdefault(enum.name.lower(), labels)
    return Env(types=dict(types), enums=enums, placeholders=set(placeholders))


def ctx(batch: Batch, n: int, env: Env | None) -> Ctx:
    env = env or Env()
    return Ctx(batch, n, env.types, env.enums, env.now)


def evaluate(node: Any, batch: Batch, n: int, env: Env | None = None) -> Val:
    """The expression over the batch with SQL NULL semantics."""
    return ev(node, ctx(batch, n, env))


def failing(tree: Any, batch: Batch, n: int, env: Env | None = None) -> np.ndarray:
    """Rows where the check is FALSE (NULL passes, as in PostgreSQL)."""
    return failing_mask(tree, ctx(batch, n, env))


CMP = {exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE}


NEGATED = {
    exp.EQ: exp.NEQ,
    exp.NEQ: exp.EQ,
    exp.GT: exp.LTE,
    exp.GTE: exp.LT,
    exp.LT: exp.GTE,
    exp.LTE: exp.GT,
}


Regen = Any  # callable(column, rows) -> fresh generator values for those rows, or None


@dataclass
class RowRepair:
    batch: Batch
    rows: np.ndarray
    rng: np.random.Generator
    env: Env
    regen: Regen


def set_(col: Col, rows: np.ndarray, value: Any) -> None:
    if col.protected:
        raise Unsupported("protected column")
    if isinstance(value, np.ndarray):
        col.values[rows] = value
    else:
        if np.issubdtype(col.values.dtype, np.datetime64) and isinstance(value, str):
            value = to_datetime(value)
        col.values[rows] = value
    col.nulls[rows] = False


def batch_col(node: Any, batch: Batch) -> Col | None:
    node = strip(node)
    if isinstance(node, exp.Column):
        return batch.get(column_name(node))
    return None


def col_name(node: Any) -> str | None:
    node = strip(node)
    return column_name(node) if isinstance(node, exp.Column) else None


def type_info(name: str | None, env: Env) -> Any:
    return env.types.get(name) if name else None


def enum_labels(name: str | None, env: Env) -> list[str] | None:
    info = type_info(name, env)
    if info is not None and info.kind == "enum" and not info.array_dims:
        return list(info.labels)
    return None


def const(node: Any, r: RowRepair) -> Any:
    """A constant operand as a Python value of the evaluator (dates as datetime64…)."""
    v = evaluate(node, {}, 1, r.env)
    if not v.scalar:
        raise Unsupported("not a constant")
    if v.kind == "interval":
        raise Unsupported("interval constant")
    return v.values


def name_of(col: Col, r: RowRepair) -> str | None:
    for name, c in r.batch.items():
        if c is col:
            return name
    return None
