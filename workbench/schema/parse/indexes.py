"""CREATE [UNIQUE] INDEX and ALTER INDEX … ATTACH PARTITION."""

from __future__ import annotations

from typing import Any

from workbench.schema.model import Expr, Index, UniqueConstraint
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.exprs import make_expr
from workbench.schema.parse.state import ReaderState


def create_index(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create")
    unique = cur.accept("unique")
    cur.expect("index")
    cur.accept("concurrently")
    if_not_exists = cur.accept("if", "not", "exists")
    iname: str | None = None
    if not cur.at("on"):
        iname = cur.ident()
    cur.expect("on")
    cur.accept("only")
    ts, tn = cur.qname()
    key = reader.rel_key(ts, tn)
    table = reader.schema.tables.get(key)
    if if_not_exists and iname is not None:
        schema = table.schema if table is not None else key.split(".", 1)[0]
        if f"{schema}.{iname}" in reader.relnames:
            return True  # PostgreSQL skips it, with a notice
    if table is None:
        if key in reader.relnames or key in reader.schema.views:
            return False  # an index on a materialized view
        raise ParseFailure(f"table {key} is not declared earlier in the file")
    method = "btree"
    if cur.accept("using"):
        method = cur.ident()
    cols, exprs = _index_elements(cur)
    nnd = False
    predicate: Expr | None = None
    while not cur.done():
        if cur.accept("include") or cur.accept("with"):
            cur.paren()
        elif cur.accept("nulls", "not", "distinct"):
            nnd = True
        elif cur.accept("nulls", "distinct"):
            pass
        elif cur.accept("tablespace"):
            cur.ident()
        elif cur.accept("where"):
            predicate = make_expr(cur.src(cur.i, cur.end))
            cur.i = cur.end
        else:
            raise ParseFailure(f"unexpected {cur.peek().value!r} in CREATE INDEX")  # type: ignore[union-attr]
    if iname is None:
        parts = [c if c else "expr" for c in cols]
        iname = reader.unique_relname(table.schema, table.name, "_".join(parts), "idx")
    has_expr = any(x is not None for x in exprs)
    table.indexes.append(Index(iname, cols, exprs if has_expr else [], method, predicate, unique))
    if unique:
        u = UniqueConstraint(iname, cols, exprs if has_expr else [], predicate, nnd, True)
        table.uniques.append(u)
    qual = f"{table.schema}.{iname}"
    reader.relnames.add(qual)
    reader.index_owner[qual] = table.qualified
    return True


def _index_elements(cur: Cursor) -> tuple[list[str | None], list[Expr | None]]:
    """The parenthesised element list: a column name, or None with its expression."""
    a, b = cur.paren()
    cols: list[str | None] = []
    exprs: list[Expr | None] = []
    for s, e in cur.split_commas(a, b):
        t0 = cur.t[s]
        if t0.kind == "punct" and t0.value == "(":
            close = cur.match_paren(s)
            cols.append(None)
            exprs.append(make_expr(cur.src(s + 1, close)))
            continue
        # A function call (lower(email), public.f(x)) is an expression; a name is a column.
        k = s + 1
        while k + 1 < e and cur.t[k].value == "." and cur.t[k + 1].kind in ("word", "qid"):
            k += 2
        if k < e and cur.t[k].kind == "punct" and cur.t[k].value == "(":
            close = cur.match_paren(k)
            cols.append(None)
            exprs.append(make_expr(cur.src(s, close + 1)))
        else:
            cols.append(t0.value)
            exprs.append(None)
    return cols, exprs


def alter_index(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("alter", "index")
    cur.accept("if", "exists")
    schema, name = cur.qname()
    if cur.accept("rename", "to"):
        return _rename_index(reader, schema, name, cur.ident())
    if not cur.accept("attach", "partition"):
        return False
    cs, cn = cur.qname()
    # The partition's index becomes a copy of the parent's (PostgreSQL marks the
    # constraint as inherited): the model keeps indexes and constraints as declared.
    qual = None
    if cs is not None:
        qual = f"{cs}.{cn}"
    else:
        for s in reader.path():
            if f"{s}.{cn}" in reader.index_owner:
                qual = f"{s}.{cn}"
                break
    if qual is None or qual not in reader.index_owner:
        raise ParseFailure(f"index {cn} is not declared earlier in the file")
    owner = reader.schema.tables.get(reader.index_owner[qual])
    if owner is None:
        return True
    if owner.primary_key is not None and owner.primary_key.name == cn:
        owner.primary_key = None
    owner.uniques = [u for u in owner.uniques if u.name != cn]
    owner.indexes = [i for i in owner.indexes if i.name != cn]
    reader.attached.add(qual)
    return True


def _rename_index(reader: ReaderState, schema: str | None, old: str, new: str) -> bool:
    """ALTER INDEX … RENAME TO: the index, and the constraint it backs, take the new name."""
    qual = next(
        (q for q in reader.index_owner if q.split(".", 1)[1] == old
         and (schema is None or q.startswith(schema + "."))),
        None,
    )  # fmt: skip
    if qual is None:
        return False
    owner = reader.index_owner.pop(qual)
    index_schema = qual.split(".", 1)[0]
    reader.index_owner[f"{index_schema}.{new}"] = owner
    reader.relnames.discard(qual)
    reader.relnames.add(f"{index_schema}.{new}")
    table = reader.schema.tables.get(owner)
    if table is None:
        return True
    named: list[Any] = [table.primary_key, *table.uniques, *table.indexes, *table.exclusions]
    for obj in named:
        if obj is not None and obj.name == old:
            obj.name = new
    return True
