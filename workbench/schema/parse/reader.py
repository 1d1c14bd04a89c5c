"""The reader: walks the file's statements in order, classifies each, hands the ones the model
uses to their statement family's reader, and settles the model after the last one.
A statement that cannot be read becomes an error at its line and never stops the others."""

from __future__ import annotations

import bisect
import copy
from collections.abc import Callable

from workbench.schema.model import Column, SkippedStatement, SourceRef, Table
from workbench.schema.parse import alter, columns, indexes, objects, sequences, types_domains
from workbench.schema.parse.classify import classify, dump_headers, header_section
from workbench.schema.parse.constraints import fold_column_pk
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.state import ReaderState
from workbench.schema.parse.statements import SESSION_KINDS, ParsedFile, Statement
from workbench.schema.split import RawStatement, Token, split_statements, tokenize


def read(reader: ReaderState, text: str) -> ParsedFile:
    """Read every statement of `text` into the model, in file order."""
    raws, metas = split_statements(text)
    stmts: list[Statement] = []
    for m in metas:
        src = SourceRef(reader.file, m.line)
        word = m.text.split()[0] if m.text.split() else "\\"
        stmts.append(Statement(m.text, src, f"psql {word}", "skip", "psql meta-command"))
        reader.schema.skipped.append(SkippedStatement(f"psql {word}", src, "psql meta-command"))
    headers = dump_headers(text, [(r.line, r.end_line) for r in raws])
    header_lines = [h[0] for h in headers]
    seen_post = False
    for raw in raws:
        k = bisect.bisect_left(header_lines, raw.line) - 1
        section = header_section(headers[k][1]) if k >= 0 else None
        st, seen_post = _read_one(reader, raw, section, seen_post)
        stmts.append(st)
    stmts.sort(key=lambda s: s.source.line)
    finish(reader)
    return ParsedFile(reader.schema, stmts, reader.file)


def _read_one(
    reader: ReaderState, raw: RawStatement, section: str | None, seen_post: bool
) -> tuple[Statement, bool]:
    """Classify one statement and apply it to the model; also whether a post-data statement
    has been seen by now."""
    src = SourceRef(reader.file, raw.line)
    reader.src = src
    toks = tokenize(raw.text)
    kind, phase, reason = classify(toks, raw.text)
    if section is not None and phase not in ("skip", "data") and kind not in SESSION_KINDS:
        # pg_dump said which section the object belongs to: that is the order
        # pg_restore would follow (a view's CREATE OR REPLACE under `Type: RULE`).
        phase = section
    st = Statement(raw.text, src, kind, phase, reason, raw.copy_data)
    reader.redefined_view = False
    post_before, seen_post = seen_post, seen_post or phase == "post"
    if raw.error:
        reader.schema.errors.append(SkippedStatement(kind, src, f"{src}: {raw.error}"))
        st.phase = "skip"
        st.reason = raw.error
        return st, seen_post
    if kind in ("INSERT", "COPY FROM stdin") and st.phase == "data":
        note_rows(reader, st, toks)
    try:
        used = dispatch(reader, kind, toks, raw.text)
    except ParseFailure as e:
        reader.schema.errors.append(SkippedStatement(kind, src, f"{src}: {kind}: {e}"))
        return st, seen_post
    except Exception as e:  # a reader bug must not lose the rest of the file
        reader.schema.errors.append(
            SkippedStatement(kind, src, f"{src}: {kind}: {type(e).__name__}: {e}")
        )
        return st, seen_post
    if not used:
        why = reason or "not used by the schema model"
        reader.schema.skipped.append(SkippedStatement(kind, src, why))
    if reader.redefined_view and post_before and section is None and st.phase == "pre":
        # Without headers, the statement's own place decides: a view created earlier
        # and replaced after constraints relies on them (GROUP BY on a primary key),
        # so it stays after them; the earlier definition holds its place meanwhile.
        st.phase = "post"
        st.reason = "redefines a view after constraints it may rely on"
    return st, seen_post


