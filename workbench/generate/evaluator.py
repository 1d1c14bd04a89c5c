"""CHECK expressions computed over a whole batch with PostgreSQL's semantics.

Values are typed (`Val.kind`): numbers, booleans, text (citext compares case-insensitively,
character(n) ignores trailing blanks), enums (ordered by their labels), dates, timestamps,
intervals (microseconds, 30-day months as PostgreSQL compares them), bytea, json and arrays.
Logic is three-valued and NULL propagates as in SQL; a CHECK passes unless it is FALSE.

Each operation works on a column at once (numpy, or one Python call per distinct value for
text functions). Anything whose meaning is not certain raises `Unsupported`; the caller then
asks the server (see `oracle`), never guesses.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.pgvalues import (
    DAY_US,
    MONTH_US,
    bytea_octets,
    compile_regex,
    like_regex,
    parse_array,
    parse_bool,
    parse_interval,
)


class Unsupported(Exception):
    """An expression the evaluator cannot compute."""


@dataclass
class Val:
    values: Any  # ndarray of n, or a scalar (a constant)
    nulls: Any  # bool ndarray of n, or a bool
    kind: str  # int num bool text enum date ts interval bytea json array unknown opaque
    labels: tuple[str, ...] | None = None  # enum labels in order
    ci: bool = False  # citext
    bpchar: bool = False  # character(n)
    elem: str | None = None  # array element kind
    months: bool = False  # an interval with a month part (calendar arithmetic)

    @property
    def scalar(self) -> bool:
        return not isinstance(self.values, np.ndarray)


@dataclass
class Ctx:
    batch: Any  # checks.Batch
    n: int
    types: dict[str, Any] = field(default_factory=dict)  # column -> TypeInfo
    enums: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lowercase name -> labels
    now: np.datetime64 = field(default_factory=lambda: np.datetime64("now", "us"))
    cache: dict[Any, Val] = field(default_factory=dict)


_TEXT_TYPES = {
    "text",
    "character varying",
    "varchar",
    "character",
    "bpchar",
    "char",
    "name",
    "citext",
    "public.citext",
    '"char"',
    "uuid",
}
_INT_TYPES = {"smallint", "integer", "bigint", "int", "int2", "int4", "int8", "oid"}
_NUM_TYPES = {"numeric", "decimal", "real", "double precision", "float", "float4", "float8"}


def _bool_arr(v: Val, n: int) -> tuple[np.ndarray, np.ndarray]:
    if v.kind not in ("bool", "unknown"):
        raise Unsupported(f"{v.kind} used as a condition")
    values = v.values
    if v.kind == "unknown" and v.scalar and values is not None:
        values = parse_bool(str(values))
    if values is None:
        values = False
    vals = np.broadcast_to(np.asarray(values, dtype=bool), (n,))
    nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
    return vals, nulls


def _nulls(v: Val, n: int) -> np.ndarray:
    return np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))


def _bool(values: np.ndarray, nulls: np.ndarray) -> Val:
    return Val(values, nulls, "bool")


def failing_mask(tree: Any, ctx: Ctx) -> np.ndarray:
    """Rows where the CHECK is FALSE (NULL passes)."""
    values, nulls = _bool_arr(ev(tree, ctx), ctx.n)
    return ~values & ~nulls


# --- type names -----------------------------------------------------------------------------


def _type_name(dt: Any) -> str:
    text = dt.sql(dialect="postgres").lower() if not isinstance(dt, str) else dt.lower()
    text = re.sub(r"\(\s*\d+(\s*,\s*\d+)?\s*\)", "", text).strip()
    return text.removeprefix("pg_catalog.")


def _enum_labels(ctx: Ctx, name: str) -> tuple[str, ...] | None:
    name = name.replace('"', "").lower()
    if name in ctx.enums:
        return ctx.enums[name]
    short = name.rsplit(".", 1)[-1]
    return ctx.enums.get(short)


# --- leaves -----------------------------------------------------------------------------------


def _column(node: exp.Column, ctx: Ctx) -> Val:
    from workbench.generate.checks import column_name

    name = column_name(node)
    key = ("col", name)
    if key in ctx.cache:
        return ctx.cache[key]
    col = ctx.batch.get(name)
    if col is None:
        raise Unsupported(f"column {name} not generated")
    info = ctx.types.get(name)
    val = _column_val(col, info)
    ctx.cache[key] = val
    return val


def _column_val(col: Any, info: Any) -> Val:
    kind = col.kind
    if info is not None and info.array_dims:
        if info.array_dims > 1:
            raise Unsupported("multidimensional array")
        return Val(col.values, col.nulls, "array", elem=_info_kind(info), labels=_labels(info))
    if kind == "int":
        return Val(col.values, col.nulls, "int")
    if kind in ("float", "decimal"):
        return Val(col.values, col.nulls, "num")
    if kind == "bool":
        return Val(col.values, col.nulls, "bool")
    if kind == "date":
        return Val(col.values.astype("datetime64[D]"), col.nulls, "date")
    if kind == "timestamp":
        return Val(col.values.astype("datetime64[us]"), col.nulls, "ts")
    if info is None:
        return Val(col.values, col.nulls, "text" if kind == "text" else "opaque")
    ik = info.kind
    if ik == "enum":
        return Val(col.values, col.nulls, "enum", labels=tuple(info.labels))
    if ik == "text" or ik == "uuid":
        return Val(
            col.values, col.nulls, "text", ci=info.name.endswith("citext"), bpchar=info.fixed_char
        )
    if ik == "interval":
        return _text_map_val(col, lambda s: parse_interval(s), "interval")
    if ik == "bytea":
        return Val(col.values, col.nulls, "bytea")
    if ik == "json":
        return Val(col.values, col.nulls, "json")
    if ik in ("time",):
        return Val(col.values, col.nulls, "time")
    return Val(col.values, col.nulls, "opaque")


def _text_map_val(col: Any, fn, kind: str) -> Val:
    live = ~np.asarray(col.nulls, dtype=bool)
    us = np.zeros(len(col.values), dtype=np.int64)
    months = False
    if live.any():
        uniq, inverse = np.unique(col.values[live].astype(str), return_inverse=True)
        try:
            parsed = [fn(u) for u in uniq.tolist()]
        except ValueError as err:
            raise Unsupported(str(err)) from err
        months = any(m for m, _ in parsed)
        table = np.array([m * MONTH_US + u for m, u in parsed], dtype=np.int64)
        us[live] = table[inverse.reshape(-1)]
    return Val(us, col.nulls, kind, months=months)


def _info_kind(info: Any) -> str:
    return {
        "int": "int",
        "decimal": "num",
        "money": "num",
        "float": "num",
        "bool": "bool",
        "text": "text",
        "uuid": "text",
        "enum": "enum",
        "date": "date",
        "timestamp": "ts",
        "timestamptz": "ts",
    }.get(info.kind, "opaque")


def _labels(info: Any) -> tuple[str, ...] | None:
    return tuple(info.labels) if info.kind == "enum" else None


def _literal(node: Any) -> Val:
    if isinstance(node, exp.Literal):
        if node.is_string:
            return Val(node.this, False, "unknown")
        text = node.this
        try:
            return Val(int(text), False, "int")
        except ValueError:
            return Val(float(text), False, "num")
    if isinstance(node, exp.Boolean):
        return Val(bool(node.this), False, "bool")
    if isinstance(node, exp.Null):
        return Val(None, True, "unknown")
    if isinstance(node, (exp.ByteString, exp.RawString, exp.National)):
        return Val(node.this, False, "unknown")
    raise Unsupported(node.sql(dialect="postgres"))


# --- casts ------------------------------------------------------------------------------------


def _cast(v: Val, to: Any, ctx: Ctx) -> Val:
    dt = to
    if isinstance(dt, exp.DataType) and dt.this == exp.DataType.Type.ARRAY:
        inner = dt.expressions[0] if dt.expressions else None
        return _cast_array(v, inner, ctx)
    name = _type_name(dt)
    if name.endswith("[]"):
        return _cast_array(v, name[:-2], ctx)
    labels = _enum_labels(ctx, name)
    if labels is not None:
        return _to_enum(v, labels)
    if name in _TEXT_TYPES or name.endswith("citext") or name == "unknown":
        if v.kind in ("text", "unknown"):
            return Val(
                v.values,
                v.nulls,
                "text",
                ci=name.endswith("citext") or (v.ci and name.endswith("citext")),
                bpchar=name in ("character", "bpchar", "char"),
            )
        if v.kind == "enum":
            return Val(v.values, v.nulls, "text")
        if v.kind == "int" and name not in ("character", "bpchar", "char", '"char"'):
            return _map(v, lambda x: str(int(x)), "text")
        raise Unsupported(f"{v.kind} as {name}")
    if name in _INT_TYPES:
        if v.kind == "int":
            return v
        if v.kind == "unknown" and v.scalar:
            try:
                return Val(None if v.values is None else int(str(v.values).strip()), v.nulls, "int")
            except ValueError as err:
                raise Unsupported(str(err)) from err
        raise Unsupported(f"{v.kind} as {name}")
    if name in _NUM_TYPES:
        if v.kind in ("int", "num"):
            if v.kind == "int" and name in ("numeric", "decimal"):
                return Val(v.values, v.nulls, "num")
            return Val(v.values, v.nulls, "num")
        if v.kind == "unknown" and v.scalar:
            try:
                text = None if v.values is None else str(v.values).strip()
                return Val(None if text is None else float(text), v.nulls, "num")
            except ValueError as err:
                raise Unsupported(str(err)) from err
        raise Unsupported(f"{v.kind} as {name}")
    if name in ("boolean", "bool"):
        if v.kind == "bool":
            return v
        if v.kind == "unknown" and v.scalar:
            try:
                return Val(None if v.values is None else parse_bool(str(v.values)), v.nulls, "bool")
            except ValueError as err:
                raise Unsupported(str(err)) from err
        raise Unsupported(f"{v.kind} as boolean")
    if name == "date":
        if v.kind == "date":
            return v
        if v.kind == "ts":
            return Val(_floor_day(v.values), v.nulls, "date")
        if v.kind == "unknown" and v.scalar:
            return Val(_parse_time(v.values, "D"), v.nulls, "date")
        raise Unsupported(f"{v.kind} as date")
    if name.startswith("timestamp"):
        if v.kind == "ts":
            return v
        if v.kind == "date":
            return Val(_as_us(v.values), v.nulls, "ts")
        if v.kind == "unknown" and v.scalar:
            return Val(_parse_time(v.values, "us"), v.nulls, "ts")
        raise Unsupported(f"{v.kind} as timestamp")
    if name == "interval":
        if v.kind == "interval":
            return v
        if v.kind == "unknown" and v.scalar:
            if v.values is None:
                return Val(None, True, "interval")
            try:
                months, micros = parse_interval(str(v.values))
            except ValueError as err:
                raise Unsupported(str(err)) from err
            return Val(months * MONTH_US + micros, False, "interval", months=bool(months))
        raise Unsupported(f"{v.kind} as interval")
    if name in ("jsonb", "json"):
        if v.kind in ("json", "unknown", "text"):
            return Val(v.values, v.nulls, "json")
        raise Unsupported(f"{v.kind} as json")
    if name == "bytea":
        if v.kind in ("bytea", "unknown"):
            return Val(v.values, v.nulls, "bytea")
        raise Unsupported(f"{v.kind} as bytea")
    raise Unsupported(f"cast to {name}")


def _to_enum(v: Val, labels: tuple[str, ...]) -> Val:
    if v.kind == "enum":
        if v.labels != labels:
            raise Unsupported("cast between enums")
        return v
    if v.kind in ("unknown", "text"):
        if v.scalar and v.values is not None and str(v.values) not in labels:
            raise Unsupported(f"{v.values!r} is no label of the enum")
        return Val(v.values, v.nulls, "enum", labels=labels)
    raise Unsupported(f"{v.kind} as enum")


def _elem_kind(inner: Any, ctx: Ctx) -> tuple[str, tuple[str, ...] | None]:
    if inner is None:
        return "unknown", None
    name = _type_name(inner) if not isinstance(inner, str) else inner
    labels = _enum_labels(ctx, name)
    if labels is not None:
        return "enum", labels
    if name in _TEXT_TYPES or name.endswith("citext"):
        return "text", None
    if name in _INT_TYPES:
        return "int", None
    if name in _NUM_TYPES:
        return "num", None
    if name in ("boolean", "bool"):
        return "bool", None
    raise Unsupported(f"array of {name}")


def _cast_array(v: Val, inner: Any, ctx: Ctx) -> Val:
    kind, labels = _elem_kind(inner, ctx)
    if v.kind == "array":
        if v.elem in (kind, "unknown") or (kind == "text" and v.elem in ("text", "enum")):
            return Val(v.values, v.nulls, "array", elem=kind, labels=labels or v.labels)
        raise Unsupported("array cast")
    if v.kind == "unknown" and v.scalar:
        if v.values is None:
            return Val(None, True, "array", elem=kind, labels=labels)
        try:
            items = parse_array(str(v.values))
        except ValueError as err:
            raise Unsupported(str(err)) from err
        return Val(
            tuple(_elem_value(x, kind, labels) for x in items),
            False,
            "array",
            elem=kind,
            labels=labels,
        )
    raise Unsupported(f"{v.kind} as array")


def _elem_value(x: Any, kind: str, labels: tuple[str, ...] | None) -> Any:
    if x is None:
        return None
    if kind == "int":
        return int(x)
    if kind == "num":
        return float(x)
    if kind == "bool":
        return parse_bool(str(x))
    if kind == "enum" and labels is not None and str(x) not in labels:
        raise Unsupported(f"{x!r} is no label of the enum")
    return str(x)


def _parse_time(text: Any, unit: str) -> Any:
    from workbench.generate.checks import _to_datetime

    if text is None:
        return None
    s = str(text).strip()
    if re.search(r"(^|\s)(infinity|-infinity|epoch|now|today|tomorrow|yesterday)$", s, re.I):
        raise Unsupported(f"special time {s}")
    if re.search(r"\d:\d\d(:\d\d(\.\d+)?)?\s*([+-]\d\d(:?\d\d)?|Z)$", s, re.I):
        raise Unsupported("time zone offset")  # depends on the session's time zone
    try:
        value = _to_datetime(s)
    except Exception as err:
        raise Unsupported(s) from err
    return value.astype(f"datetime64[{unit}]")


def _as_us(values: Any) -> Any:
    return np.asarray(values).astype("datetime64[us]") if values is not None else None


def _floor_day(values: Any) -> Any:
    return np.asarray(values).astype("datetime64[D]") if values is not None else None


def _map(v: Val, fn, kind: str, **extra: Any) -> Val:
    """A Python function applied once per distinct non-NULL value."""
    if v.scalar:
        return Val(None if v.values is None else fn(v.values), v.nulls, kind, **extra)
    values = v.values
    n = len(values)
    nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
    live = np.flatnonzero(~nulls) if nulls.any() else None
    subset = values[live] if live is not None else values
    try:
        uniq, inverse = np.unique(subset, return_inverse=True)
        mapped = [fn(u) for u in uniq.tolist()]
        out = np.empty(len(mapped), dtype=object)
        out[:] = mapped
        part = out[inverse.reshape(-1)]
    except TypeError:
        part = np.empty(len(subset), dtype=object)
        part[:] = [fn(x) for x in subset.tolist()]
    if live is None:
        result = part
    else:
        fill = {"int": 0, "bool": False, "num": 0.0}.get(kind)
        result = np.empty(n, dtype=object)
        result[:] = [fill] * n
        result[live] = part
    if kind == "int":
        result = result.astype(np.int64)
    elif kind == "bool":
        result = result.astype(bool)
    return Val(result, v.nulls, kind, **extra)


# --- the walk ---------------------------------------------------------------------------------


def ev(node: Any, ctx: Ctx) -> Val:
    handler = _HANDLERS.get(type(node))
    if handler is None:
        raise Unsupported(node.sql(dialect="postgres"))
    return handler(node, ctx)


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


def _literal_number(v: Val) -> Val:
    try:
        return Val(int(str(v.values)), v.nulls, "int")
    except ValueError:
        try:
            return Val(float(str(v.values)), v.nulls, "num")
        except ValueError as err:
            raise Unsupported(str(err)) from err


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


# --- comparison -------------------------------------------------------------------------------

_OPS = {
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


def _unify(a: Val, b: Val, op: str) -> tuple[Any, Any]:
    """Comparable representations of two values (raising Unsupported when unsure)."""
    if a.kind == "unknown" and b.kind != "unknown":
        b_val, a_val = _unify(b, a, _flip(op))
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
            b = _literal_number(b)
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
            b = Val(_parse_time(b.values, "D" if kind == "date" else "us"), b.nulls, kind)
        if b.kind not in ("date", "ts"):
            raise Unsupported(f"{kind} compared with {b.kind}")
        if kind != b.kind:
            return _as_us(a.values), _as_us(b.values)
        return a.values, b.values
    if kind == "interval":
        if b.kind == "unknown":
            b = _cast(b, "interval", Ctx({}, 0))
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
        return _array_items(a), _array_items(b)
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
    return _map(v, lambda x: index.get(str(x), -1), "int").values


def _text_norm(v: Val, ci: bool, bp: bool) -> Any:
    if not ci and not bp:
        return v.values
    fn = (lambda s: str(s).rstrip(" ")) if bp else str
    if ci:
        inner = fn
        fn = lambda s: inner(s).lower()  # noqa: E731
    return _map(v, fn, "text").values


def compare(a: Val, b: Val, op: str, n: int) -> Val:
    nulls = _nulls(a, n) | _nulls(b, n)
    if (a.scalar and a.values is None) or (b.scalar and b.values is None):
        return _bool(np.zeros(n, bool), np.ones(n, bool))
    left, right = _unify(a, b, op)
    with np.errstate(all="ignore"):
        if a.kind == "array" or b.kind == "array":
            # tuples per row: compared one by one (numpy would broadcast into them)
            lv = np.broadcast_to(_obj_scalar(left, n), (n,))
            rv = np.broadcast_to(_obj_scalar(right, n), (n,))
            result = np.fromiter(
                (_py_cmp(x, y, op) for x, y in zip(lv.tolist(), rv.tolist(), strict=False)),
                bool,
                n,
            )
        else:
            result = _NP[op](left, right)
    return _bool(np.broadcast_to(np.asarray(result, dtype=bool), (n,)) & ~nulls, nulls)


def _obj_scalar(value: Any, n: int) -> np.ndarray:
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


# --- arrays -----------------------------------------------------------------------------------


def _array_items(v: Val) -> Any:
    """Python tuples per row (object ndarray) or one tuple for a constant."""
    if v.kind != "array":
        raise Unsupported(f"{v.kind} used as an array")
    if v.scalar:
        return v.values
    elem, labels = v.elem or "text", v.labels

    def conv(text: Any) -> Any:
        if isinstance(text, tuple):
            return text
        return tuple(_elem_value(x, elem, labels) for x in parse_array(str(text)))

    try:
        items = _map(v, conv, "array").values
    except ValueError as err:
        raise Unsupported(str(err)) from err
    out = np.empty(len(items), dtype=object)
    out[:] = [() if x is None else x for x in items.tolist()]  # NULL rows: masked anyway
    return out


def _array_expr(node: Any, ctx: Ctx) -> Val:
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
        return _cast_array(v, None, ctx)
    if v.kind != "array":
        raise Unsupported(f"{v.kind} used as an array")
    return v


def _elements_vs(x: Val, arr: Val, op: str, quantifier: str, n: int) -> Val:
    """x op ANY/ALL (arr) with SQL's NULL rules."""
    items = _array_items(arr)
    elem = Val(None, False, arr.elem or "unknown", labels=arr.labels)
    xn = _nulls(x, n)
    an = _nulls(arr, n)
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
    return _bool(true & ~nulls, nulls)


