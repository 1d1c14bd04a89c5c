"""Text: lengths (characters and octets), regular expressions, LIKE, and the string
functions (lower, upper, btrim, substring, left, right, strpos, ||)."""

from __future__ import annotations

import numpy as np
from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator.compare import compare, obj_scalar
from workbench.generate.checks.evaluator.core import Handler, Val, bool_, ev, map_, null_mask
from workbench.schema.pgtext import bytea_octets, compile_regex, like_regex

# --- text ---------------------------------------------------------------------------------------


def _text(v: Val) -> Val:
    if v.kind in ("text", "unknown"):
        return v
    if v.kind == "enum":
        return Val(v.values, v.nulls, "text")
    raise Unsupported(f"text function on {v.kind}")


def char_length_of(v: Val) -> Val:
    if v.kind == "bytea":
        return octet_length_of(v)
    t = _text(v)
    if t.bpchar:
        return map_(t, lambda s: len(str(s).rstrip(" ")), "int")
    if not t.scalar:
        values = np.asarray(t.values)
        lengths = np.strings.str_len(values.astype(str)) if values.size else np.zeros(0)
        return Val(lengths.astype(np.int64), t.nulls, "int")
    return map_(t, lambda s: len(str(s)), "int")


def octet_length_of(v: Val) -> Val:
    if v.kind == "bytea":
        return map_(v, lambda s: bytea_octets(str(s)), "int")
    t = _text(v)
    return map_(t, lambda s: len(str(s).encode()), "int")


def _length(node, ctx):
    return char_length_of(ev(node.this, ctx))


def _regex_val(v: Val, pattern: Val, icase: bool, n: int) -> Val:
    if not pattern.scalar:
        raise Unsupported("pattern from a column")
    if pattern.values is None:
        return bool_(np.zeros(n, bool), np.ones(n, bool))
    t = _text(v)
    try:
        regex = compile_regex(str(pattern.values), icase or t.ci)
    except ValueError as err:
        raise Unsupported(f"regular expression: {err}") from err
    r = map_(t, lambda s: regex.search(str(s)) is not None, "bool")
    nulls = null_mask(t, n)
    return bool_(np.broadcast_to(np.asarray(r.values, bool), (n,)) & ~nulls, nulls)


def _regexp(node, ctx):
    flag = node.args.get("flag")
    if flag is not None:
        raise Unsupported("regexp flags")
    icase = isinstance(node, exp.RegexpILike)
    return _regex_val(ev(node.this, ctx), ev(node.expression, ctx), icase, ctx.n)


def _like_val(v: Val, pattern: Val, icase: bool, escape: str | None, negate: bool, n: int) -> Val:
    if not pattern.scalar:
        raise Unsupported("pattern from a column")
    if pattern.values is None:
        return bool_(np.zeros(n, bool), np.ones(n, bool))
    t = _text(v)
    try:
        regex = like_regex(str(pattern.values), escape)
    except ValueError as err:
        raise Unsupported(str(err)) from err
    ci = icase or t.ci
    r = map_(t, lambda s: regex.match(str(s).lower() if ci else str(s)) is not None, "bool")
    if ci:
        regex = like_regex(str(pattern.values).lower(), escape)
        r = map_(t, lambda s: regex.match(str(s).lower()) is not None, "bool")
    nulls = null_mask(t, n)
    values = np.broadcast_to(np.asarray(r.values, bool), (n,))
    if negate:
        values = ~values
    return bool_(values & ~nulls, nulls)


def _like(node, ctx, escape: str | None = "\\"):
    return _like_val(
        ev(node.this, ctx),
        ev(node.expression, ctx),
        isinstance(node, exp.ILike),
        escape,
        bool(node.args.get("negate")),
        ctx.n,
    )


def _escape(node, ctx):
    inner = node.this
    esc = ev(node.expression, ctx)
    if not isinstance(inner, (exp.Like, exp.ILike)) or not esc.scalar:
        raise Unsupported(node.sql(dialect="postgres"))
    return _like(inner, ctx, str(esc.values) or None)


_OPERATOR_NAMES = {
    "~": ("regex", False, False),
    "~*": ("regex", True, False),
    "!~": ("regex", False, True),
    "!~*": ("regex", True, True),
    "~~": ("like", False, False),
    "~~*": ("like", True, False),
    "!~~": ("like", False, True),
    "!~~*": ("like", True, True),
}


def _operator(node, ctx):
    name = str(node.args.get("operator") or "").strip()
    short = name.rsplit(".", 1)[-1].strip()
    n = ctx.n
    if short in _OPERATOR_NAMES:
        family, icase, negate = _OPERATOR_NAMES[short]
        a, b = ev(node.this, ctx), ev(node.expression, ctx)
        if family == "like":
            return _like_val(a, b, icase, "\\", negate, n)
        r = _regex_val(a, b, icase, n)
        return bool_(~r.values & ~r.nulls, r.nulls) if negate else r
    if short in ("=", "<>", "!=", "<", "<=", ">", ">="):
        return compare(ev(node.this, ctx), ev(node.expression, ctx), short.replace("!=", "<>"), n)
    raise Unsupported(f"OPERATOR({name})")


