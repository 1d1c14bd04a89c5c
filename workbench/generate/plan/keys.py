"""Every unique thing of a table as a `UniqueKey`: PRIMARY KEYs, UNIQUE constraints, unique
indexes (composite, partial, over expressions, NULLS NOT DISTINCT) and exclusion constraints
whose operators are `=` (an `&&` over a range column becomes a slot of the range's axis)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlglot import exp

from workbench.generate.base.sqltree import column_name, columns_of, normalize, strip
from workbench.schema.model import Table

_RANGE_FUNCTIONS = {"tsrange", "tstzrange", "daterange", "int4range", "int8range", "numrange"}


@dataclass
class KeyPart:
    """One part of a key: a plain column, or an expression (with the one column it wraps
    when it is lower()/upper()/btrim()/a cast/coalesce(col, constant) of a column)."""

    sql: str
    column: str | None = None
    tree: Any = None
    wraps: str | None = None
    day: bool = False  # the part is the day of `wraps` (ts::date, date(ts), date_trunc('day', ts))


@dataclass
class UniqueKey:
    name: str
    kind: str  # "primary key", "unique", "unique index", "exclusion constraint"
    parts: list[KeyPart]
    predicate: Any = None  # sqlglot tree: the partial index's WHERE
    predicate_sql: str = ""
    nulls_not_distinct: bool = False
    # exclusion: range columns under &&, or (lower, upper) column pairs of tsrange(a, b)…
    overlap: list[Any] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)  # exclusion elements we cannot build

    @property
    def columns(self) -> list[str]:
        out: list[str] = []
        for part in self.parts:
            names = [part.column] if part.column else sorted(columns_of(part.tree))
            out += [c for c in names if c not in out]
        return out

    @property
    def label(self) -> str:
        text = f"{self.kind} {self.name} ({', '.join(p.sql for p in self.parts)})"
        if self.predicate_sql:
            text += f" WHERE {self.predicate_sql}"
        return text


def _wrapped_column(tree: Any) -> str | None:
    """The column an expression maps (nearly) one-to-one: casts, lower/upper/trim, and
    coalesce(col, constant…)."""
    node = strip(tree)
    while True:
        if isinstance(node, exp.Column):
            return column_name(node)
        if isinstance(node, (exp.Lower, exp.Upper, exp.Trim)):
            node = strip(node.this)
            continue
        if isinstance(node, exp.Anonymous) and node.name.lower() in ("btrim", "ltrim", "rtrim"):
            if not node.expressions:
                return None
            node = strip(node.expressions[0])
            continue
        if isinstance(node, exp.Coalesce):
            rest = node.expressions
            if not all(not columns_of(e) for e in rest):
                return None
            node = strip(node.this)
            continue
        return None


def _case_condition(tree: Any) -> Any:
    """`CASE WHEN cond THEN constant [ELSE NULL] END`: the condition (the part is constant
    where it holds and NULL elsewhere, so the key is partial on it); else None."""
    node = strip(tree)
    if not isinstance(node, exp.Case) or node.this is not None:
        return None
    ifs = node.args.get("ifs") or []
    default = node.args.get("default")
    if len(ifs) != 1 or (default is not None and not isinstance(strip(default), exp.Null)):
        return None
    when = ifs[0]
    if columns_of(when.args.get("true")):
        return None
    return when.this


def _part(column: str | None, expr: Any) -> KeyPart:
    if column is not None:
        return KeyPart(column, column=column)
    tree = expr.tree if expr is not None else None
    sql = expr.sql if expr is not None else "?"
    if tree is None:
        return KeyPart(sql)
    day = _day_of(tree)
    if day is not None:
        return KeyPart(sql, tree=normalize(tree), wraps=day, day=True)
    node = _unparen(tree)
    while isinstance(node, (exp.Cast, exp.TryCast)) and _lossless_cast(node):
        node = _unparen(node.this)
    if isinstance(node, exp.Column):
        return KeyPart(sql, column=column_name(node))
    return KeyPart(sql, tree=normalize(tree), wraps=_wrapped_column(tree))


def _unparen(node: Any) -> Any:
    while isinstance(node, exp.Paren):
        node = node.this
    return node


def _lossless_cast(node: Any) -> bool:
    """A cast that keeps distinct values distinct: to text (`(name)::text`, as pg_dump prints
    varchar columns in index keys)."""
    to = node.args.get("to")
    kind = to.this if isinstance(to, exp.DataType) else None
    return kind in (exp.DataType.Type.TEXT, exp.DataType.Type.VARCHAR) and not to.expressions


def _day_of(tree: Any) -> str | None:
    """The timestamp column whose day the expression is, or None."""
    node = _unparen(tree)
    is_day = (
        (isinstance(node, exp.Cast) and node.to.this == exp.DataType.Type.DATE)
        or isinstance(node, exp.Date)
        or (isinstance(node, exp.TimestampTrunc) and str(node.unit).lower().strip("'") == "day")
    )
    if not is_day:
        return None
    inner = _unparen(node.this)
    if isinstance(inner, exp.AtTimeZone):
        inner = _unparen(inner.this)
    return column_name(inner) if isinstance(inner, exp.Column) else None


def table_keys(table: Table) -> list[UniqueKey]:
    """Every unique thing of the table, deduplicated (a UNIQUE constraint and the index
    behind it are one key)."""
    keys: list[UniqueKey] = []
    if table.primary_key:
        pk = table.primary_key
        keys.append(
            UniqueKey(pk.name or "primary key", "primary key", [_part(c, None) for c in pk.columns])
        )
    for u in table.uniques:
        parts = []
        for i, col in enumerate(u.columns):
            expr = u.expressions[i] if i < len(u.expressions) else None
            parts.append(_part(col, expr))
        kind = "unique index" if u.is_index else "unique"
        name = u.name or f"{table.name}_{'_'.join(c or 'expr' for c in u.columns)}_key"
        key = UniqueKey(name, kind, parts, nulls_not_distinct=u.nulls_not_distinct)
        if u.predicate is not None:
            key.predicate_sql = u.predicate.sql
            key.predicate = _predicate(u.predicate.tree)
            if key.predicate is None:
                key.unsupported.append(f"WHERE {u.predicate.sql}")
        keys.append(key)
    named = {u.name for u in table.uniques}
    for index in table.indexes:
        if not index.unique or index.name in named:
            continue
        parts = []
        for i, col in enumerate(index.columns):
            expr = index.expressions[i] if i < len(index.expressions) else None
            parts.append(_part(col, expr))
        key = UniqueKey(index.name, "unique index", parts)
        if index.predicate is not None:
            key.predicate_sql = index.predicate.sql
            key.predicate = _predicate(index.predicate.tree)
        keys.append(key)
    for ex in getattr(table, "exclusions", []):
        parts, overlap, unsupported = [], [], []
        for el in ex.elements:
            op = el.operator.strip()
            if op == "=":
                parts.append(_part(el.column, el.expression))
            elif op == "&&" and el.column is not None:
                overlap.append(el.column)
            elif op == "&&" and _range_bounds(el.expression) is not None:
                overlap.append(_range_bounds(el.expression))
            else:
                unsupported.append(f"{el.column or el.expression.sql} WITH {op}")
        key = UniqueKey(ex.name or "exclusion", "exclusion constraint", parts)
        key.overlap, key.unsupported = overlap, unsupported
        if ex.predicate is not None:
            key.predicate_sql = ex.predicate.sql
            key.predicate = _predicate(ex.predicate.tree)
        keys.append(key)
    out: list[UniqueKey] = []
    seen: set[tuple[Any, ...]] = set()
    for key in keys:
        _fold_case_parts(key)
        sig = (tuple(p.sql for p in key.parts), key.predicate_sql, tuple(key.overlap))
        if sig in seen:
            continue
        seen.add(sig)
        out.append(key)
    return out


def _predicate(tree: Any) -> Any:
    """A WHERE tree the repairer can negate: normalised, bare boolean columns spelled
    `col = true` (WHERE most_recent, WHERE NOT deleted)."""
    if tree is None:
        return None
    tree = normalize(tree)

    def explicit(node: Any) -> Any:
        if isinstance(node, exp.Column):
            return exp.EQ(this=node.copy(), expression=exp.true())
        if isinstance(node, (exp.And, exp.Or)):
            node.set("this", explicit(node.this))
            node.set("expression", explicit(node.expression))
        elif isinstance(node, (exp.Not, exp.Paren)):
            node.set("this", explicit(node.this))
        return node

    return explicit(tree)


def _range_bounds(expr: Any) -> tuple[str, str] | None:
    """(lower column, upper column) of `tstzrange(starts_at, ends_at[, '[)'])`, or None."""
    tree = expr.tree if expr is not None else None
    node = _unparen(tree) if tree is not None else None
    if not isinstance(node, exp.Anonymous) or node.name.lower() not in _RANGE_FUNCTIONS:
        return None
    args = [strip(a) for a in node.expressions[:2]]
    if len(args) != 2 or not all(isinstance(a, exp.Column) for a in args):
        return None
    return column_name(args[0]), column_name(args[1])


def _fold_case_parts(key: UniqueKey) -> None:
    """(user_id, CASE WHEN primary THEN true END) is unique (user_id) WHERE primary."""
    kept = []
    for part in key.parts:
        cond = _case_condition(part.tree) if part.tree is not None else None
        if cond is None or key.nulls_not_distinct:
            kept.append(part)
            continue
        cond = _predicate(cond)
        key.predicate = cond if key.predicate is None else exp.and_(key.predicate, cond)
        extra = cond.sql(dialect="postgres")
        key.predicate_sql = f"({key.predicate_sql}) AND ({extra})" if key.predicate_sql else extra
    if len(kept) < len(key.parts) and kept:
        key.parts = kept
