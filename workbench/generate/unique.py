"""Uniqueness by construction: PRIMARY KEYs, UNIQUE constraints, unique indexes (composite,
partial, over expressions, NULLS NOT DISTINCT) and exclusion constraints.

Every unique thing of a table becomes a `UniqueKey`. A key is then made to hold in one of
four ways, tried in this order:

1. **A free column carries the row number.** When one of the key's columns can take as many
   values as there are rows (a number, a timestamp, a text, a uuid…), that column is derived
   from the row number, so the whole key is unique whatever its other columns hold.
2. **Distinct combinations.** When every column of the key has a finite domain (foreign keys:
   the parent's rows; booleans, enums, CHECK (x IN …) lists, bounded smallints, char(1)…),
   rows take distinct combinations of a mixed-radix enumeration over the domains, spread by a
   bijection of the row numbers. Keys of one table that share columns are solved together:
   the columns all of them share take the low digits, and each key's own columns the high
   ones, so each key is injective up to its own capacity.
3. **Out of the predicate.** For a partial unique index whose columns are all finite, rows are
   generated freely and the batch is checked; a row whose key was already taken is moved out
   of the index's WHERE clause (the CHECK repairer makes `NOT predicate` true for it: the
   second "primary" e-mail of a user stops being primary).
4. **Verified.** Keys over expressions (lower(email), coalesce(a, 0), CASE …) are computed
   with the CHECK evaluator on each batch and a taken key is repaired (a nullable column set
   NULL, a text made distinct); what the evaluator cannot compute stops with an error naming
   the key.

Exclusion constraints whose only operators are `=` are keys; an `&&` over a range column is
satisfied by giving every row its own slot of the range's axis (no two ranges overlap at
all).

When the rows asked for exceed the distinct combinations possible, `capacity` tells the plan,
which caps the table with one warning naming the key; foreign keys into the capped table then
pick among the rows that exist.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlglot import exp

from workbench.errors import GenerationError
from workbench.generate.checks import (
    Batch,
    Col,
    ColumnHints,
    Unsupported,
    checks_for,
    column_hints,
    column_name,
    columns_of,
    conjuncts,
    evaluate,
    literal,
    normalize,
    repair,
)
from workbench.generate.checks.trees import _strip
from workbench.generate.types import TypeInfo, resolve_type
from workbench.schema.model import Schema, Table

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.rows import FKUnit, TableGenerator
    from workbench.generate.values import ColumnSpec

# A column whose domain has at most this many values is enumerated, not numbered.
FINITE_LIMIT = 1 << 20
# Product of domains beyond which a key is never the limit (and digits would overflow int64).
_BIG = 1 << 62
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_FREE_OTHER = {"uuid", "inet", "cidr", "bytea", "macaddr", "macaddr8"}
_FREE_RANK = {"int": 0, "other": 2, "text": 1, "decimal": 3, "float": 3, "timestamp": 4, "date": 5}


# --- keys ---------------------------------------------------------------------------------


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
    node = _strip(tree)
    while True:
        if isinstance(node, exp.Column):
            return column_name(node)
        if isinstance(node, (exp.Lower, exp.Upper, exp.Trim)):
            node = _strip(node.this)
            continue
        if isinstance(node, exp.Anonymous) and node.name.lower() in ("btrim", "ltrim", "rtrim"):
            if not node.expressions:
                return None
            node = _strip(node.expressions[0])
            continue
        if isinstance(node, exp.Coalesce):
            rest = node.expressions
            if not all(not columns_of(e) for e in rest):
                return None
            node = _strip(node.this)
            continue
        return None


def _case_condition(tree: Any) -> Any:
    """`CASE WHEN cond THEN constant [ELSE NULL] END`: the condition (the part is constant
    where it holds and NULL elsewhere, so the key is partial on it); else None."""
    node = _strip(tree)
    if not isinstance(node, exp.Case) or node.this is not None:
        return None
    ifs = node.args.get("ifs") or []
    default = node.args.get("default")
    if len(ifs) != 1 or (default is not None and not isinstance(_strip(default), exp.Null)):
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
    seen: set[tuple] = set()
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


_RANGE_FUNCTIONS = {"tsrange", "tstzrange", "daterange", "int4range", "int8range", "numrange"}


def _range_bounds(expr: Any) -> tuple[str, str] | None:
    """(lower column, upper column) of `tstzrange(starts_at, ends_at[, '[)'])`, or None."""
    tree = expr.tree if expr is not None else None
    node = _unparen(tree) if tree is not None else None
    if not isinstance(node, exp.Anonymous) or node.name.lower() not in _RANGE_FUNCTIONS:
        return None
    args = [_strip(a) for a in node.expressions[:2]]
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


# --- finite domains -----------------------------------------------------------------------


@dataclass
class Domain:
    """The values a column can take when there are few: explicit values, an integer range, or
    fixed-width base-36 strings (char(2) and the like)."""

    size: int
    kind: str  # the batch kind (see checks.Col)
    values: list[Any] | None = None
    lo: int = 0
    width: int = 0
    alphabets: list[str] | None = None  # one per character: a mixed-radix string
    bits: int = 0  # bit(n): the digit written in binary

    def at(self, digits: np.ndarray) -> np.ndarray:
        if self.values is not None:
            return _typed(self.values, self.kind)[digits]
        if self.bits:
            out = np.empty(digits.size, dtype=object)
            out[:] = [format(int(d), f"0{self.bits}b") for d in digits.tolist()]
            return out
        if self.alphabets is not None:
            out = np.empty(digits.size, dtype=object)
            texts = []
            for d in digits.tolist():
                chars = []
                for alphabet in reversed(self.alphabets):
                    d, r = divmod(d, len(alphabet))
                    chars.append(alphabet[r])
                texts.append("".join(reversed(chars)))
            out[:] = texts
            return out
        if self.width:
            out = np.empty(digits.size, dtype=object)
            out[:] = [_base36(int(d), self.width) for d in digits.tolist()]
            return out
        return (self.lo + digits).astype(np.int64)


def _base36(v: int, width: int) -> str:
    s = ""
    for _ in range(width):
        v, r = divmod(v, 36)
        s = _BASE36[r] + s
    return s


def _typed(values: list[Any], kind: str) -> np.ndarray:
    from workbench.generate.checks import to_datetime

    if kind == "int":
        return np.asarray([int(v) for v in values], dtype=np.int64)
    if kind in ("float", "decimal"):
        return np.asarray([float(v) for v in values], dtype=np.float64)
    if kind == "bool":
        return np.asarray([v in (True, "true", "t", 1) for v in values], dtype=bool)
    if kind == "date":
        return np.asarray([to_datetime(str(v)) for v in values]).astype("datetime64[D]")
    if kind == "timestamp":
        return np.asarray([to_datetime(str(v)) for v in values]).astype("datetime64[us]")
    out = np.empty(len(values), dtype=object)
    out[:] = [v if isinstance(v, str) else str(v) for v in values]
    return out


def batch_kind(info: TypeInfo) -> str:
    if info.array_dims:
        return "other"
    k = info.kind
    if k == "int":
        return "int"
    if k in ("decimal", "money"):
        return "decimal"
    if k in ("float", "bool", "date"):
        return k
    if k in ("timestamp", "timestamptz"):
        return "timestamp"
    if k in ("text", "enum"):
        return "text"
    return "other"


def finite_domain(
    info: TypeInfo,
    hints: ColumnHints,
    generator: str,
    params: dict[str, Any],
    max_len: int | None = None,
) -> Domain | None:
    """The column's domain when it is small enough to enumerate; None when unbounded."""
    if info.array_dims:
        return None
    kind = batch_kind(info)
    excluded = hints.excluded
    if generator == "constant":
        return Domain(1, kind, values=list(params.get("values") or [""])[:1])
    if generator == "choice" and params.get("values"):
        values = list(dict.fromkeys(params["values"]))
        return Domain(len(values), kind, values=values)
    if hints.allowed is not None:
        values = [v for v in dict.fromkeys(hints.allowed) if v not in excluded]
        if info.kind == "enum":
            values = [v for v in values if v in info.labels]
        return Domain(len(values), kind, values=values)
    if info.kind == "bool":
        values = [v for v in (False, True) if v not in excluded]
        return Domain(len(values), kind, values=values)
    if info.kind == "enum":
        values = [v for v in info.labels if v not in excluded]
        return Domain(len(values), kind, values=values)
    if info.kind == "int":
        lo, hi = info.int_limits
        lo = max(lo, 1)  # keys count from 1, as the generators do
        if isinstance(hints.lo, (int, float)) and not isinstance(hints.lo, bool):
            lo = max(lo, math.ceil(hints.lo) + (0 if hints.lo_incl or hints.lo % 1 else 1))
            if hints.lo < 1:
                lo = math.ceil(hints.lo) + (0 if hints.lo_incl or hints.lo % 1 else 1)
        if isinstance(hints.hi, (int, float)) and not isinstance(hints.hi, bool):
            hi = min(hi, math.floor(hints.hi) - (0 if hints.hi_incl or hints.hi % 1 else 1))
        size = max(hi - lo + 1, 0)
        if size <= FINITE_LIMIT:
            return Domain(size, kind, lo=lo)
        return None
    if info.kind in ("bit", "varbit") and info.length and info.length <= 20:
        return Domain(2**info.length, kind, bits=info.length)
    if info.kind == "text" and hints.regex:
        return regex_domain(hints.regex, kind)
    if info.kind == "text":
        length = max_len if max_len is not None else info.length
        if info.fixed_char and length is None:
            length = 1
        if length is not None and length <= 3:
            low = hints.min_len or 0
            if low > length:
                return Domain(0, kind, width=length)
            return Domain(36**length, kind, width=length)
    return None


