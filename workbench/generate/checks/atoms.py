"""One atom of a disjunct made true for the rows being repaired: dispatched by its shape to the
repairs in `scalars` and `shapes`; NULL tests, IS [NOT] DISTINCT FROM, pairs of NULL tests
and num_nulls are here."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.batch import Col
from workbench.generate.base.regex_gen import generate_matching
from workbench.generate.base.sqltree import FLIP, Unsupported, columns_of, strip, unparen
from workbench.generate.checks.env import (
    CMP,
    NEGATED,
    RowRepair,
    batch_col,
    col_name,
    const,
    enum_labels,
    evaluate,
    set_,
    type_info,
)
from workbench.generate.checks.scalars import (
    apply_const,
    apply_enum,
    apply_in,
    apply_interval,
    apply_pair,
    interval_const,
)
from workbench.generate.checks.shapes import (
    JSON_KEYS,
    JSON_TYPEOF,
    apply_array_set,
    apply_json_keys,
    apply_json_type,
    apply_length,
    apply_like,
    apply_quantified,
    quantified_atom,
)


def apply_atom(atom: Any, negated: bool, r: RowRepair) -> None:
    """Make one atom (negated or not) true for the rows being repaired, or raise Unsupported."""
    atom = unparen(atom)
    op = type(atom)
    if isinstance(atom, exp.Is) and _apply_is(atom, negated, r):
        return
    if op is exp.Between:
        if negated:
            raise Unsupported(atom.sql())
        apply_atom(exp.GTE(this=atom.this, expression=atom.args["low"]), False, r)
        apply_atom(exp.LTE(this=atom.this, expression=atom.args["high"]), False, r)
    elif (quantified := quantified_atom(atom)) is not None:
        apply_quantified(*quantified, negated, r)
    elif op is exp.In:
        apply_in(atom.this, [const(e, r) for e in atom.expressions], negated, r)
    elif op in (exp.ArrayContainedBy, exp.ArrayContainsAll, exp.ArrayOverlaps) and not negated:
        apply_array_set(atom, r)
    elif op in CMP:
        _apply_comparison(atom, NEGATED[op] if negated else op, r)
    elif isinstance(atom, (exp.NullSafeEQ, exp.NullSafeNEQ)):
        _apply_null_safe(atom, negated, r)
    elif isinstance(atom, JSON_KEYS):
        apply_json_keys(atom, negated, r)
    elif isinstance(atom, (exp.Like, exp.ILike)) and not negated:  # a literal fill matches both
        apply_like(atom, r)
    elif isinstance(atom, (exp.RegexpLike, exp.RegexpILike, exp.Operator)) and not negated:
        _apply_regex(atom, r)
    else:
        _redraw_atom(atom, r)


def _apply_is(atom: Any, negated: bool, r: RowRepair) -> bool:
    """x IS [NOT] NULL, x IS [NOT] TRUE / FALSE; False for any other IS."""
    col = batch_col(atom.this, r.batch)
    if col is None:
        raise Unsupported(atom.sql())
    rows = r.rows
    if isinstance(atom.expression, exp.Null):
        if negated:
            if col_name(atom.this) in r.env.placeholders:
                raise Unsupported("no generator to fill the column")
            col.nulls[rows] = False
        elif col.nullable and not col.protected:
            col.nulls[rows] = True
        return True
    if isinstance(atom.expression, exp.Boolean):
        if negated and col.nullable:
            col.nulls[rows] = True
        else:
            set_(col, rows, bool(atom.expression.this) != negated)
        return True
    return False


#: Column kinds a comparison with a constant is repaired for (clamped, set or stepped).
_COMPARABLE = {
    "int",
    "decimal",
    "money",
    "float",
    "bool",
    "date",
    "timestamp",
    "timestamptz",
    "text",
}


def _apply_comparison(atom: Any, op: type, r: RowRepair) -> None:
    """`left op right` (op already negated where the atom was): a column with a constant or
    another column, num_nulls, a pair of NULL tests, a length or a JSON type."""
    left, right = atom.this, atom.expression
    if op is exp.EQ and (_apply_fixpoint(left, right, r) or _apply_fixpoint(right, left, r)):
        return
    if op is exp.EQ and (_apply_solved(left, right, r) or _apply_solved(right, left, r)):
        return
    lcol, rcol = batch_col(left, r.batch), batch_col(right, r.batch)
    if lcol is None and rcol is not None:
        left, right, lcol, rcol, op = right, left, rcol, lcol, FLIP[op]
    if lcol is not None and rcol is not None:
        try:
            if enum_labels(col_name(left), r.env) or enum_labels(col_name(right), r.env):
                raise Unsupported("enum pair")
            apply_pair(lcol, op, rcol, r.rows, r.rng, r)
        except Unsupported:
            _redraw_atom(atom, r)
        return
    sleft = strip(left)
    fname = sleft.name.lower() if isinstance(sleft, exp.Anonymous) else None
    if fname in ("num_nonnulls", "num_nulls"):
        _apply_nonnulls(sleft, op, const(right, r), r)
    elif _null_test(left) is not None and _null_test(right) is not None and op in _EQ_NEQ:
        (lt, lneg), (rt, rneg) = _null_test(left), _null_test(right)
        if lneg != rneg:  # (a IS NOT NULL) <> (b IS NULL) is (a IS NULL) = (b IS NULL)
            op = exp.EQ if op is exp.NEQ else exp.NEQ
        _apply_is_pair(lt, op, rt, r)
    elif lcol is None and fname in JSON_TYPEOF:
        apply_json_type(sleft, op, const(right, r), r)
    elif lcol is None and isinstance(sleft, (exp.Length, exp.Anonymous)):
        apply_length(sleft, op, const(right, r), r)
    elif lcol is None:
        raise Unsupported(atom.sql())
    elif not _apply_column_expr(lcol, col_name(left), op, right, r):
        _apply_column_const(lcol, col_name(left), op, right, r)


def _case_or_trim(node: Any) -> tuple[Any, Any] | None:
    """(argument, the text function) of lower/upper/btrim/ltrim/rtrim of spaces, else None."""
    node = unparen(node)
    if isinstance(node, exp.Lower):
        return node.this, str.lower
    if isinstance(node, exp.Upper):
        return node.this, str.upper
    if isinstance(node, exp.Trim) and node.args.get("expression") is None:
        where = str(node.args.get("position") or "").upper()
        fn = str.lstrip if where == "LEADING" else str.rstrip if where == "TRAILING" else str.strip
        return node.this, lambda s: fn(s, " ")
    return None


def _apply_fixpoint(call: Any, other: Any, r: RowRepair) -> bool:
    """`lower(c) = c` (upper, btrim…): the column takes the function of its own value."""
    got = _case_or_trim(call)
    name = col_name(other)
    if got is None or name is None or col_name(got[0]) != name:
        return False
    col = batch_col(other, r.batch)
    if col is None or (info := type_info(name, r.env)) is None or info.kind != "text":
        return False
    fn = got[1]
    made = np.array([fn(str(v)) for v in col.values[r.rows].tolist()], dtype=object)
    set_(col, r.rows, made)
    return True


def _apply_solved(target: Any, expr: Any, r: RowRepair) -> bool:
    """`total = quantity * unit_price`: a numeric column computed from the other columns
    (rounded to its scale); rows where the expression is NULL are left to the redraw."""
    name, col = col_name(target), batch_col(target, r.batch)
    reads = columns_of(expr)
    if name is None or col is None or col.protected or not reads or name in reads:
        return False
    info = type_info(name, r.env)
    if info is None or info.array_dims:
        return False
    n = len(col.values)
    if col.kind in ("date", "timestamp"):
        return _solved_time(col, expr, n, r)
    if col.kind not in ("int", "decimal", "float"):
        return False
    got = evaluate(expr, r.batch, n, r.env)
    if got.kind not in ("int", "num"):
        return False
    values = np.broadcast_to(np.asarray(got.values), (n,))[r.rows].astype(float)
    live = ~np.broadcast_to(np.asarray(got.nulls, bool), (n,))[r.rows] & np.isfinite(values)
    if col.kind == "int":
        live &= values == np.rint(values)
    elif info.scale is not None:
        values = np.round(values, info.scale)
    live &= info.holds(values)  # past the type (12 x a fee past numeric(5,2)): redrawn instead
    rows = r.rows[live]
    col.values[rows] = values[live].astype(col.values.dtype)
    col.nulls[rows] = False
    return bool(live.any())


def _solved_time(col: Col, expr: Any, n: int, r: RowRepair) -> bool:
    """`expires_on = joined_on + 365`, `due_at = lent_at + interval '21 days'`: a date or a
    time computed from the row's other columns, where the expression is one of that kind."""
    got = evaluate(expr, r.batch, n, r.env)
    if (col.kind == "date") != (got.kind == "date") or got.kind not in ("date", "ts", "tstz"):
        return False
    values = np.broadcast_to(np.asarray(got.values), (n,))[r.rows]
    if not np.issubdtype(values.dtype, np.datetime64):
        return False
    live = ~np.broadcast_to(np.asarray(got.nulls, bool), (n,))[r.rows] & ~np.isnat(values)
    rows = r.rows[live]
    col.values[rows] = values[live].astype(col.values.dtype)
    col.nulls[rows] = False
    return bool(live.any())


