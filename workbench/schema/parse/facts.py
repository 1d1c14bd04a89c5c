"""What one statement makes, names, changes and needs, read from PostgreSQL's own parse tree
(pglast's JSON of the statement, which is fast to make and to walk).

These facts decide the apply order (order.py): which post-data statements may wait until
after the data without changing what the file means, which of the file's data statements
write rows into which tables, and which `DROP … IF EXISTS` cannot drop anything on an empty
database. Names are compared without their schema (an over-approximation that only ever keeps
more statements at their place in the file).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pglast.parser import ParseError, parse_plpgsql_json, parse_sql_json

# A unique key a statement needs on a table: (table, its columns; None: the primary key or any
# unique key).
KeyNeed = tuple[str, frozenset[str] | None]


@dataclass
class Facts:
    node: str = ""  # the statement's node type: CreateStmt, AlterTableStmt, DoStmt…
    # -- what it makes (post-data statements) --
    makes: set[str] = field(default_factory=set)  # index, constraint, trigger, rule… names
    unnamed: bool = False  # makes an object PostgreSQL names (t_a_idx, t_a_fkey)
    on: set[str] = field(default_factory=set)  # relations and functions it names
    unique: tuple[str, frozenset[str] | None, bool] | None = None  # (table, columns, is pk)
    fires_on: str | None = None  # a trigger's or rule's table
    # -- what it needs of the objects before it --
    touches: set[str] = field(default_factory=set)  # objects it alters, drops, renames, uses
    changes: set[str] = field(default_factory=set)  # relations/functions/types it reshapes
    keys: list[KeyNeed] = field(default_factory=list)  # unique keys it relies on
    writes: set[tuple[str | None, str]] = field(default_factory=set)  # (schema, table) filled
    words: set[str] = field(default_factory=set)  # an opaque statement's words (DO, CALL…)
    barrier: bool = False  # DROP … CASCADE of a schema, type or extension: anything may go
    # a view or materialized view it defines: the relations and functions its query names
    reads: set[str] = field(default_factory=set)
    cascades: bool = False  # DROP … CASCADE of relations: the views on them go too (order.py)
    temporary: str = ""  # a TEMP table it creates (order.py: what is on it runs in place)
    # an INSERT … SELECT reading tables: (schema, table) of each table its rows come from
    copies_from: set[tuple[str | None, str]] = field(default_factory=set)
    # -- the rows of an INSERT or COPY, and the --clean preamble --
    target: tuple[str | None, str] | None = None  # (schema, table) an INSERT/COPY fills
    rows: int = 0  # rows it carries: VALUES lists, SELECT branches, COPY lines (estimated)
    creates: set[str] = field(default_factory=set)  # names of every object it creates
    # IF EXISTS: the objects without which the statement does nothing (DROP … IF EXISTS,
    # ALTER TABLE IF EXISTS …)
    drops_if_exists: set[str] | None = None
    # the oldest PostgreSQL major version whose grammar takes the statement (0: any we run)
    min_major: int = 0


def read_facts(sql: str) -> Facts:
    """The facts of one statement (empty when pglast cannot parse it)."""
    try:
        parsed = json.loads(parse_sql_json(sql))
    except (ParseError, ValueError):
        return Facts()
    stmts = parsed.get("stmts") or []
    if len(stmts) != 1:
        return Facts()
    ((node, body),) = stmts[0]["stmt"].items()
    facts = Facts(node=node)
    reader = _READERS.get(node)
    if reader is not None:
        reader(facts, body)
    facts.creates |= facts.makes
    facts.min_major = min_major(stmts[0]["stmt"])
    return facts


# Syntax a server before a version rejects (the release notes' "allow …"), as parse nodes:
# node type → (the version, a test of its body, None: any).
_SINCE: dict[str, tuple[int, Any]] = {
    "RangeSubselect": (16, lambda b: "alias" not in b),  # FROM (SELECT …) without an alias
    "JsonObjectConstructor": (16, None),
    "JsonArrayConstructor": (16, None),
    "JsonArrayQueryConstructor": (16, None),
    "JsonObjectAgg": (16, None),
    "JsonArrayAgg": (16, None),
    "JsonIsPredicate": (16, None),
    "JsonTable": (17, None),
    "JsonFuncExpr": (17, None),  # JSON_QUERY, JSON_VALUE, JSON_EXISTS
    "MergeStmt": (15, None),
    "Constraint": (18, lambda b: b.get("generated_kind") == "v"),  # VIRTUAL generated
}


def min_major(tree: Any) -> int:
    """The oldest major version that reads the statement (its node as pglast gives it, type
    and body), from the syntax it uses; 0 when it uses none of the additions in `_SINCE`."""
    need = 0
    for n in _walk(tree):
        if n.get("nulls_not_distinct") is True:
            need = max(need, 15)
        for key, body in n.items():
            since = _SINCE.get(key)
            if since is None or not isinstance(body, dict):
                continue
            version, test = since
            if test is None or test(body):
                need = max(need, 17 if key == "MergeStmt" and "returningList" in body else version)
    return need


# --- walking a tree ---------------------------------------------------------------------------


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict of a JSON tree (each node's body and each inline struct)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            yield n
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)


def _names(node: Any) -> set[str]:
    """The relations (RangeVar) and functions (FuncCall) a tree names."""
    out: set[str] = set()
    for n in _walk(node):
        if "relname" in n and "relpersistence" in n:
            out.add(n["relname"])
        elif "funcname" in n and isinstance(n["funcname"], list):
            out.add(_last(n["funcname"]))
    return out


def _strings(items: Any) -> list[str]:
    return [
        i["String"]["sval"]
        for i in items or []
        if isinstance(i, dict) and "String" in i and "sval" in i["String"]
    ]


def _last(items: Any) -> str:
    names = _strings(items)
    return names[-1] if names else ""


def _object_name(obj: Any) -> str:
    """The last name of a DropStmt/CommentStmt object (a List of Strings, or a String)."""
    if isinstance(obj, dict) and "List" in obj:
        return _last(obj["List"].get("items"))
    if isinstance(obj, dict) and "String" in obj:
        return str(obj["String"].get("sval", ""))
    if isinstance(obj, dict) and "ObjectWithArgs" in obj:
        return _last(obj["ObjectWithArgs"].get("objname"))
    if isinstance(obj, dict) and "TypeName" in obj:
        return _last(obj["TypeName"].get("names"))
    return ""


def _rel(node: Any) -> str:
    return str(node.get("relname", "")) if isinstance(node, dict) else ""


def _qualified(node: Any) -> tuple[str | None, str]:
    schema = node.get("schemaname") if isinstance(node, dict) else None
    return (schema, _rel(node))


# --- one reader per statement type ------------------------------------------------------------


def _constraint(facts: Facts, table: str, con: dict[str, Any], *, made: bool) -> None:
    """A table constraint (or a column's): its name, the key it makes, the key it needs."""
    contype = con.get("contype", "")
    if made:
        if con.get("conname"):
            facts.makes.add(con["conname"])
        else:
            facts.unnamed = True
    if con.get("indexname"):
        facts.touches.add(con["indexname"])
    if contype in ("CONSTR_PRIMARY", "CONSTR_UNIQUE") and made:
        keys = _strings(con.get("keys"))
        cols = frozenset(keys) if keys and not con.get("indexname") else None
        facts.unique = (table, cols, contype == "CONSTR_PRIMARY")
    elif contype == "CONSTR_CHECK":
        facts.on |= _names(con.get("raw_expr"))
    elif contype == "CONSTR_FOREIGN":
        target = _rel(con.get("pktable"))
        facts.on.add(target)
        ref = _strings(con.get("pk_attrs"))
        facts.keys.append((target, frozenset(ref) if ref else None))


def _create_table(facts: Facts, body: dict[str, Any]) -> None:
    table = _rel(body.get("relation"))
    facts.creates.add(table)
    if (body.get("relation") or {}).get("relpersistence") == "t":
        facts.temporary = table
    for elt in body.get("tableElts") or []:
        if "ColumnDef" in elt:
            for con in elt["ColumnDef"].get("constraints") or []:
                if "Constraint" in con:
                    _constraint(facts, table, con["Constraint"], made=False)
                    if con["Constraint"].get("conname"):
                        facts.creates.add(con["Constraint"]["conname"])
        elif "Constraint" in elt:
            _constraint(facts, table, elt["Constraint"], made=False)
            if elt["Constraint"].get("conname"):
                facts.creates.add(elt["Constraint"]["conname"])
        elif "TableLikeClause" in elt:
            # LIKE … INCLUDING copies the indexes and constraints the source has by then
            facts.changes.add(_rel(elt["TableLikeClause"].get("relation")))


_RESHAPING = frozenset({
    "AT_DropColumn", "AT_AlterColumnType", "AT_DropNotNull", "AT_SetExpression",
    "AT_DropExpression", "AT_DropIdentity", "AT_DetachPartition", "AT_DropInherit",
})  # fmt: skip
_NAMED_OBJECT = frozenset({
    "AT_DropConstraint", "AT_ValidateConstraint", "AT_EnableTrig", "AT_DisableTrig",
    "AT_EnableAlwaysTrig", "AT_EnableReplicaTrig", "AT_EnableRule", "AT_DisableRule",
    "AT_EnableAlwaysRule", "AT_EnableReplicaRule", "AT_ClusterOn", "AT_AlterConstraint",
})  # fmt: skip


def _alter_table(facts: Facts, body: dict[str, Any]) -> None:
    table = _rel(body.get("relation"))
    facts.on.add(table)
    if body.get("objtype") == "OBJECT_INDEX":
        facts.touches.add(table)  # ALTER INDEX: the relation is the index
    for cmd in body.get("cmds") or []:
        c = cmd.get("AlterTableCmd", {})
        sub = c.get("subtype", "")
        definition = c.get("def") or {}
        if sub == "AT_AddConstraint" and "Constraint" in definition:
            _constraint(facts, table, definition["Constraint"], made=True)
        elif sub == "AT_AddColumn" and "ColumnDef" in definition:
            for con in definition["ColumnDef"].get("constraints") or []:
                if "Constraint" in con:
                    _constraint(facts, table, con["Constraint"], made=False)
        elif sub in _NAMED_OBJECT and c.get("name"):
            facts.touches.add(c["name"])
        elif sub == "AT_ReplicaIdentity":
            name = (definition.get("ReplicaIdentityStmt") or {}).get("name")
            if name:
                facts.touches.add(name)
        elif sub in _RESHAPING:
            facts.changes.add(table)
        if sub == "AT_AttachPartition":
            facts.on.add(_rel((definition.get("PartitionCmd") or {}).get("name")))
    if body.get("missing_ok"):
        facts.drops_if_exists = {table}


_RELATION_KINDS = frozenset({
    "OBJECT_TABLE", "OBJECT_VIEW", "OBJECT_MATVIEW", "OBJECT_FOREIGN_TABLE", "OBJECT_SEQUENCE",
})  # fmt: skip
_OWN_OBJECTS = frozenset({"OBJECT_INDEX", "OBJECT_TRIGGER", "OBJECT_RULE", "OBJECT_POLICY"})
_SHARED = frozenset({"OBJECT_SCHEMA", "OBJECT_EXTENSION", "OBJECT_TYPE", "OBJECT_DOMAIN"})


def _drop(facts: Facts, body: dict[str, Any]) -> None:
    kind = body.get("removeType", "")
    names = {_object_name(o) for o in body.get("objects") or []} - {""}
    if kind in _OWN_OBJECTS:
        facts.touches |= names
        for obj in body.get("objects") or []:
            items = _strings((obj.get("List") or {}).get("items"))
            if kind != "OBJECT_INDEX" and len(items) > 1:
                facts.on.add(items[-2])  # DROP TRIGGER t ON table
    else:
        facts.changes |= names
    if body.get("behavior") == "DROP_CASCADE" and kind in _SHARED:
        facts.barrier = True
    elif body.get("behavior") == "DROP_CASCADE" and kind in _RELATION_KINDS:
        facts.cascades = True
    if body.get("missing_ok"):
        facts.drops_if_exists = names


def _rename(facts: Facts, body: dict[str, Any]) -> None:
    kind = body.get("renameType", "")
    relation = _rel(body.get("relation"))
    if kind == "OBJECT_INDEX":
        facts.touches.add(relation)
        facts.makes.add(body.get("newname", ""))
    elif kind in ("OBJECT_TABCONSTRAINT", "OBJECT_TRIGGER", "OBJECT_POLICY", "OBJECT_RULE"):
        facts.touches.add(body.get("subname", ""))
        facts.on.add(relation)
        facts.makes.add(body.get("newname", ""))
    elif kind in ("OBJECT_SCHEMA",):
        facts.barrier = True
    elif relation:
        facts.changes.add(relation)  # the table renamed, or a column of it
    else:
        facts.changes.add(_object_name(body.get("object")))
    facts.creates.add(body.get("newname", ""))
    if body.get("missing_ok"):
        facts.drops_if_exists = {relation} if relation else None


def _set_schema(facts: Facts, body: dict[str, Any]) -> None:
    relation = _rel(body.get("relation"))
    facts.changes.add(relation or _object_name(body.get("object")))
    if body.get("missing_ok") and relation:
        facts.drops_if_exists = {relation}


def _index(facts: Facts, body: dict[str, Any]) -> None:
    table = _rel(body.get("relation"))
    facts.on.add(table)
    if body.get("idxname"):
        facts.makes.add(body["idxname"])
    else:
        facts.unnamed = True
    params = [p.get("IndexElem", {}) for p in body.get("indexParams") or []]
    if body.get("unique") or body.get("primary"):
        plain = all(p.get("name") for p in params) and not body.get("whereClause")
        cols = frozenset(p["name"] for p in params) if plain else None
        facts.unique = (table, cols, bool(body.get("primary"))) if plain else None


def _trigger(facts: Facts, body: dict[str, Any]) -> None:
    table = _rel(body.get("relation"))
    facts.makes.add(body.get("trigname", ""))
    facts.on |= {table, _last(body.get("funcname"))} | _names(body.get("whenClause"))
    facts.fires_on = table


def _rule(facts: Facts, body: dict[str, Any]) -> None:
    table = _rel(body.get("relation"))
    facts.makes.add(body.get("rulename", ""))
    facts.on |= {table} | _names(body.get("actions"))
    facts.fires_on = table


def _policy(facts: Facts, body: dict[str, Any]) -> None:
    facts.makes.add(body.get("policy_name", ""))
    facts.touches.add(body.get("policy_name", ""))  # ALTER POLICY: the policy before it
    facts.on |= {_rel(body.get("table"))} | _names(body.get("qual"))
    facts.on |= _names(body.get("with_check"))


def _comment(facts: Facts, body: dict[str, Any]) -> None:
    if body.get("objtype") in ("OBJECT_INDEX", "OBJECT_TABCONSTRAINT", "OBJECT_TRIGGER",
                               "OBJECT_POLICY", "OBJECT_RULE"):  # fmt: skip
        facts.touches.add(_object_name(body.get("object")))


def _grant(facts: Facts, body: dict[str, Any]) -> None:
    for obj in body.get("objects") or []:
        if "RangeVar" in obj:
            facts.on.add(_rel(obj["RangeVar"]))
        else:
            facts.on.add(_object_name(obj))


def _view(facts: Facts, body: dict[str, Any]) -> None:
    query = body.get("query")
    made = body.get("view") or (body.get("into") or {}).get("rel")
    facts.creates.add(_rel(made))
    if (made or {}).get("relpersistence") == "t":
        facts.temporary = _rel(made)
    facts.reads = _names(query)
    if any(n.get("groupClause") for n in _walk(query)):
        # a GROUP BY may rely on a primary key (functional dependency)
        facts.keys += [(name, None) for name in _names(query)]


def _cluster(facts: Facts, body: dict[str, Any]) -> None:
    facts.on.add(_rel(body.get("relation")))
    if body.get("indexname"):
        facts.touches.add(body["indexname"])


def _on_relation(facts: Facts, body: dict[str, Any]) -> None:
    facts.on |= _names(body)
    facts.makes |= set(_strings(body.get("defnames")))


def _insert(facts: Facts, body: dict[str, Any]) -> None:
    relation = body.get("relation") or {}
    facts.target = (relation.get("schemaname"), _rel(relation))
    facts.writes.add(facts.target)
    # CTEs of constants (`WITH v AS (VALUES …)`): reading them reads no table of the file
    ctes = frozenset(
        str(n["CommonTableExpr"].get("ctename"))
        for n in _walk([body.get("withClause"), body.get("selectStmt")])
        if "CommonTableExpr" in n
        and not any("RangeVar" in m for m in _walk(n["CommonTableExpr"].get("ctequery")))
    )
    facts.rows = _select_rows(body.get("selectStmt"), ctes)
    if not facts.rows:
        named = {
            str(n["CommonTableExpr"].get("ctename"))
            for n in _walk([body.get("withClause"), body.get("selectStmt")])
            if "CommonTableExpr" in n
        }
        facts.copies_from = {
            _qualified(n["RangeVar"])
            for n in _walk([body.get("withClause"), body.get("selectStmt")])
            if "RangeVar" in n
            and (n["RangeVar"].get("schemaname") or _rel(n["RangeVar"]) not in named)
        }
    conflict = (body.get("onConflictClause") or {}).get("infer") or {}
    elems = [e.get("IndexElem", {}) for e in conflict.get("indexElems") or []]
    if elems and all(e.get("name") for e in elems):
        facts.keys.append((_rel(relation), frozenset(e["name"] for e in elems)))
    elif conflict.get("conname"):
        facts.touches.add(conflict["conname"])
    _writes_of(facts, body)


def _select_rows(select: Any, ctes: frozenset[str] = frozenset()) -> int:
    """Rows an INSERT's source gives: its VALUES lists, or one a SELECT branch (UNION ALL of
    SELECTs, each counted once: an estimate where a branch reads a table); DEFAULT VALUES
    is one row."""
    if not select:
        return 1
    body = select.get("SelectStmt", select)
    if body.get("valuesLists"):
        return len(body["valuesLists"])
    if body.get("op", "SETOP_NONE") != "SETOP_NONE":
        return _select_rows(body.get("larg"), ctes) + _select_rows(body.get("rarg"), ctes)
    read = [n["RangeVar"] for n in _walk(body.get("fromClause")) if "RangeVar" in n]
    if any(r.get("schemaname") or r.get("relname") not in ctes for r in read):
        # rows computed from the file's tables (a migration's copy): the file carries none,
        # and on tables the sandbox generates the SELECT finds nothing to copy
        return 0
    return 1


def _writes_of(facts: Facts, body: dict[str, Any]) -> None:
    """Tables written by the statement and by the data-modifying CTEs of its WITH."""
    for n in _walk(body.get("withClause")):
        for key in ("InsertStmt", "UpdateStmt", "DeleteStmt", "MergeStmt"):
            if key in n:
                facts.writes.add(_qualified(n[key].get("relation")))


def _modify(facts: Facts, body: dict[str, Any]) -> None:
    facts.writes.add(_qualified(body.get("relation")))
    _writes_of(facts, body)


def _truncate(facts: Facts, body: dict[str, Any]) -> None:
    facts.writes |= {_qualified(n) for n in _walk(body.get("relations")) if "relname" in n}


def _copy(facts: Facts, body: dict[str, Any]) -> None:
    relation = body.get("relation") or {}
    facts.target = (relation.get("schemaname"), _rel(relation))
    facts.writes.add(facts.target)


def _select(facts: Facts, body: dict[str, Any]) -> None:
    """A SELECT: the tables its CTEs write, the table SELECT INTO makes, and (it may call
    any function) every word of it."""
    _writes_of(facts, body)
    if body.get("intoClause"):
        facts.creates.add(_rel(body["intoClause"].get("rel")))
    _opaque(facts, body)


_WORD = re.compile(r'"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*)')


def _opaque(facts: Facts, body: dict[str, Any]) -> None:
    """DO, CALL, EXECUTE…: what they touch is text; every word of their strings and names
    counts (a DO block's body is one string)."""
    for n in _walk(body):
        for value in n.values():
            if isinstance(value, str):
                facts.words |= {
                    (quoted.replace('""', '"') if quoted else word).lower()
                    for quoted, word in _WORD.findall(value)
                }


def _creates(*keys: str) -> Any:
    """A reader that records the names a CREATE makes (for the --clean preamble)."""

    def read(facts: Facts, body: dict[str, Any]) -> None:
        for key in keys:
            value = body.get(key)
            if isinstance(value, str):
                facts.creates.add(value)
            elif isinstance(value, dict):
                facts.creates.add(_rel(value))
            elif isinstance(value, list):
                facts.creates.add(_last(value))

    return read


_READERS: dict[str, Any] = {
    "CreateStmt": _create_table,
    "AlterTableStmt": _alter_table,
    "DropStmt": _drop,
    "RenameStmt": _rename,
    "AlterObjectSchemaStmt": _set_schema,
    "IndexStmt": _index,
    "CreateTrigStmt": _trigger,
    "RuleStmt": _rule,
    "CreatePolicyStmt": _policy,
    "AlterPolicyStmt": _policy,
    "CommentStmt": _comment,
    "GrantStmt": _grant,
    "ViewStmt": _view,
    "CreateTableAsStmt": _view,
    "ClusterStmt": _cluster,
    "RefreshMatViewStmt": _cluster,
    "CreateStatsStmt": _on_relation,
    "InsertStmt": _insert,
    "UpdateStmt": _modify,
    "DeleteStmt": _modify,
    "MergeStmt": _modify,
    "TruncateStmt": _truncate,
    "CopyStmt": _copy,
    "SelectStmt": _select,
    "DoStmt": _opaque,
    "CallStmt": _opaque,
    "ExecuteStmt": _opaque,
    "CreateSeqStmt": _creates("sequence"),
    "CreateEnumStmt": _creates("typeName"),
    "CompositeTypeStmt": _creates("typevar"),
    "CreateDomainStmt": _creates("domainname"),
    "CreateFunctionStmt": _creates("funcname"),
    "CreateSchemaStmt": _creates("schemaname"),
    "CreateExtensionStmt": _creates("extname"),
    "DefineStmt": _creates("defnames"),
    "CreateRangeStmt": _creates("typeName"),
}


def block_statements(sql: str) -> list[tuple[str, bool]]:
    """The SQL statements a `DO` block runs as written, in order (its static statements, and
    an EXECUTE of one string constant), for the model to read as if the file held them, each
    with whether it runs only under a condition (IF, CASE, a loop, an exception handler); a
    block that does not parse as PL/pgSQL gives none."""
    try:
        parsed = json.loads(parse_plpgsql_json(sql))
    except (ParseError, ValueError):
        return []
    return list(_block_sql(parsed, False))


_CONDITIONAL = (
    "PLpgSQL_stmt_if",
    "PLpgSQL_stmt_case",
    "PLpgSQL_stmt_loop",
    "PLpgSQL_stmt_while",
    "PLpgSQL_stmt_fori",
    "PLpgSQL_stmt_fors",
    "PLpgSQL_stmt_forc",
    "PLpgSQL_stmt_foreach_a",
    "PLpgSQL_stmt_dynfors",
    "PLpgSQL_exception",
)


def _block_sql(node: Any, conditional: bool) -> Iterator[tuple[str, bool]]:
    if isinstance(node, list):
        for item in node:
            yield from _block_sql(item, conditional)
        return
    if not isinstance(node, dict):
        return
    if "PLpgSQL_stmt_execsql" in node:
        query = (node["PLpgSQL_stmt_execsql"].get("sqlstmt") or {}).get("PLpgSQL_expr") or {}
        if query.get("query"):
            yield str(query["query"]), conditional
        return
    if "PLpgSQL_stmt_dynexecute" in node:
        query = (node["PLpgSQL_stmt_dynexecute"].get("query") or {}).get("PLpgSQL_expr") or {}
        text = str(query.get("query") or "").strip()
        if len(text) > 1 and text[0] == text[-1] == "'" and "'" not in text[1:-1].replace("''", ""):
            yield text[1:-1].replace("''", "'"), conditional
        return
    for key, value in node.items():
        yield from _block_sql(value, conditional or key in _CONDITIONAL)
