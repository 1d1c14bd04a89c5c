"""Repairs of the shaped types: JSON keys and types, arrays (= ANY, <> ALL, <@, @>, &&), LIKE
patterns and lengths of text and bytea."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.batch import Col
from workbench.generate.base.sqltree import Unsupported, unparen
from workbench.generate.checks.env import (
    CMP,
    NEGATED,
    RowRepair,
    batch_col,
    col_name,
    const,
    ctx,
    set_,
    type_info,
)
from workbench.generate.checks.evaluator.arrays import array_expr
from workbench.generate.checks.evaluator.functions import json_kind
from workbench.generate.checks.scalars import apply_in
from workbench.schema.pgtext import parse_array

JSON_TYPEOF = ("jsonb_typeof", "json_typeof")


JSON_KEYS = (exp.JSONBContainsTopKey, exp.JSONBContainsAnyTopKeys, exp.JSONBContainsAllTopKeys)


#: A document of each JSON type, for a row whose type a CHECK rules out.
_JSON_OF_TYPE = {
    "object": {},
    "array": [],
    "string": "text",
    "number": 0,
    "boolean": True,
    "null": None,
}


def _edit_json(col: Col, rows: np.ndarray, fn) -> None:
    """Rewrite the rows' documents with fn(parsed document) -> document (NULLs filled)."""
    import json

    if col.protected:
        raise Unsupported("protected column")
    out = [json.dumps(fn(json.loads(str(text)))) for text in col.values[rows].tolist()]
    values = np.empty(len(out), dtype=object)
    values[:] = out
    col.values[rows] = values
    col.nulls[rows] = False


def apply_json_type(node: Any, op: type, want: Any, r: RowRepair) -> None:
    """jsonb_typeof(j) = 'array' / <> 'object': a document of an allowed type, built from the
    row's own where it can be (an object wrapped in an array, an array's first element…)."""
    col = batch_col(node.expressions[0], r.batch) if node.expressions else None
    if col is None or op not in (exp.EQ, exp.NEQ) or not isinstance(want, str):
        raise Unsupported(node.sql())

    def fix(doc: Any) -> Any:
        kind = json_kind(doc)
        if (kind == want) == (op is exp.EQ):
            return doc
        if op is exp.EQ:
            if want == "array":
                return [doc]
            if want == "object":
                return {"value": doc}
            return _JSON_OF_TYPE.get(want, doc)
        return [doc] if kind != "array" else {"items": doc}

    if op is exp.EQ and want not in _JSON_OF_TYPE:
        raise Unsupported(f"no JSON type {want!r}")
    _edit_json(col, r.rows, fix)


def apply_json_keys(atom: Any, negated: bool, r: RowRepair) -> None:
    """j ? 'k', ?| and ?&: the key added to the row's object (an object made around a row that
    is not one); negated: the key removed."""
    col = batch_col(atom.this, r.batch)
    if isinstance(atom, exp.JSONBContainsTopKey):
        keys = [const(atom.expression, r)]
    else:
        keys = _array_const(atom.expression, r) or []
    keys = [str(k) for k in keys if k is not None]
    if col is None or not keys:
        raise Unsupported(atom.sql())
    if not isinstance(atom, exp.JSONBContainsAllTopKeys) and not negated:
        keys = keys[:1]  # one key is enough for ?|

    def fix(doc: Any) -> Any:
        if negated:
            if isinstance(doc, dict):
                return {k: v for k, v in doc.items() if k not in keys}
            if isinstance(doc, list):
                return [x for x in doc if x not in keys]
            return doc if doc not in keys else {}
        doc = dict(doc) if isinstance(doc, dict) else ({"value": doc} if doc is not None else {})
        for key in keys:
            doc.setdefault(key, True)
        return doc

    _edit_json(col, r.rows, fix)


