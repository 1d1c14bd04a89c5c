"""CHECK constraints: read hints for the generators, evaluate a check over a whole batch, and
repair the rows that violate it.

Three layers, so that every check shape is satisfied by construction rather than by retrying:

1. `column_hints` reads the top-level conjuncts that mention a single column (ranges, IN lists,
   length bounds, regular expressions, NOT NULL) so the column's generator draws only valid
   values in the first place.
2. `evaluate` computes the check with SQL three-valued logic over numpy arrays (a row passes
   when the result is not FALSE).
3. `repair` turns the check into disjunctive normal form and, for the rows that fail, makes one
   disjunct true by editing the columns it names (setting NULLs, clamping to a bound, copying
   another column, picking from an IN list, …); the result is evaluated again, so a repair can
   only ever fix rows, never break them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sqlglot import exp

from workbench.schema.model import CheckConstraint, Column, Schema, Table


class Unsupported(Exception):
    """An expression the evaluator cannot compute."""


# --- the batch representation ------------------------------------------------------------


@dataclass
class Col:
    """One column of a batch: typed values (a valid value in every row, even where null, so a
    repair can un-null a row) and the null mask."""

    values: np.ndarray
    nulls: np.ndarray
    kind: str  # int, float, decimal, bool, date, timestamp, text (object), other
    nullable: bool = True
    protected: bool = False  # key or FK column: a repair may only set it NULL
    step: float = 1.0  # smallest change for the type (1, 10^-scale, one day…)
    regen: Any = None  # callable(n, rng) -> fresh values, used when a repair needs any value


Batch = dict[str, Col]


# --- names --------------------------------------------------------------------------------


def column_name(node: exp.Column) -> str:
    ident = node.this
    if isinstance(ident, exp.Identifier):
        return ident.this if ident.quoted else ident.this.lower()
    return node.name.lower()


def columns_of(tree: Any) -> set[str]:
    if tree is None:
        return set()
    return {column_name(c) for c in tree.find_all(exp.Column)}


def _strip(node: Any) -> Any:
    while isinstance(node, (exp.Paren, exp.Cast, exp.TryCast)):
        node = node.this
    return node


def literal(node: Any) -> Any:
    """A Python value for a constant expression, or raise Unsupported."""
    cast_to = None
    while isinstance(node, (exp.Paren, exp.Cast, exp.TryCast)):
        if isinstance(node, exp.Cast) and cast_to is None:
            cast_to = node.to.sql(dialect="postgres").lower()
        node = node.this
    if isinstance(node, exp.Neg):
        return -literal(node.this)
    if isinstance(node, exp.Literal):
        if node.is_string:
            text = node.this
            if cast_to and (cast_to.startswith("date") or cast_to.startswith("timestamp")):
                return _to_datetime(text)
            return text
        text = node.this
        try:
            return int(text)
        except ValueError:
            return float(text)
    if isinstance(node, (exp.ByteString, exp.RawString, exp.National)):
        return node.this
    if isinstance(node, exp.Boolean):
        return bool(node.this)
    if isinstance(node, exp.Null):
        return None
    raise Unsupported(node.sql())


def _to_datetime(text: str) -> np.datetime64:
    text = text.strip()
    cleaned = re.sub(r"([+-]\d\d(:?\d\d)?|Z)$", "", text).strip().replace(" ", "T")
    try:
        return np.datetime64(cleaned, "us")
    except ValueError as err:
        raise Unsupported(text) from err


# --- hints --------------------------------------------------------------------------------


@dataclass
class ColumnHints:
    lo: Any = None
    lo_incl: bool = True
    hi: Any = None
    hi_incl: bool = True
    allowed: list[Any] | None = None
    excluded: set[Any] = field(default_factory=set)
    min_len: int | None = None
    max_len: int | None = None
    regex: str | None = None
    not_null: bool = False


def conjuncts(tree: Any) -> list[Any]:
    tree = _unparen(tree)
    if isinstance(tree, exp.And):
        return conjuncts(tree.this) + conjuncts(tree.expression)
    return [tree]


def _unparen(node: Any) -> Any:
    while isinstance(node, exp.Paren):
        node = node.this
    return node


def normalize(tree: Any) -> Any:
    """A copy with `x IS NOT …` spelled as NOT (x IS …), the one shape the walkers know."""
    tree = tree.copy()
    for node in list(tree.find_all(exp.Is)):
        if node.args.get("negate"):
            node.set("negate", None)
            node.replace(exp.Not(this=node.copy()))
    return tree


def checks_for(schema: Schema, table: Table) -> list[tuple[str, Any]]:
    """(name, tree) of every check that applies to the table's rows (its own checks)."""
    out = []
    for check in table.checks:
        if check.expr.tree is not None:
            out.append((check.name or check.expr.sql, normalize(check.expr.tree)))
    return out