def _str_ufunc(v: Val, ufunc, fn) -> Val:
    """A numpy string function over a whole column (fn for a constant)."""
    if v.scalar:
        return map_(v, fn, "text")
    values = np.asarray(v.values)
    out = ufunc(values.astype(str)).astype(object) if values.size else values.astype(object)
    return Val(out, v.nulls, "text")


def _lower(node, ctx):
    return _str_ufunc(_text(ev(node.this, ctx)), np.strings.lower, lambda s: str(s).lower())


def _upper(node, ctx):
    return _str_ufunc(_text(ev(node.this, ctx)), np.strings.upper, lambda s: str(s).upper())


def trim_of(node, ctx):
    v = _text(ev(node.this, ctx))
    chars = node.expression
    chars_s = " "
    if chars is not None:
        c = ev(chars, ctx)
        if not c.scalar:
            raise Unsupported("trim characters from a column")
        chars_s = str(c.values)
    pos = str(node.args.get("position") or "BOTH").upper()
    if pos == "LEADING":
        return map_(v, lambda s: str(s).lstrip(chars_s), "text")
    if pos == "TRAILING":
        return map_(v, lambda s: str(s).rstrip(chars_s), "text")
    return map_(v, lambda s: str(s).strip(chars_s), "text")


def _substring(node, ctx):
    v = _text(ev(node.this, ctx))
    start = node.args.get("start")
    length = node.args.get("length")
    s = ev(start, ctx) if start is not None else Val(1, False, "int")
    ln = ev(length, ctx) if length is not None else None
    if not s.scalar or (ln is not None and not ln.scalar) or s.kind != "int":
        raise Unsupported("substring with computed bounds")
    if s.kind == "unknown":
        raise Unsupported("substring(… from pattern)")
    a = int(s.values)
    if ln is not None:
        b = a + int(ln.values)
        lo, hi = max(a, 1) - 1, max(b - 1, 0)
        return map_(v, lambda x: str(x)[lo:hi] if hi > lo else "", "text")
    lo = max(a, 1) - 1
    return map_(v, lambda x: str(x)[lo:], "text")


def _left_right(node, ctx):
    v = _text(ev(node.this, ctx))
    k = ev(node.expression, ctx)
    if not k.scalar or k.kind != "int":
        raise Unsupported("left/right with a computed length")
    k_ = int(k.values)
    if isinstance(node, exp.Left):
        return map_(v, lambda s: str(s)[:k_], "text")
    return map_(v, lambda s: (str(s)[-k_:] if k_ > 0 else "") if k_ >= 0 else str(s)[-k_:], "text")


def strpos_of(node, ctx):
    v = _text(ev(node.this, ctx))
    sub = ev(node.args["substr"], ctx)
    if not sub.scalar:
        raise Unsupported("position of a column")
    if node.args.get("position") is not None:
        raise Unsupported("position with start")
    needle = str(sub.values)
    r = map_(v, lambda s: str(s).find(needle) + 1, "int")
    return Val(r.values, null_mask(v, ctx.n) | bool(sub.nulls), "int")


def _concat(node, ctx):
    a, b = ev(node.this, ctx), ev(node.expression, ctx)
    parts = []
    for v in (a, b):
        if v.kind in ("text", "unknown", "enum"):
            parts.append(v)
        elif v.kind == "int":
            parts.append(map_(v, lambda x: str(int(x)), "text"))
        else:
            raise Unsupported(f"|| on {v.kind}")
    n = ctx.n
    av = np.broadcast_to(obj_scalar(parts[0].values, n), (n,))
    bv = np.broadcast_to(obj_scalar(parts[1].values, n), (n,))
    out = np.empty(n, dtype=object)
    out[:] = [f"{x}{y}" for x, y in zip(av.tolist(), bv.tolist(), strict=False)]
    return Val(out, null_mask(a, n) | null_mask(b, n), "text")


# The nodes this module computes (the evaluator's dispatch table is the union of these).
HANDLERS: dict[type[exp.Expression], Handler] = {
    exp.Length: _length,
    exp.Lower: _lower,
    exp.Upper: _upper,
    exp.Trim: trim_of,
    exp.Substring: _substring,
    exp.Left: _left_right,
    exp.Right: _left_right,
    exp.StrPosition: strpos_of,
    exp.DPipe: _concat,
    exp.RegexpLike: _regexp,
    exp.RegexpILike: _regexp,
    exp.Like: _like,
    exp.ILike: _like,
    exp.Escape: _escape,
    exp.Operator: _operator,
}
