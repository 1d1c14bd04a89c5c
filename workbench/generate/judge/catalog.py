"""Every constraint of one table as the server judges it: a test over one row (a CHECK, a
domain's CHECK, NOT NULL, the expressions an index will compute) or over the rows together (a
key: primary, unique, unique index, exclusion), written in SQL against the table's own column
names. The names are the ones a user reads in the schema ("CHECK orders_total_check", "unique
index users_lower_email"), so a report can say which constraint turned a row away."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlglot import exp

from workbench.generate.base.sqltree import columns_of
from workbench.schema.model import Expr, Table, sql_name
from workbench.schema.typeinfo import TypeInfo

ROW, KEY = "row", "key"


@dataclass(frozen=True)
class Constraint:
    """One constraint: `sql` is, for a row test, a boolean TRUE where the row fails it; for a
    key, its parts (the expressions compared), `predicate` its WHERE and `operators` the
    comparison of each part (`=` for a unique key, `&&`… for an exclusion)."""

    name: str
    kind: str  # ROW | KEY
    sql: str
    columns: frozenset[str]
    parts: tuple[str, ...] = ()
    predicate: str | None = None
    nulls_distinct: bool = True
    operators: tuple[str, ...] = ()
    text: str = ""  # the constraint as written, for messages
    origin: str = "check"  # check | domain | not null | key | exclusion | index
    key_name: str | None = None  # a key's own name (the unique plan's)
    safe: bool = False  # an index's expressions cannot raise on any value (lower(email)…)
    tree: Any = field(default=None, compare=False)  # the CHECK's parsed expression, if any

    @property
    def exclusion(self) -> bool:
        return any(op != "=" for op in self.operators)


@dataclass
class Catalog:
    """A table's constraints, in the order they are tested."""

    constraints: list[Constraint] = field(default_factory=list)

    def by_name(self, name: str) -> Constraint | None:
        return next((c for c in self.constraints if c.name == name), None)

    @property
    def rows(self) -> list[Constraint]:
        return [c for c in self.constraints if c.kind == ROW]

    @property
    def keys(self) -> list[Constraint]:
        return [c for c in self.constraints if c.kind == KEY]


def _columns(expr: Expr | None, every: set[str]) -> set[str]:
    """The columns an expression reads: all of the table's when it was not parsed."""
    if expr is None:
        return set()
    if expr.tree is None:
        return set(every)
    return columns_of(expr.tree) & every if columns_of(expr.tree) else set()


def check_name(name: str | None, text: str) -> str:
    return f"CHECK {name or text}"


def domain_name(domain: str, name: str | None, text: str) -> str:
    return f"domain {domain}: CHECK {name or text}"


def table_catalog(table: Table, infos: dict[str, TypeInfo]) -> Catalog:
    """The constraints of `table`; `infos` are the column types (domains resolved), by name."""
    every = {c.name for c in table.columns}
    out: list[Constraint] = []
    for check in table.checks:
        out.append(
            Constraint(
                check_name(check.name, check.expr.sql),
                ROW,
                f"({check.expr.sql}) IS FALSE",
                frozenset(_columns(check.expr, every) or every),
                text=check.expr.sql,
                origin="check",
                tree=check.expr.tree,
            )
        )
    for column in table.columns:
        info = infos.get(column.name)
        if info is None:
            continue
        for domain, check in info.domain_checks:
            if info.array_dims:
                continue  # an array of a domain: the server checks each element on COPY
            out.append(
                Constraint(
                    domain_name(domain, check.name, check.expr.sql),
                    ROW,
                    f"((SELECT ({check.expr.sql}) FROM (SELECT u.{sql_name(column.name)} AS value)"
                    " AS v) IS FALSE)",
                    frozenset({column.name}),
                    text=check.expr.sql,
                    origin="domain",
                    tree=check.expr.tree,
                )
            )
        if not column.nullable or info.domain_not_null:
            out.append(
                Constraint(
                    f"NOT NULL {column.name}",
                    ROW,
                    f"(u.{sql_name(column.name)} IS NULL)",
                    frozenset({column.name}),
                    text=f"{column.name} NOT NULL",
                    origin="not null",
                )
            )
    out += _keys(table, every)
    for index in table.indexes:
        if index.unique:
            continue  # a key: its parts are computed by its own test
        exprs = [e for e in index.expressions if e is not None]
        if not exprs and index.predicate is None:
            continue
        evaluated = [e.sql for e in exprs] + ([index.predicate.sql] if index.predicate else [])
        cols: set[str] = set()
        for e in [*exprs, index.predicate]:
            cols |= _columns(e, every)
        out.append(
            Constraint(
                f"index {index.name}",
                ROW,
                # every expression evaluated (num_nulls takes any type), never true: a value
                # the expression cannot take raises, which is what this test is for
                "(pg_catalog.num_nulls(" + ", ".join(f"({t})" for t in evaluated) + ") < 0)",
                frozenset(cols),
                text=", ".join(evaluated),
                origin="index",
                safe=all(cannot_raise(e.tree) for e in [*exprs, index.predicate] if e),
            )
        )
    return Catalog(out)


