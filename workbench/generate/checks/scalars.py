"""Repairs of comparisons: with a constant (numbers, times, intervals, text, enum labels by
their order), with another column, and IN lists; every value chosen from the column's own
domain."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.batch import Col
from workbench.generate.base.sqltree import FLIP, Unsupported, strip, to_datetime
from workbench.generate.checks.env import (
    RowRepair,
    batch_col,
    col_name,
    ctx,
    enum_labels,
    evaluate,
    name_of,
    set_,
    type_info,
)
from workbench.generate.checks.evaluator.casts import cast_val
from workbench.generate.checks.hints import unwrap_case
from workbench.schema.pgtext import MONTH_US, format_interval, parse_interval


def apply_in(target: Any, values: list[Any], negated: bool, r: RowRepair) -> None:
    name = col_name(unwrap_case(target))
    col = batch_col(unwrap_case(target), r.batch)
    if col is None:
        raise Unsupported("IN on an expression")
    values = [v for v in values if v is not None]
    labels = enum_labels(name, r.env)
    rows = r.rows
    if not negated:
        if not values:
            raise Unsupported("empty IN list")
        if labels is not None and any(str(v) not in labels for v in values):
            values = [v for v in values if str(v) in labels]
        if isinstance(strip(target), (exp.Upper, exp.Lower)) or col.kind == "text":
            values = [str(v) for v in values]
        picks = np.empty(rows.size, dtype=object)
        picks[:] = [values[i] for i in r.rng.integers(0, len(values), rows.size).tolist()]
        if col.kind in ("int", "float", "decimal", "bool") or col.kind in ("date", "timestamp"):
            picks = picks.astype(col.values.dtype)
        set_(col, rows, picks)
        return
    if labels is not None:
        keep = [label for label in labels if label not in {str(v) for v in values}]
        if not keep:
            raise Unsupported("every label excluded")
        apply_in(target, keep, False, r)
        return
    if r.regen is None or col.protected:
        raise Unsupported("NOT IN without a generator")
    fresh = r.regen(name, rows)
    if fresh is None:
        raise Unsupported("NOT IN without a generator")
    forbidden = set(values)
    ok = np.array([x not in forbidden for x in np.asarray(fresh).tolist()], dtype=bool)
    col.values[rows[ok]] = np.asarray(fresh)[ok]
    col.nulls[rows[ok]] = False


def apply_enum(col: Col, labels: list[str], op: type, value: Any, r: RowRepair) -> None:
    """A comparison with a constant on an enum column: a label that satisfies it, by order."""
    if str(value) not in labels:
        raise Unsupported(f"{value!r} is no label")
    k = labels.index(str(value))
    ok = {
        exp.EQ: lambda i: i == k,
        exp.NEQ: lambda i: i != k,
        exp.GT: lambda i: i > k,
        exp.GTE: lambda i: i >= k,
        exp.LT: lambda i: i < k,
        exp.LTE: lambda i: i <= k,
    }[op]
    choices = [label for i, label in enumerate(labels) if ok(i)]
    if not choices:
        raise Unsupported("no label satisfies the comparison")
    current = col.values[r.rows]
    wrong = (
        np.array(
            [not (str(x) in labels and ok(labels.index(str(x)))) for x in current.tolist()], bool
        )
        | col.nulls[r.rows]
    )
    target = r.rows[wrong]
    picks = np.empty(target.size, dtype=object)
    picks[:] = [choices[i] for i in r.rng.integers(0, len(choices), target.size).tolist()]
    set_(col, target, picks)


def _step_value(col: Col, value: Any, sign: int) -> Any:
    if isinstance(value, np.datetime64):
        unit = np.timedelta64(1, "D") if col.kind == "date" else np.timedelta64(1, "s")
        return value + sign * unit
    if isinstance(value, str):
        return value + "a" if sign > 0 else value[:-1]
    return value + sign * col.step


def apply_const(col: Col, op: type, value: Any, r: RowRepair) -> None:
    rows = r.rows
    if value is None:
        raise Unsupported("comparison with NULL")
    if col.kind == "date" and isinstance(value, (str, np.datetime64)):
        value = np.datetime64(to_datetime(str(value)), "D")
    elif col.kind == "timestamp" and isinstance(value, (str, np.datetime64)):
        value = np.datetime64(to_datetime(str(value)), "us")
    if col.kind == "text" and op not in (exp.EQ, exp.NEQ):
        raise Unsupported("text ordering")
    current = col.values[rows]
    if op is exp.EQ:
        set_(col, rows, value)
    elif op is exp.NEQ:
        hit = rows[np.asarray(current == value, dtype=bool) | col.nulls[rows]]
        if isinstance(value, str):
            avoid = np.empty(hit.size, dtype=object)
            avoid[:] = value
            set_(col, hit, _unlike(col, name_of(col, r), hit, avoid, r))
        elif isinstance(value, (bool, np.bool_)):
            set_(col, hit, not value)
        else:
            set_(col, hit, _step_value(col, value, 1))
    elif op in (exp.GT, exp.GTE):
        bound = value if op is exp.GTE else _step_value(col, value, 1)
        low = rows[np.asarray(current < bound, dtype=bool) | col.nulls[rows]]
        set_(col, low, bound)
    elif op in (exp.LT, exp.LTE):
        bound = value if op is exp.LTE else _step_value(col, value, -1)
        high = rows[np.asarray(current > bound, dtype=bool) | col.nulls[rows]]
        set_(col, high, bound)


def interval_const(node: Any, r: RowRepair) -> int:
    """An interval constant in microseconds (a month as 30 days, as comparisons count it)."""
    v = evaluate(node, {}, 1, r.env)
    if v.kind != "interval":
        v = cast_val(v, "interval", ctx({}, 1, r.env))
    if not v.scalar or v.values is None:
        raise Unsupported("not an interval constant")
    return int(v.values)


def apply_interval(col: Col, op: type, bound: int, r: RowRepair) -> None:
    """A comparison of an interval column with a constant: the rows beyond the bound take it
    (moved one second inwards when the bound is exclusive), written as PostgreSQL reads it."""
    second = 1_000_000
    target = {exp.GT: bound + second, exp.LT: bound - second, exp.NEQ: bound + second}
    value = target.get(op, bound)
    rows = r.rows
    current = []
    for text, null in zip(col.values[rows].tolist(), col.nulls[rows].tolist(), strict=True):
        months, micros = (0, value) if null else parse_interval(str(text))
        current.append(months * MONTH_US + micros)
    now = np.asarray(current, dtype=np.int64)
    wrong = {
        exp.EQ: now != bound,
        exp.NEQ: now == bound,
        exp.GT: now <= bound,
        exp.GTE: now < bound,
        exp.LT: now >= bound,
        exp.LTE: now > bound,
    }[op] | col.nulls[rows]
    set_(col, rows[wrong], format_interval(value))


def _unlike(col: Col, name: str | None, rows: np.ndarray, avoid: np.ndarray, r: RowRepair):
    """Text values from the column's own domain for `rows`, each unlike `avoid` in its row:
    another of the enum's labels; else a fresh draw from the column's generator, where it
    still equals the avoided value changed in one letter (within the column's length)."""
    labels = enum_labels(name, r.env)
    out = np.empty(rows.size, dtype=object)
    if labels is not None:
        for i, bad in enumerate(avoid.tolist()):
            choices = [label for label in labels if label != str(bad)]
            if not choices:
                raise Unsupported("the enum has no other label")
            out[i] = choices[int(r.rng.integers(0, len(choices)))]
        return out
    fresh = r.regen(name, rows) if r.regen is not None and name is not None else None
    out[:] = fresh.tolist() if fresh is not None else [str(x) for x in avoid.tolist()]
    info = type_info(name, r.env)
    limit = info.length if info is not None and info.kind == "text" else None
    for i in np.flatnonzero([x == a for x, a in zip(out.tolist(), avoid.tolist(), strict=True)]):
        out[i] = _tweak(str(avoid[i]), limit)
    return out


def _tweak(text: str, limit: int | None) -> str:
    """`text` made different: one letter more, or its last letter changed when that would
    not fit `limit`."""
    if text and limit is not None and len(text) >= limit:
        text = text[:limit]
        return text[:-1] + ("b" if text[-1] == "a" else "a")
    return text + "x"


def apply_pair(
    lcol: Col, op: type, rcol: Col, rows: np.ndarray, rng, r: RowRepair | None = None
) -> None:
    """Make `lcol op rcol` hold: move the unprotected side, never past the other."""
    for col in (lcol, rcol):
        if not col.protected:
            col.nulls[rows] = False
    if (lcol.protected and not rcol.protected) or (
        not rcol.protected and rcol.nullable and not lcol.nullable
    ):
        # move the freer side: a NOT NULL column is more often pinned by other CHECKs
        lcol, rcol, op = rcol, lcol, FLIP[op]
    if lcol.protected:
        raise Unsupported("both sides protected")  # the caller redraws them from their parents
    kinds = {lcol.kind, rcol.kind}
    if (
        len(kinds) > 1
        and kinds != {"date", "timestamp"}
        and not kinds <= {"int", "float", "decimal"}
    ):
        raise Unsupported("columns of different kinds")
    if lcol.kind in ("text", "other") and op not in (exp.EQ, exp.NEQ):
        raise Unsupported("text ordering")
    other = rcol.values[rows]
    if op is exp.EQ:
        lcol.values[rows] = other
        return
    if op is exp.NEQ:
        same = np.asarray(lcol.values[rows] == other, dtype=bool)
        if lcol.kind == "text":
            if r is None:
                raise Unsupported("text pair without its column types")
            lcol.values[rows[same]] = _unlike(lcol, name_of(lcol, r), rows[same], other[same], r)
        else:
            lcol.values[rows[same]] = _step_value(lcol, other[same], 1)
        return
    offset = _spread(lcol, rows.size, rng)
    if op in (exp.GT, exp.GTE):
        strict = op is exp.GT
        lcol.values[rows] = _shift(lcol, other, offset, strict, 1)
    else:
        strict = op is exp.LT
        lcol.values[rows] = _shift(lcol, other, offset, strict, -1)


def _spread(col: Col, n: int, rng) -> np.ndarray:
    if col.kind == "date":
        return rng.integers(0, 60, n).astype("timedelta64[D]")
    if col.kind == "timestamp":
        return (rng.exponential(5 * 86400, n) * 1e6).astype(np.int64).astype("timedelta64[us]")
    if col.kind == "int":
        return rng.integers(0, 10, n)
    if col.kind in ("float", "decimal"):
        return np.round(rng.exponential(10.0, n), 2)
    return np.zeros(n, dtype=np.int64)


def _shift(col: Col, base: np.ndarray, offset: np.ndarray, strict: bool, sign: int) -> np.ndarray:
    if col.kind == "bool":
        return np.full(base.size, sign > 0)
    if np.issubdtype(col.values.dtype, np.datetime64):
        base = base.astype(col.values.dtype)
        unit = np.timedelta64(1, "D") if col.kind == "date" else np.timedelta64(1, "s")
        offset = offset.astype(f"timedelta64[{'D' if col.kind == 'date' else 'us'}]")
        result = base + sign * offset
        if strict:
            result = result + sign * unit
        return result
    result = base + sign * offset
    if strict:
        result = result + sign * col.step
    return result.astype(col.values.dtype)