def _quantified(node, op, ctx):
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
    arr = _array_expr(target, ctx)
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
    out = _bool(true, nulls)
    if node.args.get("is_global") or node.args.get("negate"):
        return _bool(~true & ~nulls, nulls)
    return out


def _array_set_op(node, ctx):
    n = ctx.n
    a = _array_expr(node.this, ctx)
    b = _array_expr(node.expression, ctx)
    ai, bi = _array_items(a), _array_items(b)
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
    lv = ai if not isinstance(ai, tuple) else _obj_scalar(ai, n)
    rv = bi if not isinstance(bi, tuple) else _obj_scalar(bi, n)
    res = np.fromiter((test(x, y) for x, y in zip(lv.tolist(), rv.tolist(), strict=False)), bool, n)
    nulls = _nulls(a, n) | _nulls(b, n)
    return _bool(res & ~nulls, nulls)


def _array_size(node, ctx):
    v = _array_expr(node.this, ctx)
    dim = ev(node.expression, ctx) if node.expression is not None else Val(1, False, "int")
    if not dim.scalar or dim.values != 1:
        raise Unsupported("array_length of another dimension")
    items = _array_items(v)
    if isinstance(items, tuple):
        length = len(items)
        return Val(length if length else None, v.nulls or length == 0, "int")
    lengths = np.fromiter((len(x) for x in items.tolist()), np.int64, ctx.n)
    return Val(lengths, _nulls(v, ctx.n) | (lengths == 0), "int")


