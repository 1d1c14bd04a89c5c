"""What needs an extension the server lacks, left out when sandbox.toml says so.

With `[schema] skip = ["missing-extensions"]`, an extension schema.sql creates that the server
cannot create (no source of binaries has it, and the workbench has no stand-in for it) is left
out, with every statement that needs it and everything that depends on those, transitively. The
file is then read again without them (`left_out_keys` gives the statements, the reader marks them
skipped), so the model that the plan, the load, the fingerprint and the verification use is the
one the server holds.

What a statement needs is read from its parse tree (PostgreSQL's grammar, pglast): the types,
functions, operator classes, access methods and relations it uses, and what it defines. The
server says which of the used names it does not know once the file's other extensions are
created (`probe`, in a transaction that is rolled back): a name neither the file nor the server
defines is taken to come from a missing extension. Left out, then, is:

- the `CREATE EXTENSION` (and its comment) of a missing extension;
- a statement that uses such a name, or an object a left-out statement defines (a table, a
  view, a type, a function): views and functions over a left-out table go with it, and so do
  the table's indexes, triggers, policies, comments, grants and rows;
- the table an `ALTER TABLE` that is left out alters (a column, a foreign key or a constraint
  the table cannot have), and what depends on that table in turn.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import psycopg
from pglast.parser import ParseError, parse_sql_json
from psycopg import sql

from workbench.config.file import MISSING_EXTENSIONS
from workbench.schema.parse import ParsedFile, Statement

KINDS = ("type", "function", "relation", "opclass", "access method")
_SYSTEM_SCHEMAS = {"pg_catalog", "information_schema"}
_SERIALS = {"serial", "serial2", "serial4", "serial8", "smallserial", "bigserial"}
_OPERATOR_NAME = re.compile(r"[-+*/<>=~!@#%^&|`?]+")  # an operator's name, not a function's
_TABLE_OBJECTS = {
    "OBJECT_TABLE", "OBJECT_VIEW", "OBJECT_MATVIEW", "OBJECT_SEQUENCE", "OBJECT_INDEX",
    "OBJECT_FOREIGN_TABLE",
}  # fmt: skip
_ON_TABLE_OBJECTS = {
    "OBJECT_COLUMN", "OBJECT_TABCONSTRAINT", "OBJECT_TRIGGER", "OBJECT_POLICY", "OBJECT_RULE",
}  # fmt: skip
_FUNCTION_OBJECTS = {"OBJECT_FUNCTION", "OBJECT_PROCEDURE", "OBJECT_ROUTINE", "OBJECT_AGGREGATE"}

Name = tuple[str, str]  # (kind, name): ("type", "geometry")


@dataclass(frozen=True)
class Gaps:
    """What the server lacks of what schema.sql uses, as the server itself said (`probe`)."""

    extensions: tuple[str, ...] = ()  # the file's extensions the server cannot create
    unknown: tuple[Name, ...] = ()  # names neither the file nor the server defines

    def to_dict(self) -> dict[str, Any]:
        return {"extensions": list(self.extensions), "unknown": [list(n) for n in self.unknown]}

    @classmethod
    def from_dict(cls, data: Any) -> Gaps | None:
        if not isinstance(data, dict):
            return None
        exts, unknown = data.get("extensions"), data.get("unknown")
        if not isinstance(exts, list) or not isinstance(unknown, list):
            return None
        names = tuple((str(k), str(n)) for k, n in (u for u in unknown if len(u) == 2))
        return cls(tuple(str(e) for e in exts), names)


@dataclass
class Refs:
    """What one statement defines and uses, by kind and bare name."""

    defines: set[Name] = field(default_factory=set)
    uses: set[Name] = field(default_factory=set)
    extension: str | None = None  # CREATE / COMMENT ON / ALTER EXTENSION: its name
    alters_table: str | None = None  # ALTER TABLE: the table it changes


def statement_refs(st: Statement) -> Refs:
    """What `st` defines and uses, from its parse tree (nothing for what does not parse)."""
    refs = Refs()
    if st.kind.startswith("psql ") or st.phase == "skip":
        return refs
    try:
        stmts = json.loads(parse_sql_json(st.sql)).get("stmts") or []
    except ParseError:
        return refs
    for item in stmts:
        node = item.get("stmt") or {}
        if isinstance(node, dict) and node:
            _statement(node, refs)
    refs.uses -= refs.defines
    return refs


def _statement(node: dict[str, Any], refs: Refs) -> None:
    (name, body), *_ = node.items()
    body = body if isinstance(body, dict) else {}
    _defines(name, body, refs)
    if name in ("CreateExtensionStmt", "AlterExtensionStmt", "AlterExtensionContentsStmt"):
        refs.extension = str(body.get("extname", ""))
    objtype = str(body.get("objtype") or body.get("objectType") or body.get("renameType") or "")
    if name in ("CommentStmt", "AlterOwnerStmt", "RenameStmt", "AlterObjectSchemaStmt"):
        if objtype == "OBJECT_EXTENSION":
            refs.extension = _strings(body.get("object"))[-1:][0] if body.get("object") else None
        _object_uses(objtype, body.get("object"), refs)
    if name == "GrantStmt" and objtype in ("OBJECT_TYPE", "OBJECT_DOMAIN"):
        for obj in body.get("objects") or []:
            _use(refs, "type", _strings(obj))
    if name in ("CreateTrigStmt", "CreateEventTrigStmt"):  # EXECUTE FUNCTION name()
        _use(refs, "function", _strings(body.get("funcname")))
    if name == "AlterTableStmt" and objtype == "OBJECT_TABLE":
        refs.alters_table = str((body.get("relation") or {}).get("relname") or "") or None
    if name == "CreateSchemaStmt":
        for element in body.get("schemaElts") or []:
            if isinstance(element, dict):
                _statement(element, refs)
        return
    ctes: set[str] = set()
    _collect_ctes(body, ctes)
    _walk(body, refs, ctes)
    if name == "CreateFunctionStmt":
        _function_body(body, refs)


def _defines(name: str, body: dict[str, Any], refs: Refs) -> None:
    def rel(node: Any) -> None:
        relname = (node or {}).get("relname") if isinstance(node, dict) else None
        if relname:
            refs.defines.update({("relation", relname), ("type", relname)})  # and its row type

    if name == "CreateStmt" or name == "CreateForeignTableStmt":
        rel(body.get("relation") or (body.get("base") or {}).get("relation"))
    elif name == "ViewStmt":
        rel(body.get("view"))
    elif name == "CreateTableAsStmt":
        rel((body.get("into") or {}).get("rel"))
    elif name == "CreateSeqStmt":
        rel(body.get("sequence"))
    elif name == "IndexStmt" and body.get("idxname"):
        refs.defines.add(("relation", str(body["idxname"])))
    elif name == "CompositeTypeStmt":
        rel(body.get("typevar"))
    elif name in ("CreateEnumStmt", "CreateRangeStmt"):
        typename = _strings(body.get("typeName"))[-1:]
        for t in typename:
            refs.defines.add(("type", t))
            if name == "CreateRangeStmt":  # its multirange type comes with it
                multi = t.replace("range", "multirange") if "range" in t else f"{t}_multirange"
                refs.defines.add(("type", multi))
    elif name == "CreateDomainStmt":
        refs.defines.update(("type", t) for t in _strings(body.get("domainname"))[-1:])
    elif name == "DefineStmt":
        kind = {"OBJECT_TYPE": "type", "OBJECT_AGGREGATE": "function"}.get(str(body.get("kind")))
        if kind:
            refs.defines.update((kind, n) for n in _strings(body.get("defnames"))[-1:])
    elif name == "CreateFunctionStmt":
        refs.defines.update(("function", n) for n in _strings(body.get("funcname"))[-1:])
    elif name == "CreateOpClassStmt":
        refs.defines.update(("opclass", n) for n in _strings(body.get("opclassname"))[-1:])
    elif name == "CreateAmStmt" and body.get("amname"):
        refs.defines.add(("access method", str(body["amname"])))


def _object_uses(objtype: str, obj: Any, refs: Refs) -> None:
    """The object of a COMMENT, OWNER TO, RENAME or SET SCHEMA named as a list of names."""
    names = _strings(obj)
    if not names or (isinstance(obj, dict) and "names" in obj):
        return  # a TypeName or an ObjectWithArgs: the walk finds it
    if objtype in _TABLE_OBJECTS:
        _use(refs, "relation", names)
    elif objtype in _ON_TABLE_OBJECTS and len(names) >= 2:
        _use(refs, "relation", names[:-1])
    elif objtype in ("OBJECT_TYPE", "OBJECT_DOMAIN"):
        _use(refs, "type", names)


def _walk(node: Any, refs: Refs, ctes: set[str], objtype: str = "") -> None:
    if isinstance(node, list):
        for item in node:
            _walk(item, refs, ctes, objtype)
        return
    if not isinstance(node, dict):
        return
    if "relname" in node:  # a RangeVar
        schema = node.get("schemaname")
        if schema or node["relname"] not in ctes:
            _use(refs, "relation", [*([schema] if schema else []), str(node["relname"])])
    if "names" in node and "typemod" in node:  # a TypeName
        names = _strings(node.get("names"))
        if node.get("pct_type"):  # table.column%TYPE
            _use(refs, "relation", names[:-1])
        elif names and names[-1] not in _SERIALS:
            _use(refs, "type", names)
    objtype = str(node.get("objtype") or node.get("objectType") or objtype)
    for key, value in node.items():
        if key == "FuncCall" and isinstance(value, dict):
            _use(refs, "function", _strings(value.get("funcname")))
        elif key == "ObjectWithArgs" and isinstance(value, dict):
            if objtype in _FUNCTION_OBJECTS or not objtype:
                _use(refs, "function", _strings(value.get("objname")))
        elif key == "opclass" and isinstance(value, list):
            _use(refs, "opclass", _strings(value))
        elif key == "accessMethod" and isinstance(value, str):
            refs.uses.add(("access method", value))
        elif key == "DefElem" and isinstance(value, dict) and value.get("defname") == "owned_by":
            owned = _strings(value.get("arg"))
            if len(owned) >= 2:  # OWNED BY table.column (not NONE)
                _use(refs, "relation", owned[:-1])
        _walk(value, refs, ctes, objtype)


def _collect_ctes(node: Any, ctes: set[str]) -> None:
    if isinstance(node, list):
        for item in node:
            _collect_ctes(item, ctes)
    elif isinstance(node, dict):
        if isinstance(node.get("ctename"), str):
            ctes.add(node["ctename"])
        for value in node.values():
            _collect_ctes(value, ctes)


def _function_body(body: dict[str, Any], refs: Refs) -> None:
    """A LANGUAGE sql body given as a string is checked when the function is created, so what
    it uses is needed then (a PL/pgSQL body is only checked when it runs)."""
    options = {
        str((o.get("DefElem") or {}).get("defname")): (o.get("DefElem") or {}).get("arg")
        for o in body.get("options") or []
    }
    if _strings(options.get("language")) != ["sql"] or body.get("sql_body"):
        return
    for text in _strings(options.get("as"))[:1]:
        try:
            stmts = json.loads(parse_sql_json(text)).get("stmts") or []
        except ParseError:
            continue
        for item in stmts:
            inner = item.get("stmt") or {}
            ctes: set[str] = set()
            _collect_ctes(inner, ctes)
            _walk(inner, refs, ctes)


def _strings(node: Any) -> list[str]:
    """The names of a list of String nodes (or one), in order."""
    if isinstance(node, list):
        return [s for item in node for s in _strings(item)]
    if isinstance(node, dict):
        if "String" in node:
            return [str(node["String"].get("sval", ""))]
        if "sval" in node:
            return [str(node["sval"])]
        for key in ("List", "TypeName"):
            if key in node:
                return _strings(node[key])
        if "items" in node:
            return _strings(node["items"])
        if "names" in node:
            return _strings(node["names"])
    return []


def _use(refs: Refs, kind: str, names: list[str]) -> None:
    if not names or not names[-1] or (len(names) > 1 and names[-2] in _SYSTEM_SCHEMAS):
        return
    if kind == "function" and _OPERATOR_NAME.fullmatch(names[-1]):
        return  # an operator's name (COMMENT ON OPERATOR &&)
    refs.uses.add((kind, names[-1]))


# --- the server's answer ---------------------------------------------------------------------


def candidates(refs: Iterable[Refs]) -> dict[str, set[str]]:
    """The names the file uses and does not define itself, by kind."""
    all_refs = list(refs)
    defined = set().union(*(r.defines for r in all_refs)) if all_refs else set()
    out: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for r in all_refs:
        for kind, name in r.uses - defined:
            out[kind].add(name)
    return out


_UNKNOWN = """
SELECT 'type', n FROM unnest(%(type)s::text[]) n
 WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_type WHERE typname = n)