_ORDERS = (exp.LT, exp.LTE, exp.GT, exp.GTE)


def _apply_column_expr(col: Col, name: str | None, op: type, expr: Any, r: RowRepair) -> bool:
    """`updated_at < created_at + interval '1 day'`, `price <= cost * 3`: a time or number
    compared with an expression over the row's other columns moves to the expression's side.
    When the expression is one column of the same kind shifted or scaled (created_at + 1 day,
    cost * 3), the value lands between that column and the bound (an update after creation, a
    price above cost); else by a random share of how far off it was."""
    reads = columns_of(expr)
    if op not in _ORDERS or name is None or col.protected or not reads or name in reads:
        return False
    if col.kind not in ("timestamp", "date", "int", "decimal", "float"):
        return False
    n, rows = len(col.values), r.rows
    got = evaluate(expr, r.batch, n, r.env)
    timed = col.kind in ("timestamp", "date")
    if timed != (got.kind in ("ts", "tstz", "date")):
        return False
    target = np.broadcast_to(np.asarray(got.values), (n,))[rows]
    live = ~np.broadcast_to(np.asarray(got.nulls, bool), (n,))[rows]
    unit = "us" if col.kind == "timestamp" else "D"
    if timed:
        t = target.astype(f"datetime64[{unit}]").astype(np.int64).astype(float)
        c = np.asarray(col.values[rows]).astype(f"datetime64[{unit}]").astype(np.int64)
    else:
        t, c = target.astype(float), np.asarray(col.values[rows]).astype(float)
    info = type_info(name, r.env)
    scale = 0 if timed or col.kind == "int" else (info.scale if info and info.scale else 6)
    least = 10.0**-scale
    below = op in (exp.LT, exp.LTE)
    span = np.abs(c - t)
    ref = _reference(reads, r, rows, timed, unit)
    if ref is not None:  # the room between the other column and the bound, where there is
        room = (t - ref) if below else (ref - t)
        span = np.where(np.isfinite(room) & (room > least), room, span)
    step = np.maximum(span * r.rng.uniform(0.05, 0.95, rows.size), least)
    made = np.round(t - step if below else t + step, scale)
    made = np.where(below & (made >= t), made - least, made)
    made = np.where(~below & (made <= t), made + least, made)
    live &= np.isfinite(made)
    if timed:
        values = made[live].astype(np.int64).astype(f"datetime64[{unit}]")
        col.values[rows[live]] = values.astype(col.values.dtype)
    else:
        col.values[rows[live]] = made[live].astype(col.values.dtype)
    col.nulls[rows[live]] = False
    return bool(live.any())