def domain_tree(check: CheckConstraint, column: str) -> Any:
    """A domain check with VALUE replaced by the column."""
    tree = check.expr.tree
    if tree is None:
        return None
    tree = normalize(tree)
    for node in list(tree.find_all(exp.Column)):
        if column_name(node) == "value":
            node.replace(exp.column(column, quoted=True))
    for node in list(tree.find_all(exp.Var)):
        if node.name.lower() == "value":
            node.replace(exp.column(column, quoted=True))
    return tree


def column_hints(schema: Schema, table: Table, column: Column) -> ColumnHints:
    from workbench.generate.types import resolve_type

    hints = ColumnHints()
    trees = [tree for _, tree in checks_for(schema, table)]
    info = resolve_type(schema, column.type)
    for _, check in info.domain_checks:
        tree = domain_tree(check, column.name)
        if tree is not None:
            trees.append(tree)
    for tree in trees:
        for part in conjuncts(tree):
            if columns_of(part) != {column.name}:
                continue
            try:
                _hint(part, hints)
            except Unsupported:
                continue
    return hints


_FLIP = {
    exp.GT: exp.LT,
    exp.GTE: exp.LTE,
    exp.LT: exp.GT,
    exp.LTE: exp.GTE,
    exp.EQ: exp.EQ,
    exp.NEQ: exp.NEQ,
}


def _unwrap_case(node: Any) -> Any:
    node = _strip(node)
    while isinstance(node, (exp.Upper, exp.Lower, exp.Trim)):
        node = _strip(node.this)
    return node


def _is_null_test(node: Any) -> bool:
    node = _unparen(node)
    return isinstance(node, exp.Is) and isinstance(node.expression, exp.Null)


def _in_values(node: Any) -> list[Any] | None:
    node = _unparen(node)
    if isinstance(node, exp.In) and isinstance(_unwrap_case(node.this), exp.Column):
        return [literal(e) for e in node.expressions]
    if isinstance(node, exp.EQ) and isinstance(_strip(node.this), exp.Column):
        right = node.expression
        if isinstance(right, exp.Any):
            arr = _strip(right.this)
            if isinstance(arr, exp.Array):
                return [literal(e) for e in arr.expressions]
            raise Unsupported(node.sql())
        return [literal(right)]
    if isinstance(node, exp.Or):
        if _is_null_test(node.this):
            return _in_values(node.expression)
        if _is_null_test(node.expression):
            return _in_values(node.this)
        left, right = _in_values(node.this), _in_values(node.expression)
        if left is not None and right is not None:
            return left + right
    return None


def _hint(node: Any, h: ColumnHints) -> None:
    node = _unparen(node)
    values = _in_values(node)
    if values is not None:
        values = [v for v in values if v is not None]
        h.allowed = values if h.allowed is None else [v for v in h.allowed if v in values]
        return
    if isinstance(node, exp.In) and isinstance(node.this, (exp.Upper, exp.Lower)):
        h.allowed = [literal(e) for e in node.expressions]
        return
    if isinstance(node, exp.Between) and isinstance(_strip(node.this), exp.Column):
        _bound(h, exp.GTE, literal(node.args["low"]))
        _bound(h, exp.LTE, literal(node.args["high"]))
        return
    if isinstance(node, exp.Not) and isinstance(_unparen(node.this), exp.Is):
        h.not_null = True
        return
    if isinstance(node, exp.RegexpLike) and isinstance(_strip(node.this), exp.Column):
        pattern = literal(node.expression)
        if isinstance(pattern, str):
            h.regex = pattern
        return
    op = type(node)
    if op in _FLIP:
        left, right = _strip(node.this), _strip(node.expression)
        if not isinstance(left, (exp.Column, exp.Length, exp.Anonymous)):
            left, right, op = right, left, _FLIP[op]
        value = literal(right)
        if isinstance(left, exp.Column):
            if op is exp.NEQ:
                h.excluded.add(value)
            elif op is exp.EQ:
                h.allowed = [value]
            else:
                _bound(h, op, value)
        elif isinstance(left, exp.Length) or (
            isinstance(left, exp.Anonymous)
            and left.name.lower() in ("char_length", "character_length", "octet_length", "length")
        ):
            if not isinstance(value, int):
                return
            if op in (exp.GT, exp.GTE):
                h.min_len = max(h.min_len or 0, value + (op is exp.GT))
            elif op in (exp.LT, exp.LTE):
                h.max_len = min(h.max_len or 1 << 30, value - (op is exp.LT))
            elif op is exp.EQ:
                h.min_len = h.max_len = value
            elif op is exp.NEQ and value == 0:
                h.min_len = max(h.min_len or 0, 1)