def regex_domain(pattern: str, kind: str = "text") -> Domain | None:
    """The strings a fully anchored pattern of bounded repeats allows (`^[a-c]$`: 3,
    `^[A-Z]{2}[0-9]$`: 6,760), when few enough to enumerate; each repeat is taken at its
    longest, so the count is a lower bound of the language and every value matches."""
    import re._constants as C
    import re._parser as P

    from workbench.generate.regex_gen import _slots

    try:
        parsed = list(P.parse(pattern))
    except Exception:
        return None
    begin = (C.AT_BEGINNING, C.AT_BEGINNING_STRING)
    end = (C.AT_END, C.AT_END_STRING)
    if len(parsed) < 2 or parsed[0] != (C.AT, parsed[0][1]) or parsed[0][1] not in begin:
        return None
    if parsed[-1][0] is not C.AT or parsed[-1][1] not in end:
        return None
    slots = _slots(parsed[1:-1])
    if slots is None or any(allowed is None for _, _, _, allowed in slots):
        return None
    alphabets: list[str] = []
    for chars, _, _, allowed in slots:
        alphabets += ["".join(dict.fromkeys(chars))] * int(allowed or 0)
    size = math.prod(len(a) for a in alphabets)
    if size > FINITE_LIMIT:
        return None
    return Domain(size, kind, alphabets=alphabets)


def _spec_domain(spec: ColumnSpec) -> Domain | None:
    return finite_domain(spec.info, spec.hints, spec.generator, spec.params, spec.max_len)


def _is_free(spec: ColumnSpec) -> bool:
    """The column can carry the row number (its generator has a unique mode)."""
    from workbench.generate.values import UNIQUE_OTHER

    if spec.partition is not None or spec.info.array_dims:
        return False
    if spec.generator in ("null", "constant") or spec.kind not in _FREE_RANK:
        return False
    if spec.generator == "choice" and spec.params.get("values"):
        return False
    if spec.info.kind in ("bool", "enum"):
        return False
    if spec.kind == "other" and spec.info.kind not in _FREE_OTHER | UNIQUE_OTHER:
        return spec.info.kind.endswith("range")
    if spec.generator == "sequence":
        return True  # a smallserial counts 1, 2, 3… as its sequence would (the plan caps it)
    return _spec_domain(spec) is None


def _free_rank(spec: ColumnSpec) -> tuple[int, int]:
    """Which free column of a key to number: integers first, then texts, uuids…; the
    structured types (json, xml, time…) last, as their numbered values look least natural."""
    plain = spec.kind != "other" or spec.info.kind in _FREE_OTHER
    return (0 if plain else 1, _FREE_RANK[spec.kind])


