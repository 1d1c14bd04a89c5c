"""Three-valued logic and the small nodes: parentheses, casts, negation, AND / OR / NOT, IS,
COLLATE and INTERVAL constants."""

from __future__ import annotations

import numpy as np
from sqlglot import exp

from workbench.generate.evaluator.arrays import _quantified
from workbench.generate.evaluator.casts import _cast, _literal_number
from workbench.generate.evaluator.compare import _OPS, _unify, compare
from workbench.generate.evaluator.core import Unsupported, Val, _bool, _bool_arr, _nulls, ev


def _paren(node, ctx):
    return ev(node.this, ctx)


def _castnode(node, ctx):
    return _cast(ev(node.this, ctx), node.to, ctx)


def _neg(node, ctx):
    v = ev(node.this, ctx)
    if v.kind == "unknown" and v.scalar:
        v = _literal_number(v)
    if v.kind not in ("int", "num", "interval"):
        raise Unsupported("negation")
    return Val(None if v.values is None else -v.values, v.nulls, v.kind, months=v.months)


def _and(node, ctx):
    n = ctx.n
    av, an = _bool_arr(ev(node.this, ctx), n)
    bv, bn = _bool_arr(ev(node.expression, ctx), n)
    false = (~an & ~av) | (~bn & ~bv)
    nulls = ~false & (an | bn)
    return _bool(~false & ~nulls, nulls)


def _or(node, ctx):
    n = ctx.n
    av, an = _bool_arr(ev(node.this, ctx), n)
    bv, bn = _bool_arr(ev(node.expression, ctx), n)
    true = (~an & av) | (~bn & bv)
    nulls = ~true & (an | bn)
    return _bool(true, nulls)


def _not(node, ctx):
    vals, nulls = _bool_arr(ev(node.this, ctx), ctx.n)
    return _bool(~vals & ~nulls, nulls)


def _is(node, ctx):
    n = ctx.n
    v = ev(node.this, ctx)
    target = node.expression
    nulls = _nulls(v, n)
    if isinstance(target, exp.Null):
        out = nulls.copy()
    elif isinstance(target, exp.Boolean):
        vals, nulls = _bool_arr(v, n)
        out = ~nulls & (vals == bool(target.this))
    else:
        raise Unsupported(node.sql(dialect="postgres"))
    if node.args.get("negate"):
        out = ~out
    return _bool(out, np.zeros(n, bool))


def _collate(node, ctx):
    return ev(node.this, ctx)


def _interval(node, ctx):
    this = ev(node.this, ctx)
    unit = node.args.get("unit")
    if not this.scalar or this.values is None:
        raise Unsupported("INTERVAL of a column")
    text = str(this.values)
    if unit is not None:
        text = f"{text} {unit.name if hasattr(unit, 'name') else unit}"
    return _cast(Val(text, False, "unknown"), "interval", ctx)


def _cmp(node, ctx):
    right = node.expression
    op = _OPS[type(node)]
    if isinstance(right, exp.Any) or (
        isinstance(right, exp.Anonymous) and right.name.upper() in ("ANY", "ALL", "SOME")
    ):
        return _quantified(node, op, ctx)
    if isinstance(right, exp.All):
        return _quantified(node, op, ctx)
    return compare(ev(node.this, ctx), ev(right, ctx), op, ctx.n)


def _null_safe(node, ctx):
    n = ctx.n
    a, b = ev(node.this, ctx), ev(node.expression, ctx)
    an, bn = _nulls(a, n), _nulls(b, n)
    if (a.scalar and a.values is None) or (b.scalar and b.values is None):
        eq = an & bn
    else:
        left, right = _unify(a, b, "=")
        with np.errstate(all="ignore"):
            same = np.broadcast_to(np.asarray(np.equal(left, right), dtype=bool), (n,))
        eq = (an & bn) | (~an & ~bn & same)
    if isinstance(node, exp.NullSafeNEQ):
        eq = ~eq
    return _bool(eq, np.zeros(n, bool))


def _between(node, ctx):
    n = ctx.n
    x = ev(node.this, ctx)
    lo = compare(x, ev(node.args["low"], ctx), ">=", n)
    hi = compare(x, ev(node.args["high"], ctx), "<=", n)
    false = (~lo.nulls & ~lo.values) | (~hi.nulls & ~hi.values)
    nulls = ~false & (lo.nulls | hi.nulls)
    return _bool(~false & ~nulls, nulls)