def _bound(h: ColumnHints, op: type, value: Any) -> None:
    if op in (exp.GT, exp.GTE):
        if h.lo is None or value > h.lo:
            h.lo, h.lo_incl = value, op is exp.GTE
    elif op in (exp.LT, exp.LTE) and (h.hi is None or value < h.hi):
        h.hi, h.hi_incl = value, op is exp.LTE


# --- evaluation ---------------------------------------------------------------------------


@dataclass
class V:
    values: Any  # ndarray or scalar
    nulls: Any  # bool ndarray or bool


def _k3_and(a: V, b: V) -> V:
    a_false = ~a.nulls & ~a.values
    b_false = ~b.nulls & ~b.values
    false = a_false | b_false
    nulls = ~false & (a.nulls | b.nulls)
    return V(~false & ~nulls, nulls)


def _k3_or(a: V, b: V) -> V:
    a_true = ~a.nulls & a.values
    b_true = ~b.nulls & b.values
    true = a_true | b_true
    nulls = ~true & (a.nulls | b.nulls)
    return V(true, nulls)


def _as_bool(v: V, n: int) -> V:
    values = np.broadcast_to(np.asarray(v.values, dtype=bool), (n,))
    nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
    return V(values, nulls)


def _coerce(a: Any, b: Any) -> tuple[Any, Any]:
    """Make a column's array and a constant comparable (dates given as strings, numbers)."""
    if isinstance(a, np.ndarray) and np.issubdtype(a.dtype, np.datetime64) and isinstance(b, str):
        return a, _to_datetime(b)
    if isinstance(b, np.ndarray) and np.issubdtype(b.dtype, np.datetime64) and isinstance(a, str):
        return _to_datetime(a), b
    if isinstance(a, np.ndarray) and np.issubdtype(a.dtype, np.datetime64):
        a = a.astype("datetime64[us]")
    if isinstance(b, np.ndarray) and np.issubdtype(b.dtype, np.datetime64):
        b = b.astype("datetime64[us]")
    return a, b


_CMP = {
    exp.EQ: np.equal,
    exp.NEQ: np.not_equal,
    exp.GT: np.greater,
    exp.GTE: np.greater_equal,
    exp.LT: np.less,
    exp.LTE: np.less_equal,
}


def _map_text(v: V, fn) -> V:
    if isinstance(v.values, np.ndarray):
        out = np.empty(len(v.values), dtype=object)
        out[:] = [fn(str(x)) for x in v.values.tolist()]
        return V(out, v.nulls)
    return V(None if v.values is None else fn(str(v.values)), v.nulls)


