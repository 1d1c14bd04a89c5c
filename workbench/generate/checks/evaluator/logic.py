"""Three-valued logic and the small nodes: parentheses, casts, negation, AND / OR / NOT, IS,
COLLATE and INTERVAL constants."""

from __future__ import annotations

import numpy as np
from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator.arrays import quantified
from workbench.generate.checks.evaluator.casts import cast_val, literal_number
from workbench.generate.checks.evaluator.compare import OPS, compare, unify
from workbench.generate.checks.evaluator.core import Handler, Val, bool_, bool_arr, ev, null_mask


def _paren(node, ctx):
    return ev(node.this, ctx)


def _castnode(node, ctx):
    return cast_val(ev(node.this, ctx), node.to, ctx)


def _neg(node, ctx):
    v = ev(node.this, ctx)
    if v.kind == "unknown" and v.scalar:
        v = literal_number(v)
    if v.kind not in ("int", "num", "interval"):
        raise Unsupported("negation")
    return Val(None if v.values is None else -v.values, v.nulls, v.kind, months=v.months)


def _and(node, ctx):
    n = ctx.n
    av, an = bool_arr(ev(node.this, ctx), n)
    bv, bn = bool_arr(ev(node.expression, ctx), n)
    false = (~an & ~av) | (~bn & ~bv)
    nulls = ~false & (an | bn)
    return bool_(~false & ~nulls, nulls)


def _or(node, ctx):
    n = ctx.n
    av, an = bool_arr(ev(node.this, ctx), n)
    bv, bn = bool_arr(ev(node.expression, ctx), n)
    true = (~an & av) | (~bn & bv)
    nulls = ~true & (an | bn)
    return bool_(true, nulls)


def _not(node, ctx):
    vals, nulls = bool_arr(ev(node.this, ctx), ctx.n)
    return bool_(~vals & ~nulls, nulls)


def _is(node, ctx):
    n = ctx.n
    v = ev(node.this, ctx)
    target = node.expression
    nulls = null_mask(v, n)
    if isinstance(target, exp.Null):
        out = nulls.copy()
    elif isinstance(target, exp.Boolean):
        vals, nulls = bool_arr(v, n)
        out = ~nulls & (vals == bool(target.this))
    else:
        raise Unsupported(node.sql(dialect="postgres"))
    if node.args.get("negate"):
        out = ~out
    return bool_(out, np.zeros(n, bool))


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
    return cast_val(Val(text, False, "unknown"), "interval", ctx)


def _cmp(node, ctx):
    right = node.expression
    op = OPS[type(node)]
    if isinstance(right, exp.Any) or (
        isinstance(right, exp.Anonymous) and right.name.upper() in ("ANY", "ALL", "SOME")
    ):
        return quantified(node, op, ctx)
    if isinstance(right, exp.All):
        return quantified(node, op, ctx)
    return compare(ev(node.this, ctx), ev(right, ctx), op, ctx.n)


def _null_safe(node, ctx):
    n = ctx.n
    a, b = ev(node.this, ctx), ev(node.expression, ctx)
    an, bn = null_mask(a, n), null_mask(b, n)
    if (a.scalar and a.values is None) or (b.scalar and b.values is None):
        eq = an & bn
    else:
        left, right = unify(a, b, "=")
        with np.errstate(all="ignore"):
            same = np.broadcast_to(np.asarray(np.equal(left, right), dtype=bool), (n,))
        eq = (an & bn) | (~an & ~bn & same)
    if isinstance(node, exp.NullSafeNEQ):
        eq = ~eq
    return bool_(eq, np.zeros(n, bool))


def _between(node, ctx):
    n = ctx.n
    x = ev(node.this, ctx)
    lo = compare(x, ev(node.args["low"], ctx), ">=", n)
    hi = compare(x, ev(node.args["high"], ctx), "<=", n)
    false = (~lo.nulls & ~lo.values) | (~hi.nulls & ~hi.values)
    nulls = ~false & (lo.nulls | hi.nulls)
    return bool_(~false & ~nulls, nulls)


# The nodes this module computes (the evaluator's dispatch table is the union of these).
HANDLERS: dict[type[exp.Expression], Handler] = {
    exp.Paren: _paren,
    exp.Cast: _castnode,
    exp.TryCast: _castnode,
    exp.Neg: _neg,
    exp.And: _and,
    exp.Or: _or,
    exp.Not: _not,
    exp.Is: _is,
    exp.EQ: _cmp,
    exp.NEQ: _cmp,
    exp.GT: _cmp,
    exp.GTE: _cmp,
    exp.LT: _cmp,
    exp.LTE: _cmp,
    exp.NullSafeEQ: _null_safe,
    exp.NullSafeNEQ: _null_safe,
    exp.Between: _between,
    exp.Collate: _collate,
    exp.Interval: _interval,
}
