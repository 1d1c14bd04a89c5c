"""The evaluator's values and walk: `Val` (typed values of a batch, or a constant), `Ctx`
(the batch and its column types), the leaves (columns, literals) and `ev`, which dispatches
each sqlglot node to the handler registered for its type (see `__init__`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported, column_name, to_datetime
from workbench.schema.pgtext import MONTH_US, parse_bool, parse_interval


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


TEXT_TYPES = {
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
INT_TYPES = {"smallint", "integer", "bigint", "int", "int2", "int4", "int8", "oid"}
NUM_TYPES = {"numeric", "decimal", "real", "double precision", "float", "float4", "float8"}


def bool_arr(v: Val, n: int) -> tuple[np.ndarray, np.ndarray]:
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


def null_mask(v: Val, n: int) -> np.ndarray:
    return np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))


def bool_(values: np.ndarray, nulls: np.ndarray) -> Val:
    return Val(values, nulls, "bool")


def failing_mask(tree: Any, ctx: Ctx) -> np.ndarray:
    """Rows where the CHECK is FALSE (NULL passes)."""
    values, nulls = bool_arr(ev(tree, ctx), ctx.n)
    failing: np.ndarray = ~values & ~nulls
    return failing


# --- type names -----------------------------------------------------------------------------


def type_name(dt: Any) -> str:
    text = dt.sql(dialect="postgres").lower() if not isinstance(dt, str) else dt.lower()
    text = re.sub(r"\(\s*\d+(\s*,\s*\d+)?\s*\)", "", text).strip()
    return text.removeprefix("pg_catalog.")


def enum_labels(ctx: Ctx, name: str) -> tuple[str, ...] | None:
    name = name.replace('"', "").lower()
    if name in ctx.enums:
        return ctx.enums[name]
    short = name.rsplit(".", 1)[-1]
    return ctx.enums.get(short)


# --- leaves -----------------------------------------------------------------------------------


def _column(node: exp.Column, ctx: Ctx) -> Val:
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


def _text_map_val(col: Any, fn: Callable[[Any], Any], kind: str) -> Val:
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


def parse_time(text: Any, unit: str) -> Any:
    if text is None:
        return None
    s = str(text).strip()
    if re.search(r"(^|\s)(infinity|-infinity|epoch|now|today|tomorrow|yesterday)$", s, re.I):
        raise Unsupported(f"special time {s}")
    if re.search(r"\d:\d\d(:\d\d(\.\d+)?)?\s*([+-]\d\d(:?\d\d)?|Z)$", s, re.I):
        raise Unsupported("time zone offset")  # depends on the session's time zone
    try:
        value = to_datetime(s)
    except Exception as err:
        raise Unsupported(s) from err
    return value.astype(f"datetime64[{unit}]")


def as_us(values: Any) -> Any:
    return np.asarray(values).astype("datetime64[us]") if values is not None else None


def floor_day(values: Any) -> Any:
    return np.asarray(values).astype("datetime64[D]") if values is not None else None


def map_(v: Val, fn: Callable[[Any], Any], kind: str, **extra: Any) -> Val:
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


#: sqlglot node type -> handler(node, ctx) -> Val, filled by the package's __init__.
# Computes one node over the batch (each module's HANDLERS name theirs by node type).
Handler = Callable[[Any, Ctx], Val]
# The node types the evaluator computes and their handler (evaluator/__init__.py fills it).
DISPATCH: dict[type, Handler] = {}


def ev(node: Any, ctx: Ctx) -> Val:
    handler = DISPATCH.get(type(node))
    if handler is None:
        raise Unsupported(node.sql(dialect="postgres"))
    result: Val = handler(node, ctx)
    return result


# The nodes this module computes (the evaluator's dispatch table is the union of these).
HANDLERS: dict[type[exp.Expression], Handler] = {
    exp.Column: _column,
    exp.Literal: lambda node, ctx: _literal(node),
    exp.Boolean: lambda node, ctx: _literal(node),
    exp.Null: lambda node, ctx: _literal(node),
    exp.ByteString: lambda node, ctx: _literal(node),
    exp.RawString: lambda node, ctx: _literal(node),
    exp.National: lambda node, ctx: _literal(node),
}