def evaluate(node: Any, batch: Batch, n: int) -> V:
    """The expression over the batch with SQL NULL semantics."""
    if isinstance(node, exp.Paren):
        return evaluate(node.this, batch, n)
    if isinstance(node, (exp.Cast, exp.TryCast)):
        inner = node.this
        if isinstance(_strip(inner), (exp.Literal, exp.Neg)):
            value = literal(node)
            return V(value, value is None)
        return evaluate(inner, batch, n)
    if isinstance(node, exp.Column):
        name = column_name(node)
        col = batch.get(name)
        if col is None:
            raise Unsupported(f"column {name} not generated")
        return V(col.values, col.nulls)
    if isinstance(node, (exp.Literal, exp.Neg, exp.ByteString, exp.Boolean, exp.Null)):
        if isinstance(node, exp.Neg) and not isinstance(_strip(node.this), exp.Literal):
            inner = evaluate(node.this, batch, n)
            return V(-inner.values, inner.nulls)
        value = literal(node)
        return V(value, value is None)
    if isinstance(node, exp.And):
        return _k3_and(
            _as_bool(evaluate(node.this, batch, n), n),
            _as_bool(evaluate(node.expression, batch, n), n),
        )
    if isinstance(node, exp.Or):
        return _k3_or(
            _as_bool(evaluate(node.this, batch, n), n),
            _as_bool(evaluate(node.expression, batch, n), n),
        )
    if isinstance(node, exp.Not):
        inner = _as_bool(evaluate(node.this, batch, n), n)
        return V(~inner.values & ~inner.nulls, inner.nulls)
    if isinstance(node, exp.Is):
        inner = evaluate(node.this, batch, n)
        target = node.expression
        if isinstance(target, exp.Null):
            return V(np.broadcast_to(np.asarray(inner.nulls, dtype=bool), (n,)), np.zeros(n, bool))
        if isinstance(target, exp.Boolean):
            nulls = np.broadcast_to(np.asarray(inner.nulls, dtype=bool), (n,))
            vals = np.broadcast_to(np.asarray(inner.values == bool(target.this)), (n,))
            return V(vals & ~nulls, np.zeros(n, bool))
        raise Unsupported(node.sql())
    if isinstance(node, exp.EQ) and isinstance(node.expression, exp.Any):
        arr = _strip(node.expression.this)
        if not isinstance(arr, exp.Array):
            raise Unsupported(node.sql())
        return evaluate(exp.In(this=node.this, expressions=arr.expressions), batch, n)
    if type(node) in _CMP:
        a, b = evaluate(node.this, batch, n), evaluate(node.expression, batch, n)
        nulls = np.broadcast_to(np.asarray(a.nulls, bool) | np.asarray(b.nulls, bool), (n,))
        if a.values is None or b.values is None:
            return V(np.zeros(n, bool), np.ones(n, bool))
        left, right = _coerce(a.values, b.values)
        with np.errstate(all="ignore"):
            result = _CMP[type(node)](left, right)
        return V(np.broadcast_to(np.asarray(result, dtype=bool), (n,)), nulls)
    if isinstance(node, exp.In):
        target = evaluate(node.this, batch, n)
        result = V(np.zeros(n, bool), np.zeros(n, bool))
        for item in node.expressions:
            eq = evaluate(exp.EQ(this=node.this, expression=item), batch, n)
            result = _k3_or(result, _as_bool(eq, n))
        del target
        return result
    if isinstance(node, exp.Between):
        low = exp.GTE(this=node.this, expression=node.args["low"])
        high = exp.LTE(this=node.this, expression=node.args["high"])
        return evaluate(exp.And(this=low, expression=high), batch, n)
    if isinstance(node, exp.Length) or (
        isinstance(node, exp.Anonymous)
        and node.name.lower() in ("char_length", "character_length", "octet_length", "length")
    ):
        arg = node.this if isinstance(node, exp.Length) else node.expressions[0]
        inner = evaluate(arg, batch, n)
        if isinstance(inner.values, np.ndarray):
            lengths = np.fromiter((len(str(x)) for x in inner.values.tolist()), np.int64, n)
            return V(lengths, inner.nulls)
        return V(len(str(inner.values)), inner.nulls)
    if isinstance(node, exp.Upper):
        return _map_text(evaluate(node.this, batch, n), str.upper)
    if isinstance(node, exp.Lower):
        return _map_text(evaluate(node.this, batch, n), str.lower)
    if isinstance(node, exp.Trim):
        return _map_text(evaluate(node.this, batch, n), str.strip)
    if isinstance(node, (exp.RegexpLike, exp.Like, exp.ILike)):
        inner = evaluate(node.this, batch, n)
        pattern = literal(node.expression)
        if isinstance(node, exp.RegexpLike):
            flags = re.I if "i" in str(node.args.get("flag") or "") else 0
            regex = re.compile(pattern, flags)
        else:
            regex = re.compile(like_to_regex(pattern), re.I if isinstance(node, exp.ILike) else 0)
        if not isinstance(inner.values, np.ndarray):
            return V(bool(regex.search(str(inner.values))), inner.nulls)
        uniq, inverse = np.unique(inner.values.astype(str), return_inverse=True)
        hits = np.array([bool(regex.search(u)) for u in uniq.tolist()], dtype=bool)
        return V(hits[inverse.reshape(-1)], inner.nulls)
    if isinstance(node, exp.Anonymous) and node.name.lower() in ("num_nonnulls", "num_nulls"):
        count = np.zeros(n, np.int64)
        for arg in node.expressions:
            count += ~np.broadcast_to(np.asarray(evaluate(arg, batch, n).nulls, bool), (n,))
        if node.name.lower() == "num_nulls":
            count = len(node.expressions) - count
        return V(count, np.zeros(n, bool))
    if isinstance(node, exp.Coalesce):
        parts = [evaluate(node.this, batch, n)] + [evaluate(e, batch, n) for e in node.expressions]
        values = np.broadcast_to(np.asarray(parts[-1].values, dtype=object), (n,)).copy()
        nulls = np.broadcast_to(np.asarray(parts[-1].nulls, bool), (n,)).copy()
        for part in reversed(parts[:-1]):
            pn = np.broadcast_to(np.asarray(part.nulls, bool), (n,))
            pv = np.broadcast_to(np.asarray(part.values, dtype=object), (n,))
            values = np.where(pn, values, pv)
            nulls = pn & nulls
        return V(values, nulls)
    if isinstance(node, (exp.Add, exp.Sub, exp.Mul, exp.Div)):
        a, b = evaluate(node.this, batch, n), evaluate(node.expression, batch, n)
        op = {exp.Add: np.add, exp.Sub: np.subtract, exp.Mul: np.multiply, exp.Div: np.divide}
        with np.errstate(all="ignore"):
            result = op[type(node)](a.values, b.values)
        return V(result, np.asarray(a.nulls, bool) | np.asarray(b.nulls, bool))
    raise Unsupported(node.sql(dialect="postgres"))


