"""Comparisons with PostgreSQL's semantics: numbers, text (citext case-insensitive,
character(n) without trailing blanks), enums by label order, times, intervals; IS [NOT]
DISTINCT FROM and BETWEEN."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator.casts import cast_val, elem_value, literal_number
from workbench.generate.checks.evaluator.core import (
    Ctx,
    Val,
    as_us,
    bool_,
    map_,
    null_mask,
    parse_time,
)
from workbench.schema.pgtext import parse_array, parse_bool

# --- comparison -------------------------------------------------------------------------------

OPS = {
    exp.EQ: "=",
    exp.NEQ: "<>",
    exp.GT: ">",
    exp.GTE: ">=",
    exp.LT: "<",
    exp.LTE: "<=",
}
_NP = {
    "=": np.equal,
    "<>": np.not_equal,
    ">": np.greater,
    ">=": np.greater_equal,
    "<": np.less,
    "<=": np.less_equal,
}


def array_items(v: Val) -> Any:
    """Python tuples per row (object ndarray) or one tuple for a constant."""
    if v.kind != "array":
        raise Unsupported(f"{v.kind} used as an array")
    if v.scalar:
        return v.values
    elem, labels = v.elem or "text", v.labels

    def conv(text: Any) -> Any:
        if isinstance(text, tuple):
            return text
        return tuple(elem_value(x, elem, labels) for x in parse_array(str(text)))

    try:
        items = map_(v, conv, "array").values
    except ValueError as err:
        raise Unsupported(str(err)) from err
    out = np.empty(len(items), dtype=object)
    out[:] = [() if x is None else x for x in items.tolist()]  # NULL rows: masked anyway
    return out


def unify(a: Val, b: Val, op: str) -> tuple[Any, Any]:
    """Comparable representations of two values (raising Unsupported when unsure)."""
    if a.kind == "unknown" and b.kind != "unknown":
        b_val, a_val = unify(b, a, _flip(op))
        return a_val, b_val
    kind = a.kind
    if kind == "enum":
        labels = a.labels or ()
        if b.kind == "enum" and b.labels != labels:
            raise Unsupported("different enums")
        if b.kind not in ("enum", "unknown", "text"):
            raise Unsupported("enum compared with " + b.kind)
        return _ranks(a, labels), _ranks(b, labels)
    if kind in ("int", "num"):
        if b.kind == "unknown":
            b = literal_number(b)
        if b.kind not in ("int", "num"):
            raise Unsupported(f"number compared with {b.kind}")
        return a.values, b.values
    if kind == "bool":
        if b.kind == "unknown":
            b = Val(parse_bool(str(b.values)) if b.values is not None else None, b.nulls, "bool")
        if b.kind != "bool":
            raise Unsupported("bool compared with " + b.kind)
        return a.values, b.values
    if kind in ("date", "ts"):
        if b.kind == "unknown":
            b = Val(parse_time(b.values, "D" if kind == "date" else "us"), b.nulls, kind)
        if b.kind not in ("date", "ts"):
            raise Unsupported(f"{kind} compared with {b.kind}")
        if kind != b.kind:
            return as_us(a.values), as_us(b.values)
        return a.values, b.values
    if kind == "interval":
        if b.kind == "unknown":
            b = cast_val(b, "interval", Ctx({}, 0))
        if b.kind != "interval":
            raise Unsupported("interval compared with " + b.kind)
        return a.values, b.values
    if kind in ("text", "unknown"):
        if b.kind not in ("text", "unknown"):
            raise Unsupported(f"text compared with {b.kind}")
        if op not in ("=", "<>"):
            raise Unsupported("text ordering depends on the collation")
        ci = a.ci or b.ci
        bp = a.bpchar or b.bpchar
        return _text_norm(a, ci, bp), _text_norm(b, ci, bp)
    if kind == "array":
        if op not in ("=", "<>") or b.kind != "array":
            raise Unsupported("array comparison")
        return array_items(a), array_items(b)
    raise Unsupported(f"comparison of {kind}")


def _flip(op: str) -> str:
    return {">": "<", "<": ">", ">=": "<=", "<=": ">="}.get(op, op)


def _ranks(v: Val, labels: tuple[str, ...]) -> Any:
    index = {label: i for i, label in enumerate(labels)}
    if v.scalar:
        if v.values is None:
            return None
        if str(v.values) not in index:
            raise Unsupported(f"{v.values!r} is no label of the enum")
        return index[str(v.values)]
    return map_(v, lambda x: index.get(str(x), -1), "int").values


def _text_norm(v: Val, ci: bool, bp: bool) -> Any:
    if not ci and not bp:
        return v.values
    fn = (lambda s: str(s).rstrip(" ")) if bp else str
    if ci:
        inner = fn
        fn = lambda s: inner(s).lower()  # noqa: E731
    return map_(v, fn, "text").values


def compare(a: Val, b: Val, op: str, n: int) -> Val:
    nulls = null_mask(a, n) | null_mask(b, n)
    if (a.scalar and a.values is None) or (b.scalar and b.values is None):
        return bool_(np.zeros(n, bool), np.ones(n, bool))
    left, right = unify(a, b, op)
    with np.errstate(all="ignore"):
        if a.kind == "array" or b.kind == "array":
            # tuples per row: compared one by one (numpy would broadcast into them)
            lv = np.broadcast_to(obj_scalar(left, n), (n,))
            rv = np.broadcast_to(obj_scalar(right, n), (n,))
            result = np.fromiter(
                (_py_cmp(x, y, op) for x, y in zip(lv.tolist(), rv.tolist(), strict=False)),
                bool,
                n,
            )
        else:
            result = _NP[op](left, right)
    return bool_(np.broadcast_to(np.asarray(result, dtype=bool), (n,)) & ~nulls, nulls)


def obj_scalar(value: Any, n: int) -> np.ndarray:
    if isinstance(value, np.ndarray):
        return value
    out = np.empty(n, dtype=object)
    out[:] = [value] * n
    return out


def _py_cmp(x: Any, y: Any, op: str) -> bool:
    if op == "=":
        return bool(x == y)
    if op == "<>":
        return bool(x != y)
    if op == ">":
        return bool(x > y)
    if op == ">=":
        return bool(x >= y)
    if op == "<":
        return bool(x < y)
    return bool(x <= y)
