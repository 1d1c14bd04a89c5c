"""The other statements the model reads: SET search_path, CREATE EXTENSION, views, policies,
comments on tables and columns, and DROP."""

from __future__ import annotations

from workbench.schema.model import Policy
from workbench.schema.parse.alter import drop_column
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.exprs import make_expr, mentions
from workbench.schema.parse.state import ReaderState


def set_(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("set")
    cur.accept("session") or cur.accept("local")
    if not cur.accept("search_path"):
        return False
    if not (cur.accept("to") or cur.accept("=")):
        return False
    vals: list[str] = []
    while not cur.done():
        t = cur.peek()
        assert t is not None
        if t.kind in ("word", "qid", "str"):
            vals.extend(v.strip() for v in t.value.split(",") if t.kind == "str")
            if t.kind != "str":
                vals.append(t.value)
        cur.i += 1
    reader.search_path = [v for v in vals if v and v != "default"] or ["$user", "public"]
    return True


def set_config(reader: ReaderState, cur: Cursor) -> bool:
    toks = [t for t in cur.t if t.kind == "str"]
    if len(toks) >= 2 and toks[0].value.lower() == "search_path":
        reader.search_path = [s.strip().strip('"') for s in toks[1].value.split(",") if s.strip()]
        return True
    return False


def create_extension(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create", "extension")
    cur.accept("if", "not", "exists")
    name = cur.ident()
    reader.extensions.setdefault(name, None)
    cur.accept("with")
    schema = reader.creation_schema()
    while not cur.done():
        if cur.accept("schema"):
            schema = cur.ident()
        else:
            cur.i += 1
    if schema not in reader.ext_schemas:
        reader.ext_schemas.append(schema)
    return True


def create_view(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create")
    while not cur.at("view") and not cur.done():
        cur.i += 1
    cur.expect("view")
    cur.accept("if", "not", "exists")
    schema, name = cur.qname()
    key = reader.rel_key(schema, name, create=True)
    reader.redefined_view = key in reader.schema.views
    if key not in reader.schema.views:
        reader.schema.views.append(key)
    reader.relnames.add(key)
    return True


def create_policy(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create", "policy")
    pname = cur.ident()
    cur.expect("on")
    table = reader.table(*cur.qname())
    pol = Policy(pname)
    while not cur.done():
        if cur.accept("as"):
            cur.ident()
        elif cur.accept("for"):
            pol.command = cur.ident().upper()
        elif cur.accept("to"):
            while True:
                pol.roles.append(cur.ident())
                if not cur.accept(","):
                    break
        elif cur.accept("using"):
            a, b = cur.paren()
            pol.using = make_expr(cur.src(a, b))
        elif cur.accept("with", "check"):
            a, b = cur.paren()
            pol.with_check = make_expr(cur.src(a, b))
        else:
            raise ParseFailure(f"unexpected {cur.peek().value!r} in CREATE POLICY")  # type: ignore[union-attr]
    table.policies.append(pol)
    return True


def comment(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("comment", "on")
    what = cur.ident()
    parts = [cur.ident()]
    while cur.accept("."):
        parts.append(cur.ident())
    cur.expect("is")
    t = cur.peek()
    text = None if t is None or t.is_word("null") else t.value
    if what == "table":
        reader.table(parts[-2] if len(parts) > 1 else None, parts[-1]).comment = text
        return True
    if what == "column":
        if len(parts) < 2:
            raise ParseFailure("COMMENT ON COLUMN needs table.column")
        table = reader.table(parts[-3] if len(parts) > 2 else None, parts[-2])
        col = table.column(parts[-1])
        if col is None:
            raise ParseFailure(f"column {parts[-1]} of {table.qualified} is not declared")
        col.comment = text
        return True
    return False


def drop(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("drop")
    obj = cur.ident()
    if obj == "materialized":
        cur.expect("view")
        obj = "view"
    if obj not in ("table", "view", "type", "domain", "sequence", "index"):
        return False
    cur.accept("concurrently")
    cur.accept("if", "exists")
    types: list[str] = []
    while not cur.done():
        s, n = cur.qname()
        if obj == "table":
            key = reader.rel_key(s, n)
            reader.schema.tables.pop(key, None)
            reader.relnames.discard(key)
            for qual, owner in list(reader.index_owner.items()):
                if owner == key:  # its indexes go with it
                    del reader.index_owner[qual]
                    reader.relnames.discard(qual)
        elif obj == "view":
            key = reader.rel_key(s, n)
            if key in reader.schema.views:
                reader.schema.views.remove(key)
            reader.relnames.discard(key)
        elif obj in ("type", "domain"):
            key = reader.type_key(s, n)
            reader.schema.enums.pop(key, None)
            reader.schema.domains.pop(key, None)
            reader.types.discard(key)
            types.append(key)
        elif obj == "sequence":
            key = reader.rel_key(s, n)
            reader.schema.sequences.pop(key, None)
            reader.relnames.discard(key)
        else:
            for qual, owner in list(reader.index_owner.items()):
                if qual.split(".", 1)[1] == n and (s is None or qual.startswith(s + ".")):
                    t = reader.schema.tables.get(owner)
                    if t is not None:
                        t.indexes = [i for i in t.indexes if i.name != n]
                        t.uniques = [u for u in t.uniques if not (u.is_index and u.name == n)]
                    del reader.index_owner[qual]
                    reader.relnames.discard(qual)
        if not cur.accept(","):
            break
    if types and cur.accept("cascade"):
        _drop_type_users(reader, types)
    return True


def _drop_type_users(reader: ReaderState, types: list[str]) -> None:
    """DROP TYPE … CASCADE: the columns of those types go, and the defaults that name them
    (a default cast to the type, or kept from before the column's ALTER … TYPE)."""
    names = {t.split(".", 1)[1] for t in types}
    for table in reader.schema.tables.values():
        for col in list(table.columns):
            if col.type.name in types:
                drop_column(reader, table, col.name, cascade=True)
            elif col.default is not None and (
                reader.default_types.get(id(col), set()) & set(types)
                or mentions(col.default, names)
            ):
                col.default = None