def _keys(table: Table, every: set[str]) -> list[Constraint]:
    out: list[Constraint] = []
    seen: set[tuple[Any, ...]] = set()

    def add(
        name: str,
        label: str,
        parts: list[tuple[str | None, Expr | None]],
        predicate: Expr | None,
        nulls_distinct: bool,
        operators: str | list[str],
        key_name: str | None,
    ) -> None:
        if isinstance(operators, str):
            operators = [operators] * len(parts)
        key_name = key_name or "primary key"
        texts = [sql_name(c) if c is not None else (e.sql if e else "NULL") for c, e in parts]
        sig = (tuple(texts), predicate.sql if predicate else None, tuple(operators))
        if sig in seen:
            return
        seen.add(sig)
        cols: set[str] = set()
        for c, e in parts:
            cols |= {c} if c is not None else _columns(e, every)
        cols |= _columns(predicate, every)
        text = ", ".join(c if c is not None else (e.sql if e else "?") for c, e in parts)
        out.append(
            Constraint(
                f"{label} {name}",
                KEY,
                "",
                frozenset(cols),
                parts=tuple(texts),
                predicate=predicate.sql if predicate is not None else None,
                nulls_distinct=nulls_distinct,
                operators=tuple(operators),
                text=f"({text})" + (f" WHERE {predicate.sql}" if predicate is not None else ""),
                origin="exclusion" if any(o != "=" for o in operators) else "key",
                key_name=key_name,
            )
        )

    pk = table.primary_key
    if pk is not None:
        parts = _parts(list(pk.columns), [])
        add(pk.name or f"{table.name}_pkey", "primary key", parts, None, True, "=", pk.name)
    for u in table.uniques:
        parts = _parts(u.columns, u.expressions)
        name = u.name or f"{table.name}_{'_'.join(c or 'expr' for c in u.columns)}_key"
        label = "unique index" if u.is_index else "unique"
        add(name, label, parts, u.predicate, not u.nulls_not_distinct, "=", name)
    named = {u.name for u in table.uniques}
    for index in table.indexes:
        if not index.unique or index.name in named:
            continue
        parts = _parts(index.columns, index.expressions)
        add(index.name, "unique index", parts, index.predicate, True, "=", index.name)
    for ex in table.exclusions:
        parts = [(el.column, el.expression) for el in ex.elements]
        ops = [el.operator.strip() for el in ex.elements]
        name = ex.name or "exclusion"
        add(name, "exclusion constraint", parts, ex.predicate, True, ops, name)
    return out


def _parts(
    columns: list[str | None], expressions: list[Expr | None]
) -> list[tuple[str | None, Expr | None]]:
    """A key's parts: each a column, or an expression where the column is None."""
    return [(c, expressions[i] if i < len(expressions) else None) for i, c in enumerate(columns)]


def cannot_raise(tree: Any) -> bool:
    """An expression no value of its columns makes fail: columns, constants, and the text
    functions that take any text (what an index on lower(email) computes). Anything else (a
    cast, arithmetic, a function of the schema) is for the server to try."""
    if tree is None:
        return False
    safe = (
        exp.Column,
        exp.Identifier,
        exp.Literal,
        exp.Null,
        exp.Boolean,
        exp.Paren,
        exp.Lower,
        exp.Upper,
        exp.Trim,
        exp.Coalesce,
        exp.Length,
        exp.DPipe,
        exp.Not,
        exp.Is,
        exp.And,
        exp.Or,
        exp.EQ,
        exp.NEQ,
    )
    for node in tree.walk():
        if isinstance(node, safe):
            continue
        if isinstance(node, exp.Anonymous) and node.name.lower() in ("btrim", "ltrim", "rtrim"):
            continue
        if isinstance(node, exp.DataType):
            continue
        if isinstance(node, exp.Cast) and _to_text(node):
            continue
        return False
    return True


def _to_text(node: exp.Cast) -> bool:
    to = node.args.get("to")
    if not isinstance(to, exp.DataType):
        return False
    return to.this in (exp.DataType.Type.TEXT, exp.DataType.Type.VARCHAR) and not to.expressions