def note_rows(reader: ReaderState, st: Statement, toks: list[Token]) -> None:
    """Rows the file carries: the target table and the number of rows of an INSERT …
    VALUES or a COPY … FROM stdin block (other INSERTs stay statements of the data)."""
    cur = Cursor(toks, st.sql)
    try:
        if st.kind == "INSERT":
            cur.expect("insert", "into")
        else:
            cur.expect("copy")
        cur.accept("only")
        schema, name = cur.qname()
        table = reader.schema.tables.get(reader.rel_key(schema, name))
        if table is None:
            return
        if st.kind == "COPY FROM stdin":
            rows = sum(1 for line in (st.copy_data or "").split("\n") if line)
        else:
            rows = values_rows(cur)
    except ParseFailure:
        return
    if rows:
        st.table = table.qualified
        st.rows = rows
        table.file_rows += rows


def dispatch(reader: ReaderState, kind: str, toks: list[Token], text: str) -> bool:
    """Apply one statement to the model; False when the model does not use it."""
    cur = Cursor(toks, text)
    note_roles_in(reader, cur, kind)
    handler = _handler_for(kind)
    if handler is None:
        return False
    return handler(reader, cur)


_ROLE_KINDS = (
    "GRANT",
    "REVOKE",
    "ALTER DEFAULT PRIVILEGES",
    "CREATE POLICY",
    "ALTER POLICY",
    "CREATE ROLE",
    "CREATE USER",
    "CREATE GROUP",
    "SET ROLE",
)
# Words that end a list of role names after TO / FROM / ROLE.
_AFTER_ROLES = ("with", "granted", "in", "grant", "revoke", "using", "cascade", "restrict")


def note_roles_in(reader: ReaderState, cur: Cursor, kind: str) -> None:
    """Record the roles a statement names (owners, grantees, policy roles): the sandbox
    creates them NOLOGIN before the file runs."""
    t = cur.t
    for k in range(len(t) - 2):
        if t[k].is_word("owner") and t[k + 1].is_word("to"):
            reader.note_role(t[k + 2].value)
        elif t[k].is_word("authorization") and t[k + 1].kind in ("word", "qid"):
            reader.note_role(t[k + 1].value)
    if kind.startswith(_ROLE_KINDS):
        for n in _role_names(cur, kind):
            reader.note_role(n)


def _role_names(cur: Cursor, kind: str) -> list[str]:
    t = cur.t
    names: list[str] = []
    if kind.startswith(("CREATE ROLE", "CREATE USER", "CREATE GROUP")):
        cur2 = Cursor(t, cur.text, 2)
        cur2.accept("if", "not", "exists")
        if not cur2.done():
            names.append(cur2.peek().value)  # type: ignore[union-attr]
    for k, tok in enumerate(t):
        if (
            tok.is_word("to", "from")
            or (tok.is_word("role", "user") and k > 0 and t[k - 1].is_word("for", "set"))
            or (tok.is_word("grant") and kind.startswith("GRANT ROLE") and k == 0)
        ):
            j = k + 1
            while j < len(t) and t[j].kind in ("word", "qid"):
                if t[j].kind == "word" and t[j].value in _AFTER_ROLES:
                    break
                names.append(t[j].value)
                j += 1
                if j < len(t) and t[j].value == ",":
                    j += 1
                else:
                    break
    return names


