"""Hints: the top-level conjuncts of a table's CHECKs (and its columns' domain CHECKs) that
mention a single column (ranges, IN lists, excluded values, length bounds, regular
expressions, NOT NULL), read so the column's generator draws only valid values."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlglot import exp

from workbench.generate.base.sqltree import (
    FLIP,
    Unsupported,
    column_name,
    columns_of,
    conjuncts,
    literal,
    normalize,
    strip,
    unparen,
)
from workbench.schema import memo
from workbench.schema.model import CheckConstraint, Column, Schema, Table
from workbench.schema.typeinfo import resolve_type


@dataclass
class ColumnHints:
    lo: Any = None
    lo_incl: bool = True
    hi: Any = None
    hi_incl: bool = True
    allowed: list[Any] | None = None
    excluded: set[Any] = field(default_factory=set)
    min_len: int | None = None
    max_len: int | None = None
    regex: str | None = None
    not_null: bool = False


def checks_for(schema: Schema, table: Table) -> list[tuple[str, Any]]:
    """(name, tree) of every check that applies to the table's rows (its own checks)."""
    out = []
    for check in table.checks:
        if check.expr.tree is not None:
            out.append((check.name or check.expr.sql, _normalized(check.expr)))
    return out


_NORMALIZED: dict[int, tuple[Any, Any]] = {}


def _normalized(expr: Any) -> Any:
    """normalize(expr.tree), once per expression (every column's hints read every check);
    callers treat the tree as read-only."""
    hit = _NORMALIZED.get(id(expr))
    if hit is not None and hit[0] is expr.tree:
        return hit[1]
    tree = normalize(expr.tree)
    _NORMALIZED[id(expr)] = (expr.tree, tree)
    return tree


def domain_tree(check: CheckConstraint, column: str) -> Any:
    """A domain check with VALUE replaced by the column."""
    tree = check.expr.tree
    if tree is None:
        return None
    tree = normalize(tree)
    for node in list(tree.find_all(exp.Column)):
        if column_name(node) == "value":
            node.replace(exp.column(column, quoted=True))
    for node in list(tree.find_all(exp.Var)):
        if node.name.lower() == "value":
            node.replace(exp.column(column, quoted=True))
    return tree


@memo.by_identity
def _single_column_parts(schema: Schema, table: Table) -> dict[str, list[Any]]:
    """The conjuncts of the table's own checks by the one column each mentions (read-only
    trees; every column's hints read every check, once per table here)."""
    out: dict[str, list[Any]] = {}
    for _, tree in checks_for(schema, table):
        for part in conjuncts(tree):
            names = columns_of(part)
            if len(names) == 1:
                out.setdefault(next(iter(names)), []).append(part)
    return out


def column_hints(schema: Schema, table: Table, column: Column) -> ColumnHints:

    hints = ColumnHints()
    parts = list(_single_column_parts(schema, table).get(column.name, []))
    info = resolve_type(schema, column.type)
    for _, check in info.domain_checks:
        tree = domain_tree(check, column.name)
        if tree is not None:
            parts.extend(p for p in conjuncts(tree) if columns_of(p) == {column.name})
    for part in parts:
        try:
            _hint(_unless_null(part), hints)
        except Unsupported:
            continue
    if hints.regex is not None and hints.regex.endswith("]*$") and hints.regex.startswith("^["):
        # a class made from `!~ '[^…]'`: the length CHECKs bound its repeat
        lo, hi = hints.min_len or 0, hints.max_len
        hints.regex = hints.regex[:-2] + f"{{{lo},{'' if hi is None else hi}}}$"
    return hints


def _unless_null(node: Any) -> Any:
    """`c IS NULL OR x`: x is what every non-NULL value must meet (a repair that makes the
    column non-NULL draws from it)."""
    node = unparen(node)
    if isinstance(node, exp.Or):
        a, b = unparen(node.this), unparen(node.expression)
        for test, rest in ((a, b), (b, a)):
            if isinstance(test, exp.Is) and isinstance(unparen(test.expression), exp.Null):
                return rest
    return node


def _complement_class(node: Any) -> str | None:
    """`c !~ '[^…]'` (one negated class, nothing else): the pattern every value matches."""
    inner = unparen(node.this) if isinstance(node, exp.Not) else None
    if not isinstance(inner, exp.RegexpLike) or inner.args.get("flag"):
        return None
    pattern = literal(inner.expression)
    if not isinstance(pattern, str) or not (pattern.startswith("[^") and pattern.endswith("]")):
        return None
    body = pattern[2:-1]
    if not body or "[" in body.replace("[:", "").replace(":]", "") or "]" in body[:-1]:
        return None
    return f"^[{body}]*$"


def unwrap_case(node: Any) -> Any:
    node = strip(node)
    while isinstance(node, (exp.Upper, exp.Lower, exp.Trim)):
        node = strip(node.this)
    return node


def _is_null_test(node: Any) -> bool:
    node = unparen(node)
    return isinstance(node, exp.Is) and isinstance(node.expression, exp.Null)


