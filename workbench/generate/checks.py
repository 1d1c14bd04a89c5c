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

from workbench.generate.evaluator import Ctx, Unsupported, Val, ev, failing_mask
from workbench.schema.model import CheckConstraint, Column, Schema, Table

__all__ = ["Unsupported", "Val"]


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


_NUMERIC_CASTS = {
    "int",
    "integer",
    "bigint",
    "smallint",
    "int2",
    "int4",
    "int8",
    "numeric",
    "decimal",
    "real",
    "double precision",
    "float",
}


class IntervalText(str):
    """An interval constant as written ('7 days', '01:00:00'), ordered by its length of time
    (a month as 30 days, as PostgreSQL compares intervals) rather than as text."""

    micros: int

    def __new__(cls, text: str) -> IntervalText:
        from workbench.generate.pgvalues import MONTH_US, parse_interval

        try:
            months, micros = parse_interval(text)
        except ValueError as err:
            raise Unsupported(text) from err
        self = super().__new__(cls, text)
        self.micros = months * MONTH_US + micros
        return self

    def _key(self, other: object) -> int:
        return other.micros if isinstance(other, IntervalText) else IntervalText(str(other)).micros

    def __lt__(self, other: object) -> bool:  # type: ignore[override]
        return self.micros < self._key(other)

    def __le__(self, other: object) -> bool:  # type: ignore[override]
        return self.micros <= self._key(other)

    def __gt__(self, other: object) -> bool:  # type: ignore[override]
        return self.micros > self._key(other)

    def __ge__(self, other: object) -> bool:  # type: ignore[override]
        return self.micros >= self._key(other)


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
            if cast_to and cast_to.startswith("interval"):
                return IntervalText(text)
            if cast_to and cast_to.split("(")[0].strip() in _NUMERIC_CASTS:
                try:
                    return int(text)
                except ValueError:
                    try:
                        return float(text)
                    except ValueError as err:
                        raise Unsupported(text) from err
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
    if isinstance(tree, exp.Is) and tree.args.get("negate"):
        tree = exp.Paren(this=tree)  # so the root, too, has a parent to be replaced in
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
            out.append((check.name or check.expr.sql, _normalized(check.expr)))
    return out


_NORMALIZED: dict[int, tuple[Any, Any]] = {}


def _normalized(expr: Any) -> Any:
    """normalize(expr.tree), once per expression (every column's hints read every check);
    callers treat the tree as read-only."""
    hit = _NORMALIZED.get(id(expr))
    if hit is not None and hit[0] is expr.tree:
        return hit[1]
    tree = normalize(expr.tree)
    _NORMALIZED[id(expr)] = (expr.tree, tree)
    return tree


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


def _excluded_values(node: Any) -> list[Any] | None:
    """Values a conjunct rules out: NOT (x IN (…)), x <> ALL (ARRAY[…]), NOT (x = ANY (…))."""
    node = _unparen(node)
    if isinstance(node, exp.Not):
        inner = _unparen(node.this)
        if isinstance(inner, (exp.In, exp.EQ)):
            return _in_values(inner)
        return None
    if isinstance(node, exp.NEQ) and isinstance(_strip(node.this), exp.Column):
        right = node.expression
        arr = None
        if isinstance(right, exp.All):
            arr = _strip(right.this)
        elif isinstance(right, exp.Anonymous) and right.name.upper() == "ALL" and right.expressions:
            arr = _strip(right.expressions[0])
        if isinstance(arr, exp.Array):
            return [literal(e) for e in arr.expressions]
    return None


def _hint(node: Any, h: ColumnHints) -> None:
    node = _unparen(node)
    excluded = _excluded_values(node)
    if excluded is not None:
        h.excluded.update(v for v in excluded if v is not None)
        return
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
    is_regex = isinstance(node, exp.RegexpLike) or (
        isinstance(node, exp.Operator) and str(node.args.get("operator")).split(".")[-1] == "~"
    )
    if is_regex and isinstance(_strip(node.this), exp.Column) and not node.args.get("flag"):
        pattern = literal(node.expression)
        if isinstance(pattern, str):
            h.regex = pattern
        return
    op = type(node)
    if op in _FLIP:
        left, right = _strip(node.this), node.expression  # the constant keeps its cast
        if not isinstance(left, (exp.Column, exp.Length, exp.Anonymous)):
            left, right, op = _strip(right), node.this, _FLIP[op]
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
class Env:
    """What evaluation needs beyond the batch: column types (enum order, citext, arrays,
    intervals…), the schema's enums for casts, and the columns a repair may redraw."""

    types: dict[str, Any] = field(default_factory=dict)  # column -> TypeInfo
    enums: dict[str, tuple[str, ...]] = field(default_factory=dict)
    placeholders: set[str] = field(default_factory=set)  # columns with no generator (NULL)
    now: np.datetime64 = field(default_factory=lambda: np.datetime64("now", "us"))


