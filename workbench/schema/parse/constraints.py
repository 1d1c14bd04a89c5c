"""Table constraints, inline or in the table's element list: CHECK, UNIQUE, PRIMARY KEY,
FOREIGN KEY (REFERENCES), EXCLUDE, USING INDEX, the deferrable clauses, and the names
PostgreSQL gives the unnamed ones."""

from __future__ import annotations

import re

from workbench.schema.model import (
    CheckConstraint,
    ExclusionConstraint,
    ExclusionElement,
    Expr,
    ForeignKey,
    PrimaryKey,
    Table,
    UniqueConstraint,
)
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.exprs import make_expr, make_object_name, referenced_columns
from workbench.schema.parse.state import ReaderState

Constraint = CheckConstraint | UniqueConstraint | PrimaryKey | ForeignKey | ExclusionConstraint

_ACTIONS = {
    ("no", "action"): "NO ACTION",
    ("restrict",): "RESTRICT",
    ("cascade",): "CASCADE",
    ("set", "null"): "SET NULL",
    ("set", "default"): "SET DEFAULT",
}


def table_constraint(reader: ReaderState, cur: Cursor, table: Table) -> Constraint:
    """Read a table constraint and add it to `table`; return it."""
    cname = cur.ident() if cur.accept("constraint") else None
    obj: Constraint
    if cur.accept("check"):
        a, b = cur.paren()
        expr = make_expr(cur.src(a, b))
        if cname is None:
            cols = referenced_columns(expr)
            cname = check_name(table, cols[0] if len(cols) == 1 else None)
        obj = CheckConstraint(cname, expr)
        table.checks.append(obj)
    elif cur.accept("unique"):
        nnd = nulls_distinct(cur)
        if cur.accept("using", "index"):
            obj = _constraint_from_index(table, cur.ident(), cname, primary=False)
        else:
            cols = cur.name_list()
            index_params(cur)
            obj = UniqueConstraint(
                cname or make_object_name(table.name, "_".join(cols), "key"), list(cols)
            )
            obj.nulls_not_distinct = nnd
            table.uniques.append(obj)
        reader.index_owner[f"{table.schema}.{obj.name}"] = table.qualified
    elif cur.accept("primary", "key"):
        if table.primary_key is not None:
            raise ParseFailure(f"multiple primary keys for table {table.qualified}")
        if cur.accept("using", "index"):
            obj = _constraint_from_index(table, cur.ident(), cname, primary=True)
        else:
            cols = cur.name_list()
            index_params(cur)
            obj = PrimaryKey(cname or make_object_name(table.name, None, "pkey"), cols)
            table.primary_key = obj
        reader.index_owner[f"{table.schema}.{obj.name}"] = table.qualified
        fold_column_pk(table)
    elif cur.accept("foreign", "key"):
        cols = cur.name_list()
        cur.expect("references")
        obj = references(reader, cur, table, cname, cols)
        table.foreign_keys.append(obj)
    elif cur.accept("exclude"):
        obj = _exclusion(cur, table, cname)
        table.exclusions.append(obj)
        reader.index_owner[f"{table.schema}.{obj.name}"] = table.qualified
    else:
        raise ParseFailure(f"unknown table constraint at {cur.peek().value!r}")  # type: ignore[union-attr]
    deferrable(cur, obj)
    if not cur.done():
        raise ParseFailure(f"unexpected {cur.peek().value!r} after constraint")  # type: ignore[union-attr]
    return obj


def _exclusion(cur: Cursor, table: Table, cname: str | None) -> ExclusionConstraint:
    """EXCLUDE [USING method] (element WITH operator, …) [INCLUDE …] [WITH (…)]
    [USING INDEX TABLESPACE t] [WHERE (predicate)]; the cursor is after EXCLUDE."""
    method = cur.ident().lower() if cur.accept("using") else "btree"
    a, b = cur.paren()
    elements: list[ExclusionElement] = []
    for s, e in cur.split_commas(a, b):
        depth, w = 0, None
        for k in range(s, e):
            t = cur.t[k]
            if t.kind == "punct" and t.value in "([":
                depth += 1
            elif t.kind == "punct" and t.value in ")]":
                depth -= 1
            elif depth == 0 and t.kind == "word" and t.value == "with":
                w = k
        if w is None or w == s:
            raise ParseFailure("expected `element WITH operator` in EXCLUDE")
        op = cur.src(w + 1, e).strip()
        m = re.fullmatch(r"(?is)operator\s*\((?:[^)]*\.)?\s*([^)\s]+)\s*\)", op)
        if m:
            op = m.group(1)
        t0 = cur.t[s]
        if t0.kind == "punct" and t0.value == "(":
            close = cur.match_paren(s)
            elements.append(ExclusionElement(None, make_expr(cur.src(s + 1, close)), op))
        elif s + 1 < w and cur.t[s + 1].kind == "punct" and cur.t[s + 1].value in "(.":
            end = s + 1
            while end + 1 < w and cur.t[end].value == "." and cur.t[end + 1].kind != "punct":
                end += 2
            close = cur.match_paren(end) if cur.t[end].value == "(" else w - 1
            elements.append(ExclusionElement(None, make_expr(cur.src(s, close + 1)), op))
        else:
            elements.append(ExclusionElement(t0.value, None, op))
    predicate: Expr | None = None
    while not cur.done():
        if cur.accept("include") or cur.accept("with"):
            cur.paren()
        elif cur.accept("using", "index", "tablespace"):
            cur.ident()
        elif cur.accept("where"):
            pa, pb = cur.paren()
            predicate = make_expr(cur.src(pa, pb))
        else:
            break
    name = cname or make_object_name(
        table.name, "_".join(el.column or "expr" for el in elements), "excl"
    )
    return ExclusionConstraint(name, elements, method, predicate)


