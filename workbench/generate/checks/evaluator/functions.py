"""Functions by name (num_nulls, jsonb_typeof, …), json keys and paths, COALESCE, NULLIF,
CASE and the current time."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator.arrays import array_expr, array_size, cardinality_of
from workbench.generate.checks.evaluator.casts import cast_val, literal_number, to_enum
from workbench.generate.checks.evaluator.compare import compare, obj_scalar
from workbench.generate.checks.evaluator.core import (
    Ctx,
    Handler,
    Val,
    bool_,
    bool_arr,
    ev,
    map_,
    null_mask,
    parse_time,
)
from workbench.generate.checks.evaluator.text import (
    char_length_of,
    octet_length_of,
    strpos_of,
    trim_of,
)
from workbench.schema.pgtext import parse_bool

# --- functions ----------------------------------------------------------------------------------


def _anonymous(node, ctx):
    name = node.name.lower().removeprefix("pg_catalog.")
    args = node.expressions
    n = ctx.n
    if name in ("num_nulls", "num_nonnulls"):
        count = np.zeros(n, np.int64)
        for arg in args:
            count += ~null_mask(ev(arg, ctx), n)
        if name == "num_nulls":
            count = len(args) - count
        return Val(count, np.zeros(n, bool), "int")
    if name in ("jsonb_typeof", "json_typeof") and len(args) == 1:
        v = ev(args[0], ctx)
        if v.kind not in ("json", "unknown", "text"):
            raise Unsupported(f"{name} of {v.kind}")
        return map_(v, _json_type, "text")
    if name in ("char_length", "character_length") and len(args) == 1:
        return char_length_of(ev(args[0], ctx))
    if name == "length" and len(args) == 1:
        return char_length_of(ev(args[0], ctx))
    if name == "octet_length" and len(args) == 1:
        return octet_length_of(ev(args[0], ctx))
    if name == "bit_length" and len(args) == 1:
        octets = octet_length_of(ev(args[0], ctx))
        return Val(octets.values * 8, octets.nulls, "int")
    if name == "cardinality" and len(args) == 1:
        return cardinality_of(array_expr(args[0], ctx), n)
    if name == "array_length" and len(args) == 2:
        return array_size(exp.ArraySize(this=args[0], expression=args[1]), ctx)
    if name in ("btrim", "ltrim", "rtrim") and len(args) in (1, 2):
        pos = {"btrim": "BOTH", "ltrim": "LEADING", "rtrim": "TRAILING"}[name]
        return trim_of(
            exp.Trim(this=args[0], expression=args[1] if len(args) > 1 else None, position=pos),
            ctx,
        )
    if name == "now" and not args:
        return Val(ctx.now, False, "ts")
    if name == "strpos" and len(args) == 2:
        return strpos_of(exp.StrPosition(this=args[0], substr=args[1]), ctx)
    if name in ("isfinite",) and len(args) == 1:
        v = ev(args[0], ctx)
        if v.kind not in ("date", "ts", "interval"):
            raise Unsupported("isfinite")
        return bool_(np.ones(n, bool) & ~null_mask(v, n), null_mask(v, n))
    raise Unsupported(f"function {name}")


def json_kind(value: Any) -> str:
    """jsonb_typeof of a decoded JSON value."""
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    return "null" if value is None else "number"


def _json_type(text: Any) -> str:
    try:
        value = json.loads(str(text))
    except ValueError as err:
        raise Unsupported("invalid json") from err
    return json_kind(value)


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
        arr = array_expr(node.expression, ctx)
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

    r = map_(v, test, "bool")
    nulls = null_mask(v, n)
    return bool_(np.broadcast_to(np.asarray(r.values, bool), (n,)) & ~nulls, nulls)


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

    r = map_(v, get, "text")
    values = np.asarray(r.values, dtype=object) if not r.scalar else r.values
    if r.scalar:
        missing = values is _MISSING
        return Val(
            None if missing else values, bool(v.nulls) or missing, "text" if as_text else "json"
        )
    missing = np.array([x is _MISSING for x in values.tolist()], dtype=bool)
    values = values.copy()
    values[missing] = ""
    return Val(values, null_mask(v, ctx.n) | missing, "text" if as_text else "json")


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
        pn = null_mask(p, n)
        pv = np.broadcast_to(obj_scalar(p.values, n) if p.scalar else p.values, (n,))
        values = np.array(pv, dtype=object) if values is None else np.where(pn, values, pv)
        nulls = np.where(pn, nulls, False)
    return _typed(values, nulls, ref)


def _coerce_to(v: Val, ref: Val) -> Val:
    if v.kind == ref.kind or v.kind != "unknown":
        return v
    if v.scalar and v.values is None:
        return Val(None, True, ref.kind, labels=ref.labels)
    if ref.kind in ("int", "num"):
        return literal_number(v)
    if ref.kind == "date":
        return Val(parse_time(v.values, "D"), v.nulls, "date")
    if ref.kind == "ts":
        return Val(parse_time(v.values, "us"), v.nulls, "ts")
    if ref.kind == "interval":
        return cast_val(v, "interval", Ctx({}, 0))
    if ref.kind == "bool":
        return Val(parse_bool(str(v.values)), v.nulls, "bool")
    if ref.kind == "enum":
        return to_enum(v, ref.labels or ())
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
    nulls = null_mask(a, ctx.n) | eq.values
    values = a.values if not a.scalar else np.broadcast_to(obj_scalar(a.values, ctx.n), (ctx.n,))
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
        cv, cn = bool_arr(c, n)
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
        pv = np.broadcast_to(obj_scalar(v.values, n) if v.scalar else v.values, (n,))
        values[take] = pv[take]
        nulls[take] = null_mask(v, n)[take]
    return _typed(values, nulls, ref)


def _current_ts(node, ctx):
    return Val(ctx.now, False, "ts")


def _current_date(node, ctx):
    return Val(ctx.now.astype("datetime64[D]"), False, "date")


# The nodes this module computes (the evaluator's dispatch table is the union of these).
HANDLERS: dict[type[exp.Expression], Handler] = {
    exp.Anonymous: _anonymous,
    exp.JSONBContainsTopKey: _json_keys,
    exp.JSONBContainsAnyTopKeys: _json_keys,
    exp.JSONBContainsAllTopKeys: _json_keys,
    exp.Coalesce: _coalesce,
    exp.Nullif: _nullif,
    exp.Case: _case,
    exp.CurrentTimestamp: _current_ts,
    exp.CurrentDate: _current_date,
    exp.JSONExtractScalar: _json_get,
    exp.JSONExtract: _json_get,
}