def make_env(schema: Schema | None, types: dict[str, Any], placeholders=()) -> Env:
    enums: dict[str, tuple[str, ...]] = {}
    if schema is not None:
        for qualified, enum in schema.enums.items():
            labels = tuple(enum.labels)
            enums[qualified.lower()] = labels
            enums.setdefault(enum.name.lower(), labels)
    return Env(types=dict(types), enums=enums, placeholders=set(placeholders))


def _ctx(batch: Batch, n: int, env: Env | None) -> Ctx:
    env = env or Env()
    return Ctx(batch, n, env.types, env.enums, env.now)


def evaluate(node: Any, batch: Batch, n: int, env: Env | None = None) -> Val:
    """The expression over the batch with SQL NULL semantics."""
    return ev(node, _ctx(batch, n, env))


def failing(tree: Any, batch: Batch, n: int, env: Env | None = None) -> np.ndarray:
    """Rows where the check is FALSE (NULL passes, as in PostgreSQL)."""
    return failing_mask(tree, _ctx(batch, n, env))


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
    if isinstance(node, (exp.Like, exp.ILike, exp.Is, exp.In)) and node.args.get("negate"):
        plain = node.copy()
        plain.set("negate", None)
        return ("atom", plain, not negate)
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


_CMP = {exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE}

_NEGATED = {
    exp.EQ: exp.NEQ,
    exp.NEQ: exp.EQ,
    exp.GT: exp.LTE,
    exp.GTE: exp.LT,
    exp.LT: exp.GTE,
    exp.LTE: exp.GT,
}

Regen = Any  # callable(column, rows) -> fresh generator values for those rows, or None


@dataclass
class _Repair:
    batch: Batch
    rows: np.ndarray
    rng: np.random.Generator
    env: Env
    regen: Regen


def _cost(disjunct: list[tuple[Any, bool]], env: Env) -> int:
    """Prefer the realistic fix: a disjunct that only asks for a value to be present (paid
    rows get a paid_at) before one that changes what a row is (its status)."""
    cost = 0
    for atom, negated in disjunct:
        atom = _unparen(atom)
        if (
            isinstance(atom, exp.Is)
            and isinstance(atom.expression, exp.Null)
            and negated
            and isinstance(_strip(atom.this), exp.Column)
            and column_name(_strip(atom.this)) not in env.placeholders
        ):
            continue
        cost += 1
    return cost


def repair(
    tree: Any,
    batch: Batch,
    n: int,
    rng: np.random.Generator,
    env: Env | None = None,
    regen: Regen = None,
) -> np.ndarray:
    """Fix the rows failing `tree` with values from each column's own domain; returns the mask
    of rows still failing afterwards (the caller redraws or asks again)."""
    env = env or Env()
    bad = failing(tree, batch, n, env)
    if not bad.any():
        return bad
    disjuncts = sorted(dnf(tree), key=lambda d: _cost(d, env))
    for disjunct in disjuncts:
        rows = np.flatnonzero(bad)
        if rows.size == 0:
            break
        saved = {name: (c.values.copy(), c.nulls.copy()) for name, c in batch.items()}
        ctx = _Repair(batch, rows, rng, env, regen)
        for atom, negated in disjunct:
            try:
                _apply_atom(atom, negated, ctx)
            except (Unsupported, ValueError, TypeError):
                continue
        try:
            still = failing(tree, batch, n, env)
        except Unsupported:
            still = np.ones(n, bool)
        # keep the edits only where they fixed the row and never where they broke a good one
        undo = still | ~bad
        for name, (values, nulls) in saved.items():
            col = batch[name]
            col.values[undo] = values[undo]
            col.nulls[undo] = nulls[undo]
        bad = failing(tree, batch, n, env)
    if bad.any():
        # last resort: NULL every nullable, unprotected column the check names
        saved = {name: (c.values.copy(), c.nulls.copy()) for name, c in batch.items()}
        for name in sorted(columns_of(tree)):
            col = batch.get(name)
            if col is not None and col.nullable:
                col.nulls[bad] = True
        still = failing(tree, batch, n, env)
        undo = still | ~bad
        for name, (values, nulls) in saved.items():
            col = batch[name]
            col.values[undo] = values[undo]
            col.nulls[undo] = nulls[undo]
        bad = failing(tree, batch, n, env)
    return bad


