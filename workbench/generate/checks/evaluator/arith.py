"""Arithmetic: numbers, dates and timestamps with intervals (calendar months as PostgreSQL adds
them), date differences, abs(), round()."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator.casts import cast_val, literal_number
from workbench.generate.checks.evaluator.core import Ctx, Handler, Val, as_us, ev, null_mask
from workbench.schema.pgtext import DAY_US, MONTH_US

# --- arithmetic ---------------------------------------------------------------------------------


def _arith(node, ctx):
    n = ctx.n
    a, b = ev(node.this, ctx), ev(node.expression, ctx)
    op = type(node)
    if a.kind == "unknown" and b.kind != "unknown":
        a = _coerce_for_arith(a, b)
    if b.kind == "unknown" and a.kind != "unknown":
        b = _coerce_for_arith(b, a)
    if a.kind == "unknown" and b.kind == "unknown":
        a, b = literal_number(a), literal_number(b)
    nulls = null_mask(a, n) | null_mask(b, n)
    if (a.scalar and a.values is None) or (b.scalar and b.values is None):
        return Val(None, True, a.kind)
    ka, kb = a.kind, b.kind
    av, bv = a.values, b.values
    with np.errstate(all="ignore"):
        if ka in ("int", "num") and kb in ("int", "num"):
            kind = "int" if ka == kb == "int" else "num"
            if op is exp.Add:
                return Val(av + bv, nulls, kind)
            if op is exp.Sub:
                return Val(av - bv, nulls, kind)
            if op is exp.Mul:
                return Val(av * bv, nulls, kind)
            if op is exp.Div:
                if np.any(np.asarray(bv) == 0):
                    raise Unsupported("division by zero")
                if kind == "int":
                    q = np.trunc(np.asarray(av, dtype=np.float64) / bv)
                    return Val(q.astype(np.int64), nulls, "int")
                return Val(av / bv, nulls, "num")
            if op is exp.Mod:
                if np.any(np.asarray(bv) == 0):
                    raise Unsupported("division by zero")
                if kind != "int":
                    raise Unsupported("numeric modulo")
                return Val(np.fmod(av, bv), nulls, "int")
        if op is exp.Sub and ka == kb == "date":
            days = (np.asarray(av) - np.asarray(bv)).astype("timedelta64[D]").astype(np.int64)
            return Val(days, nulls, "int")
        if op is exp.Sub and {ka, kb} <= {"ts", "date"}:
            diff = (as_us(av) - as_us(bv)).astype("timedelta64[us]").astype(np.int64)
            return Val(diff, nulls, "interval")
        if ka == "date" and kb == "int" and op in (exp.Add, exp.Sub):
            delta = np.asarray(bv).astype("timedelta64[D]")
            return Val(np.asarray(av) + (delta if op is exp.Add else -delta), nulls, "date")
        if ka == "int" and kb == "date" and op is exp.Add:
            return Val(np.asarray(bv) + np.asarray(av).astype("timedelta64[D]"), nulls, "date")
        if ka in ("ts", "date") and kb == "interval" and op in (exp.Add, exp.Sub):
            return _shift_time(a, b, op is exp.Sub, nulls)
        if ka == "interval" and kb in ("ts", "date") and op is exp.Add:
            return _shift_time(b, a, False, nulls)
        if ka == kb == "interval" and op in (exp.Add, exp.Sub):
            out = av + bv if op is exp.Add else av - bv
            return Val(out, nulls, "interval", months=a.months or b.months)
        if ka == "interval" and kb in ("int", "num") and op in (exp.Mul, exp.Div):
            if a.months:
                raise Unsupported("interval with months scaled")
            out = av * bv if op is exp.Mul else av / bv
            return Val(np.round(out).astype(np.int64), nulls, "interval")
    raise Unsupported(f"{ka} {op.__name__} {kb}")


def _coerce_for_arith(lit: Val, other: Val) -> Val:
    if other.kind in ("int", "num", "date"):
        return literal_number(lit)
    if other.kind in ("ts",):
        return cast_val(lit, "interval", Ctx({}, 0))
    if other.kind == "interval":
        try:
            return cast_val(lit, "interval", Ctx({}, 0))
        except Unsupported:
            return literal_number(lit)
    raise Unsupported(f"literal with {other.kind}")


def _shift_time(t: Val, iv: Val, minus: bool, nulls: Any) -> Val:
    base = as_us(t.values)
    if iv.months:
        if not iv.scalar or not t.scalar:
            raise Unsupported("calendar months added to a column")
        return Val(_add_months_scalar(base, iv.values, minus), nulls, "ts")
    delta = np.asarray(iv.values).astype("timedelta64[us]")
    return Val(base - delta if minus else base + delta, nulls, "ts")


def _add_months_scalar(base: np.datetime64, interval_value: int, minus: bool) -> np.datetime64:
    import datetime as dt

    months, rest = divmod(int(interval_value), MONTH_US)
    # the value kept months as 30 days; recover the month count of a literal like '18 years'
    if rest > 15 * DAY_US:
        months, rest = months + 1, rest - MONTH_US
    if minus:
        months, rest = -months, -rest
    py = np.datetime64(base, "us").item()
    if not isinstance(py, dt.datetime):
        raise Unsupported("time out of range")
    total = py.year * 12 + (py.month - 1) + months
    year, month = divmod(total, 12)
    import calendar

    day = min(py.day, calendar.monthrange(year, month + 1)[1])
    shifted = py.replace(year=year, month=month + 1, day=day)
    return np.datetime64(shifted, "us") + np.timedelta64(rest, "us")


def _abs(node, ctx):
    v = ev(node.this, ctx)
    if v.kind not in ("int", "num", "interval"):
        raise Unsupported("abs")
    return Val(np.abs(v.values), v.nulls, v.kind)


def _round(node, ctx):
    """round(x) and round(x, d) of a number as PostgreSQL rounds a numeric: halves away from
    zero (`bmi = round(weight / (height * height), 1)` is then solved, not left to chance)."""
    v = ev(node.this, ctx)
    digits = node.args.get("decimals")
    if v.kind not in ("int", "num"):
        raise Unsupported("round")
    d = 0
    if digits is not None:
        got = literal_number(ev(digits, ctx))
        if not got.scalar or got.values is None or float(got.values) != int(got.values):
            raise Unsupported("round to a computed number of digits")
        d = int(got.values)
    if v.kind == "int" and d >= 0:
        return v
    if v.scalar and v.values is None:
        return Val(None, True, "num")
    scale = 10.0**d
    with np.errstate(all="ignore"):
        values = np.asarray(v.values, dtype=np.float64)
        scaled = np.abs(values) * scale
        live = np.isfinite(scaled)
        if scaled.ndim:
            live &= ~null_mask(v, ctx.n)
        if np.any(scaled[live] >= _EXACT_BELOW):
            raise Unsupported("round of a number past float64's exact digits")
        # a hair over a half, for the decimal halves float64 holds a hair under (2.675, or
        # 79.10 * 5863.15 = 463775.165 held as 463775.16499…): the hair grows with the value,
        # as float64's error does (a few units in the last place of the product and the shift)
        hair = np.maximum(1e-9, scaled * _HALF_HAIR)
        shifted = np.floor(scaled + 0.5 + hair) / scale
        out = np.sign(values) * shifted
    return Val(out, v.nulls, "num")


# float64's relative error after a product of two decimals and the shift to the digits kept is
# under 1e-15; a value truly below a half sits at least one unit of its last decimal below it,
# far more than this above 1e-3 of a unit (a numeric(12,2) below 1e10 still clears it)
_HALF_HAIR = 4e-15
_EXACT_BELOW = 1e12  # past it the hair is no longer under a unit of the last decimal


# The nodes this module computes (the evaluator's dispatch table is the union of these).
HANDLERS: dict[type[exp.Expression], Handler] = {
    exp.Add: _arith,
    exp.Sub: _arith,
    exp.Mul: _arith,
    exp.Div: _arith,
    exp.Mod: _arith,
    exp.Abs: _abs,
    exp.Round: _round,
}
