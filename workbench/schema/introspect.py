"""Reading the schema model from a live database's catalog (read-only).

The queries run in one read-only transaction with `search_path` emptied for that transaction,
so that format_type(), pg_get_expr() and pg_get_constraintdef() qualify every non-catalog name
the same way whatever the session's path. System schemas and objects that belong to an extension
are left out. Constraints and indexes that PostgreSQL copies onto partitions (and CHECKs inherited
by children) are left out too: the model holds what was declared, as the parser does.
"""

from __future__ import annotations

import re
from typing import Any

from workbench.schema.model import (
    CheckConstraint,
    Column,
    ColumnType,
    Domain,
    Enum,
    Expr,
    ForeignKey,
    Index,
    Policy,
    PrimaryKey,
    Schema,
    Sequence,
    Table,
    UniqueConstraint,
)
from workbench.schema.parse import make_expr
from workbench.schema.split import tokenize
from workbench.schema.types import extension_type, read_type

_ACTIONS = {"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"}
_POLICY_CMDS = {"*": "ALL", "r": "SELECT", "a": "INSERT", "w": "UPDATE", "d": "DELETE"}

_EXT_OWNED = """
    EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
            WHERE d.classid = '{cls}'::regclass AND d.objid = {oid} AND d.deptype = 'e')
"""

_SCHEMAS = f"""
SELECT n.nspname
FROM pg_catalog.pg_namespace n
WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
  AND NOT {_EXT_OWNED.format(cls="pg_namespace", oid="n.oid")}
ORDER BY 1
"""

_RELATIONS = f"""
SELECT c.oid, n.nspname, c.relname, c.relkind, c.relpersistence, c.relrowsecurity,
       c.relispartition, pg_catalog.pg_get_expr(c.relpartbound, c.oid),
       CASE WHEN c.relkind = 'p' THEN pg_catalog.pg_get_partkeydef(c.oid) END,
       pg_catalog.obj_description(c.oid, 'pg_class')
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname = ANY(%(schemas)s)
  AND NOT {_EXT_OWNED.format(cls="pg_class", oid="c.oid")}
ORDER BY n.nspname, c.relname
"""

_INHERITS = """
SELECT i.inhrelid, i.inhparent FROM pg_catalog.pg_inherits i
JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
WHERE c.relkind IN ('r', 'p') AND i.inhrelid = ANY(%(oids)s)
ORDER BY i.inhrelid, i.inhseqno
"""

_COLUMNS = """
SELECT a.attrelid, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attndims,
       t.typcategory = 'A' AND t.typelem <> 0, a.attnotnull, a.attidentity, a.attgenerated,
       pg_catalog.pg_get_expr(ad.adbin, ad.adrelid),
       CASE WHEN a.attcollation <> t.typcollation THEN
            (SELECT co.collname FROM pg_catalog.pg_collation co WHERE co.oid = a.attcollation)
       END,
       pg_catalog.col_description(a.attrelid, a.attnum),
       CASE WHEN a.attidentity <> '' THEN pg_catalog.pg_get_serial_sequence(
            pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname),
            a.attname) END
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
WHERE a.attrelid = ANY(%(oids)s) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum
"""

_CONSTRAINTS = """
SELECT c.conrelid, c.conname, c.contype, c.condeferrable, c.condeferred, c.convalidated,
       ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
             JOIN pg_catalog.pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n
             ORDER BY k.o),
       rn.nspname, r.relname,
       ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
             JOIN pg_catalog.pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n
             ORDER BY k.o),
       c.confupdtype, c.confdeltype, c.confmatchtype,
       pg_catalog.pg_get_constraintdef(c.oid), {nnd}
FROM pg_catalog.pg_constraint c
LEFT JOIN pg_catalog.pg_class r ON r.oid = c.confrelid
LEFT JOIN pg_catalog.pg_namespace rn ON rn.oid = r.relnamespace
LEFT JOIN pg_catalog.pg_index ix ON ix.indexrelid = c.conindid
WHERE c.conrelid = ANY(%(oids)s) AND c.contype IN ('p', 'u', 'f', 'c')
  AND c.conparentid = 0 AND (c.contype <> 'c' OR c.conislocal)
ORDER BY c.conrelid, c.conname
"""