# --- nullness, jointly ----------------------------------------------------------------------

_NULL_FUNCS = ("num_nulls", "num_nonnulls")


def null_only(tree: Any) -> bool:
    """Whether the check reads its columns only through `IS NULL` and num_nulls /
    num_nonnulls: its verdict then depends on which columns are NULL, never on their values."""
    columns = list(tree.find_all(exp.Column))
    if not columns:
        return False
    for node in columns:
        parent = node.parent
        while isinstance(parent, (exp.Paren, exp.Cast, exp.TryCast)):
            parent = parent.parent
        is_test = isinstance(parent, exp.Is) and isinstance(parent.expression, exp.Null)
        counted = isinstance(parent, exp.Anonymous) and parent.name.lower() in _NULL_FUNCS
        if not (is_test or counted):
            return False
    return True


def repair_nulls(trees: list[Any], batch: Batch, n: int, env: Env, limit: int = 10) -> None:
    """Satisfy every nullness-only CHECK at once: each failing row takes the NULL pattern
    (over the columns those CHECKs name) nearest to its own that all of them accept, with NOT
    NULL columns set and columns without a generator left NULL. One at a time, two CHECKs that
    share a column (`(a IS NULL) = (n IS NULL)`, `(j IS NULL) <> (n IS NULL)`) would undo
    each other's repair forever."""
    bad = np.zeros(n, bool)
    for tree in trees:
        bad |= failing(tree, batch, n, env)
    names = sorted(set().union(*(columns_of(t) for t in trees)) & set(batch))
    if not bad.any() or not names or len(names) > limit:
        return
    k = len(names)
    patterns = ((np.arange(1 << k)[:, None] >> np.arange(k)[None, :]) & 1).astype(bool)
    probe = {
        name: Col(
            np.repeat(batch[name].values[:1], 1 << k), patterns[:, j].copy(), batch[name].kind
        )
        for j, name in enumerate(names)
    }
    ok = np.ones(1 << k, bool)
    for tree in trees:
        ok &= ~failing(tree, probe, 1 << k, env)
    rows = np.flatnonzero(bad)
    current = np.stack([batch[name].nulls[rows] for name in names], axis=1)
    cost = (current[:, None, :] != patterns[None, :, :]).sum(axis=2) * (k + 1)
    cost = cost + patterns.sum(axis=1)[None, :]  # then the pattern with fewer NULLs
    for j, name in enumerate(names):
        col = batch[name]
        if not col.nullable:
            ok &= ~patterns[:, j]
        if name in env.placeholders:  # no value beneath the NULL: it stays NULL
            cost[np.ix_(current[:, j], ~patterns[:, j])] = 1 << 30
    if not ok.any():
        return
    cost[:, ~ok] = 1 << 30
    best = cost.argmin(axis=1)
    fixable = cost[np.arange(rows.size), best] < 1 << 30
    for j, name in enumerate(names):
        batch[name].nulls[rows[fixable]] = patterns[best[fixable], j]


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


def _col_name(node: Any) -> str | None:
    node = _strip(node)
    return column_name(node) if isinstance(node, exp.Column) else None


def _info(name: str | None, env: Env) -> Any:
    return env.types.get(name) if name else None


def _labels(name: str | None, env: Env) -> list[str] | None:
    info = _info(name, env)
    if info is not None and info.kind == "enum" and not info.array_dims:
        return list(info.labels)
    return None


def _const(node: Any, r: _Repair) -> Any:
    """A constant operand as a Python value of the evaluator (dates as datetime64…)."""
    v = evaluate(node, {}, 1, r.env)
    if not v.scalar:
        raise Unsupported("not a constant")
    if v.kind == "interval":
        raise Unsupported("interval constant")
    return v.values