def create_schema(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create", "schema")
    cur.accept("if", "not", "exists")
    if cur.accept("authorization"):
        name = cur.ident()
    else:
        name = cur.ident()
        if cur.accept("authorization"):
            cur.ident()
    reader.schemas.setdefault(name, None)
    if cur.done():
        return True
    # Schema elements: CREATE TABLE/VIEW/INDEX/SEQUENCE/TRIGGER and GRANT, one after
    # another with no separator; each runs as if the new schema led the search path.
    starts = [
        k for k in range(cur.i, cur.end)
        if cur.t[k].is_word("create", "grant") and _depth_at(cur, k) == 0
    ]  # fmt: skip
    saved = reader.search_path
    reader.search_path = [name, *reader.path()]
    try:
        for n, s in enumerate(starts):
            e = starts[n + 1] if n + 1 < len(starts) else cur.end
            sub_toks = cur.t[s:e]
            sub_text = cur.text
            sub = Cursor(sub_toks, sub_text)
            kind, _, _ = classify(sub_toks, cur.src(s, e))
            handler = _handler_for(kind)
            if handler is not None:
                handler(reader, sub)
            note_roles_in(reader, sub, kind)
    finally:
        reader.search_path = saved
    return True


def _depth_at(cur: Cursor, k: int) -> int:
    depth = 0
    for j in range(cur.i, k):
        v = cur.t[j]
        if v.kind == "punct":
            if v.value in "([":
                depth += 1
            elif v.value in ")]":
                depth -= 1
    return depth


def finish(reader: ReaderState) -> None:
    """Settle what only the whole file tells: referenced keys, inherited columns, and the
    schemas, roles and extensions the sandbox must hold."""
    sch = reader.schema
    # REFERENCES t without columns means t's primary key.
    for t in sch.tables.values():
        for fk in t.foreign_keys:
            if not fk.ref_columns:
                ref = sch.tables.get(fk.ref_qualified)
                if ref is not None and ref.primary_key is not None:
                    fk.ref_columns = list(ref.primary_key.columns)
    done: set[str] = set()
    for t in list(sch.tables.values()):
        _settle(sch.tables, t, done)
    schemas: dict[str, None] = dict(reader.schemas)
    for t in sch.tables.values():
        schemas.setdefault(t.schema, None)
    sch.schemas = sorted(schemas)
    sch.roles = sorted(reader.roles)
    sch.extensions = sorted(reader.extensions)


def _settle(tables: dict[str, Table], t: Table, done: set[str]) -> None:
    """Partitions and inheritance children take their parents' columns and NOT NULLs."""
    if t.qualified in done:
        return
    done.add(t.qualified)
    parents = ([t.partition_of] if t.partition_of else []) + t.inherits
    for pq in parents:
        p = tables.get(pq)
        if p is None:
            continue
        _settle(tables, p, done)
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


def values_rows(cur: Cursor) -> int:
    """The number of rows an INSERT's VALUES list holds (cursor after the table's name);
    0 for INSERT … SELECT, DEFAULT VALUES and anything else."""
    if cur.accept("as"):
        cur.ident()
    if not cur.done() and cur.peek().value == "(":  # type: ignore[union-attr]
        cur.paren()
    if cur.accept("overriding"):
        cur.ident()
        cur.expect("value")
    if not cur.accept("values"):
        return 0
    rows = depth = 0
    for tok in cur.t[cur.i :]:
        if tok.kind != "punct":
            if depth == 0 and tok.is_word("on", "returning"):
                break
            continue
        if tok.value == "(":
            rows += depth == 0
            depth += 1
        elif tok.value == ")":
            depth -= 1
    return rows


Handler = Callable[[ReaderState, Cursor], bool]

_HANDLERS: dict[str, Handler] = {
    "SET": objects.set_,
    "SELECT set_config": objects.set_config,
    "CREATE SCHEMA": create_schema,
    "CREATE EXTENSION": objects.create_extension,
    "CREATE TYPE": types_domains.create_type,
    "ALTER TYPE": types_domains.alter_type,
    "CREATE DOMAIN": types_domains.create_domain,
    "ALTER DOMAIN": types_domains.alter_domain,
    "CREATE SEQUENCE": sequences.create_sequence,
    "ALTER SEQUENCE": sequences.alter_sequence,
    "CREATE TABLE": columns.create_table,
    "ALTER TABLE": alter.alter_table,
    "CREATE INDEX": indexes.create_index,
    "CREATE UNIQUE INDEX": indexes.create_index,
    "ALTER INDEX": indexes.alter_index,
    "CREATE VIEW": objects.create_view,
    "CREATE MATERIALIZED VIEW": objects.create_view,
    "CREATE POLICY": objects.create_policy,
    "COMMENT ON TABLE": objects.comment,
    "COMMENT ON COLUMN": objects.comment,
    "DROP TABLE": objects.drop,
    "DROP VIEW": objects.drop,
    "DROP MATERIALIZED VIEW": objects.drop,
    "DROP TYPE": objects.drop,
    "DROP DOMAIN": objects.drop,
    "DROP SEQUENCE": objects.drop,
    "DROP INDEX": objects.drop,
}


def _handler_for(kind: str) -> Handler | None:
    if kind.startswith("ALTER TABLE "):
        return alter.alter_table
    return _HANDLERS.get(kind)