def _cardinality(v: Val, n: int) -> Val:
    items = _array_items(v)
    if isinstance(items, tuple):
        return Val(len(items), v.nulls, "int")
    return Val(np.fromiter((len(x) for x in items.tolist()), np.int64, n), v.nulls, "int")


# --- text ---------------------------------------------------------------------------------------


def _text(v: Val) -> Val:
    if v.kind in ("text", "unknown"):
        return v
    if v.kind == "enum":
        return Val(v.values, v.nulls, "text")
    raise Unsupported(f"text function on {v.kind}")


def _char_length(v: Val) -> Val:
    if v.kind == "bytea":
        return _octet_length(v)
    t = _text(v)
    if t.bpchar:
        return _map(t, lambda s: len(str(s).rstrip(" ")), "int")
    if not t.scalar:
        values = np.asarray(t.values)
        lengths = np.strings.str_len(values.astype(str)) if values.size else np.zeros(0)
        return Val(lengths.astype(np.int64), t.nulls, "int")
    return _map(t, lambda s: len(str(s)), "int")


def _octet_length(v: Val) -> Val:
    if v.kind == "bytea":
        return _map(v, lambda s: bytea_octets(str(s)), "int")
    t = _text(v)
    return _map(t, lambda s: len(str(s).encode()), "int")