def _apply_atom(atom: Any, negated: bool, r: _Repair) -> None:
    atom = _unparen(atom)
    batch, rows, rng = r.batch, r.rows, r.rng
    if isinstance(atom, exp.Is):
        col = _col(atom.this, batch)
        if col is None:
            raise Unsupported(atom.sql())
        if isinstance(atom.expression, exp.Null):
            if negated:
                if _col_name(atom.this) in r.env.placeholders:
                    raise Unsupported("no generator to fill the column")
                col.nulls[rows] = False
            elif col.nullable and not col.protected:
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
        _apply_atom(exp.GTE(this=atom.this, expression=atom.args["low"]), False, r)
        _apply_atom(exp.LTE(this=atom.this, expression=atom.args["high"]), False, r)
        return
    quantified = _quantified(atom)
    if quantified is not None:
        _apply_quantified(*quantified, negated, r)
        return
    if op is exp.In:
        _apply_in(atom.this, [_const(e, r) for e in atom.expressions], negated, r)
        return
    if op in (exp.ArrayContainedBy, exp.ArrayContainsAll, exp.ArrayOverlaps) and not negated:
        _apply_array_set(atom, r)
        return
    if op in _CMP:
        if negated:
            op = _NEGATED[op]
        left, right = atom.this, atom.expression
        lcol, rcol = _col(left, batch), _col(right, batch)
        if lcol is None and rcol is not None:
            left, right, lcol, rcol, op = right, left, rcol, lcol, _FLIP[op]
        if lcol is not None and rcol is not None:
            try:
                if _labels(_col_name(left), r.env) or _labels(_col_name(right), r.env):
                    raise Unsupported("enum pair")
                _apply_pair(lcol, op, rcol, rows, rng, r)
            except Unsupported:
                _redraw_atom(atom, r)
            return
        sleft = _strip(left)
        if isinstance(sleft, exp.Anonymous) and sleft.name.lower() in ("num_nonnulls", "num_nulls"):
            _apply_nonnulls(sleft, op, _const(right, r), r)
            return
        if isinstance(_unparen(left), exp.Is) and isinstance(_unparen(right), exp.Is):
            _apply_is_pair(_unparen(left), op, _unparen(right), r)
            return
        if lcol is None:
            if isinstance(sleft, exp.Anonymous) and sleft.name.lower() in _JSON_TYPEOF:
                _apply_json_type(sleft, op, _const(right, r), r)
                return
            if isinstance(sleft, (exp.Length, exp.Anonymous)):
                _apply_length(sleft, op, _const(right, r), r)
                return
            raise Unsupported(atom.sql())
        name = _col_name(left)
        labels = _labels(name, r.env)
        if labels is not None:
            _apply_enum(lcol, labels, op, _const(right, r), r)
            return
        info = _info(name, r.env)
        if info is not None and info.kind == "interval" and not info.array_dims:
            _apply_interval(lcol, op, _interval_const(right, r), r)
            return
        value = _const(right, r)
        if info is not None and info.kind not in (
            "int",
            "decimal",
            "money",
            "float",
            "bool",
            "date",
            "timestamp",
            "timestamptz",
            "text",
        ):
            raise Unsupported(f"comparison on {info.kind}")
        _apply_const(lcol, op, value, r)
        return
    if isinstance(atom, (exp.NullSafeEQ, exp.NullSafeNEQ)):
        _apply_null_safe(atom, negated, r)
        return
    if isinstance(atom, _JSON_KEYS):
        _apply_json_keys(atom, negated, r)
        return
    if isinstance(atom, (exp.Like, exp.ILike)) and not negated:  # a literal fill matches both
        _apply_like(atom, r)
        return
    if isinstance(atom, (exp.RegexpLike, exp.RegexpILike, exp.Operator)) and not negated:
        if isinstance(atom, exp.Operator) and str(atom.args.get("operator")).split(".")[-1] not in (
            "~",
            "~*",
        ):
            raise Unsupported(atom.sql())
        col = _col(atom.this, batch)
        if col is None:
            raise Unsupported(atom.sql())
        from workbench.generate.regex_gen import generate_matching

        pattern = _const(atom.expression, r)
        info = _info(_col_name(atom.this), r.env)
        size = info.length if info is not None and info.kind == "text" else None
        exact = size if info is not None and info.fixed_char else None
        values = generate_matching(str(pattern), rows.size, rng, exact, max_length=size)
        _set(col, rows, values)
        return
    _redraw_atom(atom, r)