def like_to_regex(pattern: str) -> str:
    out = ["^"]
    for ch in pattern:
        out.append(".*" if ch == "%" else "." if ch == "_" else re.escape(ch))
    return "".join(out) + "$"


def failing(tree: Any, batch: Batch, n: int) -> np.ndarray:
    """Rows where the check is FALSE (NULL passes, as in PostgreSQL)."""
    result = _as_bool(evaluate(tree, batch, n), n)
    return ~result.values & ~result.nulls


# --- repair -------------------------------------------------------------------------------


def _nnf(node: Any, negate: bool = False) -> Any:
    """Push NOT down to atoms; returns ('and'|'or', parts) trees or ('atom', node, negated)."""
    node = _unparen(node)
    if isinstance(node, exp.Not):
        return _nnf(node.this, not negate)
    if isinstance(node, exp.And):
        kind = "or" if negate else "and"
        return (kind, [_nnf(node.this, negate), _nnf(node.expression, negate)])
    if isinstance(node, exp.Or):
        kind = "and" if negate else "or"
        return (kind, [_nnf(node.this, negate), _nnf(node.expression, negate)])
    return ("atom", node, negate)


def dnf(tree: Any, limit: int = 64) -> list[list[tuple[Any, bool]]]:
    def walk(t: Any) -> list[list[tuple[Any, bool]]]:
        if t[0] == "atom":
            return [[(t[1], t[2])]]
        parts = [walk(p) for p in t[1]]
        if t[0] == "or":
            return [d for p in parts for d in p][:limit]
        result: list[list[tuple[Any, bool]]] = [[]]
        for p in parts:
            result = [a + b for a in result for b in p][:limit]
        return result

    return walk(_nnf(tree))


_NEGATED = {
    exp.EQ: exp.NEQ,
    exp.NEQ: exp.EQ,
    exp.GT: exp.LTE,
    exp.GTE: exp.LT,
    exp.LT: exp.GTE,
    exp.LTE: exp.GT,
}


def repair(tree: Any, batch: Batch, n: int, rng: np.random.Generator) -> np.ndarray:
    """Fix the rows failing `tree`; returns the mask of rows still failing afterwards."""
    bad = failing(tree, batch, n)
    if not bad.any():
        return bad
    for disjunct in dnf(tree):
        rows = np.flatnonzero(bad)
        if rows.size == 0:
            break
        saved = {name: (c.values.copy(), c.nulls.copy()) for name, c in batch.items()}
        for atom, negated in disjunct:
            try:
                _apply_atom(atom, negated, batch, rows, rng)
            except Unsupported:
                continue
        still = failing(tree, batch, n)
        # keep the edits only where they fixed the row and never where they broke a good one
        undo = still
        for name, (values, nulls) in saved.items():
            col = batch[name]
            col.values[undo] = values[undo]
            col.nulls[undo] = nulls[undo]
        bad = failing(tree, batch, n)
    if bad.any():
        # last resort: NULL every nullable, unprotected column the check names
        for name in columns_of(tree):
            col = batch.get(name)
            if col is not None and col.nullable:
                col.nulls[bad] = True
        bad = failing(tree, batch, n)
    return bad