def _length(node, ctx):
    return _char_length(ev(node.this, ctx))


def _regex_val(v: Val, pattern: Val, icase: bool, n: int) -> Val:
    if not pattern.scalar:
        raise Unsupported("pattern from a column")
    if pattern.values is None:
        return _bool(np.zeros(n, bool), np.ones(n, bool))
    t = _text(v)
    try:
        regex = compile_regex(str(pattern.values), icase or t.ci)
    except ValueError as err:
        raise Unsupported(f"regular expression: {err}") from err
    r = _map(t, lambda s: regex.search(str(s)) is not None, "bool")
    nulls = _nulls(t, n)
    return _bool(np.broadcast_to(np.asarray(r.values, bool), (n,)) & ~nulls, nulls)


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
        return _bool(np.zeros(n, bool), np.ones(n, bool))
    t = _text(v)
    try:
        regex = like_regex(str(pattern.values), escape)
    except ValueError as err:
        raise Unsupported(str(err)) from err
    ci = icase or t.ci
    r = _map(t, lambda s: regex.match(str(s).lower() if ci else str(s)) is not None, "bool")
    if ci:
        regex = like_regex(str(pattern.values).lower(), escape)
        r = _map(t, lambda s: regex.match(str(s).lower()) is not None, "bool")
    nulls = _nulls(t, n)
    values = np.broadcast_to(np.asarray(r.values, bool), (n,))
    if negate:
        values = ~values
    return _bool(values & ~nulls, nulls)


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
        return _bool(~r.values & ~r.nulls, r.nulls) if negate else r
    if short in ("=", "<>", "!=", "<", "<=", ">", ">="):
        return compare(ev(node.this, ctx), ev(node.expression, ctx), short.replace("!=", "<>"), n)
    raise Unsupported(f"OPERATOR({name})")


