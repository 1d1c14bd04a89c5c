"""The small SQL-tree helpers every part of generation reads CHECK, index and rule expressions
with (sqlglot trees): their column names, their constants as Python values, their conjuncts,
the one normal form (`x IS NOT …` as NOT (x IS …)) the walkers know, and `Unsupported`, raised
for whatever is not computed with certainty (the caller then asks the server, never guesses)."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from sqlglot import exp

from workbench.schema.pgtext import MONTH_US, parse_interval, parse_timestamp


class Unsupported(Exception):
    """An expression the evaluator cannot compute."""


def column_name(node: exp.Column) -> str:
    ident = node.this
    if isinstance(ident, exp.Identifier):
        return str(ident.this) if ident.quoted else str(ident.this).lower()
    return str(node.name).lower()


def columns_of(tree: Any) -> set[str]:
    if tree is None:
        return set()
    return {column_name(c) for c in tree.find_all(exp.Column)}


def strip(node: Any) -> Any:
    while isinstance(node, (exp.Paren, exp.Cast, exp.TryCast)):
        node = node.this
    return node


_NUMERIC_CASTS = {
    "int",
    "integer",
    "bigint",
    "smallint",
    "int2",
    "int4",
    "int8",
    "numeric",
    "decimal",
    "real",
    "double precision",
    "float",
}


class IntervalText(str):
    """An interval constant as written ('7 days', '01:00:00'), ordered by its length of time
    (a month as 30 days, as PostgreSQL compares intervals) rather than as text."""

    micros: int

    def __new__(cls, text: str) -> IntervalText:
        try:
            months, micros = parse_interval(text)
        except ValueError as err:
            raise Unsupported(text) from err
        self = super().__new__(cls, text)
        self.micros = months * MONTH_US + micros
        return self

    def _key(self, other: object) -> int:
        return other.micros if isinstance(other, IntervalText) else IntervalText(str(other)).micros

    def __lt__(self, other: object) -> bool:
        return self.micros < self._key(other)

    def __le__(self, other: object) -> bool:
        return self.micros <= self._key(other)

    def __gt__(self, other: object) -> bool:
        return self.micros > self._key(other)

    def __ge__(self, other: object) -> bool:
        return self.micros >= self._key(other)


def literal(node: Any) -> Any:
    """A Python value for a constant expression, or raise Unsupported."""
    cast_to = None
    while isinstance(node, (exp.Paren, exp.Cast, exp.TryCast)):
        if isinstance(node, exp.Cast) and cast_to is None:
            cast_to = node.to.sql(dialect="postgres").lower()
        node = node.this
    if isinstance(node, exp.Neg):
        return -literal(node.this)
    if isinstance(node, exp.Literal):
        if node.is_string:
            text = node.this
            if cast_to and (cast_to.startswith("date") or cast_to.startswith("timestamp")):
                return to_datetime(text)
            if cast_to and cast_to.startswith("interval"):
                return IntervalText(text)
            if cast_to and cast_to.split("(")[0].strip() in _NUMERIC_CASTS:
                try:
                    return int(text)
                except ValueError:
                    try:
                        return float(text)
                    except ValueError as err:
                        raise Unsupported(text) from err
            return text
        text = node.this
        try:
            return int(text)
        except ValueError:
            return float(text)
    if isinstance(node, (exp.ByteString, exp.RawString, exp.National)):
        return node.this
    if isinstance(node, exp.Boolean):
        return bool(node.this)
    if isinstance(node, exp.Null):
        return None
    raise Unsupported(node.sql())


@functools.lru_cache(maxsize=4096)  # partition bounds and CHECK literals, read every batch
def to_datetime(text: str) -> np.datetime64:
    try:
        return parse_timestamp(text)
    except ValueError as err:
        raise Unsupported(text.strip()) from err


def conjuncts(tree: Any) -> list[Any]:
    tree = unparen(tree)
    if isinstance(tree, exp.And):
        return conjuncts(tree.this) + conjuncts(tree.expression)
    return [tree]


def unparen(node: Any) -> Any:
    while isinstance(node, exp.Paren):
        node = node.this
    return node


def normalize(tree: Any) -> Any:
    """A copy with `x IS NOT …` spelled as NOT (x IS …), the one shape the walkers know."""
    tree = tree.copy()
    if isinstance(tree, exp.Is) and tree.args.get("negate"):
        tree = exp.Paren(this=tree)  # so the root, too, has a parent to be replaced in
    for node in list(tree.find_all(exp.Is)):
        if node.args.get("negate"):
            node.set("negate", None)
            node.replace(exp.Not(this=node.copy()))
    return tree


FLIP = {
    exp.GT: exp.LT,
    exp.GTE: exp.LTE,
    exp.LT: exp.GT,
    exp.LTE: exp.GTE,
    exp.EQ: exp.EQ,
    exp.NEQ: exp.NEQ,
}