def apply_like(atom: Any, r: RowRepair) -> None:
    """col LIKE 'pattern': text built from the pattern (its % and _ filled with letters),
    within the column's length (a varchar(4) under LIKE '0%' gets at most three letters)."""
    col = batch_col(atom.this, r.batch)
    pattern = const(atom.expression, r)
    if col is None or not isinstance(pattern, str):
        raise Unsupported(atom.sql())
    info = type_info(col_name(atom.this), r.env)
    size = info.length if info is not None and info.kind == "text" else None
    fixed = _like_fixed(pattern)
    if size is not None and fixed > size:
        raise Unsupported(f"{atom.sql()}: longer than the column's {size} characters")
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for _ in range(r.rows.size):
        room = None if size is None else size - fixed
        text, i = [], 0
        while i < len(pattern):
            ch = pattern[i]
            if ch == "\\" and i + 1 < len(pattern):
                text.append(pattern[i + 1])
                i += 2
                continue
            if ch == "%":
                k = int(r.rng.integers(0, 6))
                if room is not None:
                    k = min(k, room)
                    room -= k
                text.append("".join(letters[j] for j in r.rng.integers(0, 26, k).tolist()))
            elif ch == "_":
                text.append(letters[int(r.rng.integers(0, 26))])
            else:
                text.append(ch)
            i += 1
        out.append("".join(text))
    values = np.empty(len(out), dtype=object)
    values[:] = out
    set_(col, r.rows, values)


def _like_fixed(pattern: str) -> int:
    """The characters a LIKE pattern fixes (each `_`, each escaped or plain character)."""
    count, i = 0, 0
    while i < len(pattern):
        if pattern[i] == "\\" and i + 1 < len(pattern):
            count, i = count + 1, i + 2  # an escaped character, even % or _
            continue
        count += pattern[i] != "%"
        i += 1
    return count


def quantified_atom(atom: Any) -> tuple[Any, str, str, Any] | None:
    """(left, op, ANY|ALL, array node) of `x op ANY (arr)` / `x op ALL (arr)`."""
    if type(atom) not in CMP:
        return None
    right = atom.expression
    if isinstance(right, exp.Any):
        return atom.this, type(atom), "ANY", unparen(right.this)
    if isinstance(right, exp.All):
        return atom.this, type(atom), "ALL", unparen(right.this)
    if (
        isinstance(right, exp.Anonymous)
        and right.name.upper() in ("ANY", "ALL", "SOME")
        and len(right.expressions) == 1
    ):
        quant = "ALL" if right.name.upper() == "ALL" else "ANY"
        return atom.this, type(atom), quant, unparen(right.expressions[0])
    return None


def _array_const(node: Any, r: RowRepair) -> list[Any] | None:
    try:
        v = array_expr(node, ctx({}, 1, r.env))
    except Unsupported:
        return None
    if v.kind != "array" or not v.scalar or v.values is None:
        return None
    return list(v.values)


def apply_quantified(left: Any, op: type, quant: str, arr: Any, negated: bool, r: RowRepair):
    if negated:
        op = NEGATED[op]
        quant = "ALL" if quant == "ANY" else "ANY"
    items = _array_const(arr, r)
    if items is not None:
        if op is exp.EQ and quant == "ANY":
            apply_in(left, items, False, r)
            return
        if op is exp.NEQ and quant == "ALL":
            apply_in(left, items, True, r)
            return
        raise Unsupported("quantified comparison")
    # x = ANY (array column): add or remove the element in the column's arrays
    name = col_name(arr)
    col = batch_col(arr, r.batch)
    if col is None or col.protected:
        raise Unsupported("quantified comparison")
    element = const(left, r)
    if op is exp.EQ and quant == "ANY":
        _edit_arrays(col, name, r, lambda items: items if element in items else [*items, element])
    elif op is exp.NEQ and quant == "ALL":
        _edit_arrays(col, name, r, lambda items: [x for x in items if x != element])
    else:
        raise Unsupported("quantified comparison")


