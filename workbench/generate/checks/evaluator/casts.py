"""Casts as PostgreSQL applies them: to numbers, booleans, dates, timestamps, intervals, enums,
json, bytea and arrays of those."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator.core import (
    INT_TYPES,
    NUM_TYPES,
    TEXT_TYPES,
    Ctx,
    Val,
    as_us,
    enum_labels,
    floor_day,
    map_,
    parse_time,
    type_name,
)
from workbench.schema.pgtext import MONTH_US, parse_array, parse_bool, parse_interval

# --- casts ------------------------------------------------------------------------------------


def cast_val(v: Val, to: Any, ctx: Ctx) -> Val:
    """`v::to` as PostgreSQL casts it, or Unsupported for a cast whose result is not certain."""
    dt = to
    if isinstance(dt, exp.DataType) and dt.this == exp.DataType.Type.ARRAY:
        inner = dt.expressions[0] if dt.expressions else None
        return cast_array(v, inner, ctx)
    name = type_name(dt)
    if name.endswith("[]"):
        return cast_array(v, name[:-2], ctx)
    labels = enum_labels(ctx, name)
    if labels is not None:
        return to_enum(v, labels)
    if name in TEXT_TYPES or name.endswith("citext") or name == "unknown":
        return _to_text(v, name)
    if name in INT_TYPES or name in NUM_TYPES or name in ("boolean", "bool"):
        return _to_number(v, name)
    if name == "date" or name.startswith("timestamp") or name == "interval":
        return _to_time(v, name)
    if name in ("jsonb", "json"):
        if v.kind in ("json", "unknown", "text"):
            return Val(v.values, v.nulls, "json")
        raise Unsupported(f"{v.kind} as json")
    if name == "bytea":
        if v.kind in ("bytea", "unknown"):
            return Val(v.values, v.nulls, "bytea")
        raise Unsupported(f"{v.kind} as bytea")
    raise Unsupported(f"cast to {name}")


def _to_text(v: Val, name: str) -> Val:
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
        return map_(v, lambda x: str(int(x)), "text")
    raise Unsupported(f"{v.kind} as {name}")


def _to_number(v: Val, name: str) -> Val:
    """Integers, numeric / floating point and booleans (a constant's text read as one)."""
    target = "int" if name in INT_TYPES else "num" if name in NUM_TYPES else "bool"
    if v.kind == target or (target == "num" and v.kind == "int"):
        return v if v.kind == target else Val(v.values, v.nulls, "num")
    if v.kind == "unknown" and v.scalar:
        read: dict[str, Callable[[str], Any]] = {
            "int": lambda t: int(t.strip()),
            "num": lambda t: float(t.strip()),
        }
        try:
            text = None if v.values is None else str(v.values)
            value = None if text is None else read.get(target, parse_bool)(text)
        except ValueError as err:
            raise Unsupported(str(err)) from err
        return Val(value, v.nulls, target)
    raise Unsupported(f"{v.kind} as {'boolean' if target == 'bool' else name}")


def _to_time(v: Val, name: str) -> Val:
    """date, timestamp and interval."""
    kind = "date" if name == "date" else "interval" if name == "interval" else "ts"
    if v.kind == kind:
        return v
    if kind == "date" and v.kind == "ts":
        return Val(floor_day(v.values), v.nulls, "date")
    if kind == "ts" and v.kind == "date":
        return Val(as_us(v.values), v.nulls, "ts")
    if v.kind == "unknown" and v.scalar and kind != "interval":
        return Val(parse_time(v.values, "D" if kind == "date" else "us"), v.nulls, kind)
    if v.kind == "unknown" and v.scalar:
        if v.values is None:
            return Val(None, True, "interval")
        try:
            months, micros = parse_interval(str(v.values))
        except ValueError as err:
            raise Unsupported(str(err)) from err
        return Val(months * MONTH_US + micros, False, "interval", months=bool(months))
    raise Unsupported(f"{v.kind} as {'timestamp' if kind == 'ts' else kind}")


def to_enum(v: Val, labels: tuple[str, ...]) -> Val:
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
    name = type_name(inner) if not isinstance(inner, str) else inner
    labels = enum_labels(ctx, name)
    if labels is not None:
        return "enum", labels
    if name in TEXT_TYPES or name.endswith("citext"):
        return "text", None
    if name in INT_TYPES:
        return "int", None
    if name in NUM_TYPES:
        return "num", None
    if name in ("boolean", "bool"):
        return "bool", None
    raise Unsupported(f"array of {name}")


def cast_array(v: Val, inner: Any, ctx: Ctx) -> Val:
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
            tuple(elem_value(x, kind, labels) for x in items),
            False,
            "array",
            elem=kind,
            labels=labels,
        )
    raise Unsupported(f"{v.kind} as array")


def elem_value(x: Any, kind: str, labels: tuple[str, ...] | None) -> Any:
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


def literal_number(v: Val) -> Val:
    try:
        return Val(int(str(v.values)), v.nulls, "int")
    except ValueError:
        try:
            return Val(float(str(v.values)), v.nulls, "num")
        except ValueError as err:
            raise Unsupported(str(err)) from err