# --- capacity (for the plan) --------------------------------------------------------------


def capacity(
    schema: Schema,
    table: Table,
    config: Any,
    parent_rows: dict[str, int],
    fk_parent: dict[str, tuple[str, Any]],
) -> tuple[int | None, str]:
    """How many rows the table's keys allow, and the key that limits it (None: unbounded).

    Only keys without a predicate can limit a table (rows outside a partial index are
    unconstrained), and only when no column of the key is nullable (NULLs are distinct) and
    none can carry the row number."""
    from workbench.generate.semantics import decide_column

    pk = set(table.primary_key.columns) if table.primary_key else set()
    best: tuple[int | None, str] = (None, "")
    ordered = _ordered_fk_pairs(schema, table, fk_parent)
    for key in table_keys(table):
        if key.predicate is not None or key.overlap or key.unsupported or not key.parts:
            continue
        product = 1
        seen_fks: set[int] = set()
        bounded = True
        for part in key.parts:
            names = [part.column] if part.column else sorted(columns_of(part.tree))
            if not names:
                continue
            for name in names:
                col = table.column(name)
                if col is None or col.generated is not None:
                    bounded = False
                    break
                info = resolve_type(schema, col.type)
                hints = column_hints(schema, table, col)
                nullable = (
                    col.nullable
                    and name not in pk
                    and not info.domain_not_null
                    and not hints.not_null
                )
                if nullable and not key.nulls_not_distinct:
                    bounded = False
                    break
                if name in fk_parent:
                    parent, fk = fk_parent[name]
                    if id(fk) not in seen_fks:
                        seen_fks.add(id(fk))
                        size = max(parent_rows.get(parent, 0), 0)
                        partner = ordered.get(name)
                        if partner is not None and partner in fk_parent and len(fk.columns) == 1:
                            # (a, b) with CHECK (a < b): unordered pairs of distinct parents
                            seen_fks.add(id(fk_parent[partner][1]))
                            size = size * (size - 1) // 2
                        product *= size
                    continue
                decision = decide_column(schema, table, col, config)
                domain = finite_domain(info, hints, decision.generator, decision.params)
                if domain is None:
                    bounded = False
                    break
                product *= domain.size
            if not bounded:
                break
        if bounded and (best[0] is None or product < best[0]):
            what = "1 distinct value" if product == 1 else f"{product} distinct values"
            best = (product, f"{key.label} admits only {what}")
    return best


def _ordered_fk_pairs(
    schema: Schema, table: Table, fk_parent: dict[str, tuple[str, Any]]
) -> dict[str, str]:
    """Single-column FKs to one parent that a CHECK orders (a < b): column -> partner, as
    the generator draws them (see `UniquePlan._ordered_pairs`)."""
    out: dict[str, str] = {}
    for _, tree in checks_for(schema, table):
        for part in conjuncts(tree):
            if type(part) not in (exp.LT, exp.GT, exp.LTE, exp.GTE):
                continue
            left, right = _strip(part.this), _strip(part.expression)
            if not (isinstance(left, exp.Column) and isinstance(right, exp.Column)):
                continue
            a, b = column_name(left), column_name(right)
            if a in out or b in out or a == b or a not in fk_parent or b not in fk_parent:
                continue
            if fk_parent[a][0] == fk_parent[b][0]:
                out[a], out[b] = b, a
    return out


# --- generation ---------------------------------------------------------------------------


@dataclass
class Factor:
    """One dimension of an enumeration: a foreign key (the parent's rows), an ordered pair of
    foreign keys to one parent (CHECK a < b), or a finite column."""

    size: int
    fk: FKUnit | None = None
    pair: FKUnit | None = None
    column: str | None = None
    domain: Domain | None = None

    @property
    def ident(self) -> Any:
        return ("fk", id(self.fk)) if self.fk is not None else ("col", self.column)

    def columns(self) -> list[str]:
        if self.fk is not None:
            cols = list(self.fk.fk.columns)
            if self.pair is not None:
                cols += list(self.pair.fk.columns)
            return cols
        return [self.column] if self.column else []


@dataclass
class Group:
    """Keys enumerated together: `shared` factors take the low digits of the row's number,
    each key's own factors (`rest[i]`) the high digits."""

    keys: list[UniqueKey]
    shared: list[Factor]
    rest: list[list[Factor]]
    salt: int

    @property
    def shared_size(self) -> int:
        return math.prod(f.size for f in self.shared)

    def capacity(self, i: int) -> int:
        return self.shared_size * math.prod(f.size for f in self.rest[i])


@dataclass
class Ordinal:
    """A key (parent FK…, column): the column numbers each parent's rows; `counts` holds the
    rows each parent got in earlier batches."""

    unit: FKUnit
    column: str
    counts: dict = field(default_factory=dict)


def _crc(value: Any) -> int:
    import zlib

    return zlib.crc32(repr(value).encode())


@dataclass
class KeyCheck:
    """A key verified on every batch; `seen` holds the taken key tuples across batches."""

    key: UniqueKey
    seen: set = field(default_factory=set)
    last: Any = None  # (duplicate rows, scope, hashes) of the last look at the batch