def _str_ufunc(v: Val, ufunc, fn) -> Val:
    """A numpy string function over a whole column (fn for a constant)."""
    if v.scalar:
        return _map(v, fn, "text")
    values = np.asarray(v.values)
    out = ufunc(values.astype(str)).astype(object) if values.size else values.astype(object)
    return Val(out, v.nulls, "text")


def _lower(node, ctx):
    return _str_ufunc(_text(ev(node.this, ctx)), np.strings.lower, lambda s: str(s).lower())


def _upper(node, ctx):
    return _str_ufunc(_text(ev(node.this, ctx)), np.strings.upper, lambda s: str(s).upper())


def _trim(node, ctx):
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
        return _map(v, lambda s: str(s).lstrip(chars_s), "text")
    if pos == "TRAILING":
        return _map(v, lambda s: str(s).rstrip(chars_s), "text")
    return _map(v, lambda s: str(s).strip(chars_s), "text")


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
        return _map(v, lambda x: str(x)[lo:hi] if hi > lo else "", "text")
    lo = max(a, 1) - 1
    return _map(v, lambda x: str(x)[lo:], "text")


def _left_right(node, ctx):
    v = _text(ev(node.this, ctx))
    k = ev(node.expression, ctx)
    if not k.scalar or k.kind != "int":
        raise Unsupported("left/right with a computed length")
    k_ = int(k.values)
    if isinstance(node, exp.Left):
        return _map(v, lambda s: str(s)[:k_], "text")
    return _map(v, lambda s: (str(s)[-k_:] if k_ > 0 else "") if k_ >= 0 else str(s)[-k_:], "text")