_INDEXES = """
SELECT i.indrelid, ic.relname, am.amname, i.indisunique, i.indnkeyatts,
       i.indkey::int2[],
       ARRAY(SELECT pg_catalog.pg_get_indexdef(i.indexrelid, k, true)
             FROM generate_series(1, i.indnkeyatts) k),
       pg_catalog.pg_get_expr(i.indpred, i.indrelid), {nnd}
FROM pg_catalog.pg_index i
JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
JOIN pg_catalog.pg_am am ON am.oid = ic.relam
WHERE i.indrelid = ANY(%(oids)s)
  AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint c
                  WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid
                    AND c.contype IN ('p', 'u', 'x'))
  AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_inherits h WHERE h.inhrelid = i.indexrelid)
ORDER BY i.indrelid, ic.relname
"""

_TYPES = f"""
SELECT t.oid, n.nspname, t.typname, t.typtype,
       pg_catalog.format_type(t.typbasetype, t.typtypmod), t.typndims, t.typnotnull,
       t.typdefault,
       ARRAY(SELECT e.enumlabel FROM pg_catalog.pg_enum e WHERE e.enumtypid = t.oid
             ORDER BY e.enumsortorder)
FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
WHERE t.typtype IN ('e', 'd') AND n.nspname = ANY(%(schemas)s)
  AND NOT {_EXT_OWNED.format(cls="pg_type", oid="t.oid")}
ORDER BY n.nspname, t.typname
"""

_RANGES = f"""
SELECT n.nspname, t.typname, pg_catalog.format_type(r.rngsubtype, NULL)
FROM pg_catalog.pg_range r JOIN pg_catalog.pg_type t ON t.oid = r.rngtypid
JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
WHERE n.nspname = ANY(%(schemas)s) AND NOT {_EXT_OWNED.format(cls="pg_type", oid="t.oid")}
"""

_DOMAIN_CHECKS = """
SELECT c.contypid, c.conname, pg_catalog.pg_get_constraintdef(c.oid), c.convalidated
FROM pg_catalog.pg_constraint c WHERE c.contypid = ANY(%(oids)s) AND c.contype = 'c'
ORDER BY c.contypid, c.conname
"""

_SEQUENCES = """
SELECT s.seqrelid, s.seqstart, s.seqincrement, s.seqmin, s.seqmax,
       (SELECT rn.nspname || '.' || r.relname || '.' || a.attname
        FROM pg_catalog.pg_depend d
        JOIN pg_catalog.pg_class r ON r.oid = d.refobjid
        JOIN pg_catalog.pg_namespace rn ON rn.oid = r.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
        WHERE d.classid = 'pg_class'::regclass AND d.objid = s.seqrelid
          AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i') LIMIT 1)
FROM pg_catalog.pg_sequence s WHERE s.seqrelid = ANY(%(oids)s)
"""

_POLICIES = """
SELECT p.polrelid, p.polname, p.polcmd,
       ARRAY(SELECT CASE WHEN r = 0 THEN 'public' ELSE pg_catalog.pg_get_userbyid(r) END
             FROM unnest(p.polroles) r),
       pg_catalog.pg_get_expr(p.polqual, p.polrelid),
       pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid)
FROM pg_catalog.pg_policy p WHERE p.polrelid = ANY(%(oids)s)
ORDER BY p.polrelid, p.polname
"""

_EXTENSIONS = "SELECT extname FROM pg_catalog.pg_extension WHERE extname <> 'plpgsql' ORDER BY 1"

_OWNERS = """
SELECT DISTINCT pg_catalog.pg_get_userbyid(c.relowner) FROM pg_catalog.pg_class c
WHERE c.oid = ANY(%(oids)s)
UNION
SELECT pg_catalog.pg_get_userbyid(n.nspowner) FROM pg_catalog.pg_namespace n
WHERE n.nspname = ANY(%(schemas)s)
"""


def column_type(text: str, ndims: int = 0, is_array: bool = False) -> ColumnType:
    """The model type for format_type() text (printed with an empty search_path)."""
    ref, _ = read_type(tokenize(text), 0)
    if ref.builtin is not None:
        ct = ColumnType(**vars(ref.builtin))
    else:
        qual = f"{ref.schema}.{ref.name}" if ref.schema else ref.name
        ct = extension_type(qual, ref.mods)
    dims = ref.array_dims
    if is_array:
        dims = max(ndims, dims, 1)
    ct.array_dims = dims
    return ct


def _expr(text: str | None) -> Expr | None:
    return make_expr(text) if text is not None else None