def apply_array_set(atom: Any, r: RowRepair) -> None:
    name = col_name(atom.this)
    col = batch_col(atom.this, r.batch)
    allowed = _array_const(atom.expression, r)
    if col is None or col.protected or allowed is None:
        raise Unsupported(atom.sql())
    allowed = [a for a in allowed if a is not None]
    if isinstance(atom, exp.ArrayContainedBy):
        _edit_arrays(col, name, r, lambda items: [x for x in items if x in allowed])
    elif isinstance(atom, exp.ArrayContainsAll):
        _edit_arrays(col, name, r, lambda items: items + [a for a in allowed if a not in items])
    else:
        if not allowed:
            raise Unsupported(atom.sql())
        _edit_arrays(
            col, name, r, lambda items: items if set(items) & set(allowed) else [*items, allowed[0]]
        )


def _edit_arrays(col: Col, name: str | None, r: RowRepair, fn) -> None:
    info = type_info(name, r.env)
    if info is None or not info.array_dims:
        raise Unsupported("not an array column")
    numeric = info.kind in ("int", "decimal", "float", "money", "bool")
    out = []
    for text in col.values[r.rows].tolist():
        items = [x for x in parse_array(str(text))]
        if info.kind == "int":
            items = [int(x) if x is not None else None for x in items]
        edited = fn(items)
        out.append(_render_array(edited, quote=not numeric))
    col.values[r.rows] = np.array(out, dtype=object)
    col.nulls[r.rows] = False


def _render_array(items: list[Any], quote: bool) -> str:
    def one(x: Any) -> str:
        if x is None:
            return "NULL"
        if isinstance(x, bool):
            return "t" if x else "f"
        text = str(x)
        if not quote:
            return text
        plain = text and text.upper() != "NULL" and not any(c in text for c in ',{}"\\ \t\n')
        if plain:
            return text
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    return "{" + ",".join(one(x) for x in items) + "}"


def apply_length(node: Any, op: type, value: Any, r: RowRepair) -> None:
    if isinstance(node, exp.Anonymous):
        fname = node.name.lower()
        if fname not in ("char_length", "character_length", "octet_length", "length"):
            raise Unsupported(node.sql())
        arg = node.expressions[0]
    else:
        fname, arg = "length", node.this
    col = batch_col(arg, r.batch)
    name = col_name(arg)
    if col is None or col.protected or not isinstance(value, (int, np.integer)):
        raise Unsupported(node.sql())
    value = int(value)
    lo, hi = 0, 1 << 20
    if op in (exp.GT, exp.GTE):
        lo = value + (op is exp.GT)
    elif op in (exp.LT, exp.LTE):
        hi = value - (op is exp.LT)
    elif op is exp.EQ:
        lo = hi = value
    elif op is exp.NEQ:
        lo = value + 1 if value == 0 else 0
    if hi < lo or hi < 0:
        raise Unsupported("no length satisfies the check")
    info = type_info(name, r.env)
    rows = r.rows
    if info is not None and info.kind == "bytea" and not info.array_dims:
        target = min(max(lo, 16), hi) if hi >= lo else lo
        raw = r.rng.integers(0, 256, (rows.size, target), dtype=np.uint8)
        col.values[rows] = np.array(["\\x" + bytes(row).hex() for row in raw], dtype=object)
        col.nulls[rows] = False
        return
    if info is not None and info.kind not in ("text",):
        raise Unsupported(f"length of {info.kind}")
    if info is not None and info.kind == "text" and fname == "octet_length":
        raise Unsupported("octet length of text")
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for s in col.values[rows].tolist():
        s = str(s)[:hi]
        if len(s) < lo:
            fill = r.rng.integers(0, 26, lo - len(s))
            s = s + "".join(letters[i] for i in fill.tolist())
        out.append(s)
    col.values[rows] = np.array(out, dtype=object)
    col.nulls[rows] = False