def _strpos(node, ctx):
    v = _text(ev(node.this, ctx))
    sub = ev(node.args["substr"], ctx)
    if not sub.scalar:
        raise Unsupported("position of a column")
    if node.args.get("position") is not None:
        raise Unsupported("position with start")
    needle = str(sub.values)
    r = _map(v, lambda s: str(s).find(needle) + 1, "int")
    return Val(r.values, _nulls(v, ctx.n) | bool(sub.nulls), "int")


def _concat(node, ctx):
    a, b = ev(node.this, ctx), ev(node.expression, ctx)
    parts = []
    for v in (a, b):
        if v.kind in ("text", "unknown", "enum"):
            parts.append(v)
        elif v.kind == "int":
            parts.append(_map(v, lambda x: str(int(x)), "text"))
        else:
            raise Unsupported(f"|| on {v.kind}")
    n = ctx.n
    av = np.broadcast_to(_obj_scalar(parts[0].values, n), (n,))
    bv = np.broadcast_to(_obj_scalar(parts[1].values, n), (n,))
    out = np.empty(n, dtype=object)
    out[:] = [f"{x}{y}" for x, y in zip(av.tolist(), bv.tolist(), strict=False)]
    return Val(out, _nulls(a, n) | _nulls(b, n), "text")


# --- functions ----------------------------------------------------------------------------------


def _anonymous(node, ctx):
    name = node.name.lower().removeprefix("pg_catalog.")
    args = node.expressions
    n = ctx.n
    if name in ("num_nulls", "num_nonnulls"):
        count = np.zeros(n, np.int64)
        for arg in args:
            count += ~_nulls(ev(arg, ctx), n)
        if name == "num_nulls":
            count = len(args) - count
        return Val(count, np.zeros(n, bool), "int")
    if name in ("jsonb_typeof", "json_typeof") and len(args) == 1:
        v = ev(args[0], ctx)
        if v.kind not in ("json", "unknown", "text"):
            raise Unsupported(f"{name} of {v.kind}")
        return _map(v, _json_type, "text")
    if name in ("char_length", "character_length") and len(args) == 1:
        return _char_length(ev(args[0], ctx))
    if name == "length" and len(args) == 1:
        return _char_length(ev(args[0], ctx))
    if name == "octet_length" and len(args) == 1:
        return _octet_length(ev(args[0], ctx))
    if name == "cardinality" and len(args) == 1:
        return _cardinality(_array_expr(args[0], ctx), n)
    if name == "array_length" and len(args) == 2:
        return _array_size(exp.ArraySize(this=args[0], expression=args[1]), ctx)
    if name in ("btrim", "ltrim", "rtrim") and len(args) in (1, 2):
        pos = {"btrim": "BOTH", "ltrim": "LEADING", "rtrim": "TRAILING"}[name]
        return _trim(
            exp.Trim(this=args[0], expression=args[1] if len(args) > 1 else None, position=pos),
            ctx,
        )
    if name == "now" and not args:
        return Val(ctx.now, False, "ts")
    if name == "strpos" and len(args) == 2:
        return _strpos(exp.StrPosition(this=args[0], substr=args[1]), ctx)
    if name in ("isfinite",) and len(args) == 1:
        v = ev(args[0], ctx)
        if v.kind not in ("date", "ts", "interval"):
            raise Unsupported("isfinite")
        return _bool(np.ones(n, bool) & ~_nulls(v, n), _nulls(v, n))
    raise Unsupported(f"function {name}")


def _json_type(text: Any) -> str:
    try:
        value = json.loads(str(text))
    except ValueError as err:
        raise Unsupported("invalid json") from err
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"


def _json_keys(node, ctx):
    n = ctx.n
    v = ev(node.this, ctx)
    if v.kind not in ("json", "unknown"):
        raise Unsupported("? on " + v.kind)
    if isinstance(node, exp.JSONBContainsTopKey):
        key = ev(node.expression, ctx)
        if not key.scalar:
            raise Unsupported("key from a column")
        keys, mode = [str(key.values)], "any"
    else:
        arr = _array_expr(node.expression, ctx)
        if not arr.scalar:
            raise Unsupported("keys from a column")
        keys = [str(k) for k in arr.values if k is not None]
        mode = "all" if isinstance(node, exp.JSONBContainsAllTopKeys) else "any"

    def test(text: Any) -> bool:
        value = json.loads(str(text))
        if isinstance(value, dict):
            present = [k in value for k in keys]
        elif isinstance(value, list):
            present = [k in [x for x in value if isinstance(x, str)] for k in keys]
        elif isinstance(value, str):
            present = [k == value for k in keys]
        else:
            present = [False for _ in keys]
        return all(present) if mode == "all" else any(present)

    r = _map(v, test, "bool")
    nulls = _nulls(v, n)
    return _bool(np.broadcast_to(np.asarray(r.values, bool), (n,)) & ~nulls, nulls)


