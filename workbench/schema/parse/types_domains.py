"""CREATE TYPE (enums, composite types), ALTER TYPE … ADD/RENAME VALUE, CREATE DOMAIN and
ALTER DOMAIN."""

from __future__ import annotations

from workbench.schema.model import CheckConstraint, Domain, Enum
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.exprs import make_expr, make_object_name
from workbench.schema.parse.state import ReaderState
from workbench.schema.types import read_type


def create_type(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create", "type")
    schema, name = cur.qname()
    key = f"{schema or reader.creation_schema()}.{name}"
    reader.types.add(key)
    if cur.accept("as", "enum"):
        a, b = cur.paren()
        labels = [cur.t[k].value for k in range(a, b) if cur.t[k].kind in ("str", "estr")]
        s, n = key.split(".", 1)
        reader.schema.enums[key] = Enum(s, n, labels)
    elif cur.accept("as", "range"):
        a, b = cur.paren()
        for k in range(a, b - 2):  # SUBTYPE = type, among the range's other options
            if cur.t[k].is_word("subtype") and cur.t[k + 1].value == "=":
                ref, _ = read_type(cur.t[:b], k + 2)
                reader.schema.ranges[key] = reader.resolve_type(ref)
                break
    elif cur.at("as", "("):
        reader.relnames.add(key)  # a composite type occupies a relation name
    return True


def alter_type(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("alter", "type")
    schema, name = cur.qname()
    key = reader.type_key(schema, name)
    if cur.at("rename", "to") or cur.at("set", "schema"):
        return move_type(reader, key, cur)
    en = reader.schema.enums.get(key)
    if en is None or not (cur.at("add", "value") or cur.at("rename", "value")):
        return False
    if cur.accept("add", "value"):
        cur.accept("if", "not", "exists")
        label = cur.peek().value  # type: ignore[union-attr]
        cur.i += 1
        if label in en.labels:
            return True
        if cur.accept("before"):
            en.labels.insert(en.labels.index(cur.peek().value), label)  # type: ignore[union-attr]
        elif cur.accept("after"):
            en.labels.insert(en.labels.index(cur.peek().value) + 1, label)  # type: ignore[union-attr]
        else:
            en.labels.append(label)
    else:
        cur.expect("rename", "value")
        old = cur.peek().value  # type: ignore[union-attr]
        cur.i += 1
        cur.expect("to")
        en.labels[en.labels.index(old)] = cur.peek().value  # type: ignore[union-attr]
    return True


def create_domain(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create", "domain")
    schema, name = cur.qname()
    key = f"{schema or reader.creation_schema()}.{name}"
    cur.accept("as")
    ref, cur.i = read_type(cur.t, cur.i)
    dom = Domain(key.split(".", 1)[0], name, reader.resolve_type(ref))
    while not cur.done():
        cname = None
        if cur.accept("constraint"):
            cname = cur.ident()
        if cur.accept("not", "null"):
            dom.nullable = False
        elif cur.accept("null"):
            dom.nullable = True
        elif cur.accept("default"):
            a, b = cur.skip_to({"constraint", "not", "null", "check", "collate"})
            dom.default = make_expr(cur.src(a, b))
        elif cur.accept("collate"):
            cur.qname()
        elif cur.accept("check"):
            a, b = cur.paren()
            chk = CheckConstraint(
                cname or make_object_name(name, None, "check"), make_expr(cur.src(a, b))
            )
            if cur.accept("not", "valid"):
                chk.not_valid = True
            dom.checks.append(chk)
        else:
            raise ParseFailure(f"unexpected {cur.peek().value!r} in CREATE DOMAIN")  # type: ignore[union-attr]
    reader.types.add(key)
    reader.schema.domains[key] = dom
    return True


def alter_domain(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("alter", "domain")
    schema, name = cur.qname()
    dom = reader.schema.domains.get(reader.type_key(schema, name))
    if dom is None:
        raise ParseFailure(f"domain {name} is not declared earlier in the file")
    if cur.at("rename", "to") or cur.at("set", "schema"):
        return move_type(reader, dom.qualified, cur)
    if cur.accept("add"):
        cname = cur.ident() if cur.accept("constraint") else None
        if cur.accept("not", "null"):
            dom.nullable = False
            return True
        cur.expect("check")
        a, b = cur.paren()
        chk = CheckConstraint(cname, make_expr(cur.src(a, b)))
        chk.not_valid = cur.accept("not", "valid")
        dom.checks.append(chk)
        return True
    if cur.accept("set", "not", "null"):
        dom.nullable = False
    elif cur.accept("drop", "not", "null"):
        dom.nullable = True
    elif cur.accept("set", "default"):
        dom.default = make_expr(cur.src(cur.i, cur.end))
    elif cur.accept("drop", "default"):
        dom.default = None
    elif cur.accept("drop", "constraint"):
        cur.accept("if", "exists")
        cname = cur.ident()
        dom.checks = [c for c in dom.checks if c.name != cname]
    elif cur.accept("validate", "constraint"):
        cname = cur.ident()
        for c in dom.checks:
            if c.name == cname:
                c.not_valid = False
    else:
        return False
    return True


def move_type(reader: ReaderState, key: str, cur: Cursor) -> bool:
    """ALTER TYPE|DOMAIN … RENAME TO / SET SCHEMA: the type and every column and domain of
    it follow (PostgreSQL refers to a type by its OID), as a migration swapping an enum for
    a new one (`CREATE TYPE x_new …; ALTER … TYPE x_new; … RENAME TO x`) relies on."""
    schema, name = key.split(".", 1)
    if cur.accept("rename", "to"):
        name = cur.ident()
    else:
        cur.expect("set", "schema")
        schema = cur.ident()
    new = f"{schema}.{name}"
    sch = reader.schema
    if key in sch.enums:
        en = sch.enums.pop(key)
        en.schema, en.name = schema, name
        sch.enums[new] = en
    elif key in sch.domains:
        dom = sch.domains.pop(key)
        dom.schema, dom.name = schema, name
        sch.domains[new] = dom
    elif key not in reader.types:
        return False
    reader.types.discard(key)
    reader.types.add(new)
    for t in [*(c.type for table in sch.tables.values() for c in table.columns),
              *(d.base for d in sch.domains.values())]:  # fmt: skip
        if t.name == key:
            t.name = new
    return True