_JSON_TYPEOF = ("jsonb_typeof", "json_typeof")
_JSON_KEYS = (exp.JSONBContainsTopKey, exp.JSONBContainsAnyTopKeys, exp.JSONBContainsAllTopKeys)
#: A document of each JSON type, for a row whose type a CHECK rules out.
_JSON_OF_TYPE = {
    "object": {},
    "array": [],
    "string": "text",
    "number": 0,
    "boolean": True,
    "null": None,
}


def _json_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    return "null" if value is None else "number"


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


def _apply_json_type(node: Any, op: type, want: Any, r: _Repair) -> None:
    """jsonb_typeof(j) = 'array' / <> 'object': a document of an allowed type, built from the
    row's own where it can be (an object wrapped in an array, an array's first element…)."""
    col = _col(node.expressions[0], r.batch) if node.expressions else None
    if col is None or op not in (exp.EQ, exp.NEQ) or not isinstance(want, str):
        raise Unsupported(node.sql())

    def fix(doc: Any) -> Any:
        kind = _json_kind(doc)
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


def _apply_json_keys(atom: Any, negated: bool, r: _Repair) -> None:
    """j ? 'k', ?| and ?&: the key added to the row's object (an object made around a row that
    is not one); negated: the key removed."""
    col = _col(atom.this, r.batch)
    if isinstance(atom, exp.JSONBContainsTopKey):
        keys = [_const(atom.expression, r)]
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


def _apply_null_safe(atom: Any, negated: bool, r: _Repair) -> None:
    """a IS NOT DISTINCT FROM b: one column takes the other's value (NULL included)."""
    equal = isinstance(atom, exp.NullSafeEQ) != negated
    a, b = _col(atom.this, r.batch), _col(atom.expression, r.batch)
    if a is None and b is None:
        raise Unsupported(atom.sql())
    if a is None or b is None:
        col, other = (a, atom.expression) if a is not None else (b, atom.this)
        value = _const(other, r)
        if equal:
            if value is None:
                if not col.nullable:
                    raise Unsupported("NULL into a NOT NULL column")
                col.nulls[r.rows] = True
            else:
                _apply_const(col, exp.EQ, value, r)
        elif value is None:
            col.nulls[r.rows] = False
        else:
            _apply_const(col, exp.NEQ, value, r)
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
            _apply_pair(target, exp.NEQ, source, rows[same], r.rng, r)


def _apply_like(atom: Any, r: _Repair) -> None:
    """col LIKE 'pattern': text built from the pattern (its % and _ filled with letters)."""
    col = _col(atom.this, r.batch)
    pattern = _const(atom.expression, r)
    if col is None or not isinstance(pattern, str):
        raise Unsupported(atom.sql())
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for _ in range(r.rows.size):
        text, i = [], 0
        while i < len(pattern):
            ch = pattern[i]
            if ch == "\\" and i + 1 < len(pattern):
                text.append(pattern[i + 1])
                i += 2
                continue
            if ch == "%":
                k = int(r.rng.integers(0, 6))
                text.append("".join(letters[j] for j in r.rng.integers(0, 26, k).tolist()))
            elif ch == "_":
                text.append(letters[int(r.rng.integers(0, 26))])
            else:
                text.append(ch)
            i += 1
        out.append("".join(text))
    values = np.empty(len(out), dtype=object)
    values[:] = out
    _set(col, r.rows, values)


def _redraw_atom(atom: Any, r: _Repair) -> None:
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


def _quantified(atom: Any) -> tuple[Any, str, str, Any] | None:
    """(left, op, ANY|ALL, array node) of `x op ANY (arr)` / `x op ALL (arr)`."""
    if type(atom) not in _CMP:
        return None
    right = atom.expression
    if isinstance(right, exp.Any):
        return atom.this, type(atom), "ANY", _unparen(right.this)
    if isinstance(right, exp.All):
        return atom.this, type(atom), "ALL", _unparen(right.this)
    if (
        isinstance(right, exp.Anonymous)
        and right.name.upper() in ("ANY", "ALL", "SOME")
        and len(right.expressions) == 1
    ):
        quant = "ALL" if right.name.upper() == "ALL" else "ANY"
        return atom.this, type(atom), quant, _unparen(right.expressions[0])
    return None