def _json_get(node, ctx):
    """json -> key / ->> key (text), for a constant key or array index."""
    v = ev(node.this, ctx)
    if v.kind not in ("json", "unknown"):
        raise Unsupported("-> on " + v.kind)
    path = node.expression
    if isinstance(path, exp.JSONPath):
        steps = [p for p in path.expressions if not isinstance(p, exp.JSONPathRoot)]
        if len(steps) != 1 or not isinstance(steps[0], (exp.JSONPathKey, exp.JSONPathSubscript)):
            raise Unsupported("json path")
        k = steps[0].this
        k = int(k) if isinstance(steps[0], exp.JSONPathSubscript) else str(k)
    else:
        key = ev(path, ctx)
        if not key.scalar or key.values is None or key.kind not in ("unknown", "text", "int"):
            raise Unsupported("json key from a column")
        k = key.values
    as_text = isinstance(node, exp.JSONExtractScalar)

    def get(text: Any) -> Any:
        doc = json.loads(str(text))
        if isinstance(doc, dict) and not isinstance(k, int):
            found = doc.get(str(k), _MISSING)
        elif isinstance(doc, list) and isinstance(k, int):
            found = doc[k] if -len(doc) <= k < len(doc) else _MISSING
        else:
            found = _MISSING
        if found is _MISSING or (as_text and found is None):
            return _MISSING
        if as_text:
            return found if isinstance(found, str) else json.dumps(found)
        return json.dumps(found)

    r = _map(v, get, "text")
    values = np.asarray(r.values, dtype=object) if not r.scalar else r.values
    if r.scalar:
        missing = values is _MISSING
        return Val(
            None if missing else values, bool(v.nulls) or missing, "text" if as_text else "json"
        )
    missing = np.array([x is _MISSING for x in values.tolist()], dtype=bool)
    values = values.copy()
    values[missing] = ""
    return Val(values, _nulls(v, ctx.n) | missing, "text" if as_text else "json")


_MISSING = object()


def _coalesce(node, ctx):
    n = ctx.n
    parts = [ev(node.this, ctx)] + [ev(e, ctx) for e in node.expressions]
    return _first_non_null(parts, n)


def _common_ref(parts: list[Val], what: str) -> Val:
    """The part whose kind every part is coerced to (int and num meet as num)."""
    kinds = {p.kind for p in parts if p.kind != "unknown"}
    if len(kinds) > 1:
        if kinds <= {"int", "num"}:
            kinds = {"num"}
        else:
            raise Unsupported(f"{what} of mixed types")
    kind = kinds.pop() if kinds else "unknown"
    return next((p for p in parts if p.kind == kind), parts[0])


def _first_non_null(parts: list[Val], n: int) -> Val:
    ref = _common_ref(parts, "COALESCE")
    parts = [_coerce_to(p, ref) for p in parts]
    values = None
    nulls = np.ones(n, bool)
    for p in reversed(parts):
        pn = _nulls(p, n)
        pv = np.broadcast_to(_obj_scalar(p.values, n) if p.scalar else p.values, (n,))
        values = np.array(pv, dtype=object) if values is None else np.where(pn, values, pv)
        nulls = np.where(pn, nulls, False)
    return _typed(values, nulls, ref)


def _coerce_to(v: Val, ref: Val) -> Val:
    if v.kind == ref.kind or v.kind != "unknown":
        return v
    if v.scalar and v.values is None:
        return Val(None, True, ref.kind, labels=ref.labels)
    if ref.kind in ("int", "num"):
        return _literal_number(v)
    if ref.kind == "date":
        return Val(_parse_time(v.values, "D"), v.nulls, "date")
    if ref.kind == "ts":
        return Val(_parse_time(v.values, "us"), v.nulls, "ts")
    if ref.kind == "interval":
        return _cast(v, "interval", Ctx({}, 0))
    if ref.kind == "bool":
        return Val(parse_bool(str(v.values)), v.nulls, "bool")
    if ref.kind == "enum":
        return _to_enum(v, ref.labels or ())
    if ref.kind in ("text",):
        return Val(v.values, v.nulls, "text")
    raise Unsupported(f"{ref.kind} from a literal")


def _typed(values: np.ndarray, nulls: np.ndarray, ref: Val) -> Val:
    kind = ref.kind
    if kind == "int":
        values = np.where(nulls, 0, values).astype(np.int64)
    elif kind == "num":
        values = np.where(nulls, 0.0, values).astype(np.float64)
    elif kind == "bool":
        values = np.where(nulls, False, values).astype(bool)
    elif kind == "date":
        values = np.where(nulls, np.datetime64(0, "D"), values).astype("datetime64[D]")
    elif kind == "ts":
        values = np.where(nulls, np.datetime64(0, "us"), values).astype("datetime64[us]")
    elif kind == "interval":
        values = np.where(nulls, 0, values).astype(np.int64)
    return Val(values, nulls, kind, labels=ref.labels, ci=ref.ci, bpchar=ref.bpchar, elem=ref.elem)


