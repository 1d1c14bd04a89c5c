"""What schema.sql asks of the server, read with PostgreSQL's own parser (pglast, the grammar
of PostgreSQL 18), never with the workbench's hand-written reader.

The file's statements run on the sandbox owner role's own connection (a LOGIN role with no
attribute, member of no predefined role): the server itself refuses what that role may not do.
This module says so earlier and in one paragraph: `needs()` lists the statements that need a
superuser (`config.SKIP_CATEGORIES`), and `refuse_or_skip()` refuses the first one whose
category `[schema] skip` does not name, before anything is written. It also reads, from the
parse tree, the few things the administrator does for the file, each as one statement the
workbench builds itself: the extensions to create (`extensions()`), their comments
(`extension_comment()`), and ownership changes (`owner_change()`).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pglast import ast
from pglast.parser import ParseError, parse_sql, parse_sql_json
from pglast.stream import RawStream
from psycopg import sql

from workbench.config.file import SKIP_CATEGORIES
from workbench.errors import SchemaApplyError
from workbench.schema import network
from workbench.schema.left_out import statement_refs
from workbench.schema.parse import ParsedFile, Statement

# Functions that reach outside the database (files, programs, other sessions, replication,
# the server's configuration). Called in a statement of the file, or named as a call in the
# body of a function or DO block it makes (the body would fail as the owner role when it runs,
# after the rows are loaded), they are refused as "server-access".
DANGEROUS_FUNCTIONS = frozenset(
    {
        "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "pg_ls_logdir",
        "pg_ls_waldir", "pg_ls_tmpdir", "pg_ls_archive_statusdir", "lo_import", "lo_export",
        "pg_file_write", "pg_file_rename", "pg_file_unlink", "pg_terminate_backend",
        "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile", "pg_promote",
        "pg_switch_wal", "pg_create_physical_replication_slot",
        "pg_create_logical_replication_slot", "pg_drop_replication_slot", "dblink",
        "dblink_exec", "dblink_connect", "dblink_connect_u", "dblink_open", "dblink_send_query",
    }
)  # fmt: skip
# Only these statements are parsed (the rest cannot need a superuser): a cheap look at the
# first words, and at names of the functions above anywhere in the text.
_CANDIDATE = re.compile(
    r"(?:create|alter|comment|grant|copy|load|do|call|select|with|insert|update|delete|merge"
    r"|values|execute|table)\b",
    re.IGNORECASE,
)
_CHEAP_KINDS = re.compile(
    r"(?:create|alter)\s+(?:(?:unique\s+)?index|table|(?:materialized\s+)?view|sequence"
    r"|type|domain|schema|policy|trigger|rule|collation|cast|statistics|aggregate|operator)\b",
    re.IGNORECASE,
)
_FUNCTION_NAME = re.compile(r"(?:pg_|lo_|dblink)\w*", re.IGNORECASE)
_UNTRUSTED = re.compile(r"pl\w*u")  # PostgreSQL's naming of untrusted languages (plperlu…)
_ROLE_ATTRIBUTES = {
    "superuser": "SUPERUSER",
    "createdb": "CREATEDB",
    "createrole": "CREATEROLE",
    "isreplication": "REPLICATION",
    "bypassrls": "BYPASSRLS",
}


@dataclass(frozen=True)
class Need:
    """A statement that needs more than the sandbox's owner role has."""

    category: str  # a key of config.SKIP_CATEGORIES
    statement: Statement
    what: str


def tree(text: str) -> dict[str, Any] | None:
    """The parse tree (pglast's JSON, as dicts) of text holding exactly one statement; None
    when it holds none, several, or does not parse (the server will say why)."""
    try:
        stmts = json.loads(parse_sql_json(text)).get("stmts") or []
    except ParseError:
        return None
    if len(stmts) != 1:
        return None
    node = stmts[0].get("stmt") or {}
    return node if isinstance(node, dict) else None