def _reference(
    reads: set[str], r: RowRepair, rows: np.ndarray, timed: bool, unit: str
) -> np.ndarray | None:
    """The one column an expression reads, as numbers, if it is of the compared kind."""
    if len(reads) != 1:
        return None
    col = r.batch.get(next(iter(reads)))
    if col is None or (col.kind in ("timestamp", "date")) != timed:
        return None
    values = np.asarray(col.values[rows])
    if timed:
        out = values.astype(f"datetime64[{unit}]").astype(np.int64).astype(float)
    else:
        out = values.astype(float)
    return np.where(col.nulls[rows], np.nan, out)


def _apply_column_const(col: Col, name: str | None, op: type, right: Any, r: RowRepair) -> None:
    """A column compared with a constant, by the column's type: an enum label by order, an
    interval bound, or a clamped / set / stepped value."""
    labels = enum_labels(name, r.env)
    if labels is not None:
        apply_enum(col, labels, op, const(right, r), r)
        return
    info = type_info(name, r.env)
    if info is not None and info.kind == "interval" and not info.array_dims:
        apply_interval(col, op, interval_const(right, r), r)
        return
    value = const(right, r)
    if info is not None and info.kind not in _COMPARABLE:
        raise Unsupported(f"comparison on {info.kind}")
    apply_const(col, op, value, r)


