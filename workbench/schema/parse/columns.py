"""CREATE TABLE: the table's clauses (PARTITION OF, INHERITS, PARTITION BY), its elements
(columns, LIKE, table constraints) and each column's type and inline constraints (serial,
identity, defaults, generated columns)."""

from __future__ import annotations

import copy
import re

from workbench.schema.model import (
    CheckConstraint,
    Column,
    PrimaryKey,
    Sequence,
    Table,
    UniqueConstraint,
)
from workbench.schema.parse.constraints import (
    Constraint,
    check_name,
    deferrable,
    fold_column_pk,
    index_params,
    nulls_distinct,
    references,
    table_constraint,
)
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.exprs import make_expr, make_object_name, null_casts, quote_qual
from workbench.schema.parse.sequences import sequence_options
from workbench.schema.parse.state import ReaderState
from workbench.schema.split import tokenize
from workbench.schema.types import read_type

_COLUMN_STOPS = {
    "constraint", "not", "null", "check", "default", "generated", "unique", "primary",
    "references", "collate", "deferrable", "initially", "compression", "storage",
}  # fmt: skip


def create_table(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create")
    unlogged = temporary = False
    while cur.peek() is not None and cur.peek().is_word(  # type: ignore[union-attr]
        "global", "local", "temp", "temporary", "unlogged"
    ):
        unlogged = unlogged or cur.peek().value == "unlogged"  # type: ignore[union-attr]
        temporary = temporary or cur.peek().value in ("temp", "temporary")  # type: ignore[union-attr]
        cur.i += 1
    cur.expect("table")
    if_not_exists = cur.accept("if", "not", "exists")
    schema, name = cur.qname()
    key = reader.rel_key(schema, name, create=True)
    if if_not_exists and (key in reader.schema.tables or key in reader.relnames):
        return True  # PostgreSQL skips it, with a notice
    sch = key.split(".", 1)[0]
    table = Table(sch, name, unlogged=unlogged, temporary=temporary, source=reader.src)
    if cur.at("as") or cur.at("of"):
        raise ParseFailure(
            "CREATE TABLE … AS / OF type: the columns come from elsewhere; not modelled"
        )
    parent: Table | None = None
    if cur.accept("partition", "of"):
        ps, pn = cur.qname()
        parent = reader.table(ps, pn)
        table.partition_of = parent.qualified
    reader.relnames.add(key)  # before the elements: serial sequences must not take the name
    try:
        if cur.at("("):
            a, b = cur.paren()
            _table_elements(reader, cur, table, a, b)
        if parent is not None:
            a = cur.i
            if cur.accept("default"):
                table.partition_bound = "DEFAULT"
            else:
                cur.expect("for", "values")
                s, e = cur.skip_to({"partition", "using", "with", "tablespace", "without"})
                table.partition_bound = cur.src(a, e)
        while not cur.done():
            if cur.accept("inherits"):
                a, b = cur.paren()
                for s, e in cur.split_commas(a, b):
                    sub = Cursor(cur.t, cur.text, s, e)
                    table.inherits.append(reader.table(*sub.qname()).qualified)
            elif cur.accept("partition", "by"):
                a = cur.i
                cur.i += 1
                cur.paren()
                table.partition_by = cur.src(a, a + 1).upper() + " " + cur.src(a + 1, cur.i)
            elif cur.at("("):
                cur.paren()
            else:
                cur.i += 1  # WITH (…), TABLESPACE x, USING heap, ON COMMIT …
    except Exception:
        reader.relnames.discard(key)
        raise
    reader.schema.tables[key] = table
    fold_column_pk(table)
    if table.inherits or table.partition_of:
        settle_inheritance(reader.schema.tables, table, set())
    _drop_redundant_uniques(table)
    return True


def _drop_redundant_uniques(table: Table) -> None:
    """PostgreSQL makes one index for a UNIQUE that repeats the primary key or another
    UNIQUE of the same CREATE TABLE."""
    seen: list[list[str | None]] = []
    if table.primary_key is not None:
        seen.append(list(table.primary_key.columns))
    kept: list[UniqueConstraint] = []
    for u in table.uniques:
        plain = not u.expressions and u.predicate is None and not u.nulls_not_distinct
        if plain and u.columns in seen:
            continue
        if plain:
            seen.append(u.columns)
        kept.append(u)
    table.uniques = kept


def settle_inheritance(tables: dict[str, Table], t: Table, done: set[str]) -> None:
    """Partitions and inheritance children take their parents' columns and NOT NULLs (at
    CREATE TABLE, so a later ALTER of an inherited column finds it, and again at the end of
    the file for what the parents gained meanwhile)."""
    if t.qualified in done:
        return
    done.add(t.qualified)
    parents = ([t.partition_of] if t.partition_of else []) + t.inherits
    for pq in parents:
        p = tables.get(pq)
        if p is None:
            continue
        settle_inheritance(tables, p, done)
        merged: list[Column] = []
        for pc in p.columns:
            own = t.column(pc.name)
            if own is None:
                c = copy.deepcopy(pc)
                c.identity = None
                if t.partition_of is None:
                    c.sequence = pc.sequence
                merged.append(c)
            else:
                if not pc.nullable:
                    own.nullable = False
                merged.append(own)
        merged += [c for c in t.columns if all(c.name != m.name for m in merged)]
        t.columns = merged
    fold_column_pk(t)


def _table_elements(reader: ReaderState, cur: Cursor, table: Table, a: int, b: int) -> None:
    if b > a and cur.t[b - 1].kind == "punct" and cur.t[b - 1].value == ",":
        raise ParseFailure("a ',' with nothing after it before ')'", cur.t[b - 1].start)
    for s, e in cur.split_commas(a, b):
        if s == e:  # `a int,, b int`: PostgreSQL's grammar has no empty element
            raise ParseFailure("two ',' with nothing between them", cur.t[e].start)
        sub = Cursor(cur.t, cur.text, s, e)
        first = cur.t[s]
        if first.kind == "word" and first.value in (
            "constraint",
            "check",
            "unique",
            "primary",
            "foreign",
            "exclude",
        ):
            table_constraint(reader, sub, table)
        elif first.is_word("like"):
            _like(reader, sub, table)
        else:
            column_def(reader, sub, table)


def _like(reader: ReaderState, cur: Cursor, table: Table) -> None:
    cur.expect("like")
    src = reader.table(*cur.qname())
    opts: set[str] = set()
    while not cur.done():
        if cur.accept("including"):
            opts.add(cur.ident())
        else:
            cur.i += 1
    every = "all" in opts
    for col in src.columns:
        c = copy.deepcopy(col)
        if not (every or "defaults" in opts):
            c.default = None
        if not (every or "identity" in opts):
            c.identity = None
        if not (every or "generated" in opts):
            c.generated = None
        table.columns.append(c)
    if every or "constraints" in opts:
        table.checks.extend(copy.deepcopy(src.checks))


def column_def(reader: ReaderState, cur: Cursor, table: Table) -> None:
    name = cur.ident()
    existing = table.column(name)
    if cur.accept("with", "options"):
        if existing is None:
            raise ParseFailure(f"column {name} WITH OPTIONS: no such inherited column")
        col = existing
    else:
        if existing is not None:
            raise ParseFailure(f"column {name} specified more than once")
        ref, cur.i = read_type(cur.t, cur.i)
        col = Column(name, reader.resolve_type(ref))
        if ref.serial:
            _serial(reader, table, col)
        table.columns.append(col)
    _column_constraints(reader, cur, table, col)


def _serial(reader: ReaderState, table: Table, col: Column) -> None:
    seqname = reader.unique_relname(table.schema, table.name, col.name, "seq")
    key = f"{table.schema}.{seqname}"
    reader.schema.sequences[key] = Sequence(
        table.schema, seqname, owned_by=f"{table.qualified}.{col.name}"
    )
    reader.relnames.add(key)
    col.nullable = False
    col.default = make_expr(f"nextval('{quote_qual(table.schema, seqname)}'::regclass)")
    col.sequence = key


def identity(reader: ReaderState, cur: Cursor, table: Table, col: Column, always: bool) -> None:
    col.identity = "always" if always else "by default"
    col.nullable = False
    seq = Sequence(table.schema, "")
    seqname = None
    if cur.at("("):
        a, b = cur.paren()
        sub = Cursor(cur.t, cur.text, a, b)
        k = a
        while k < b:
            if cur.t[k].is_word("sequence") and k + 1 < b and cur.t[k + 1].is_word("name"):
                sub.i = k + 2
                s, n = sub.qname()
                seqname = (s or table.schema, n)
                k = sub.i
                continue
            k += 1
        sub.i = a
        sequence_options(reader, sub, seq)
    if seqname is None:
        seqname = (table.schema, reader.unique_relname(table.schema, table.name, col.name, "seq"))
    seq.schema, seq.name = seqname
    seq.owned_by = f"{table.qualified}.{col.name}"
    key = seq.qualified
    reader.schema.sequences[key] = seq
    reader.relnames.add(key)
    col.sequence = key
    col.default = None


def set_default(reader: ReaderState, col: Column, text: str) -> None:
    if _default_dropped(reader, col, text):
        col.default = None
        return
    col.default = make_expr(text)
    m = re.match(r"\s*nextval\s*\(\s*'((?:[^']|'')+)'", text, re.I)
    if m:
        seq_toks = tokenize(m.group(1).replace("''", "'"))
        sub = Cursor(seq_toks, m.group(1))
        s, n = sub.qname()
        col.sequence = reader.rel_key(s, n)


def _default_dropped(reader: ReaderState, col: Column, text: str) -> bool:
    """PostgreSQL stores no default for a NULL that stays a bare constant once coerced to
    the column's type: no cast to another type (`NULL::character varying` on a text column
    stays a relabelled NULL, and is stored), no length or precision coercion, no domain."""
    casts = null_casts(text)
    if casts is None:
        return False
    t = col.type
    if t.length is not None or t.precision is not None or t.name in reader.schema.domains:
        return False
    for cast in casts:
        try:
            ref, end = read_type(cast, 0)
        except (ParseFailure, IndexError):
            return False
        ct = reader.resolve_type(ref)
        if end != len(cast) or (ct.name, ct.array_dims) != (t.name, t.array_dims):
            return False
        if ct.length is not None or ct.precision is not None:
            return False
    return True


def _column_constraints(reader: ReaderState, cur: Cursor, table: Table, col: Column) -> None:
    last: Constraint | None = None
    while not cur.done():
        cname = None
        if cur.accept("constraint"):
            cname = cur.ident()
        if cur.accept("not", "null"):
            col.nullable = False
        elif cur.accept("null"):
            col.nullable = True
        elif cur.accept("default"):
            a, b = cur.skip_to(_COLUMN_STOPS)
            set_default(reader, col, cur.src(a, b))
        elif cur.accept("check"):
            a, b = cur.paren()
            chk = CheckConstraint(cname or check_name(table, col.name), make_expr(cur.src(a, b)))
            cur.accept("no", "inherit")
            table.checks.append(chk)
            last = chk
        elif cur.accept("generated"):
            if cur.accept("always"):
                always = True
            else:
                cur.expect("by", "default")
                always = False
            cur.expect("as")
            if cur.accept("identity"):
                identity(reader, cur, table, col, always)
            else:
                a, b = cur.paren()
                col.generated = make_expr(cur.src(a, b))
                col.default = None
                cur.accept("stored") or cur.accept("virtual")
        elif cur.accept("unique"):
            # PostgreSQL's name for it (a later DROP CONSTRAINT t_col_key names it so)
            u = UniqueConstraint(cname or make_object_name(table.name, col.name, "key"), [col.name])
            u.nulls_not_distinct = nulls_distinct(cur)
            index_params(cur)
            table.uniques.append(u)
            reader.index_owner[f"{table.schema}.{u.name}"] = table.qualified
            last = u
        elif cur.accept("primary", "key"):
            index_params(cur)
            if table.primary_key is not None:
                raise ParseFailure(f"multiple primary keys for table {table.qualified}")
            pk = PrimaryKey(cname or make_object_name(table.name, None, "pkey"), [col.name])
            table.primary_key = pk
            reader.index_owner[f"{table.schema}.{pk.name}"] = table.qualified
            last = pk
        elif cur.accept("references"):
            fk = references(reader, cur, table, cname, [col.name])
            table.foreign_keys.append(fk)
            last = fk
        elif cur.at("deferrable") or cur.at("not", "deferrable") or cur.at("initially"):
            deferrable(cur, last)
        elif cur.accept("collate"):
            s, n = cur.qname()
            col.collation = f"{s}.{n}" if s else n
        elif cur.accept("compression") or cur.accept("storage"):
            cur.ident()
        else:
            raise ParseFailure(
                f"unexpected {cur.peek().value!r} in the definition of column {col.name}"  # type: ignore[union-attr]
            )
