"""Arrays: ARRAY[…] constants and array columns, = ANY / <> ALL, IN, <@ @> &&, and their
sizes (array_length, cardinality)."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator.casts import cast_array
from workbench.generate.checks.evaluator.compare import array_items, compare, obj_scalar
from workbench.generate.checks.evaluator.core import Ctx, Handler, Val, bool_, ev, null_mask

# --- arrays -----------------------------------------------------------------------------------


def array_expr(node: Any, ctx: Ctx) -> Val:
    node_s = node
    while isinstance(node_s, exp.Paren):
        node_s = node_s.this
    if isinstance(node_s, exp.Array):
        items = [ev(e, ctx) for e in node_s.expressions]
        if not all(i.scalar for i in items):
            raise Unsupported("ARRAY[] of columns")
        kinds = {i.kind for i in items if i.kind != "unknown"}
        kind = kinds.pop() if len(kinds) == 1 else ("unknown" if not kinds else "mixed")
        if kind == "mixed":
            raise Unsupported("mixed array")
        labels = next((i.labels for i in items if i.labels), None)
        values = tuple(None if i.values is None else i.values for i in items)
        if kind == "int" and any(isinstance(x, float) for x in values):
            kind = "num"
        return Val(values, False, "array", elem=kind, labels=labels)
    v = ev(node_s, ctx)
    if v.kind == "unknown" and v.scalar:
        return cast_array(v, None, ctx)
    if v.kind != "array":
        raise Unsupported(f"{v.kind} used as an array")
    return v


def _elements_vs(x: Val, arr: Val, op: str, quantifier: str, n: int) -> Val:
    """x op ANY/ALL (arr) with SQL's NULL rules."""
    items = array_items(arr)
    elem = Val(None, False, arr.elem or "unknown", labels=arr.labels)
    xn = null_mask(x, n)
    an = null_mask(arr, n)
    if x.kind == "unknown" and arr.elem not in (None, "unknown"):
        x = Val(x.values, x.nulls, "unknown")
    # compare x with every element, one distinct array at a time
    if isinstance(items, tuple):
        rows_items = [items] * 1
        groups = {items: np.arange(n)}
    else:
        rows_items = items.tolist()
        groups = {}
        for i, it in enumerate(rows_items):
            groups.setdefault(it, []).append(i)
        groups = {k: np.asarray(v) for k, v in groups.items()}
    true = np.zeros(n, bool)
    unknown = np.zeros(n, bool)
    for it, rows in groups.items():
        any_true = np.zeros(n, bool)
        all_true = np.ones(n, bool)
        has_null = np.zeros(n, bool)
        for e in it:
            if e is None:
                has_null[:] = True
                continue
            ev_ = Val(e, False, elem.kind, labels=elem.labels)
            r = compare(x, ev_, op, n)
            any_true |= r.values
            all_true &= r.values | r.nulls
            has_null |= r.nulls
        mask = np.zeros(n, bool)
        mask[rows] = True
        if quantifier == "ANY":
            true[mask] = any_true[mask]
            unknown[mask] = ~any_true[mask] & (has_null[mask] | xn[mask] & (len(it) > 0))
        else:
            strict_all = all_true & ~has_null
            true[mask] = strict_all[mask] | (len(it) == 0)
            false_rows = ~all_true
            unknown[mask] = ~false_rows[mask] & ~strict_all[mask] & (len(it) > 0)
    nulls = an | unknown
    return bool_(true & ~nulls, nulls)


def quantified(node, op, ctx):
    right = node.expression
    if isinstance(right, exp.Any):
        quant, target = "ANY", right.this
    elif isinstance(right, exp.All):
        quant, target = "ALL", right.this
    else:
        quant = "ALL" if right.name.upper() == "ALL" else "ANY"
        if len(right.expressions) != 1:
            raise Unsupported(right.sql(dialect="postgres"))
        target = right.expressions[0]
    arr = array_expr(target, ctx)
    return _elements_vs(ev(node.this, ctx), arr, op, quant, ctx.n)


def _in(node, ctx):
    if node.args.get("query") is not None or node.args.get("unnest") is not None:
        raise Unsupported("IN (subquery)")
    n = ctx.n
    target = ev(node.this, ctx)
    true = np.zeros(n, bool)
    nulls = np.zeros(n, bool)
    for item in node.expressions:
        r = compare(target, ev(item, ctx), "=", n)
        true |= r.values
        nulls |= r.nulls
    nulls = nulls & ~true
    out = bool_(true, nulls)
    if node.args.get("is_global") or node.args.get("negate"):
        return bool_(~true & ~nulls, nulls)
    return out


def _array_set_op(node, ctx):
    n = ctx.n
    a = array_expr(node.this, ctx)
    b = array_expr(node.expression, ctx)
    ai, bi = array_items(a), array_items(b)
    kind = type(node)

    def test(x: tuple, y: tuple) -> bool:
        xs = [e for e in x if e is not None]
        ys = [e for e in y if e is not None]
        if kind is exp.ArrayContainsAll:  # x @> y
            return all(any(e == f for f in xs) for e in ys) and None not in y
        if kind is exp.ArrayContainedBy:  # x <@ y
            return all(any(e == f for f in ys) for e in xs) and None not in x
        return any(e == f for e in xs for f in ys)  # &&

    if a.kind == "array" and b.kind == "array" and a.elem == "enum" and b.elem == "unknown":
        pass
    lv = ai if not isinstance(ai, tuple) else obj_scalar(ai, n)
    rv = bi if not isinstance(bi, tuple) else obj_scalar(bi, n)
    res = np.fromiter((test(x, y) for x, y in zip(lv.tolist(), rv.tolist(), strict=False)), bool, n)
    nulls = null_mask(a, n) | null_mask(b, n)
    return bool_(res & ~nulls, nulls)


def array_size(node, ctx):
    v = array_expr(node.this, ctx)
    dim = ev(node.expression, ctx) if node.expression is not None else Val(1, False, "int")
    if not dim.scalar or dim.values != 1:
        raise Unsupported("array_length of another dimension")
    items = array_items(v)
    if isinstance(items, tuple):
        length = len(items)
        return Val(length if length else None, v.nulls or length == 0, "int")
    lengths = np.fromiter((len(x) for x in items.tolist()), np.int64, ctx.n)
    return Val(lengths, null_mask(v, ctx.n) | (lengths == 0), "int")


def cardinality_of(v: Val, n: int) -> Val:
    items = array_items(v)
    if isinstance(items, tuple):
        return Val(len(items), v.nulls, "int")
    return Val(np.fromiter((len(x) for x in items.tolist()), np.int64, n), v.nulls, "int")


# The nodes this module computes (the evaluator's dispatch table is the union of these).
HANDLERS: dict[type[exp.Expression], Handler] = {
    exp.In: _in,
    exp.ArrayContainsAll: _array_set_op,
    exp.ArrayContainedBy: _array_set_op,
    exp.ArrayOverlaps: _array_set_op,
    exp.ArraySize: array_size,
}