def _constraint_from_index(
    table: Table, index: str, cname: str | None, *, primary: bool
) -> PrimaryKey | UniqueConstraint:
    idx = next((u for u in table.uniques if u.is_index and u.name == index), None)
    cols: list[str | None]
    if idx is not None:
        table.uniques.remove(idx)
        table.indexes = [i for i in table.indexes if i.name != index]
        cols = idx.columns
    else:
        plain = next((i for i in table.indexes if i.name == index), None)
        if plain is None:
            raise ParseFailure(f"index {index} is not declared earlier in the file")
        table.indexes.remove(plain)
        cols = plain.columns
    name = cname or index
    if primary:
        pk = PrimaryKey(name, [c for c in cols if c])
        table.primary_key = pk
        return pk
    u = UniqueConstraint(name, list(cols))
    table.uniques.append(u)
    return u


def references(
    reader: ReaderState, cur: Cursor, table: Table, cname: str | None, cols: list[str]
) -> ForeignKey:
    rs, rn = cur.qname()
    if rs is None and rn == table.name and reader.rel_key(None, rn) not in reader.schema.tables:
        rkey = table.qualified  # self-reference inside the table's own CREATE TABLE
    else:
        rkey = reader.rel_key(rs, rn)
    ref_cols = cur.name_list() if cur.at("(") else []
    rsch, rname = rkey.split(".", 1)
    fk = ForeignKey(cname, cols, rsch, rname, ref_cols)
    while not cur.done():
        if cur.accept("match"):
            fk.match_full = cur.ident() == "full"
        elif cur.accept("on", "delete"):
            fk.on_delete = _ref_action(cur)
        elif cur.accept("on", "update"):
            fk.on_update = _ref_action(cur)
        else:
            break
    if fk.name is None:
        fk.name = _fk_name(table, cols)
    return fk


def _fk_name(table: Table, cols: list[str]) -> str:
    taken = {f.name for f in table.foreign_keys}
    n = 0
    while True:
        lab = "fkey" if n == 0 else f"fkey{n}"
        cand = make_object_name(table.name, "_".join(cols), lab)
        if cand not in taken:
            return cand
        n += 1


def _ref_action(cur: Cursor) -> str:
    for words, name in _ACTIONS.items():
        if cur.accept(*words):
            if cur.at("("):
                cur.paren()  # SET NULL (cols) — PostgreSQL 15
            return name
    raise ParseFailure(f"unknown referential action {cur.peek().value if cur.peek() else ''!r}")  # type: ignore[union-attr]


def deferrable(cur: Cursor, target: Constraint | None) -> None:
    while True:
        if cur.accept("deferrable"):
            if isinstance(target, ForeignKey):
                target.deferrable = True
        elif cur.accept("not", "deferrable"):
            if isinstance(target, ForeignKey):
                target.deferrable = False
        elif cur.accept("initially", "deferred"):
            if isinstance(target, ForeignKey):
                target.initially_deferred = True
                target.deferrable = True
        elif cur.accept("initially", "immediate"):
            pass
        elif cur.accept("not", "valid"):
            if isinstance(target, (ForeignKey, CheckConstraint)):
                target.not_valid = True
        elif cur.accept("no", "inherit"):
            pass
        else:
            return


def check_name(table: Table, colname: str | None) -> str:
    taken = {c.name for c in table.checks}
    n = 0
    while True:
        lab = "check" if n == 0 else f"check{n}"
        cand = make_object_name(table.name, colname, lab)
        if cand not in taken:
            return cand
        n += 1


def nulls_distinct(cur: Cursor) -> bool:
    if cur.accept("nulls", "not", "distinct"):
        return True
    cur.accept("nulls", "distinct")
    return False


def index_params(cur: Cursor) -> None:
    while True:
        if cur.accept("include") or cur.accept("with"):
            cur.paren()
        elif cur.accept("using", "index", "tablespace"):
            cur.ident()
        else:
            return


def fold_column_pk(table: Table) -> None:
    if table.primary_key is not None:
        for cname in table.primary_key.columns:
            col = table.column(cname)
            if col is not None:
                col.nullable = False