def _set(col: Col, rows: np.ndarray, value: Any) -> None:
    if col.protected:
        raise Unsupported("protected column")
    if isinstance(value, np.ndarray):
        col.values[rows] = value
    else:
        if np.issubdtype(col.values.dtype, np.datetime64) and isinstance(value, str):
            value = _to_datetime(value)
        col.values[rows] = value
    col.nulls[rows] = False


def _col(node: Any, batch: Batch) -> Col | None:
    node = _strip(node)
    if isinstance(node, exp.Column):
        return batch.get(column_name(node))
    return None


def _apply_atom(atom: Any, negated: bool, batch: Batch, rows: np.ndarray, rng) -> None:
    atom = _unparen(atom)
    if isinstance(atom, exp.Is):
        col = _col(atom.this, batch)
        if col is None:
            raise Unsupported(atom.sql())
        if isinstance(atom.expression, exp.Null):
            if negated:
                col.nulls[rows] = False
            elif col.nullable:
                col.nulls[rows] = True
            return
        if isinstance(atom.expression, exp.Boolean):
            want = bool(atom.expression.this) != negated
            if negated and col.nullable:
                col.nulls[rows] = True
                return
            _set(col, rows, want)
            return
    op = type(atom)
    if op is exp.Between:
        if negated:
            raise Unsupported(atom.sql())
        _apply_atom(exp.GTE(this=atom.this, expression=atom.args["low"]), False, batch, rows, rng)
        _apply_atom(exp.LTE(this=atom.this, expression=atom.args["high"]), False, batch, rows, rng)
        return
    if op is exp.EQ and isinstance(atom.expression, exp.Any):
        arr = _strip(atom.expression.this)
        atom, op = exp.In(this=atom.this, expressions=arr.expressions), exp.In
    if op is exp.In:
        col = _col(_unwrap_case(atom.this), batch)
        values = [literal(e) for e in atom.expressions]
        if col is None or negated:
            raise Unsupported(atom.sql())
        _set(col, rows, np.array(values, dtype=object)[rng.integers(0, len(values), rows.size)])
        return
    if op in _CMP:
        if negated:
            op = _NEGATED[op]
        left, right = atom.this, atom.expression
        lcol, rcol = _col(left, batch), _col(right, batch)
        if lcol is None and rcol is not None:
            left, right, lcol, rcol, op = right, left, rcol, lcol, _FLIP[op]
        if lcol is not None and rcol is not None:
            _apply_pair(lcol, op, rcol, rows, rng)
            return
        if isinstance(_strip(left), exp.Anonymous) and _strip(left).name.lower() in (
            "num_nonnulls",
            "num_nulls",
        ):
            _apply_nonnulls(_strip(left), op, literal(right), batch, rows)
            return
        if isinstance(_unparen(left), exp.Is) and isinstance(_unparen(right), exp.Is):
            # (a IS NULL) <> (b IS NULL): exactly one set; = : both or neither
            a, b = _col(_unparen(left).this, batch), _col(_unparen(right).this, batch)
            if a is None or b is None:
                raise Unsupported(atom.sql())
            if op is exp.NEQ:
                target, other = (a, b) if a.nullable else (b, a)
                target.nulls[rows] = True
                other.nulls[rows] = False
            else:
                a.nulls[rows] = False
                b.nulls[rows] = False
            return
        if lcol is None:
            if isinstance(_strip(left), (exp.Length, exp.Anonymous)):
                _apply_length(_strip(left), op, literal(right), batch, rows)
                return
            raise Unsupported(atom.sql())
        value = literal(right)
        _apply_const(lcol, op, value, rows, rng)
        return
    if isinstance(atom, exp.RegexpLike) and not negated:
        col = _col(atom.this, batch)
        if col is None:
            raise Unsupported(atom.sql())
        from workbench.generate.regex_gen import generate_matching

        pattern = literal(atom.expression)
        _set(col, rows, generate_matching(pattern, rows.size, rng))
        return
    raise Unsupported(atom.sql())