def _check_body(defn: str) -> tuple[str, bool]:
    """`CHECK ((a > 0)) NOT VALID` → ("(a > 0)", True)."""
    not_valid = defn.endswith(" NOT VALID")
    if not_valid:
        defn = defn[: -len(" NOT VALID")]
    if defn.endswith(" NO INHERIT"):
        defn = defn[: -len(" NO INHERIT")]
    body = defn[len("CHECK ") :] if defn.startswith("CHECK ") else defn
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    return body, not_valid


def introspect(conn: Any, schemas: list[str] | None = None) -> Schema:
    """Read the model of `schemas` (default: every user schema) from a psycopg connection."""
    was_autocommit = conn.autocommit
    status_idle = conn.info.transaction_status == 0  # psycopg.pq.TransactionStatus.IDLE
    if was_autocommit or status_idle:
        conn.autocommit = False
    try:
        with conn.transaction():
            cur = conn.cursor()
            cur.execute("SET TRANSACTION READ ONLY")
            cur.execute("SELECT pg_catalog.set_config('search_path', '', true)")
            return _read(cur, schemas, conn.info.server_version)
    finally:
        if was_autocommit:
            conn.autocommit = True


def _read(cur: Any, only: list[str] | None, server_version: int) -> Schema:
    model = Schema()
    cur.execute(_SCHEMAS)
    names = [r[0] for r in cur.fetchall()]
    if only is not None:
        names = [n for n in names if n in only]
    model.schemas = names
    # NULLS NOT DISTINCT exists from PostgreSQL 15 on.
    nnd = "ix.indnullsnotdistinct" if server_version >= 150000 else "false"
    nnd_i = "i.indnullsnotdistinct" if server_version >= 150000 else "false"
    tables, seq_oids = _read_relations(cur, model, names)
    oids = list(tables)
    _read_inheritance(cur, tables, oids)
    _read_columns(cur, tables, oids)
    _read_constraints(cur, tables, oids, nnd)
    _read_indexes(cur, tables, oids, nnd_i)
    _read_types(cur, model, names)
    cur.execute(_SEQUENCES, {"oids": list(seq_oids)})
    for oid, start, inc, mn, mx, owned in cur.fetchall():
        nsp, name = seq_oids[oid]
        model.sequences[f"{nsp}.{name}"] = Sequence(nsp, name, owned, start, inc, mn, mx)
    cur.execute(_POLICIES, {"oids": oids})
    for relid, name, cmd, roles, qual, check in cur.fetchall():
        tables[relid].policies.append(
            Policy(name, _POLICY_CMDS.get(cmd, cmd), list(roles), _expr(qual), _expr(check))
        )
    cur.execute(_EXTENSIONS)
    model.extensions = [r[0] for r in cur.fetchall()]
    cur.execute(_OWNERS, {"oids": oids, "schemas": names})
    model.roles = sorted({r[0] for r in cur.fetchall() if r[0]})
    return model


def _read_relations(
    cur: Any, model: Schema, names: list[str]
) -> tuple[dict[int, Table], dict[int, tuple[str, str]]]:
    """Tables (by oid, also added to the model), views, and sequences (by oid)."""
    cur.execute(_RELATIONS, {"schemas": names})
    rels = cur.fetchall()
    tables: dict[int, Table] = {}
    seq_oids: dict[int, tuple[str, str]] = {}
    for oid, nsp, name, kind, persistence, rls, _ispart, bound, partkey, comment in rels:
        if kind in ("r", "p"):
            t = Table(nsp, name, unlogged=persistence == "u", rls_enabled=rls, comment=comment)
            t.partition_by = partkey
            t.partition_bound = bound
            tables[oid] = t
            model.tables[t.qualified] = t
        elif kind in ("v", "m"):
            model.views.append(f"{nsp}.{name}")
        elif kind == "S":
            seq_oids[oid] = (nsp, name)
    return tables, seq_oids


def _read_inheritance(cur: Any, tables: dict[int, Table], oids: list[int]) -> None:
    cur.execute(_INHERITS, {"oids": oids})
    for child, parent in cur.fetchall():
        c, p = tables.get(child), tables.get(parent)
        if c is None or p is None:
            continue
        if c.partition_bound is not None:
            c.partition_of = p.qualified
        else:
            c.inherits.append(p.qualified)