def _array_const(node: Any, r: _Repair) -> list[Any] | None:
    from workbench.generate.evaluator.arrays import _array_expr

    try:
        v = _array_expr(node, _ctx({}, 1, r.env))
    except Unsupported:
        return None
    if v.kind != "array" or not v.scalar or v.values is None:
        return None
    return list(v.values)


def _apply_quantified(left: Any, op: type, quant: str, arr: Any, negated: bool, r: _Repair):
    if negated:
        op = _NEGATED[op]
        quant = "ALL" if quant == "ANY" else "ANY"
    items = _array_const(arr, r)
    if items is not None:
        if op is exp.EQ and quant == "ANY":
            _apply_in(left, items, False, r)
            return
        if op is exp.NEQ and quant == "ALL":
            _apply_in(left, items, True, r)
            return
        raise Unsupported("quantified comparison")
    # x = ANY (array column): add or remove the element in the column's arrays
    name = _col_name(arr)
    col = _col(arr, r.batch)
    if col is None or col.protected:
        raise Unsupported("quantified comparison")
    element = _const(left, r)
    if op is exp.EQ and quant == "ANY":
        _edit_arrays(col, name, r, lambda items: items if element in items else [*items, element])
    elif op is exp.NEQ and quant == "ALL":
        _edit_arrays(col, name, r, lambda items: [x for x in items if x != element])
    else:
        raise Unsupported("quantified comparison")


def _apply_array_set(atom: Any, r: _Repair) -> None:
    name = _col_name(atom.this)
    col = _col(atom.this, r.batch)
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


def _edit_arrays(col: Col, name: str | None, r: _Repair, fn) -> None:
    from workbench.generate.pgvalues import parse_array

    info = _info(name, r.env)
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


def _apply_in(target: Any, values: list[Any], negated: bool, r: _Repair) -> None:
    name = _col_name(_unwrap_case(target))
    col = _col(_unwrap_case(target), r.batch)
    if col is None:
        raise Unsupported("IN on an expression")
    values = [v for v in values if v is not None]
    labels = _labels(name, r.env)
    rows = r.rows
    if not negated:
        if not values:
            raise Unsupported("empty IN list")
        if labels is not None and any(str(v) not in labels for v in values):
            values = [v for v in values if str(v) in labels]
        if isinstance(_strip(target), (exp.Upper, exp.Lower)) or col.kind == "text":
            values = [str(v) for v in values]
        picks = np.empty(rows.size, dtype=object)
        picks[:] = [values[i] for i in r.rng.integers(0, len(values), rows.size).tolist()]
        if col.kind in ("int", "float", "decimal", "bool") or col.kind in ("date", "timestamp"):
            picks = picks.astype(col.values.dtype)
        _set(col, rows, picks)
        return
    if labels is not None:
        keep = [label for label in labels if label not in {str(v) for v in values}]
        if not keep:
            raise Unsupported("every label excluded")
        _apply_in(target, keep, False, r)
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


def _apply_enum(col: Col, labels: list[str], op: type, value: Any, r: _Repair) -> None:
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
    _set(col, target, picks)


def _apply_is_pair(left: Any, op: type, right: Any, r: _Repair) -> None:
    """(a IS NULL) <> (b IS NULL): exactly one set; = : both or neither."""
    a, b = _col(left.this, r.batch), _col(right.this, r.batch)
    if a is None or b is None or not isinstance(left.expression, exp.Null):
        raise Unsupported("IS pair")
    rows = r.rows
    # a protected column (key, FK) holds a valid value beneath its NULL: it may be un-NULLed
    fillable_a = _col_name(left.this) not in r.env.placeholders
    fillable_b = _col_name(right.this) not in r.env.placeholders
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


def _step_value(col: Col, value: Any, sign: int) -> Any:
    if isinstance(value, np.datetime64):
        unit = np.timedelta64(1, "D") if col.kind == "date" else np.timedelta64(1, "s")
        return value + sign * unit
    if isinstance(value, str):
        return value + "a" if sign > 0 else value[:-1]
    return value + sign * col.step