def _step_value(col: Col, value: Any, sign: int) -> Any:
    if isinstance(value, np.datetime64):
        unit = np.timedelta64(1, "D") if col.kind == "date" else np.timedelta64(1, "s")
        return value + sign * unit
    if isinstance(value, str):
        return value + "a" if sign > 0 else value[:-1]
    return value + sign * col.step


def _apply_const(col: Col, op: type, value: Any, rows: np.ndarray, rng) -> None:
    if value is None:
        raise Unsupported("comparison with NULL")
    if col.kind == "date" and isinstance(value, str):
        value = np.datetime64(_to_datetime(value), "D")
    elif col.kind in ("date", "timestamp") and isinstance(value, str):
        value = _to_datetime(value)
    current = col.values[rows]
    if op is exp.EQ:
        _set(col, rows, value)
    elif op is exp.NEQ:
        hit = rows[np.asarray(current == value, dtype=bool) | col.nulls[rows]]
        if isinstance(value, str):
            _set(col, hit, (value or "x") + "x")
        elif isinstance(value, bool):
            _set(col, hit, not value)
        else:
            _set(col, hit, _step_value(col, value, 1))
    elif op in (exp.GT, exp.GTE):
        bound = value if op is exp.GTE else _step_value(col, value, 1)
        low = rows[np.asarray(current < bound, dtype=bool) | col.nulls[rows]]
        _set(col, low, bound)
    elif op in (exp.LT, exp.LTE):
        bound = value if op is exp.LTE else _step_value(col, value, -1)
        high = rows[np.asarray(current > bound, dtype=bool) | col.nulls[rows]]
        _set(col, high, bound)


def _apply_pair(lcol: Col, op: type, rcol: Col, rows: np.ndarray, rng) -> None:
    """Make `lcol op rcol` hold: move the unprotected side, never past the other."""
    for col in (lcol, rcol):
        if not col.protected:
            col.nulls[rows] = False
    if lcol.protected and not rcol.protected:
        lcol, rcol, op = rcol, lcol, _FLIP[op]
    if lcol.protected:
        raise Unsupported("both sides protected")
    other = rcol.values[rows]
    if op is exp.EQ:
        lcol.values[rows] = other
        return
    if op is exp.NEQ:
        same = np.asarray(lcol.values[rows] == other, dtype=bool)
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
    if col.kind == "text":
        if sign > 0:
            return np.array([str(b) + ("~" if strict else "") for b in base.tolist()], dtype=object)
        return np.array([str(b)[:-1] if strict else str(b) for b in base.tolist()], dtype=object)
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


def _apply_nonnulls(node: Any, op: type, value: Any, batch: Batch, rows: np.ndarray) -> None:
    cols = [_col(a, batch) for a in node.expressions]
    if any(c is None for c in cols) or op is not exp.EQ:
        raise Unsupported(node.sql())
    want = int(value) if node.name.lower() == "num_nonnulls" else len(cols) - int(value)
    # keep NOT NULL columns set, then the first nullable ones, null the rest
    order = sorted(range(len(cols)), key=lambda i: cols[i].nullable)
    for rank, i in enumerate(order):
        cols[i].nulls[rows] = rank >= want and cols[i].nullable


def _apply_length(node: Any, op: type, value: Any, batch: Batch, rows: np.ndarray) -> None:
    arg = node.this if isinstance(node, exp.Length) else node.expressions[0]
    col = _col(arg, batch)
    if col is None or col.protected or not isinstance(value, int):
        raise Unsupported(node.sql())
    lo, hi = 0, 1 << 20
    if op in (exp.GT, exp.GTE):
        lo = value + (op is exp.GT)
    elif op in (exp.LT, exp.LTE):
        hi = value - (op is exp.LT)
    elif op is exp.EQ:
        lo = hi = value
    elif op is exp.NEQ:
        lo = value + 1 if value == 0 else 0
    out = []
    for s in col.values[rows].tolist():
        s = str(s)[:hi]
        if len(s) < lo:
            s = s + "x" * (lo - len(s))
        out.append(s)
    col.values[rows] = np.array(out, dtype=object)
    col.nulls[rows] = False