class UniquePlan:
    """How one table's keys are made to hold; built once per table generator."""

    def __init__(self, gen: TableGenerator) -> None:
        self.gen = gen
        self.groups: list[Group] = []
        self.verify: list[KeyCheck] = []
        self.fk_units: set[int] = set()
        self.ordinals: list[Ordinal] = []
        self.slots: list[tuple[str, str]] = []
        self._clean = False
        self._text_tries: dict[tuple[str, int], int] = {}
        self._solve()

    # --- setup ---

    def _warn(self, text: str) -> None:
        msg = f"{self.gen.tp.name}: {text}"
        if msg not in self.gen.warnings:
            self.gen.warnings.append(msg)

    def _solve(self) -> None:
        gen = self.gen
        specs = gen.specs
        keys = table_keys(gen.table)
        enumerated: list[tuple[UniqueKey, list[Factor]]] = []
        # how many keys each free column could serve: one column can satisfy several keys
        serves: dict[str, int] = {}
        for key in keys:
            for c in self._free_candidates(key):
                serves[c] = serves.get(c, 0) + 1
        keys.sort(key=lambda k: len(self._free_candidates(k)))
        for key in keys:
            for c in key.overlap:
                if isinstance(c, tuple):
                    if not self._plan_slot(*c):
                        key.unsupported.append(f"range({c[0]}, {c[1]}) WITH &&")
                    continue
                spec = specs.get(c)
                if spec is not None and spec.info.kind.endswith("range"):
                    spec.params["disjoint"] = True
                    spec.unique = True  # protected: a CHECK repair may not move a range
                    spec.null_fraction = 0.0
                else:
                    key.unsupported.append(f"{c} WITH &&")
            if key.unsupported:
                self._warn(
                    f"{key.label}: {', '.join(key.unsupported)} cannot be built by "
                    "construction; the server checks it when the constraint is created"
                )
                continue
            if key.overlap or not key.parts:
                continue
            if any(c not in specs for c in key.columns):
                self._warn(f"{key.label} involves a generated column; not solved")
                continue
            if self._satisfied(key):
                continue
            if self._special_fk(key):
                continue
            free = self._free_candidates(key)
            if free:
                free.sort(
                    key=lambda c: (
                        _free_rank(specs[c])[0],
                        -serves.get(c, 0),
                        _free_rank(specs[c])[1],
                    )
                )
                spec = specs[free[0]]
                spec.unique = True
                spec.null_fraction = 0.0
                if any(p.day and p.wraps == free[0] for p in key.parts):
                    spec.params["unique_days"] = True  # one row a day: the key is the day
                gen._number_within_parent(key.columns, spec)
                if serves.get(free[0], 0) == 1 and self._plan_ordinal(key, spec):
                    if any(p.tree is not None for p in key.parts):
                        self.verify.append(KeyCheck(key))
                else:
                    self._check_by(key, free[0])
                continue
            if key.predicate is not None:
                self.verify.append(KeyCheck(key))
                continue
            factors = self._factors(key)
            if factors is None:
                self.verify.append(KeyCheck(key))
                continue
            if any(p.tree is not None for p in key.parts):
                self.verify.append(KeyCheck(key))
            enumerated.append((key, factors))
        self._build_groups(enumerated)

    def _plan_slot(self, lower: str, upper: str) -> bool:
        """EXCLUDE (… tstzrange(starts_at, ends_at) WITH &&): each row gets a slot of its own
        on the axis (an hour, two days, a hundred) and its bounds inside it."""
        specs = self.gen.specs
        a, b = specs.get(lower), specs.get(upper)
        if a is None or b is None or a.kind != b.kind or lower in self.gen.fk_cols:
            return False
        if a.kind not in ("timestamp", "date", "int", "decimal", "float"):
            return False
        for spec in (a, b):
            spec.unique = True  # protected: a CHECK repair may not move a bound
            spec.null_fraction = 0.0  # a NULL bound is unbounded: it would overlap everything
        self.slots.append((lower, upper))
        return True

    def _plan_ordinal(self, key: UniqueKey, spec: ColumnSpec) -> bool:
        """(parent FK…, n): n counts each parent's rows (1, 2, 3… or consecutive days from a
        date of the parent's own) instead of carrying the table's row number, as daily or
        per-parent tables hold."""
        gen = self.gen
        others = [c for c in key.columns if c != spec.name]
        units = {id(gen.fk_cols[c]) for c in others if c in gen.fk_cols}
        if not others or len(units) != 1 or any(c not in gen.fk_cols for c in others):
            return False
        unit = gen.fk_cols[others[0]]
        if set(unit.fk.columns) != set(others) or unit.mode not in ("normal", "children"):
            return False
        if key.nulls_not_distinct or "ordinal_ends" in spec.params or spec.hints.hi is not None:
            return False
        if spec.kind == "int":
            lo, hi = spec.info.int_limits
            if hi < 2**31 - 1 and hi - max(lo, 1) < 4 * gen.tp.rows:
                return False
        elif spec.kind not in ("date", "timestamp"):
            return False
        self.ordinals.append(Ordinal(unit, spec.name))
        return True

    def _free_candidates(self, key: UniqueKey) -> list[str]:
        """Columns of the key that can carry the row number: plain parts and columns that
        lower()/coalesce()… wrap first; failing those, a column inside another expression
        (md5(doc::text), (data ->> 'id')), whose part is then verified on every batch."""
        specs, fk_cols = self.gen.specs, self.gen.fk_cols
        out: list[str] = []
        for tier in (0, 1):
            for part in key.parts:
                if tier == 0:
                    names = [part.column or part.wraps]
                elif part.tree is not None and part.wraps is None:
                    names = sorted(columns_of(part.tree))
                else:
                    continue
                for c in names:
                    if c is None or c in fk_cols or c not in specs or c in out:
                        continue
                    if _is_free(specs[c]):
                        out.append(c)
            if out:
                return out
        return out

    def _satisfied(self, key: UniqueKey) -> bool:
        """A column of the key is already unique by row number (chosen for another key)."""
        specs, fk_cols = self.gen.specs, self.gen.fk_cols
        for part in key.parts:
            c = part.column or part.wraps
            if c is not None and c not in fk_cols and c in specs and specs[c].unique:
                self._check_by(key, c)
                return True
        return False

    def _check_by(self, key: UniqueKey, column: str) -> None:
        """The key holds because `column` is numbered: verify that part alone (a key with a
        unique part is unique) when the guarantee is not airtight: an expression over the
        column (lower() could merge two values), a text (length limits), NULLS NOT DISTINCT
        (a repair may set NULL)."""
        spec = self.gen.specs[column]
        part = next((p for p in key.parts if p.column == column), None)
        if part is None:
            part = next((p for p in key.parts if p.wraps == column), None)
        if part is None:
            part = next(p for p in key.parts if column in columns_of(p.tree))
        if part.column is not None and spec.kind != "text" and not key.nulls_not_distinct:
            return
        sub = UniqueKey(key.name, key.kind, [part], nulls_not_distinct=key.nulls_not_distinct)
        self.verify.append(KeyCheck(sub))

    def _special_fk(self, key: UniqueKey) -> bool:
        gen = self.gen
        special = [
            gen.fk_cols[c]
            for c in key.columns
            if c in gen.fk_cols and gen.fk_cols[c].mode in ("self", "update")
        ]
        if not special:
            return False
        # a self reference as a chain, or a deferred FK drawn without repeats, is unique on
        # its own, so the whole key is
        unit = special[0]
        if unit.mode == "self":
            unit.chain = True
        else:
            unit.distinct = True
        return True

    def _factors(self, key: UniqueKey) -> list[Factor] | None:
        gen = self.gen
        factors: list[Factor] = []
        seen: set[int] = set()
        for c in key.columns:
            if c in gen.fk_cols:
                unit = gen.fk_cols[c]
                if unit.mode not in ("normal", "children", "deferrable"):
                    return None
                if id(unit) not in seen:
                    seen.add(id(unit))
                    factors.append(Factor(gen._parent_count(unit), fk=unit))
                continue
            domain = _spec_domain(gen.specs[c])
            if domain is None:
                return None
            factors.append(Factor(domain.size, column=c, domain=domain))
        return self._ordered_pairs(factors)

    def _ordered_pairs(self, factors: list[Factor]) -> list[Factor]:
        """CHECK (a < b) between two single-column FKs to one parent: draw the pair as one
        factor of N·(N-1)/2 ordered combinations, so the check holds by construction."""
        by_col = {f.fk.fk.columns[0]: f for f in factors if f.fk and len(f.fk.fk.columns) == 1}
        for _, tree in checks_for(self.gen.schema, self.gen.table):
            for part in conjuncts(tree):
                if type(part) not in (exp.LT, exp.GT, exp.LTE, exp.GTE):
                    continue
                left, right = _strip(part.this), _strip(part.expression)
                if not (isinstance(left, exp.Column) and isinstance(right, exp.Column)):
                    continue
                a, b = column_name(left), column_name(right)
                if isinstance(part, (exp.GT, exp.GTE)):
                    a, b = b, a
                fa, fb = by_col.get(a), by_col.get(b)
                if fa is None or fb is None or fa is fb or fa.pair is not None:
                    continue
                if fa.fk.parent != fb.fk.parent:
                    continue
                n = fa.size
                fa.size = max(n * (n - 1) // 2, 0)
                fa.pair = fb.fk
                factors = [f for f in factors if f is not fb]
                by_col = {c: f for c, f in by_col.items() if f is not fb}
        return factors

    def _build_groups(self, enumerated: list[tuple[UniqueKey, list[Factor]]]) -> None:
        # one Factor object per column / FK across keys
        canon: dict[Any, Factor] = {}
        sets: list[tuple[UniqueKey, list[Factor]]] = []
        for key, factors in enumerated:
            mine = []
            for f in factors:
                mine.append(canon.setdefault(f.ident, f))
            sets.append((key, mine))
        # a key whose factors include another key's is implied by it
        idents = [frozenset(f.ident for f in fs) for _, fs in sets]
        kept = []
        for i, (key, fs) in enumerate(sets):
            implied = any(
                j != i and (idents[j] < idents[i] or (idents[j] == idents[i] and j < i))
                for j in range(len(sets))
            )
            if not implied:
                kept.append((key, fs))
        # connected components over shared factors
        comps: list[list[tuple[UniqueKey, list[Factor]]]] = []
        for item in kept:
            ids = {f.ident for f in item[1]}
            joined = [c for c in comps if any(ids & {f.ident for f in fs} for _, fs in c)]
            merged = [item]
            for c in joined:
                merged += c
                comps.remove(c)
            comps.append(merged)
        gen = self.gen
        from workbench.generate.plan import stable_hash

        for comp in comps:
            shared_ids = set.intersection(*({f.ident for f in fs} for _, fs in comp))
            shared = [f for f in comp[0][1] if f.ident in shared_ids]
            rest, keys, used = [], [], set()
            for key, fs in comp:
                own = [f for f in fs if f.ident not in shared_ids]
                if {f.ident for f in own} & used:
                    # two keys share a column the third does not: verified instead
                    self.verify.append(KeyCheck(key))
                    continue
                used |= {f.ident for f in own}
                rest.append(own)
                keys.append(key)
            group = Group(keys, shared, rest, stable_hash(gen.tp.name, "combo", keys[0].name))
            self.groups.append(group)
            for f in [*shared, *(f for r in rest for f in r)]:
                if f.fk is not None:
                    self.fk_units.add(id(f.fk))
                    if f.fk.mode == "children":
                        f.fk.mode = "normal"
                    for c in f.fk.fk.columns:
                        gen.specs[c].null_fraction = 0.0
                    if f.pair is not None:
                        self.fk_units.add(id(f.pair))
                elif f.column is not None:
                    gen.specs[f.column].null_fraction = 0.0

    # --- per batch ---

    def fill(self, batch: Batch, idx: np.ndarray) -> None:
        """Assign the enumerated keys' columns for the batch's rows."""
        for group in self.groups:
            self._fill_group(group, batch, idx)

    def _fill_group(self, group: Group, batch: Batch, idx: np.ndarray) -> None:
        n = idx.size
        shared, used_s = _bounded(group.shared)
        ps = math.prod(f.size for f in used_s)
        if ps == 0:
            s_digits = np.zeros(n, np.int64)
            r = idx.copy()
        else:
            s_digits = affine(idx % ps, ps, group.salt)
            r = idx // ps
        self._assign_digits(used_s, s_digits, batch, n)
        self._fill_random(shared, batch, idx, "s")
        overflow: list[np.ndarray] = []
        for i, own in enumerate(group.rest):
            own_all, used_r = _bounded(own)
            pr = math.prod(f.size for f in used_r)
            digits = np.zeros(n, np.int64) if pr == 0 else affine(r % pr, pr, group.salt + i + 1)
            self._assign_digits(used_r, digits, batch, n)
            self._fill_random(own_all, batch, idx, str(i))
            cap = ps * pr
            overflow.append(idx >= cap)
        for i, over in enumerate(overflow):
            if not over.any():
                continue
            key = group.keys[i]
            target = next(
                (
                    c
                    for f in [*group.rest[i], *group.shared]
                    for c in f.columns()
                    if batch[c].nullable and not key.nulls_not_distinct
                ),
                None,
            )
            if target is None:
                raise GenerationError(
                    f"{self.gen.tp.name}: {key.label} admits only {group.capacity(i)} row(s) and "
                    f"{int(idx.max()) + 1} are being generated; lower this table's rows in "
                    "sandbox.toml"
                )
            batch[target].nulls[over] = True

    def _fill_random(self, factors: list[Factor], batch: Batch, idx: np.ndarray, tag: str):
        """Factors left out of the enumeration (its product was already astronomical)."""
        for f in factors:
            if all(c in batch for c in f.columns()) and f.columns():
                continue
            rng = self.gen.rng("combo-free:" + tag + ":" + ",".join(f.columns()), int(idx[0]))
            digits = rng.integers(0, max(f.size, 1), idx.size)
            self._assign_digits([f], digits, batch, idx.size)

    def _assign_digits(
        self, factors: list[Factor], digits: np.ndarray, batch: Batch, n: int
    ) -> None:
        gen = self.gen
        k = digits
        for f in factors:
            size = max(f.size, 1)
            digit = (k % size).astype(np.int64)
            k = k // size
            if f.fk is not None:
                source, valid = gen._parent_keys(f.fk)
                if valid.size == 0:
                    raise GenerationError(
                        f"{gen.tp.name}: FK {list(f.fk.fk.columns)} needs rows in "
                        f"{f.fk.parent}, which has none"
                    )
                if f.pair is not None:
                    j = np.floor((1 + np.sqrt(1 + 8 * digit.astype(np.float64))) / 2)
                    j = j.astype(np.int64)
                    j = np.where(j * (j - 1) // 2 > digit, j - 1, j)
                    i = digit - j * (j - 1) // 2
                    ca, cb = f.fk.fk.columns[0], f.pair.fk.columns[0]
                    src_a = source[f.fk.ref_map[ca]].values
                    src_b = source[f.pair.ref_map[cb]].values
                    ki = src_a[valid[np.minimum(i, valid.size - 1)]]
                    kj = src_b[valid[np.minimum(j, valid.size - 1)]]
                    for name, vals in ((ca, np.minimum(ki, kj)), (cb, np.maximum(ki, kj))):
                        self._put(batch, name, vals, n)
                else:
                    rows = valid[np.minimum(digit, valid.size - 1)]
                    gen._assign(batch, f.fk, rows, n, np.zeros(n, bool), source)
            elif f.column is not None and f.domain is not None:
                self._put(batch, f.column, f.domain.at(digit), n)

    def _put(self, batch: Batch, name: str, values: np.ndarray, n: int) -> None:
        spec = self.gen.specs[name]
        batch[name] = Col(
            values,
            np.zeros(n, bool),
            spec.kind,
            nullable=spec.nullable,
            protected=True,
            step=spec.step,
        )

    def fill_slots(self, batch: Batch, idx: np.ndarray, start: int) -> None:
        """Bounds of ranges that may not overlap (see `_plan_slot`)."""
        from workbench.generate.values import TS_LO, _num_bounds, _time_bounds

        n = idx.size
        for lower, upper in self.slots:
            spec = self.gen.specs[lower]
            rng = self.gen.rng("slot:" + lower, start)
            lo_col, hi_col = batch[lower], batch[upper]
            if spec.kind == "timestamp":
                lo, _ = _time_bounds(spec, TS_LO, TS_LO)
                first = lo + (idx * 3_600_000_000).astype("timedelta64[us]")
                length = (rng.integers(5, 60, n) * 60_000_000).astype("timedelta64[us]")
                lo_col.values, hi_col.values = first, first + length
            elif spec.kind == "date":
                lo, _ = _time_bounds(spec, TS_LO, TS_LO)
                first = lo.astype("datetime64[D]") + (idx * 2).astype("timedelta64[D]")
                lo_col.values = first
                hi_col.values = first + np.ones(n, np.int64).astype("timedelta64[D]")
            else:
                lo, _ = _num_bounds(spec, 0, 2**62)
                first = int(lo) + idx * 100
                length = rng.integers(1, 100, n)
                if spec.kind == "int":
                    lo_col.values, hi_col.values = first, first + length
                else:
                    lo_col.values = first.astype(np.float64)
                    hi_col.values = (first + length).astype(np.float64)
            lo_col.nulls[:] = False
            hi_col.nulls[:] = False

    def fill_ordinals(self, batch: Batch, idx: np.ndarray, start: int) -> None:
        """After the FKs: number each parent's rows (see `_plan_ordinal`)."""
        from workbench.generate.values import TS_LO, _num_bounds, _time_bounds

        self.fill_slots(batch, idx, start)

        for o in self.ordinals:
            fk_cols = list(o.unit.fk.columns)
            first = batch[fk_cols[0]]
            n = idx.size
            live = np.ones(n, bool)
            for c in fk_cols:
                live &= ~batch[c].nulls
            if len(fk_cols) == 1:
                parents = first.values.tolist()
            else:
                parents = list(zip(*(batch[c].values.tolist() for c in fk_cols), strict=False))
            ordinal = np.zeros(n, np.int64)
            order: dict[Any, list[int]] = {}
            for i in np.flatnonzero(live).tolist():
                order.setdefault(parents[i], []).append(i)
            base = np.zeros(n, np.int64)
            for parent, rows in order.items():
                done = o.counts.get(parent, 0)
                ordinal[rows] = np.arange(done, done + len(rows))
                o.counts[parent] = done + len(rows)
                base[rows] = _crc(parent) % 1500
            spec = self.gen.specs[o.column]
            col = batch[o.column]
            if spec.kind == "int":
                lo, _ = _num_bounds(spec, 1, 2**62)
                values = int(lo) + ordinal
            else:
                lo, _ = _time_bounds(spec, TS_LO, TS_LO)
                day = np.timedelta64(1, "D").astype("timedelta64[us]")
                if spec.kind == "date":
                    values = (lo + (base + ordinal) * day).astype("datetime64[D]")
                else:
                    rng = self.gen.rng("ordinal:" + o.column, start)
                    days = bool(spec.params.get("unique_days"))
                    width = 86_400_000_000 if days else 3_600_000_000
                    jitter = (rng.random(n) * width).astype(np.int64)
                    hour = np.timedelta64(width, "us")
                    values = (
                        (lo + base * day + ordinal * hour + jitter.astype("timedelta64[us]"))
                        .astype("datetime64[s]")
                        .astype("datetime64[us]")
                    )
            # rows without a parent keep their row-numbered value (NULL FK: outside the key)
            col.values = np.where(live, values, col.values)

    # --- verification ---

    def enforce(self, batch: Batch, idx: np.ndarray, start: int) -> bool:
        """Repair the rows whose key is taken; True when something changed."""
        changed = False
        for check in self.verify:
            for step in _FIXES:
                dup = self._duplicates(check, batch, idx.size)
                if not dup.size:
                    break
                changed |= getattr(self, step)(check.key, batch, idx, dup, start)
        self._clean = not changed  # every check's `last` describes the batch as it is
        return changed

    def commit(self, batch: Batch, idx: np.ndarray) -> None:
        """Record the batch's keys; a key still taken stops generation with an error."""
        for check in self.verify:
            if getattr(self, "_clean", False) and check.last is not None:
                dup, scope, hashes = check.last
            else:
                dup = self._duplicates(check, batch, idx.size)
                _, scope, hashes = check.last
            if dup.size:
                row = int(idx[dup[0]])
                shown = ", ".join(
                    f"{c}={_show(batch[c], dup[0])}" for c in check.key.columns if c in batch
                )
                raise GenerationError(
                    f"{self.gen.tp.name}: row {row} repeats the key of {check.key.label} "
                    f"({shown}) and no value in its columns' domains is left to fix it; give "
                    'one of these columns a generator in sandbox.toml ([tables."'
                    f'{self.gen.tp.name}".columns]) or fewer rows'
                )
            check.seen.update(hashes[scope].tolist())
            check.last = None
        self._clean = False

    def _hashes(self, key: UniqueKey, batch: Batch, n: int) -> tuple[np.ndarray, np.ndarray]:
        """(rows in the key's scope, a 64-bit hash of each row's key): whole batches are
        compared as integer arrays, and across batches through the set of hashes taken."""
        try:
            scope = np.ones(n, bool)
            if key.predicate is not None:
                v = evaluate(key.predicate, batch, n, getattr(self.gen, "env", None))
                vals = np.broadcast_to(np.asarray(v.values, dtype=bool), (n,))
                nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
                scope &= vals & ~nulls
            combined = np.zeros(n, np.uint64)
            for part in key.parts:
                if part.column is not None:
                    col = batch[part.column]
                    values, nulls = col.values, col.nulls
                    if self.gen.specs[part.column].info.name.endswith("citext"):
                        # citext compares case-insensitively, and so does its unique index
                        values = np.array([str(x).lower() for x in values.tolist()], dtype=object)
                elif part.tree is not None:
                    v = evaluate(part.tree, batch, n, getattr(self.gen, "env", None))
                    values = np.broadcast_to(np.asarray(v.values), (n,))
                    nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
                else:
                    raise Unsupported(part.sql)
                nulls = np.asarray(nulls, bool)
                if not key.nulls_not_distinct:
                    scope &= ~nulls
                h = _hash_values(np.asarray(values), n)
                if key.nulls_not_distinct:
                    h = np.where(nulls, np.uint64(0x9E3779B97F4A7C15), h)
                with np.errstate(over="ignore"):
                    combined = combined * np.uint64(1_000_003) + h
        except Unsupported as err:
            if self.gen.oracle is None:
                raise GenerationError(
                    f"{self.gen.tp.name}: {key.label} cannot be computed here ({err}) and no "
                    "server is connected to compute it; give its columns a generator in "
                    f'sandbox.toml ([tables."{self.gen.tp.name}".columns])'
                ) from err
            return self._server_hashes(key, batch, n)
        return scope, combined

    def _server_hashes(self, key: UniqueKey, batch: Batch, n: int) -> tuple[np.ndarray, Any]:
        """The key computed by the sandbox server over the batch (one query), for expressions
        and predicates the evaluator does not know: (scope, hashes of the parts' text)."""
        from psycopg import sql

        from workbench.generate.format import to_text
        from workbench.generate.oracle import base_type

        gen = self.gen
        table = gen.table
        names = [c.name for c in table.columns if c.generated is None and c.name in batch]
        args = []
        for name in names:
            col = batch[name]
            texts = to_text(col, gen.specs[name].info)
            args.append([None if z else t for t, z in zip(texts, col.nulls.tolist(), strict=False)])
        inner = sql.SQL(", ").join(
            sql.SQL("u.{}::{} AS {}").format(
                sql.Identifier(f"c{i}"),
                sql.SQL(base_type(gen.schema, table.column(name).type)),
                sql.Identifier(name),
            )
            for i, name in enumerate(names)
        )
        aliases = sql.SQL(", ").join(
            [sql.Identifier(f"c{i}") for i in range(len(names))] + [sql.Identifier("_wb_ord")]
        )
        unnest = sql.SQL(", ").join(sql.SQL("%s::text[]") for _ in names)
        parts = sql.SQL(", ").join(
            sql.SQL("(({}))::text").format(
                sql.Identifier(p.column) if p.column is not None else sql.SQL(p.sql)
            )
            for p in key.parts
        )
        pred = sql.SQL(key.predicate_sql or "true")
        query = sql.SQL(
            "SELECT t._wb_ord, ARRAY[{}], coalesce(({}), false) FROM "
            "(SELECT u._wb_ord, {} FROM unnest({}) WITH ORDINALITY AS u({})) AS t "
            "ORDER BY t._wb_ord"
        ).format(parts, pred, inner, unnest, aliases)
        conn = gen.oracle.connection()
        gen.oracle.queries += 1
        try:
            with conn.transaction():
                rows = conn.execute(query, args).fetchall()
        except Exception as err:
            raise GenerationError(
                f"{gen.tp.name}: the server could not compute {key.label} over generated rows: "
                f"{str(err).strip().splitlines()[0]}"
            ) from err
        scope = np.zeros(n, bool)
        hashes = np.zeros(n, np.uint64)
        for ordinal, values, inside in rows:
            i = int(ordinal) - 1
            if not inside or (not key.nulls_not_distinct and any(v is None for v in values)):
                continue
            scope[i] = True
            hashes[i] = np.uint64(hash(tuple(values)) & 0xFFFFFFFFFFFFFFFF)
        return scope, hashes

    def _duplicates(self, check: KeyCheck, batch: Batch, n: int) -> np.ndarray:
        """Rows in scope whose key an earlier row (of this batch or an earlier one) holds."""
        scope, hashes = self._hashes(check.key, batch, n)
        rows = np.flatnonzero(scope)
        check.last = (rows, scope, hashes)
        if not rows.size:
            return rows
        h = hashes[rows]
        _, first = np.unique(h, return_index=True)
        repeat = np.ones(rows.size, bool)
        repeat[first] = False
        if check.seen:
            seen = check.seen
            repeat |= np.fromiter((x in seen for x in h.tolist()), bool, rows.size)
        check.last = (rows[repeat], scope, hashes)
        return rows[repeat]

    def _fix_predicate(
        self, key: UniqueKey, batch: Batch, idx: np.ndarray, dup: np.ndarray, start: int
    ) -> bool:
        """Move the rows out of the partial index: make NOT predicate hold for them."""
        if key.predicate is None:
            return False
        sub = {
            name: Col(
                col.values[dup].copy(),
                col.nulls[dup].copy(),
                col.kind,
                nullable=col.nullable,
                protected=col.protected,
                step=col.step,
            )
            for name, col in batch.items()
            if name in columns_of(key.predicate)
        }
        tree = exp.Not(this=exp.Paren(this=key.predicate.copy()))
        try:
            repair(tree, sub, dup.size, self.gen.rng("unique:" + key.name, start), self.gen.env)
        except Unsupported:
            return False
        changed = False
        for name, col in sub.items():
            target = batch[name]
            if not (
                np.array_equal(target.nulls[dup], col.nulls)
                and all(a == b for a, b in zip(target.values[dup], col.values, strict=False))
            ):
                changed = True
            target.values[dup] = col.values
            target.nulls[dup] = col.nulls
        return changed

    def _fix_null(
        self, key: UniqueKey, batch: Batch, idx: np.ndarray, dup: np.ndarray, start: int
    ) -> bool:
        """NULL in a nullable column takes the row out of the key (NULLs are distinct)."""
        if key.nulls_not_distinct:
            return False
        for c in (p.column for p in key.parts if p.column is not None):
            col = batch.get(c)
            if col is not None and col.nullable:
                col.nulls[dup] = True
                return True
        return False

    def _fix_text(
        self, key: UniqueKey, batch: Batch, idx: np.ndarray, dup: np.ndarray, start: int
    ) -> bool:
        """A text column of the key: first drawn again from its own generator (values stay in
        the column's domain: its CHECK pattern, its length), then, if the key is still
        taken, given the row number as a suffix."""
        import dataclasses

        from workbench.generate.values import generate_values

        gen = self.gen
        for part in key.parts:
            c = part.column or part.wraps
            col = batch.get(c) if c else None
            if col is None or col.kind != "text" or c in gen.fk_cols:
                continue
            spec = gen.specs[c]
            if spec.info.kind == "enum" or _spec_domain(spec) is not None:
                continue
            tries = self._text_tries.get((key.name, start), 0)
            self._text_tries[(key.name, start)] = tries + 1
            if tries < 2:
                free = dataclasses.replace(spec, unique=False)
                rng = gen.rng(f"unique-redraw:{key.name}:{tries}", start)
                fresh = np.asarray(generate_values(free, rng, idx, batch))
                col.values[dup] = fresh[dup]
                col.nulls[dup] = False
                return True
            width = spec.max_len
            fixed = []
            for v, i in zip(col.values[dup].tolist(), idx[dup].tolist(), strict=False):
                tag = _base36(i, max(1, math.ceil(math.log(i + 2, 36))))
                text = f"{v}{tag}"
                if width is not None and len(text) > width:
                    text = (str(v)[: max(width - len(tag), 0)] + tag)[-width:]
                fixed.append(text)
            col.values[dup] = fixed
            col.nulls[dup] = False
            return True
        return False


_FIXES = ("_fix_predicate", "_fix_null", "_fix_text")


def _hash_values(values: np.ndarray, n: int) -> np.ndarray:
    """64-bit hashes of one key part's values (numbers and times by their bits)."""
    kind = values.dtype.kind
    if kind in "iub":
        return values.astype(np.int64).view(np.uint64)
    if kind in "Mm":
        return values.view(np.int64).view(np.uint64)
    if kind == "f":
        return (values.astype(np.float64) + 0.0).view(np.uint64)
    return np.fromiter((hash(x) for x in values.tolist()), np.int64, n).view(np.uint64)


def _bounded(factors: list[Factor]) -> tuple[list[Factor], list[Factor]]:
    """(all factors, the prefix whose product stays below 2^62): beyond that the key has far
    more combinations than any table has rows, and the rest are drawn at random."""
    used, product = [], 1
    for f in factors:
        if product * max(f.size, 1) >= _BIG:
            break
        product *= max(f.size, 1)
        used.append(f)
    return factors, used


def affine(idx: np.ndarray, modulus: int, salt: int) -> np.ndarray:
    """A bijection of [0, modulus) (x → a·x + b mod m with a coprime to m): spreads row
    numbers over the combinations. The multiplier stays below 2^24 so a·x fits int64 for any
    row number below 2^38."""
    idx = np.asarray(idx, dtype=np.int64)
    if modulus <= 1:
        return np.zeros_like(idx)
    a = (salt % min(modulus, 1 << 24)) | 1
    while math.gcd(a, modulus) != 1:
        a += 2
    b = salt % modulus
    x = (idx % modulus) * a % modulus
    return (x + b) % modulus


def _show(col: Col, i: int) -> str:
    if col.nulls[i]:
        return "NULL"
    return repr(col.values[i].item() if hasattr(col.values[i], "item") else col.values[i])


__all__ = [
    "Domain",
    "KeyPart",
    "UniqueKey",
    "UniquePlan",
    "affine",
    "capacity",
    "finite_domain",
    "literal",
    "table_keys",
]