def _apply_regex(atom: Any, r: RowRepair) -> None:
    """col ~ 'pattern' (or ~*): a match drawn from the pattern, within the column's length."""
    if isinstance(atom, exp.Operator) and str(atom.args.get("operator")).split(".")[-1] not in (
        "~",
        "~*",
    ):
        raise Unsupported(atom.sql())
    col = batch_col(atom.this, r.batch)
    if col is None:
        raise Unsupported(atom.sql())
    pattern = const(atom.expression, r)
    info = type_info(col_name(atom.this), r.env)
    size = info.length if info is not None and info.kind == "text" else None
    exact = size if info is not None and info.fixed_char else None
    try:
        made = generate_matching(str(pattern), r.rows.size, r.rng, exact, max_length=size)
    except ValueError as err:  # a construct only the server reads: it judges the CHECK
        raise Unsupported(f"regular expression: {err}") from err
    set_(col, r.rows, made)


def _apply_null_safe(atom: Any, negated: bool, r: RowRepair) -> None:
    """a IS NOT DISTINCT FROM b: one column takes the other's value (NULL included)."""
    equal = isinstance(atom, exp.NullSafeEQ) != negated
    a, b = batch_col(atom.this, r.batch), batch_col(atom.expression, r.batch)
    if a is None and b is None:
        raise Unsupported(atom.sql())
    if a is None or b is None:
        col, other = (a, atom.expression) if a is not None else (b, atom.this)
        value = const(other, r)
        if equal:
            if value is None:
                if not col.nullable:
                    raise Unsupported("NULL into a NOT NULL column")
                col.nulls[r.rows] = True
            else:
                apply_const(col, exp.EQ, value, r)
        elif value is None:
            col.nulls[r.rows] = False
        else:
            apply_const(col, exp.NEQ, value, r)
        return
    if a.kind != b.kind:
        raise Unsupported("columns of different kinds")
    target, source = (b, a) if (not b.protected and (b.nullable or a.protected)) else (a, b)
    if target.protected:
        raise Unsupported("both sides protected")
    rows = r.rows
    if equal:
        if source.nulls[rows].any() and not target.nullable:
            source.nulls[rows] = False
        target.values[rows] = source.values[rows]
        target.nulls[rows] = source.nulls[rows]
    else:
        both_null = target.nulls[rows] & source.nulls[rows]
        target.nulls[rows[both_null]] = False
        same = np.asarray(target.values[rows] == source.values[rows], dtype=bool)
        if same.any():
            apply_pair(target, exp.NEQ, source, rows[same], r.rng, r)


def _redraw_atom(atom: Any, r: RowRepair) -> None:
    """Any other atom: fresh values from the generators of the columns it names."""
    if r.regen is None:
        raise Unsupported(atom.sql())
    done = False
    # sorted: each regen call advances the table's draw counter, so the order picks the seeds
    for name in sorted(columns_of(atom)):
        col = r.batch.get(name)
        if col is None:
            continue
        values = r.regen(name, r.rows)
        if values is None:
            continue
        col.values[r.rows] = values
        col.nulls[r.rows] = False
        done = True
    if not done:
        raise Unsupported(atom.sql())


