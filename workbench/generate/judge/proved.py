"""Row constraints the evaluator computes exactly as the server does, over values COPY writes
exactly as they are held: comparisons, ranges and lists of integers; a numeric's >=, <= and
BETWEEN against integer literals (its rounding to the scale keeps them); text equal (or not) to
literals or in a list of them, for plain text and varchar columns without a collation of
their own; NULL tests and num_nulls / num_nonnulls; AND, OR and NOT of those. Nothing else
(a rounded decimal may meet > and = otherwise, timestamps are written to the second, collations
and character(n) compare otherwise, functions may differ).

The server's sample of a table's first rows (judge.Judge._sample) is there to catch a
constraint the evaluator gets wrong; a table whose every row constraint is of this kind has
nothing to learn from it, and its first batch is judged without the round trip."""

from __future__ import annotations

import re
from typing import Any

from sqlglot import exp

from workbench.generate.base.sqltree import column_name
from workbench.generate.judge.catalog import Constraint
from workbench.schema.model import Table
from workbench.schema.typeinfo import TypeInfo

_ORDER = (exp.GT, exp.GTE, exp.LT, exp.LTE)
_EQUAL = (exp.EQ, exp.NEQ)
_PLAIN_TEXT = {"text", "character varying", "varchar"}
_COUNTS = {"num_nulls", "num_nonnulls"}
INT, DEC, TEXT = "int", "decimal", "text"
_DIGITS = re.compile(r"[0-9]{1,18}")  # within a bigint, as the evaluator holds it


def proved(c: Constraint, table: Table, infos: dict[str, TypeInfo]) -> bool:
    """Whether the evaluator's verdict on `c` is the server's for every row."""
    if c.origin == "not null":
        return True
    if c.origin == "index":
        return c.safe  # expressions that cannot raise: the test is never true
    if c.origin not in ("check", "domain") or c.tree is None:
        return False
    kinds: dict[str, str | None] = {}
    for name in c.columns:
        kinds[name] = _kind(table, infos, name)
    if c.origin == "domain":
        if len(c.columns) != 1:
            return False
        kinds = {"value": next(iter(kinds.values()))}
    return _exact(c.tree, kinds)


def _kind(table: Table, infos: dict[str, TypeInfo], name: str) -> str | None:
    column = table.column(name)
    info = infos.get(name)
    if column is None or info is None or info.array_dims or column.generated is not None:
        return None
    if info.kind == "int":
        return INT
    if info.kind == "decimal" and info.name in ("numeric", "decimal"):
        return DEC
    if (
        info.kind == "text"
        and info.name in _PLAIN_TEXT
        and not info.fixed_char
        and column.collation is None
    ):
        return TEXT
    return None


def _exact(node: Any, kinds: dict[str, str | None]) -> bool:
    if isinstance(node, exp.Paren):
        return _exact(node.this, kinds)
    if isinstance(node, exp.And | exp.Or):
        return _exact(node.this, kinds) and _exact(node.expression, kinds)
    if isinstance(node, exp.Not):
        return _exact(node.this, kinds)
    if isinstance(node, exp.Is):  # NULL or not: exact for a column of any type
        this = node.this.this if isinstance(node.this, exp.Paren) else node.this
        named = isinstance(this, exp.Column) and column_name(this) in kinds
        known = named or _operand(this, kinds) is not None
        return isinstance(node.expression, exp.Null) and known
    if isinstance(node, _ORDER):
        left, right = _operand(node.this, kinds), _operand(node.expression, kinds)
        if left == INT == right:
            return True
        # a decimal is rounded to its scale on the way (monotonic, and an integer is on the
        # grid): >= and <= an integer literal hold after it as before; > and < may not
        wide = isinstance(node, exp.GTE | exp.LTE)
        literal = _literal(node.expression) == INT or _literal(node.this) == INT
        return wide and literal and {left, right} == {DEC, INT}
    if isinstance(node, _EQUAL):
        left, right = _operand(node.this, kinds), _operand(node.expression, kinds)
        return left is not None and left == right
    if isinstance(node, exp.Between):
        if node.args.get("symmetric"):
            return False
        low, high = node.args.get("low"), node.args.get("high")
        bounds = _literal(low) == INT == _literal(high)
        this = _operand(node.this, kinds)
        return (this == DEC and bounds) or this == INT == _operand(low, kinds) == _operand(
            high, kinds
        )
    if isinstance(node, exp.In):
        if any(node.args.get(k) is not None for k in ("query", "unnest", "field")):
            return False
        kind = _operand(node.this, kinds)
        items = node.expressions
        return kind is not None and bool(items) and all(_literal(i) == kind for i in items)
    return False


def _operand(node: Any, kinds: dict[str, str | None]) -> str | None:
    """INT or TEXT for a column of that kind, a literal of it, or a count of NULLs."""
    if isinstance(node, exp.Paren):
        return _operand(node.this, kinds)
    if isinstance(node, exp.Column):
        return kinds.get(column_name(node))
    if isinstance(node, exp.Anonymous) and str(node.this).lower() in _COUNTS:
        args = node.expressions
        return INT if args and all(isinstance(a, exp.Column) for a in args) else None
    return _literal(node)


def _literal(node: Any) -> str | None:
    if isinstance(node, exp.Neg):
        return INT if _literal(node.this) == INT else None
    if not isinstance(node, exp.Literal):
        return None
    if node.is_string:
        return TEXT
    return INT if _DIGITS.fullmatch(str(node.this)) else None