UNION ALL SELECT 'function', n FROM unnest(%(function)s::text[]) n
 WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_proc WHERE proname = n)
UNION ALL SELECT 'relation', n FROM unnest(%(relation)s::text[]) n
 WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_class WHERE relname = n)
UNION ALL SELECT 'opclass', n FROM unnest(%(opclass)s::text[]) n
 WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_opclass WHERE opcname = n)
UNION ALL SELECT 'access method', n FROM unnest(%(am)s::text[]) n
 WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_am WHERE amname = n)
"""


def probe(conn: psycopg.Connection[Any], parsed: ParsedFile) -> Gaps:
    """Ask the server (an administrator's connection, in a transaction rolled back at the
    end) which of the file's extensions it cannot create, and, with the others created, which
    names the file uses that neither it nor the server defines."""
    wanted = parsed.schema.extensions
    if not wanted:
        return Gaps()
    with conn.transaction(force_rollback=True):
        rows = conn.execute(
            "SELECT name FROM pg_catalog.pg_available_extensions WHERE name = ANY(%s)", [wanted]
        ).fetchall()
        available = {r[0] for r in rows}
        lacking = [e for e in wanted if e not in available]
        # Made in a schema of their own, as the load makes them outside pg_catalog: the
        # administrator's search_path starts with pg_catalog, where an extension's function
        # meets a core one of the same name (pgcrypto's gen_random_uuid) and fails.
        place = sql.Identifier(f"workbench_probe_{secrets.token_hex(4)}")
        try:
            with conn.transaction():
                conn.execute(sql.SQL("CREATE SCHEMA {}").format(place))
        except psycopg.errors.InsufficientPrivilege:
            place = sql.Identifier("public")  # a DSN target's role: where the load puts them
        conn.execute(sql.SQL("SET LOCAL search_path = {}, pg_catalog").format(place))
        for ext in wanted:
            if ext in available:
                try:
                    with conn.transaction():
                        create = sql.SQL("CREATE EXTENSION IF NOT EXISTS {} CASCADE")
                        conn.execute(create.format(sql.Identifier(ext)))
                except psycopg.Error:  # it needs one that is missing, say
                    lacking.append(ext)
        if not lacking:
            return Gaps()
        names = candidates(statement_refs(st) for st in parsed.statements)
        params = {k.replace("access method", "am"): sorted(v) for k, v in names.items()}
        unknown = conn.execute(_UNKNOWN, params).fetchall()
    return Gaps(tuple(sorted(lacking)), tuple(sorted((str(k), str(n)) for k, n in unknown)))


# --- what is left out ------------------------------------------------------------------------


def statement_key(st: Statement) -> tuple[int, str]:
    return (st.source.line, st.sql)


def left_out_keys(parsed: ParsedFile, gaps: Gaps) -> dict[tuple[int, str], str]:
    """The statements left out (by `statement_key`), each with why."""
    if not gaps.extensions:
        return {}
    missing = " or ".join(gaps.extensions)
    statements = [(st, statement_refs(st)) for st in parsed.statements]
    out_names: dict[Name, str] = {n: f"from {missing}" for n in gaps.unknown}
    reasons: dict[tuple[int, str], str] = {}
    changed = True
    while changed:
        changed = False
        for st, refs in statements:
            key = statement_key(st)
            if key in reasons:
                continue
            why = _why(refs, out_names, gaps.extensions, missing)
            if why is None:
                continue
            reasons[key] = f'left out ([schema] skip = ["{MISSING_EXTENSIONS}"]): {why}'
            for name in refs.defines:
                out_names.setdefault(name, f"defined at {st.source}, left out")
            if refs.alters_table:
                table = ("relation", refs.alters_table)
                out_names.setdefault(table, f"altered at {st.source} by a statement left out")
            changed = True
    return reasons


def _why(
    refs: Refs, out_names: Mapping[Name, str], lacking: tuple[str, ...], missing: str
) -> str | None:
    if refs.extension in lacking:
        return f"the extension {refs.extension}, which this server cannot create"
    hit = sorted(refs.uses & out_names.keys()) or sorted(refs.defines & out_names.keys())
    if not hit:
        return None
    kind, name = hit[0]
    more = f" (and {len(hit) - 1} more)" if len(hit) > 1 else ""
    if out_names[hit[0]].startswith("from "):
        return (
            f"uses the {kind} {name}{more}, which neither schema.sql nor this server defines "
            f"(taken to come from {missing})"
        )
    return f"needs the {kind} {name}{more}, {out_names[hit[0]]}"