_EQ_NEQ = (exp.EQ, exp.NEQ)


def _null_test(node: Any) -> tuple[Any, bool] | None:
    """(x IS NULL, negated) for `x IS NULL` or `NOT (x IS NULL)`; None for anything else."""
    node = unparen(node)
    negated = False
    while isinstance(node, exp.Not):
        node, negated = unparen(node.this), not negated
    if isinstance(node, exp.Is) and isinstance(node.expression, exp.Null):
        return node, negated
    return None


def _apply_is_pair(left: Any, op: type, right: Any, r: RowRepair) -> None:
    """(a IS NULL) <> (b IS NULL): exactly one set; = : both or neither."""
    a, b = batch_col(left.this, r.batch), batch_col(right.this, r.batch)
    if a is None or b is None or not isinstance(left.expression, exp.Null):
        raise Unsupported("IS pair")
    rows = r.rows
    # a protected column (key, FK) holds a valid value beneath its NULL: it may be un-NULLed
    fillable_a = col_name(left.this) not in r.env.placeholders
    fillable_b = col_name(right.this) not in r.env.placeholders
    if op is exp.NEQ:
        # keep whichever is set; when both or neither are, the nullable one goes
        both = ~a.nulls[rows] & ~b.nulls[rows]
        neither = a.nulls[rows] & b.nulls[rows]
        if both.any():
            target = b if b.nullable and not b.protected else a if a.nullable else b
            if not target.nullable:
                raise Unsupported("neither side can be NULL")
            target.nulls[rows[both]] = True
        if neither.any():
            target = a if fillable_a else b if fillable_b else None
            if target is None:
                raise Unsupported("neither side can be filled")
            target.nulls[rows[neither]] = False
    elif op is exp.EQ:
        if fillable_a and fillable_b:
            a.nulls[rows] = False
            b.nulls[rows] = False
        elif a.nullable and b.nullable:
            a.nulls[rows] = True
            b.nulls[rows] = True
        else:
            raise Unsupported("IS pair")
    else:
        raise Unsupported("IS pair")


def _apply_nonnulls(node: Any, op: type, value: Any, r: RowRepair) -> None:
    cols = [batch_col(a, r.batch) for a in node.expressions]
    names = [col_name(a) for a in node.expressions]
    if any(c is None for c in cols) or op not in (exp.EQ, exp.GTE, exp.GT, exp.LTE, exp.LT):
        raise Unsupported(node.sql())
    count = len(cols)
    want = int(value) if node.name.lower() == "num_nonnulls" else count - int(value)
    if node.name.lower() == "num_nonnulls":
        lo, hi = {
            exp.EQ: (want, want),
            exp.GTE: (want, count),
            exp.GT: (want + 1, count),
            exp.LTE: (0, want),
            exp.LT: (0, want - 1),
        }[op]
    else:
        lo, hi = {
            exp.EQ: (want, want),
            exp.GTE: (0, want),
            exp.GT: (0, want - 1),
            exp.LTE: (want, count),
            exp.LT: (want + 1, count),
        }[op]
    # per row: NOT NULL columns stay set, then the columns already set (in a random order,
    # so each is kept as often), then those that can be filled (a key or FK column holds a
    # valid value beneath its NULL); columns with no generator last. The row keeps its count
    # of set columns when the check allows it, so "exactly one parent" keeps the one it has.
    rows = r.rows
    nulls = np.stack([c.nulls[rows] for c in cols], axis=1)
    fixed = np.array([not c.nullable for c in cols])
    empty = np.array([name in r.env.placeholders for name in names])
    rank = np.where(fixed, 0, np.where(~nulls, 1, np.where(empty, 3, 2))).astype(float)
    rank = rank + r.rng.random(rank.shape)
    order = np.argsort(np.argsort(rank, axis=1), axis=1)  # each column's place in its row
    set_now = (~nulls).sum(axis=1)
    target = np.clip(set_now, max(lo, int(fixed.sum())), max(hi, int(fixed.sum())))
    for i, col in enumerate(cols):
        col.nulls[rows] = (order[:, i] >= target) & (not fixed[i])
