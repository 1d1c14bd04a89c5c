"""The reader: walks the file's statements in order, classifies each, hands the ones the model
uses to their statement family's reader, and settles the model after the last one.
A statement that cannot be read becomes an error at its line and never stops the others."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from workbench.schema.model import SkippedStatement, SourceRef
from workbench.schema.parse import alter, columns, indexes, objects, sequences, types_domains
from workbench.schema.parse.classify import classify, not_sql
from workbench.schema.parse.columns import settle_inheritance
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.facts import Facts, block_statements, read_facts
from workbench.schema.parse.order import CLEAN_REASON, CleanPreamble, keep_in_place
from workbench.schema.parse.state import ReaderState
from workbench.schema.parse.statements import NOT_SQL, ParsedFile, Statement, place_in
from workbench.schema.split import RawStatement, Token, split_statements, tokenize


def read(
    reader: ReaderState, text: str, leave_out: Mapping[tuple[int, str], str] | None = None
) -> ParsedFile:
    """Read every statement of `text` into the model, in file order. `leave_out`: statements
    (by line and text) kept out of the model and of the apply, each with the reason. Each
    statement's kind comes from its own words and tree, never from the comments around it
    (a dump's `-- Type: TABLE DATA` header left above a CREATE TABLE by hand is a comment);
    which post-data statements may wait for the data is settled last (order.py)."""
    raws, metas = split_statements(text)
    stmts: list[Statement] = []
    facts: dict[int, Facts] = {}
    for m in metas:
        src = SourceRef(reader.file, m.line)
        word = m.text.split()[0] if m.text.split() else "\\"
        stmts.append(Statement(m.text, src, f"psql {word}", "skip", "psql meta-command"))
        reader.schema.skipped.append(SkippedStatement(f"psql {word}", src, "psql meta-command"))
    preamble = CleanPreamble()
    seen_post = False
    for raw in raws:
        why = leave_out.get((raw.line, raw.text)) if leave_out else None
        f = read_facts(raw.text) if not raw.error else Facts()
        if why is None and preamble.drops_nothing(f):
            why = CLEAN_REASON
        if why is not None:
            src = SourceRef(reader.file, raw.line)
            kind = classify(tokenize(raw.text), raw.text)[0]
            stmts.append(Statement(raw.text, src, kind, "skip", why, raw.copy_data))
            reader.schema.skipped.append(SkippedStatement(kind, src, why))
            continue
        preamble.saw(f)
        st, seen_post = _read_one(reader, raw, f, seen_post)
        st.needs_major = f.min_major
        stmts.append(st)
        facts[id(st)] = f
    stmts.sort(key=lambda s: s.source.line)
    keep_in_place(stmts, [facts.get(id(s)) or Facts() for s in stmts])
    finish(reader)
    settle_copies(reader)
    settle_rows(reader)
    return ParsedFile(reader.schema, stmts, reader.file)


def _read_one(
    reader: ReaderState, raw: RawStatement, facts: Facts, seen_post: bool
) -> tuple[Statement, bool]:
    """Classify one statement and apply it to the model; also whether a post-data statement
    has been seen by now."""
    src = SourceRef(reader.file, raw.line)
    reader.src = src
    toks = tokenize(raw.text)
    kind, phase, reason = classify(toks, raw.text)
    st = Statement(raw.text, src, kind, phase, reason, raw.copy_data)
    reader.redefined_view = False
    post_before, seen_post = seen_post, seen_post or phase == "post"
    stray = None if raw.error else not_sql(toks)
    if raw.error or stray is not None:
        why = raw.error or f"{NOT_SQL}: no PostgreSQL command starts with {stray!r}"
        reader.schema.errors.append(SkippedStatement(kind, src, f"{src}: {why}"))
        st.phase = "skip"
        st.reason = why
        return st, seen_post
    if st.phase == "data":
        note_rows(reader, st, facts)
    try:
        used = dispatch(reader, kind, toks, raw.text)
    except ParseFailure as e:
        where = place_in(src, raw.text, e.at)
        reader.schema.errors.append(SkippedStatement(kind, src, f"{where}: {kind}: {e}"))
        return st, seen_post
    except Exception as e:  # a reader bug must not lose the rest of the file
        reader.schema.errors.append(
            SkippedStatement(kind, src, f"{src}: {kind}: {type(e).__name__}: {e}")
        )
        return st, seen_post
    if not used:
        why = reason or "not used by the schema model"
        reader.schema.skipped.append(SkippedStatement(kind, src, why))
    if reader.redefined_view and post_before and st.phase == "pre":
        # The statement's own place decides: a view created earlier and replaced after
        # constraints relies on them (GROUP BY on a primary key), so it stays after them;
        # the earlier definition holds its place meanwhile.
        st.phase = "post"
        st.reason = "redefines a view after constraints it may rely on"
    return st, seen_post


def note_rows(reader: ReaderState, st: Statement, facts: Facts) -> None:
    """A data statement's tables, from its tree: the rows an INSERT (VALUES lists, or a
    SELECT's branches) or a COPY … FROM stdin block carries for its table, and every table
    it writes (an UPDATE's, a data-modifying CTE's), which decide whether it runs. The
    tables are held as they are now; `settle_rows` names them as they are at the end."""
    tables = reader.schema.tables
    writes = [tables.get(reader.rel_key(s, n)) for s, n in facts.writes if n]
    target = None
    if facts.target is not None and st.kind in ("INSERT", "COPY FROM stdin"):
        target = tables.get(reader.rel_key(*facts.target))
    if target is not None:
        if st.kind == "COPY FROM stdin":
            st.rows = sum(1 for line in (st.copy_data or "").split("\n") if line)
        else:
            st.rows = facts.rows
        target.file_rows += st.rows
    sources = [tables.get(reader.rel_key(s, n)) for s, n in facts.copies_from]
    if target is not None and not st.rows and sources and None not in sources:
        reader.copies.append((len(reader.row_targets), target, sources))  # type: ignore[arg-type]
    reader.row_targets.append((st, target if st.rows else None, writes))


def settle_copies(reader: ReaderState) -> None:
    """An INSERT … SELECT that reads only tables keeping rows of the file (a migration
    deriving a default pricing tier per model from the prices it inserted) carries rows of
    the file too, when rows of the file point at its target (a foreign key from a table
    keeping the file's rows): its target keeps them (as many as its largest source, an
    estimate) and it runs at its place, so that what those rows point at exists. A copy
    nothing of the file points at (a personal team per user) leaves its target generated."""
    left = list(reader.copies)
    while left:
        tables = reader.schema.tables.values()
        pointed = {fk.ref_qualified for t in tables if t.file_rows for fk in t.foreign_keys}
        settled = [c for c in left if c[1].qualified in pointed and all(t.file_rows for t in c[2])]
        if not settled:
            return
        for at, target, sources in settled:
            st, _, writes = reader.row_targets[at]
            st.rows = max(t.file_rows for t in sources)
            target.file_rows += st.rows
            reader.row_targets[at] = (st, target, writes)
        done = {c[0] for c in settled}
        left = [c for c in left if c[0] not in done]


def settle_rows(reader: ReaderState) -> None:
    """Each data statement's tables under their names at the end of the file. A table the
    file drops later (or a write into something that is no table of the model) is no table
    of the sandbox: the statement runs at its place, as psql runs it, whatever else is
    generated."""
    final = {id(t): t.qualified for t in reader.schema.tables.values()}
    for st, target, writes in reader.row_targets:
        st.table = final.get(id(target)) if target is not None else None
        st.writes = tuple(
            sorted({final[id(t)] for t in writes if t is not None and id(t) in final})
        )
        if target is not None and st.table is None:
            st.rows = 0


def dispatch(reader: ReaderState, kind: str, toks: list[Token], text: str) -> bool:
    """Apply one statement to the model; False when the model does not use it."""
    cur = Cursor(toks, text)
    note_roles_in(reader, cur, kind)
    handler = _handler_for(kind)
    if handler is None:
        return False
    return handler(reader, cur)


#: Statements that only refer to roles (grantees, policy roles), and those that make or become
#: one: a DO block's roles are taken from the first kind only.
_REFERRING_KINDS = ("GRANT", "REVOKE", "ALTER DEFAULT PRIVILEGES", "CREATE POLICY", "ALTER POLICY")
_MAKING_KINDS = ("CREATE ROLE", "CREATE USER", "CREATE GROUP", "SET ROLE")
_ROLE_KINDS = _REFERRING_KINDS + _MAKING_KINDS
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


_MODEL_WORDS = ("create", "alter", "drop", "comment")


def do_block(reader: ReaderState, cur: Cursor) -> bool:
    """A DO block's own DDL (an enum made `IF NOT EXISTS` in PL/pgSQL, say) is read into the
    model as if the file held it, in the block's order: the block runs at its place. The roles
    its statements name (a GRANT … TO, an OWNER TO) are the file's as if it named them outside
    the block: created NOLOGIN, with no attribute, where the cluster lacks them (never one
    that exists). Its extensions are not (the administrator makes those of the file's own
    statements; the block runs as the owner role, which the server stops at what it may not
    do)."""
    used = False
    for text, conditional in block_statements(cur.text):
        toks = tokenize(text)
        if not toks:
            continue
        kind, phase, _ = classify(toks, text)
        if not kind.startswith(_MAKING_KINDS):
            # a role the block grants to or hands objects to; never one it would make or
            # alter itself (`EXECUTE 'CREATE ROLE x SUPERUSER'`): the owner role's attempt
            # fails at the server, and the administrator makes nothing of it
            note_roles_in(reader, Cursor(toks, text), kind)
        if not toks[0].is_word(*_MODEL_WORDS):
            continue
        if conditional and toks[0].is_word("drop"):
            # under a condition the reader cannot decide: keeping an index or a constraint
            # the server may not hold constrains the rows more, dropping one it holds fails
            # the load
            continue
        handler = _handler_for(kind)
        if phase == "skip" or handler is None or kind == "CREATE EXTENSION":
            continue  # extensions are the administrator's, for the file's own statements
        try:
            used = handler(reader, Cursor(toks, text)) or used
        except ParseFailure as e:
            reader.schema.errors.append(
                SkippedStatement(kind, reader.src, f"{reader.src}: DO: {kind}: {e}")
            )
    return used


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
        settle_inheritance(sch.tables, t, done)
    schemas: dict[str, None] = dict(reader.schemas)
    for t in sch.tables.values():
        schemas.setdefault(t.schema, None)
    sch.schemas = sorted(schemas)
    sch.roles = sorted(reader.roles)
    sch.extensions = sorted(reader.extensions)


Handler = Callable[[ReaderState, Cursor], bool]

_HANDLERS: dict[str, Handler] = {
    "SET": objects.set_,
    "SELECT set_config": objects.set_config,
    "CREATE SCHEMA": create_schema,
    "DO": do_block,
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