def _apply_const(col: Col, op: type, value: Any, r: _Repair) -> None:
    rows = r.rows
    if value is None:
        raise Unsupported("comparison with NULL")
    if col.kind == "date" and isinstance(value, (str, np.datetime64)):
        value = np.datetime64(_to_datetime(str(value)), "D")
    elif col.kind == "timestamp" and isinstance(value, (str, np.datetime64)):
        value = np.datetime64(_to_datetime(str(value)), "us")
    if col.kind == "text" and op not in (exp.EQ, exp.NEQ):
        raise Unsupported("text ordering")
    current = col.values[rows]
    if op is exp.EQ:
        _set(col, rows, value)
    elif op is exp.NEQ:
        hit = rows[np.asarray(current == value, dtype=bool) | col.nulls[rows]]
        if isinstance(value, str):
            avoid = np.empty(hit.size, dtype=object)
            avoid[:] = value
            _set(col, hit, _unlike(col, _name_of(col, r), hit, avoid, r))
        elif isinstance(value, (bool, np.bool_)):
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


def _interval_const(node: Any, r: _Repair) -> int:
    """An interval constant in microseconds (a month as 30 days, as comparisons count it)."""
    from workbench.generate.evaluator.casts import _cast

    v = evaluate(node, {}, 1, r.env)
    if v.kind != "interval":
        v = _cast(v, "interval", _ctx({}, 1, r.env))
    if not v.scalar or v.values is None:
        raise Unsupported("not an interval constant")
    return int(v.values)


def _apply_interval(col: Col, op: type, bound: int, r: _Repair) -> None:
    """A comparison of an interval column with a constant: the rows beyond the bound take it
    (moved one second inwards when the bound is exclusive), written as PostgreSQL reads it."""
    from workbench.generate.pgvalues import MONTH_US, format_interval, parse_interval

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
    _set(col, rows[wrong], format_interval(value))


def _unlike(col: Col, name: str | None, rows: np.ndarray, avoid: np.ndarray, r: _Repair):
    """Text values from the column's own domain for `rows`, each unlike `avoid` in its row:
    another of the enum's labels; else a fresh draw from the column's generator, where it
    still equals the avoided value changed in one letter (within the column's length)."""
    labels = _labels(name, r.env)
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
    info = _info(name, r.env)
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


def _name_of(col: Col, r: _Repair) -> str | None:
    for name, c in r.batch.items():
        if c is col:
            return name
    return None


def _apply_pair(
    lcol: Col, op: type, rcol: Col, rows: np.ndarray, rng, r: _Repair | None = None
) -> None:
    """Make `lcol op rcol` hold: move the unprotected side, never past the other."""
    for col in (lcol, rcol):
        if not col.protected:
            col.nulls[rows] = False
    if (lcol.protected and not rcol.protected) or (
        not rcol.protected and rcol.nullable and not lcol.nullable
    ):
        # move the freer side: a NOT NULL column is more often pinned by other CHECKs
        lcol, rcol, op = rcol, lcol, _FLIP[op]
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
            lcol.values[rows[same]] = _unlike(lcol, _name_of(lcol, r), rows[same], other[same], r)
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


def _apply_nonnulls(node: Any, op: type, value: Any, r: _Repair) -> None:
    cols = [_col(a, r.batch) for a in node.expressions]
    names = [_col_name(a) for a in node.expressions]
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
    # keep NOT NULL columns set, then those with a generator; NULL the rest
    fillable = [
        i for i in range(count) if not cols[i].protected and names[i] not in r.env.placeholders
    ]
    fixed = [i for i in range(count) if not cols[i].nullable]
    order = fixed + [i for i in fillable if i not in fixed]
    order += [i for i in range(count) if i not in order]
    target = max(lo, min(hi, len(fixed)))
    for rank, i in enumerate(order):
        col = cols[i]
        if col.protected:
            continue
        col.nulls[r.rows] = rank >= target and col.nullable


def _apply_length(node: Any, op: type, value: Any, r: _Repair) -> None:
    if isinstance(node, exp.Anonymous):
        fname = node.name.lower()
        if fname not in ("char_length", "character_length", "octet_length", "length"):
            raise Unsupported(node.sql())
        arg = node.expressions[0]
    else:
        fname, arg = "length", node.this
    col = _col(arg, r.batch)
    name = _col_name(arg)
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
    info = _info(name, r.env)
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