def _in_values(node: Any) -> list[Any] | None:
    node = unparen(node)
    if isinstance(node, exp.In) and isinstance(unwrap_case(node.this), exp.Column):
        return [literal(e) for e in node.expressions]
    if isinstance(node, exp.EQ) and isinstance(strip(node.this), exp.Column):
        right = node.expression
        if isinstance(right, exp.Any):
            arr = strip(right.this)
            if isinstance(arr, exp.Array):
                return [literal(e) for e in arr.expressions]
            raise Unsupported(node.sql())
        return [literal(right)]
    if isinstance(node, exp.Or):
        if _is_null_test(node.this):
            return _in_values(node.expression)
        if _is_null_test(node.expression):
            return _in_values(node.this)
        left, right = _in_values(node.this), _in_values(node.expression)
        if left is not None and right is not None:
            return left + right
    return None


def _excluded_values(node: Any) -> list[Any] | None:
    """Values a conjunct rules out: NOT (x IN (…)), x <> ALL (ARRAY[…]), NOT (x = ANY (…))."""
    node = unparen(node)
    if isinstance(node, exp.Not):
        inner = unparen(node.this)
        if isinstance(inner, (exp.In, exp.EQ)):
            return _in_values(inner)
        return None
    if isinstance(node, exp.NEQ) and isinstance(strip(node.this), exp.Column):
        right = node.expression
        arr = None
        if isinstance(right, exp.All):
            arr = strip(right.this)
        elif isinstance(right, exp.Anonymous) and right.name.upper() == "ALL" and right.expressions:
            arr = strip(right.expressions[0])
        if isinstance(arr, exp.Array):
            return [literal(e) for e in arr.expressions]
    return None


def _hint(node: Any, h: ColumnHints) -> None:
    node = unparen(node)
    if isinstance(strip(node), exp.Column):  # CHECK (flag): a boolean that must be true
        h.allowed = [True] if h.allowed is None else [v for v in h.allowed if v is True]
        return
    if isinstance(node, exp.Not) and isinstance(strip(unparen(node.this)), exp.Column):
        h.allowed = [False] if h.allowed is None else [v for v in h.allowed if v is False]
        return
    excluded = _excluded_values(node)
    if excluded is not None:
        h.excluded.update(v for v in excluded if v is not None)
        return
    values = _in_values(node)
    if values is not None:
        values = [v for v in values if v is not None]
        h.allowed = values if h.allowed is None else [v for v in h.allowed if v in values]
        return
    if isinstance(node, exp.In) and isinstance(node.this, (exp.Upper, exp.Lower)):
        h.allowed = [literal(e) for e in node.expressions]
        return
    if isinstance(node, exp.Between) and isinstance(strip(node.this), exp.Column):
        _bound(h, exp.GTE, literal(node.args["low"]))
        _bound(h, exp.LTE, literal(node.args["high"]))
        return
    if isinstance(node, exp.Not) and isinstance(unparen(node.this), exp.Is):
        h.not_null = True
        return
    positive = _complement_class(node)
    if positive is not None and isinstance(strip(node.this.this), exp.Column):
        h.regex = positive
        return
    is_regex = isinstance(node, exp.RegexpLike) or (
        isinstance(node, exp.Operator) and str(node.args.get("operator")).split(".")[-1] == "~"
    )
    if is_regex and isinstance(strip(node.this), exp.Column) and not node.args.get("flag"):
        pattern = literal(node.expression)
        if isinstance(pattern, str):
            h.regex = pattern
        return
    op = type(node)
    if op in FLIP:
        left, right = strip(node.this), node.expression  # the constant keeps its cast
        if not isinstance(left, (exp.Column, exp.Length, exp.Anonymous)):
            left, right, op = strip(right), node.this, FLIP[op]
        value = literal(right)
        if isinstance(left, exp.Column):
            if op is exp.NEQ:
                h.excluded.add(value)
            elif op is exp.EQ:
                h.allowed = [value]
            else:
                _bound(h, op, value)
        elif isinstance(left, exp.Length) or (
            isinstance(left, exp.Anonymous)
            and left.name.lower() in ("char_length", "character_length", "octet_length", "length")
        ):
            if not isinstance(value, int):
                return
            if op in (exp.GT, exp.GTE):
                h.min_len = max(h.min_len or 0, value + (op is exp.GT))
            elif op in (exp.LT, exp.LTE):
                h.max_len = min(h.max_len or 1 << 30, value - (op is exp.LT))
            elif op is exp.EQ:
                h.min_len = h.max_len = value
            elif op is exp.NEQ and value == 0:
                h.min_len = max(h.min_len or 0, 1)


def _bound(h: ColumnHints, op: type, value: Any) -> None:
    if op in (exp.GT, exp.GTE):
        if h.lo is None or value > h.lo:
            h.lo, h.lo_incl = value, op is exp.GTE
    elif op in (exp.LT, exp.LTE) and (h.hi is None or value < h.hi):
        h.hi, h.hi_incl = value, op is exp.LTE