def _nullif(node, ctx):
    a = ev(node.this, ctx)
    eq = compare(a, ev(node.expression, ctx), "=", ctx.n)
    nulls = _nulls(a, ctx.n) | eq.values
    values = a.values if not a.scalar else np.broadcast_to(_obj_scalar(a.values, ctx.n), (ctx.n,))
    return Val(values, nulls, a.kind, labels=a.labels, ci=a.ci, bpchar=a.bpchar)


def _case(node, ctx):
    n = ctx.n
    subject = node.this
    decided = np.zeros(n, bool)
    branches: list[tuple[np.ndarray, Val]] = []
    for branch in node.args.get("ifs") or []:
        cond = branch.this
        if subject is not None:
            c = compare(ev(subject, ctx), ev(cond, ctx), "=", n)
        else:
            c = ev(cond, ctx)
        cv, cn = _bool_arr(c, n)
        take = cv & ~cn & ~decided
        decided |= take
        branches.append((take, ev(branch.args["true"], ctx)))
    default = node.args.get("default")
    rest = ~decided
    dval = ev(default, ctx) if default is not None else Val(None, True, "unknown")
    branches.append((rest, dval))
    parts = [v for _, v in branches]
    ref = _common_ref(parts, "CASE")
    values = np.empty(n, dtype=object)
    nulls = np.ones(n, bool)
    for take, v in branches:
        v = _coerce_to(v, ref)
        pv = np.broadcast_to(_obj_scalar(v.values, n) if v.scalar else v.values, (n,))
        values[take] = pv[take]
        nulls[take] = _nulls(v, n)[take]
    return _typed(values, nulls, ref)


def _current_ts(node, ctx):
    return Val(ctx.now, False, "ts")


def _current_date(node, ctx):
    return Val(ctx.now.astype("datetime64[D]"), False, "date")


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
        a, b = _literal_number(a), _literal_number(b)
    nulls = _nulls(a, n) | _nulls(b, n)
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
            diff = (_as_us(av) - _as_us(bv)).astype("timedelta64[us]").astype(np.int64)
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
        return _literal_number(lit)
    if other.kind in ("ts",):
        return _cast(lit, "interval", Ctx({}, 0))
    if other.kind == "interval":
        try:
            return _cast(lit, "interval", Ctx({}, 0))
        except Unsupported:
            return _literal_number(lit)
    raise Unsupported(f"literal with {other.kind}")


def _shift_time(t: Val, iv: Val, minus: bool, nulls: Any) -> Val:
    base = _as_us(t.values)
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


def _between(node, ctx):
    n = ctx.n
    x = ev(node.this, ctx)
    lo = compare(x, ev(node.args["low"], ctx), ">=", n)
    hi = compare(x, ev(node.args["high"], ctx), "<=", n)
    false = (~lo.nulls & ~lo.values) | (~hi.nulls & ~hi.values)
    nulls = ~false & (lo.nulls | hi.nulls)
    return _bool(~false & ~nulls, nulls)


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


_HANDLERS: dict[type, Any] = {
    exp.Paren: _paren,
    exp.Cast: _castnode,
    exp.TryCast: _castnode,
    exp.Column: _column,
    exp.Literal: lambda node, ctx: _literal(node),
    exp.Boolean: lambda node, ctx: _literal(node),
    exp.Null: lambda node, ctx: _literal(node),
    exp.ByteString: lambda node, ctx: _literal(node),
    exp.RawString: lambda node, ctx: _literal(node),
    exp.National: lambda node, ctx: _literal(node),
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
    exp.In: _in,
    exp.Between: _between,
    exp.Length: _length,
    exp.Lower: _lower,
    exp.Upper: _upper,
    exp.Trim: _trim,
    exp.Substring: _substring,
    exp.Left: _left_right,
    exp.Right: _left_right,
    exp.StrPosition: _strpos,
    exp.DPipe: _concat,
    exp.RegexpLike: _regexp,
    exp.RegexpILike: _regexp,
    exp.Like: _like,
    exp.ILike: _like,
    exp.Escape: _escape,
    exp.Operator: _operator,
    exp.Anonymous: _anonymous,
    exp.JSONBContainsTopKey: _json_keys,
    exp.JSONBContainsAnyTopKeys: _json_keys,
    exp.JSONBContainsAllTopKeys: _json_keys,
    exp.ArrayContainsAll: _array_set_op,
    exp.ArrayContainedBy: _array_set_op,
    exp.ArrayOverlaps: _array_set_op,
    exp.ArraySize: _array_size,
    exp.Coalesce: _coalesce,
    exp.Nullif: _nullif,
    exp.Case: _case,
    exp.CurrentTimestamp: _current_ts,
    exp.CurrentDate: _current_date,
    exp.Add: _arith,
    exp.Sub: _arith,
    exp.Mul: _arith,
    exp.Div: _arith,
    exp.Mod: _arith,
    exp.Abs: _abs,
    exp.Collate: _collate,
    exp.Interval: _interval,
    exp.JSONExtractScalar: _json_get,
    exp.JSONExtract: _json_get,
}