def _read_columns(cur: Any, tables: dict[int, Table], oids: list[int]) -> None:
    cur.execute(_COLUMNS, {"oids": oids})
    for (relid, name, typ, ndims, is_array, notnull, identity, generated, default, coll,
         comment, idseq) in cur.fetchall():  # fmt: skip
        col = Column(name, column_type(typ, ndims, is_array), nullable=not notnull)
        col.collation = coll
        col.comment = comment
        if generated:
            col.generated = _expr(default)
        elif identity:
            col.identity = "always" if identity == "a" else "by default"
            col.sequence = idseq
        elif default is not None:
            col.default = make_expr(default)
            seq = _nextval_sequence(default)
            if seq is not None:
                col.sequence = seq
        tables[relid].columns.append(col)


def _read_constraints(cur: Any, tables: dict[int, Table], oids: list[int], nnd: str) -> None:
    cur.execute(_CONSTRAINTS.format(nnd=nnd), {"oids": oids})
    for (relid, name, kind, deferrable, deferred, validated, cols, rnsp, rrel, rcols, upd, dele,
         match, defn, nulls_nd) in cur.fetchall():  # fmt: skip
        t = tables[relid]
        if kind == "p":
            t.primary_key = PrimaryKey(name, list(cols))
        elif kind == "u":
            t.uniques.append(UniqueConstraint(name, list(cols), nulls_not_distinct=bool(nulls_nd)))
        elif kind == "f":
            t.foreign_keys.append(
                ForeignKey(
                    name,
                    list(cols),
                    rnsp,
                    rrel,
                    list(rcols),
                    on_delete=_ACTIONS[dele],
                    on_update=_ACTIONS[upd],
                    deferrable=deferrable,
                    initially_deferred=deferred,
                    match_full=match == "f",
                    not_valid=not validated,
                )
            )
        else:
            body, _ = _check_body(defn)
            t.checks.append(CheckConstraint(name, make_expr(body), not_valid=not validated))


def _read_indexes(cur: Any, tables: dict[int, Table], oids: list[int], nnd: str) -> None:
    cur.execute(_INDEXES.format(nnd=nnd), {"oids": oids})
    for relid, name, method, unique, nkey, indkey, defs, pred, nulls_nd in cur.fetchall():
        t = tables[relid]
        index_cols: list[str | None] = []
        exprs: list[Expr | None] = []
        for k in range(nkey):
            if indkey[k] == 0:
                index_cols.append(None)
                exprs.append(make_expr(defs[k]))
            else:
                index_cols.append(_unquote(defs[k]))
                exprs.append(None)
        has_expr = any(e is not None for e in exprs)
        t.indexes.append(
            Index(name, index_cols, exprs if has_expr else [], method, _expr(pred), unique)
        )
        if unique:
            t.uniques.append(
                UniqueConstraint(
                    name, index_cols, exprs if has_expr else [], _expr(pred), bool(nulls_nd), True
                )
            )


def _read_types(cur: Any, model: Schema, names: list[str]) -> None:
    """Enums, range types, and domains with their checks."""
    cur.execute(_RANGES, {"schemas": names})
    for nsp, name, subtype in cur.fetchall():
        model.ranges[f"{nsp}.{name}"] = column_type(subtype)
    cur.execute(_TYPES, {"schemas": names})
    type_rows = cur.fetchall()
    domains: dict[int, Domain] = {}
    for oid, nsp, name, kind, base, ndims, notnull, default, labels in type_rows:
        if kind == "e":
            model.enums[f"{nsp}.{name}"] = Enum(nsp, name, list(labels))
        else:
            d = Domain(nsp, name, column_type(base, ndims, base.endswith("]")))
            d.nullable = not notnull
            d.default = _expr(default)
            domains[oid] = d
            model.domains[d.qualified] = d
    cur.execute(_DOMAIN_CHECKS, {"oids": list(domains)})
    for typid, name, defn, validated in cur.fetchall():
        body, _ = _check_body(defn)
        domains[typid].checks.append(CheckConstraint(name, make_expr(body), not validated))


def _unquote(name: str) -> str:
    if name.startswith('"') and name.endswith('"'):
        return name[1:-1].replace('""', '"')
    return name


def _nextval_sequence(default: str) -> str | None:
    """`nextval('public.s'::regclass)` → "public.s" (names printed with an empty path)."""
    m = re.match(r"nextval\('((?:[^']|'')+)'::regclass\)", default)
    if not m:
        return None
    toks = tokenize(m.group(1).replace("''", "'"))
    parts = [t.value for t in toks if t.kind in ("word", "qid")]
    if len(parts) == 1:
        return f"public.{parts[0]}"  # only possible for a path-visible name; defensive
    return ".".join(parts[-2:])