def _node(node: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    (name, body), *_ = node.items()
    return name, body if isinstance(body, dict) else {}


def _sval(node: Any) -> str:
    if isinstance(node, dict):
        inner = node.get("String") or node
        return str(inner.get("sval", ""))
    return ""


def _options(body: dict[str, Any]) -> dict[str, Any]:
    """A statement's DefElem options by name (the argument's JSON node)."""
    out: dict[str, Any] = {}
    for item in body.get("options") or []:
        elem = item.get("DefElem") or {}
        out[str(elem.get("defname"))] = elem.get("arg")
    return out


def _true(arg: Any) -> bool:
    if not isinstance(arg, dict):
        return arg is None  # `SUPERUSER` alone
    if "Boolean" in arg:
        return bool(arg["Boolean"].get("boolval"))
    if "Integer" in arg:
        return bool(arg["Integer"].get("ival"))
    return False


def _calls(node: Any) -> Iterator[str]:
    """The names of the functions a statement calls (its own expressions only)."""
    if isinstance(node, dict):
        call = node.get("FuncCall")
        if isinstance(call, dict):
            names = [_sval(n) for n in call.get("funcname") or []]
            if names:
                yield names[-1].lower()
        for value in node.values():
            yield from _calls(value)
    elif isinstance(node, list):
        for value in node:
            yield from _calls(value)


def _candidate(text: str) -> bool:
    for name in _FUNCTION_NAME.findall(text):
        if name.lower() in DANGEROUS_FUNCTIONS:
            return True
    if _TRIGGER_ALL.search(text):
        return True
    return bool(_CANDIDATE.match(text)) and not _CHEAP_KINDS.match(text)


_TRIGGER_ALL = re.compile(r"\btrigger\s+all\b", re.IGNORECASE)


def _keyed_tables(parsed: ParsedFile) -> set[str]:
    """The tables (bare names) with foreign keys' system triggers: those that have a foreign
    key and those one references."""
    out: set[str] = set()
    for table in parsed.schema.tables.values():
        for fk in table.foreign_keys:
            out |= {table.name, fk.ref_table}
    return out


def needs(
    parsed: ParsedFile,
    untrusted_languages: Collection[str] = (),
    network_allowed: Collection[str] = (),
) -> list[Need]:
    """The file's statements that need a superuser, in file order, by the server's parser,
    and the network extensions `[schema] network_extensions` does not allow (network.py).
    `untrusted_languages`: the server's own (pg_language.lanpltrusted false)."""
    untrusted = {"c", "internal", *untrusted_languages}
    keyed = _keyed_tables(parsed)
    own = {t.name for t in parsed.schema.tables.values()}
    out: list[Need] = []
    for st in parsed.statements:
        if st.kind.startswith("psql ") or not _candidate(st.sql):
            continue
        node = tree(st.sql)
        if node is None:
            continue
        found = (
            _network_need(node, network_allowed)
            or _need(node, untrusted)
            or _catalog_need(node, keyed, own)
        )
        if found is not None:
            out.append(Need(found[0], st, found[1]))
    return out


def _need(node: dict[str, Any], untrusted: set[str]) -> tuple[str, str] | None:
    name, body = _node(node)
    if name == "CreateFunctionStmt":
        language = _sval(_options(body).get("language")).lower()
        if language in untrusted or _UNTRUSTED.fullmatch(language):
            what = "PROCEDURE" if body.get("is_procedure") else "FUNCTION"
            return "untrusted-language", f"CREATE {what} … LANGUAGE {language}"
    if name == "CreatePLangStmt":  # with a handler; without one it is CREATE EXTENSION
        return "untrusted-language", f"CREATE LANGUAGE {body.get('plname', '')} HANDLER …"
    if name in ("CreateEventTrigStmt", "AlterEventTrigStmt"):
        return (
            "event-trigger",
            f"{'CREATE' if name.startswith('Create') else 'ALTER'} EVENT TRIGGER",
        )
    if name in ("CommentStmt", "AlterOwnerStmt", "RenameStmt") and str(
        body.get("objtype") or body.get("objectType") or body.get("renameType")
    ).endswith("EVENT_TRIGGER"):
        return "event-trigger", "a statement on an event trigger"
    if name == "AlterSystemStmt":
        return "server-settings", "ALTER SYSTEM"
    if name == "LoadStmt":
        return "server-settings", "LOAD"
    if name in ("AlterExtensionStmt", "AlterExtensionContentsStmt"):
        return "server-settings", "ALTER EXTENSION"
    if name == "CopyStmt" and (body.get("is_program") or body.get("filename")):
        where = "a program" if body.get("is_program") else "a server file"
        return "server-access", f"COPY {'FROM' if body.get('is_from') else 'TO'} {where}"
    if name in ("CreateRoleStmt", "AlterRoleStmt"):
        attributes = [
            word for key, word in _ROLE_ATTRIBUTES.items() if _true(_options(body).get(key, {}))
        ]
        if attributes:
            return "privileged-role", f"a role with {', '.join(attributes)}"
    if name == "GrantRoleStmt" and body.get("is_grant"):
        granted = [
            str((r.get("AccessPriv") or {}).get("priv_name", ""))
            for r in body.get("granted_roles") or []
        ]
        if any(g.startswith("pg_") for g in granted):
            return "privileged-role", f"GRANT {', '.join(granted)} (a predefined role)"
    calls = sorted(set(_calls(body)) & DANGEROUS_FUNCTIONS)
    if calls:
        return "server-access", f"a call of {', '.join(calls)}"
    return _body_need(name, body)


_BODY_CALL = re.compile(r"\b(\w+)\"?\s*\(")  # `pg_read_file(`, `"pg_read_file"(`
_BODY_COPY = re.compile(r"\bcopy\b[^;]*?\b(?:from|to)\s+(program\b|e?')", re.IGNORECASE)


def _body_need(name: str, body: dict[str, Any]) -> tuple[str, str] | None:
    """A function's or DO block's body (a string the parser does not read) that calls one of
    DANGEROUS_FUNCTIONS: it would run as the owner role and fail there, later."""
    if name == "CreateFunctionStmt":
        texts = _options(body).get("as")
        what = "PROCEDURE" if body.get("is_procedure") else "FUNCTION"
        names = [_sval(n) for n in body.get("funcname") or []]
        label = f"CREATE {what} {'.'.join(n for n in names if n)}"
    elif name == "DoStmt":
        texts = _options({"options": body.get("args")}).get("as")
        label = "DO"
    else:
        return None
    items = texts.get("List", {}).get("items", []) if isinstance(texts, dict) else []
    source = " ".join(_sval(t) for t in items) or _sval(texts)
    calls = sorted({c.lower() for c in _BODY_CALL.findall(source)} & DANGEROUS_FUNCTIONS)
    does = [f"calls {', '.join(calls)}"] if calls else []
    copy = _BODY_COPY.search(source)
    if copy is not None:
        where = "a program" if copy.group(1).lower() == "program" else "a server file"
        does.append(f"runs COPY to or from {where}")
    if not does:
        return None
    return "server-access", f"{label}, whose body {' and '.join(does)},"


def _network_need(node: dict[str, Any], allowed: Collection[str]) -> tuple[str, str] | None:
    name, body = _node(node)
    extension = str(body.get("extname", ""))
    if (
        name == "CreateExtensionStmt"
        and extension in network.NETWORK_EXTENSIONS
        and extension not in allowed
    ):
        return network.SKIP_NAME, extension
    return None


_ALL_TRIGGERS = frozenset({"AT_DisableTrigAll", "AT_EnableTrigAll"})
_WRITES = {"UpdateStmt": "UPDATE", "InsertStmt": "INSERT INTO", "DeleteStmt": "DELETE FROM"}


def _catalog_need(node: dict[str, Any], keyed: set[str], own: set[str]) -> tuple[str, str] | None:
    """A write into a system catalog, or all the triggers of a table with foreign keys
    switched (theirs are the system's): what only a superuser may do to the catalogs."""
    name, body = _node(node)
    relation = body.get("relation") or {}
    table = str(relation.get("relname", ""))
    if name == "AlterTableStmt" and (table in keyed or table not in own):  # (own: dropped later)
        subs = {(c.get("AlterTableCmd") or {}).get("subtype") for c in body.get("cmds") or []}
        if subs & _ALL_TRIGGERS:
            word = "DISABLE" if "AT_DisableTrigAll" in subs else "ENABLE"
            return "system-catalog", f"ALTER TABLE {table} {word} TRIGGER ALL"
    if name in _WRITES:
        schema = relation.get("schemaname")
        if schema == "pg_catalog" or (
            schema is None and table.startswith("pg_") and table not in own
        ):
            return "system-catalog", f"{_WRITES[name]} {table} (a system catalog)"
    return None


def refuse_or_skip(
    parsed: ParsedFile, found: list[Need], skip: Collection[str], config_path: str
) -> list[Statement]:
    """The statements `[schema] skip` leaves out; the first need it does not name is refused
    (SchemaApplyError: one paragraph naming the statement, why, and the way out)."""
    left_out: list[Statement] = []
    for need in found:
        if need.category in skip:
            left_out.append(need.statement)
            continue
        more = [n for n in found if n.category == need.category and n is not need]
        if need.category == network.SKIP_NAME:
            raise network.refusal(str(need.statement.source), need.what, config_path, len(more))
        also = f" (and {len(more)} more like it)" if more else ""
        raise SchemaApplyError(
            f"{need.statement.source}: {need.what}{also} needs a superuser: "
            f"{SKIP_CATEGORIES[need.category]}. schema.sql runs as the sandbox's own role, "
            "which is not one, so nothing was written. To leave such statements out, add "
            f'"{need.category}" to the key skip of [schema] in {config_path} '
            f'([schema] skip = ["{need.category}"]), or remove the statement from '
            f"{parsed.filename}.",
            title="needs a superuser",
        )
    following = dependents(parsed, left_out)
    tables = {("relation", t.name) for t in parsed.schema.tables.values()}
    for st in following:
        if statement_refs(st).defines & tables:
            raise SchemaApplyError(
                f"{st.source}: {st.kind} uses {_used_of(st, left_out + following)}, left out by "
                f"[schema] skip in {config_path}, and the sandbox cannot be built without "
                f"this table, so nothing was written. Remove the table's use of it from "
                f"{parsed.filename}, or the statement [schema] skip leaves out.",
                title="needs a superuser",
            )
    return left_out + following


def dependents(parsed: ParsedFile, left_out: list[Statement]) -> list[Statement]:
    """The statements that use what a left-out statement defines (a trigger running a
    left-out function, a view over it), transitively, in file order."""
    out_ids = {id(st) for st in left_out}
    gone = set()
    for st in left_out:
        gone |= statement_refs(dataclasses.replace(st, phase="pre")).defines
    found: list[Statement] = []
    changed = bool(gone)
    while changed:
        changed = False
        for st in parsed.statements:
            if id(st) in out_ids or st.phase == "skip":
                continue
            refs = statement_refs(st)
            if refs.uses & gone:
                out_ids.add(id(st))
                found.append(st)
                gone |= refs.defines
                changed = True
    return sorted(found, key=lambda st: st.source.line)


def left_out_line(parsed: ParsedFile, left_out: list[Statement]) -> str | None:
    """One line for every statement of the file that does not run: how many, and their kinds,
    then each one `[schema] skip` leaves out with its file:line and why; None when every
    statement runs."""
    skipped = {id(s) for s in left_out}
    counts: dict[str, int] = {}
    for st in parsed.statements:
        if id(st) in skipped:
            kind = f"{st.kind} ([schema] skip)"
        elif st.phase == "skip":
            kind = st.kind
        else:
            continue
        counts[kind] = counts.get(kind, 0) + 1
    if not counts:
        return None
    kinds = ", ".join(f"{kind} ×{n}" for kind, n in counts.items())
    total = sum(counts.values())
    name = Path(parsed.filename).name
    line = f"left out of {name}: {total} statement(s) that do not run here: {kinds}"
    places = [f"{st.source} ({_why_left_out(st, left_out)})" for st in left_out]
    return line + (f"; [schema] skip leaves out {'; '.join(places)}" if places else "")


def _why_left_out(st: Statement, left_out: list[Statement]) -> str:
    node = tree(st.sql)
    found = None
    if node is not None:
        found = _network_need(node, ()) or _need(node, set()) or _catalog_need(node, set(), set())
    if found is not None:
        return f"{found[1].rstrip(',')}: {found[0]}"
    return f"{st.kind} using {_used_of(st, left_out)}, left out"


def _used_of(st: Statement, left_out: list[Statement]) -> str:
    """What `st` uses that a left-out statement defines: `the function f of schema.sql:3`."""
    uses = statement_refs(st).uses
    for other in left_out:
        defined = statement_refs(dataclasses.replace(other, phase="pre")).defines & uses
        if other is not st and defined:
            kind, what = sorted(defined)[0]
            return f"the {kind} {what} of {other.source}"
    return "a statement"


# --- what the administrator does for the file, built from the parse tree ---------------------


@dataclass(frozen=True)
class Extension:
    name: str
    schema: str | None
    version: str | None
    cascade: bool
    source: str  # file:line
    statement: Statement | None = None  # the CREATE EXTENSION it was read from

    def create(self) -> sql.Composed:
        parts: list[sql.Composable] = [
            sql.SQL("CREATE EXTENSION IF NOT EXISTS {}").format(sql.Identifier(self.name))
        ]
        if self.schema:
            parts.append(sql.SQL("SCHEMA {}").format(sql.Identifier(self.schema)))
        if self.version:
            parts.append(sql.SQL("VERSION {}").format(sql.Literal(self.version)))
        if self.cascade:
            parts.append(sql.SQL("CASCADE"))
        return sql.SQL(" ").join(parts)


def extensions(statements: Iterable[Statement]) -> list[Extension]:
    """The extensions these statements create, in order, from each CREATE EXTENSION's tree."""
    out: list[Extension] = []
    for st in statements:
        if st.kind not in ("CREATE EXTENSION", "CREATE LANGUAGE") or st.phase == "skip":
            continue  # CREATE LANGUAGE without a handler is CREATE EXTENSION to the server
        node = tree(st.sql)
        if node is None:
            continue
        name, body = _node(node)
        if name != "CreateExtensionStmt":
            continue
        options = _options(body)
        out.append(
            Extension(
                name=str(body.get("extname", "")),
                schema=_sval(options.get("schema")) or None,
                version=_sval(options.get("new_version")) or None,
                cascade=_true(options.get("cascade", {"Boolean": {}})),
                source=str(st.source),
                statement=st,
            )
        )
    return out


def extension_comment(st: Statement) -> sql.Composed | None:
    """`COMMENT ON EXTENSION name IS '…'` rebuilt from its tree (an extension belongs to the
    administrator, who alone may comment on it); None for any other statement."""
    node = tree(st.sql)
    if node is None:
        return None
    name, body = _node(node)
    if name != "CommentStmt" or body.get("objtype") != "OBJECT_EXTENSION":
        return None
    target = _sval(body.get("object"))
    comment = body.get("comment")
    return sql.SQL("COMMENT ON EXTENSION {} IS {}").format(
        sql.Identifier(target), sql.Literal(comment) if comment is not None else sql.SQL("NULL")
    )


def plain_create_schema(st: Statement) -> str | None:
    """The schema a `CREATE SCHEMA name` without elements creates, else None."""
    node = tree(st.sql)
    if node is None:
        return None
    name, body = _node(node)
    if name != "CreateSchemaStmt" or body.get("schemaElts"):
        return None
    return str(body.get("schemaname") or "") or None


@dataclass(frozen=True)
class OwnerChange:
    """An `ALTER … OWNER TO role` statement and nothing else: the role, and the statement
    rebuilt from its tree by pglast's deparser."""

    role: str
    node: Any  # the statement's tree
    spec: Any  # its RoleSpec

    @property
    def rebuilt(self) -> str:
        return str(RawStream()(self.node))

    def to(self, role: str) -> str:
        """The same change, rebuilt for another new owner."""
        original = self.spec.rolename
        self.spec.rolename = role
        try:
            return str(RawStream()(self.node))
        finally:
            self.spec.rolename = original


def owner_change(st: Statement) -> OwnerChange | None:
    """The statement's ownership change when it is exactly one (ALTER <object> OWNER TO a
    named role, or ALTER TABLE with that one action), else None."""
    if "owner" not in st.sql.lower():
        return None
    try:
        stmts = parse_sql(st.sql)
    except ParseError:
        return None
    if len(stmts) != 1:
        return None
    node = stmts[0].stmt
    if isinstance(node, ast.AlterOwnerStmt):
        spec = node.newowner
    elif isinstance(node, ast.AlterTableStmt) and node.cmds and len(node.cmds) == 1:
        cmd = node.cmds[0]
        if getattr(cmd.subtype, "name", None) != "AT_ChangeOwner":
            return None
        spec = cmd.newowner
    else:
        return None
    if spec is None or spec.rolename is None:
        return None  # CURRENT_USER, SESSION_USER: the owner role itself
    return OwnerChange(str(spec.rolename), node, spec)
