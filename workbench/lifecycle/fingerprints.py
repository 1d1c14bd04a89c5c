"""Fingerprints that say whether the sandbox is what it should be: schema.sql's model (cached
by the file's hash), the live database's (introspected), and the server-side catalog digest
a clone is checked with."""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import psycopg

from workbench.context import Context
from workbench.files.state import atomic_write_json, read_json
from workbench.waits import catalog_read

FINGERPRINT_CACHE = "fingerprint.json"
# schema.sql's fingerprint -> the database applying it gave (v2: with triggers, rules,
# policies and functions, database_fingerprint; a record of the older kind is not compared)
APPLIED_FILE = "applied.v5.json"  # v5: STRICT, COST… (F6), NOT ENFORCED (F32)


def _parser_stamp() -> str:
    """Changes when the schema code changes, so a cached fingerprint is never stale."""
    folder = Path(__file__).parent / "schema"
    try:
        parts = [version("sandbox-workbench")]
    except PackageNotFoundError:
        parts = ["0+unknown"]
    for path in sorted(folder.glob("*.py")):
        stat = path.stat()
        parts.append(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def file_fingerprint(ctx: Context) -> str:
    """The fingerprint of schema.sql's model, cached by the file's hash: the fast reset path
    then never parses the file (parsing is the slowest step a fast reset would otherwise take).
    """
    from workbench.records.lease import file_hash

    path = ctx.config.schema_path
    digest = file_hash(path)
    gaps = ctx.source.gaps()
    stamp = _parser_stamp() + (f"|{gaps.to_dict()}" if gaps and gaps.extensions else "")
    cache_path = ctx.config.state_dir / FINGERPRINT_CACHE
    cached = read_json(cache_path)
    if (
        isinstance(cached, dict)
        and cached.get("schema_hash") == digest
        and cached.get("stamp") == stamp
        and isinstance(cached.get("fingerprint"), str)
    ):
        return cached["fingerprint"]
    from workbench.schema.fingerprint import fingerprint

    value = fingerprint(ctx.schema())
    atomic_write_json(cache_path, {"schema_hash": digest, "stamp": stamp, "fingerprint": value})
    return value


def expected_database(ctx: Context, schema_fp: str) -> str:
    """The fingerprint a database built from schema.sql (fingerprint `schema_fp`) must have:
    what PostgreSQL reported the last time this same file was applied, when it was; the
    file's own model's otherwise. PostgreSQL's report is the truth: comparing it with the
    file's text would call a model gap (an expression it stores in another spelling)
    "the schema differs" after a verbatim apply."""
    applied = applied_database(ctx, schema_fp)
    return schema_fp if applied is None else applied


def applied_database(ctx: Context, schema_fp: str) -> str | None:
    """What PostgreSQL reported the last time schema.sql (fingerprint `schema_fp`) was
    applied, if it was."""
    record = read_json(ctx.config.state_dir / APPLIED_FILE)
    if isinstance(record, dict) and isinstance(record.get(schema_fp), str):
        return str(record[schema_fp])
    return None


def record_applied(ctx: Context, schema_fp: str, database_fp: str) -> None:
    """Remember what applying schema.sql verbatim gave (the file's latest version only)."""
    atomic_write_json(ctx.config.state_dir / APPLIED_FILE, {schema_fp: database_fp})


def check_applied(
    ctx: Context, conn: psycopg.Connection[Any], schema_fp: str, database_fp: str
) -> tuple[list[str], list[str]]:
    """A database just built from schema.sql verbatim against what PostgreSQL reported the
    last time the same file was applied: (differences from it, the model gap). The first
    build of a file is its own reference (recorded here); where the file's own model reads
    it differently, that model gap is for the evidence, never a failure."""
    expected = applied_database(ctx, schema_fp)
    if expected is None:
        gap = schema_differences(ctx, conn) if database_fp != schema_fp else []
        record_applied(ctx, schema_fp, database_fp)
        return [], gap
    if database_fp == expected:
        return [], []
    return schema_differences(ctx, conn) or [BEHAVIOUR_DIFFERS], []


# Said where the fingerprints differ and the models do not (database_fingerprint).
BEHAVIOUR_DIFFERS = (
    "its triggers, rules, row-level security, policies, functions, views' queries, "
    "relation or column options, column defaults, sequences, statistics objects, operators, "
    "publications, or its tables' persistence, owners or privileges are not those "
    "schema.sql made"
)
# What the model leaves out and a database still does with its rows: triggers (and whether
# they fire), rules other than a view's own, row-level security and its policies, and the
# functions of the user's schemas, body and all (attack round 3, C34: an agent's trigger,
# DO INSTEAD NOTHING rule or hiding policy passed every "verified against schema.sql").
# Deparsed by the server's own functions, never by calling a user function. Extension members
# are the extension's. And (attack22d D5) a relation's persistence, owner and privileges where
# they are not what a load makes: UNLOGGED, an owner other than the sandbox's own roles, a
# grant to anyone but them and the owner itself (`GRANT ALL … TO PUBLIC`); likewise a
# schema's grants (PUBLIC's USAGE on public excepted), default privileges for anyone else, and
# casts the database made; a plain load has none of those, so its
# fingerprint stays the model's.
_BEHAVIOUR = """
WITH ns AS (
    SELECT oid, nspname FROM pg_catalog.pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema')
      AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%'
),
ext AS (SELECT objid FROM pg_catalog.pg_depend WHERE deptype = 'e'),
-- the sandbox's own roles (owner, application, read-only, a run's), whose grants the
-- workbench makes itself: marked `sandbox-workbench:<name> id <id> … role …`; and the
-- administrator
ours AS (
    SELECT r.oid FROM pg_catalog.pg_roles r
    WHERE coalesce(pg_catalog.shobj_description(r.oid, 'pg_authid'), '')
          LIKE 'sandbox-workbench:% role %'
       OR r.rolname = current_user  -- the administrator (a DSN role that makes no roles)
)
SELECT coalesce(pg_catalog.string_agg(item, E'\\n' ORDER BY item), '') FROM (
    SELECT 'trg ' || pg_catalog.pg_get_triggerdef(g.oid) || ' ' || g.tgenabled::text
    FROM pg_catalog.pg_trigger g JOIN pg_catalog.pg_class c ON c.oid = g.tgrelid
    JOIN ns ON ns.oid = c.relnamespace WHERE NOT g.tgisinternal
    UNION ALL
    SELECT 'rule ' || pg_catalog.pg_get_ruledef(r.oid) || ' ' || r.ev_enabled::text
    FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
    JOIN ns ON ns.oid = c.relnamespace WHERE r.rulename <> '_RETURN'
    UNION ALL
    SELECT 'rls ' || ns.nspname || '.' || c.relname || ' ' || c.relrowsecurity::text || ' '
           || c.relforcerowsecurity::text
    FROM pg_catalog.pg_class c JOIN ns ON ns.oid = c.relnamespace
    WHERE c.relrowsecurity OR c.relforcerowsecurity
    UNION ALL
    SELECT 'pol ' || ns.nspname || '.' || c.relname || '.' || p.polname || ' '
           || p.polcmd::text || ' ' || p.polpermissive::text || ' '
           || coalesce((SELECT pg_catalog.string_agg(n, ',' ORDER BY n) FROM (
                          SELECT CASE WHEN r = 0 THEN 'public'
                                      ELSE pg_catalog.pg_get_userbyid(r)::text END
                          FROM pg_catalog.unnest(p.polroles) AS u(r)) AS names(n)), '') || ' '
           || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), '') || ' '
           || coalesce(pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid), '')
    FROM pg_catalog.pg_policy p JOIN pg_catalog.pg_class c ON c.oid = p.polrelid
    JOIN ns ON ns.oid = c.relnamespace
    UNION ALL
    SELECT 'fn ' || ns.nspname || '.' || f.proname || '('
           || pg_catalog.oidvectortypes(f.proargtypes) || ') ' || f.prokind::text || ' '
           || f.prosecdef::text || f.provolatile::text || f.proleakproof::text || ' '
           || coalesce(pg_catalog.array_to_string(f.proconfig, ','), '') || ' '
           -- (attack22f F6) STRICT changes results; COST, ROWS, PARALLEL and a planner
           -- support function change the plans explain and rehearse show
           || f.proisstrict::text || f.proparallel::text || f.proretset::text || ' '
           || f.procost::text || ' ' || f.prorows::text || ' ' || f.prosupport::text || ' '
           || f.prorettype::pg_catalog.regtype::text || ' '
           || pg_catalog.md5(coalesce(f.prosrc, '') || E'\\n' || CASE
                WHEN f.prosqlbody IS NULL THEN ''
                ELSE pg_catalog.pg_get_function_sqlbody(f.oid) END)
    FROM pg_catalog.pg_proc f JOIN ns ON ns.oid = f.pronamespace
    WHERE f.oid NOT IN (SELECT objid FROM ext)
    UNION ALL
    SELECT 'rel ' || ns.nspname || '.' || c.relname || ' ' || c.relkind::text || ' '
           || c.relpersistence::text || ' '
           || CASE WHEN c.relowner IN (SELECT oid FROM ours) THEN ''
                   ELSE pg_catalog.pg_get_userbyid(c.relowner)::text END || ' '
           || coalesce((SELECT pg_catalog.string_agg(g, ',' ORDER BY g) FROM (
                          SELECT CASE WHEN a.grantee = 0 THEN 'public'
                                      ELSE pg_catalog.pg_get_userbyid(a.grantee)::text END
                                 || '=' || a.privilege_type || a.is_grantable::text
                          FROM pg_catalog.aclexplode(c.relacl) a
                          WHERE a.grantee NOT IN (SELECT oid FROM ours)
                            AND a.grantee <> c.relowner) AS grants(g)), '')
    FROM pg_catalog.pg_class c JOIN ns ON ns.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND c.oid NOT IN (SELECT objid FROM ext)
      AND (c.relpersistence = 'u' OR c.relowner NOT IN (SELECT oid FROM ours)
           OR EXISTS (SELECT FROM pg_catalog.aclexplode(c.relacl) a
                      WHERE a.grantee NOT IN (SELECT oid FROM ours)
                        AND a.grantee <> c.relowner))
    UNION ALL
    SELECT 'nsp ' || ns.nspname || ' ' || pg_catalog.string_agg(
               CASE WHEN a.grantee = 0 THEN 'public'
                    ELSE pg_catalog.pg_get_userbyid(a.grantee)::text END
               || '=' || a.privilege_type, ',' ORDER BY a.grantee, a.privilege_type)
    FROM pg_catalog.pg_namespace n JOIN ns ON ns.oid = n.oid,
         pg_catalog.aclexplode(n.nspacl) a
    WHERE a.grantee NOT IN (SELECT oid FROM ours) AND a.grantee <> n.nspowner
      AND NOT (n.nspname = 'public' AND a.grantee = 0 AND a.privilege_type = 'USAGE')
      AND n.oid NOT IN (SELECT objid FROM ext)
    GROUP BY ns.nspname
    UNION ALL
    SELECT 'dacl ' || pg_catalog.pg_get_userbyid(d.defaclrole)::text || ' '
           || coalesce((SELECT x.nspname::text FROM pg_catalog.pg_namespace x
                        WHERE x.oid = d.defaclnamespace), '') || ' '
           || d.defaclobjtype::text || ' ' || pg_catalog.string_agg(
               CASE WHEN a.grantee = 0 THEN 'public'
                    ELSE pg_catalog.pg_get_userbyid(a.grantee)::text END
               || '=' || a.privilege_type, ',' ORDER BY a.grantee, a.privilege_type)
    FROM pg_catalog.pg_default_acl d, pg_catalog.aclexplode(d.defaclacl) a
    WHERE a.grantee NOT IN (SELECT oid FROM ours) AND a.grantee <> d.defaclrole
    GROUP BY d.oid, d.defaclrole, d.defaclnamespace, d.defaclobjtype
    UNION ALL
    SELECT 'cast ' || pg_catalog.format_type(k.castsource, NULL) || ' '
           || pg_catalog.format_type(k.casttarget, NULL) || ' ' || k.castcontext::text
           || k.castmethod::text || ' ' || coalesce(k.castfunc::pg_catalog.regprocedure::text, '')
    FROM pg_catalog.pg_cast k
    WHERE k.oid >= 16384 AND k.oid NOT IN (SELECT objid FROM ext)
    UNION ALL
    -- (attack22e E5) what else an owner's role changes and a load makes the same every
    -- time: a view's query, a relation's options (fillfactor, autovacuum, security_barrier,
    -- check_option), replica identity, CLUSTER ON, a column's default, storage, statistics
    -- target, options, compression and column grants, a sequence's options and owner column
    SELECT 'def ' || ns.nspname || '.' || c.relname || ' ' || c.relkind::text || ' '
           || c.relreplident::text || ' '
           || coalesce(pg_catalog.array_to_string(c.reloptions, ','), '') || ' '
           || CASE WHEN c.relkind IN ('v', 'm')
                   THEN pg_catalog.md5(coalesce(pg_catalog.pg_get_viewdef(c.oid), ''))
                   ELSE '' END
    FROM pg_catalog.pg_class c JOIN ns ON ns.oid = c.relnamespace
    WHERE c.oid NOT IN (SELECT objid FROM ext)
      AND (c.relkind IN ('v', 'm') OR c.reloptions IS NOT NULL
           OR (c.relkind IN ('r', 'p') AND c.relreplident <> 'd'))
    UNION ALL
    -- (attack22f F32) a table's TOAST relation's options (toast.autovacuum_enabled), and a
    -- constraint switched to NOT ENFORCED (PostgreSQL 18's conenforced, read through
    -- to_jsonb so that older servers, which lack the column, read nothing) or NOT VALID
    SELECT 'toast ' || ns.nspname || '.' || c.relname || ' '
           || pg_catalog.array_to_string(x.reloptions, ',')
    FROM pg_catalog.pg_class c JOIN ns ON ns.oid = c.relnamespace
    JOIN pg_catalog.pg_class x ON x.oid = c.reltoastrelid
    WHERE x.reloptions IS NOT NULL AND c.oid NOT IN (SELECT objid FROM ext)
    UNION ALL
    SELECT 'cne ' || ns.nspname || '.' || coalesce(r.relname, '') || '.' || k.conname || ' '
           || k.contype::text || ' ' || k.convalidated::text || ' '
           || coalesce(pg_catalog.to_jsonb(k) ->> 'conenforced', '')
    FROM pg_catalog.pg_constraint k JOIN ns ON ns.oid = k.connamespace
    LEFT JOIN pg_catalog.pg_class r ON r.oid = k.conrelid
    WHERE (NOT k.convalidated OR pg_catalog.to_jsonb(k) ->> 'conenforced' = 'false')
      AND k.oid NOT IN (SELECT objid FROM ext)
    UNION ALL
    SELECT 'clu ' || ns.nspname || '.' || c.relname
    FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
    JOIN ns ON ns.oid = c.relnamespace WHERE i.indisclustered
    UNION ALL
    SELECT 'att ' || ns.nspname || '.' || c.relname || '.' || a.attname || ' '
           || coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), '') || ' '
           || CASE WHEN a.attstorage = t.typstorage THEN '' ELSE a.attstorage::text END || ' '
           || coalesce(a.attstattarget::text, '') || ' '
           || coalesce(pg_catalog.array_to_string(a.attoptions, ','), '') || ' '
           || coalesce(pg_catalog.array_to_string(a.attfdwoptions, ','), '') || ' '
           || a.attcompression::text || ' '
           || coalesce((SELECT pg_catalog.string_agg(g, ',' ORDER BY g) FROM (
                          SELECT CASE WHEN x.grantee = 0 THEN 'public'
                                      ELSE pg_catalog.pg_get_userbyid(x.grantee)::text END
                                 || '=' || x.privilege_type
                          FROM pg_catalog.aclexplode(a.attacl) x
                          WHERE x.grantee NOT IN (SELECT oid FROM ours)
                            AND x.grantee <> c.relowner) AS grants(g)), '')
    FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
    JOIN ns ON ns.oid = c.relnamespace JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      AND c.oid NOT IN (SELECT objid FROM ext)
      AND (d.oid IS NOT NULL OR a.attstorage <> t.typstorage OR a.attstattarget >= 0
           OR a.attoptions IS NOT NULL OR a.attfdwoptions IS NOT NULL
           OR a.attcompression <> '' OR a.attacl IS NOT NULL)
    UNION ALL
    SELECT 'seq ' || ns.nspname || '.' || c.relname || ' '
           || pg_catalog.format_type(q.seqtypid, NULL) || ' ' || q.seqstart::text || ' '
           || q.seqincrement::text || ' ' || q.seqmin::text || ' ' || q.seqmax::text || ' '
           || q.seqcache::text || ' ' || q.seqcycle::text || ' '
           || coalesce((SELECT pg_catalog.string_agg(o.refobjid::pg_catalog.regclass::text
                                                     || '.' || o.refobjsubid::text, ',')
                        FROM pg_catalog.pg_depend o
                        WHERE o.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
                          AND o.objid = c.oid AND o.deptype IN ('a', 'i')
                          AND o.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass), '')
    FROM pg_catalog.pg_sequence q JOIN pg_catalog.pg_class c ON c.oid = q.seqrelid
    JOIN ns ON ns.oid = c.relnamespace WHERE c.oid NOT IN (SELECT objid FROM ext)
    UNION ALL
    -- objects of the user's schemas the model has no place for, by name and definition
    SELECT 'own ' || k || ' ' || name || ' ' || pg_catalog.pg_get_userbyid(owner)::text
    FROM (
        SELECT 'fn', f.oid, ns.nspname || '.' || f.proname || '('
               || pg_catalog.oidvectortypes(f.proargtypes) || ')', f.proowner
        FROM pg_catalog.pg_proc f JOIN ns ON ns.oid = f.pronamespace
        UNION ALL
        SELECT 'typ', t.oid, ns.nspname || '.' || t.typname, t.typowner
        FROM pg_catalog.pg_type t JOIN ns ON ns.oid = t.typnamespace
        UNION ALL
        SELECT 'nsp', n.oid, n.nspname, n.nspowner
        FROM pg_catalog.pg_namespace n JOIN ns ON ns.oid = n.oid
    ) AS o(k, oid, name, owner)
    WHERE owner NOT IN (SELECT oid FROM ours) AND o.oid NOT IN (SELECT objid FROM ext)
      AND NOT (k = 'nsp' AND name = 'public')
    UNION ALL
    SELECT 'typ ' || ns.nspname || '.' || t.typname || ' ' || t.typtype::text || ' '
           || coalesce((SELECT pg_catalog.string_agg(a.attname || ':'
                               || pg_catalog.format_type(a.atttypid, a.atttypmod), ','
                               ORDER BY a.attnum)
                        FROM pg_catalog.pg_attribute a
                        WHERE a.attrelid = t.typrelid AND a.attnum > 0
                          AND NOT a.attisdropped), '')
    FROM pg_catalog.pg_type t JOIN ns ON ns.oid = t.typnamespace
    WHERE t.oid NOT IN (SELECT objid FROM ext)
      AND (t.typtype IN ('r', 'm')
           OR (t.typtype = 'c' AND (SELECT r.relkind FROM pg_catalog.pg_class r
                                    WHERE r.oid = t.typrelid) = 'c'))
    UNION ALL
    SELECT 'obj ' || kind || ' ' || ns.nspname || '.' || name || ' ' || body
    FROM (
        SELECT 'stx', s.stxnamespace, s.stxname::text,
               s.stxrelid::pg_catalog.regclass::text || ' '
               || coalesce(pg_catalog.pg_get_statisticsobjdef_columns(s.oid), '') || ' '
               || pg_catalog.array_to_string(s.stxkind, ',') || ' '
               || coalesce(s.stxstattarget::text, ''), s.oid
        FROM pg_catalog.pg_statistic_ext s
        UNION ALL
        SELECT 'opr', o.oprnamespace, o.oprname::text,
               pg_catalog.format_type(o.oprleft, NULL) || ' '
               || pg_catalog.format_type(o.oprright, NULL) || ' ' || o.oprcode::text, o.oid
        FROM pg_catalog.pg_operator o
        UNION ALL
        SELECT 'coll', l.collnamespace, l.collname::text,
               l.collprovider::text || ' ' || l.collisdeterministic::text || ' '
               || coalesce(l.collcollate, '') || ' ' || coalesce(l.collctype, ''), l.oid
        FROM pg_catalog.pg_collation l
        UNION ALL
        SELECT 'conv', v.connamespace, v.conname::text,
               v.conforencoding::text || ' ' || v.contoencoding::text || ' '
               || v.conproc::text || ' ' || v.condefault::text, v.oid
        FROM pg_catalog.pg_conversion v
        UNION ALL
        SELECT 'tsc', g.cfgnamespace, g.cfgname::text, g.cfgparser::text, g.oid
        FROM pg_catalog.pg_ts_config g
        UNION ALL
        SELECT 'tsd', d.dictnamespace, d.dictname::text,
               d.dicttemplate::text || ' ' || coalesce(d.dictinitoption, ''), d.oid
        FROM pg_catalog.pg_ts_dict d
        UNION ALL
        SELECT 'opc', c.opcnamespace, c.opcname::text, c.opcmethod::text, c.oid
        FROM pg_catalog.pg_opclass c
        UNION ALL
        SELECT 'opf', f.opfnamespace, f.opfname::text, f.opfmethod::text, f.oid
        FROM pg_catalog.pg_opfamily f
    ) AS x(kind, nsp, name, body, oid) JOIN ns ON ns.oid = x.nsp
    WHERE x.oid NOT IN (SELECT objid FROM ext)
    UNION ALL
    SELECT 'pub ' || p.pubname || ' ' || p.puballtables::text || p.pubinsert::text
           || p.pubupdate::text || p.pubdelete::text || p.pubtruncate::text || ' '
           || coalesce((SELECT pg_catalog.string_agg(r.prrelid::pg_catalog.regclass::text, ','
                                                     ORDER BY r.prrelid)
                        FROM pg_catalog.pg_publication_rel r WHERE r.prpubid = p.oid), '')
    FROM pg_catalog.pg_publication p
    UNION ALL
    SELECT 'ext ' || x.extname || ' ' || x.extversion || ' ' || n.nspname
    FROM pg_catalog.pg_extension x JOIN pg_catalog.pg_namespace n ON n.oid = x.extnamespace
    WHERE x.extname <> 'plpgsql'
) items(item)
"""


def database_fingerprint(conn: psycopg.Connection[Any]) -> str:
    """The live database's fingerprint (an introspection on the administrator's session:
    catalog queries, a lock on a table waited for a few seconds at most): the model's, and,
    where the database has any, its triggers, rules, row-level security, policies and
    functions (`_BEHAVIOUR`) with it. schema.sql's model holds none of those, so a file that
    makes them is compared through what applying it gave (`expected_database`)."""
    from workbench.schema.fingerprint import fingerprint
    from workbench.schema.introspect import introspect

    with catalog_read(conn, "reading the sandbox's catalog"):
        model = introspect(conn)
        row = conn.execute(_BEHAVIOUR).fetchone()
    behaviour = str(row[0]) if row else ""
    value = fingerprint(model)
    if not behaviour:
        return value
    return hashlib.sha256(f"{value}\n{behaviour}".encode()).hexdigest()


def schema_differences(ctx: Context, conn: psycopg.Connection[Any], limit: int = 5) -> list[str]:
    """The first differences between schema.sql's model and the live database."""
    from workbench.schema.compare import diff_models
    from workbench.schema.introspect import introspect

    try:
        with catalog_read(conn, "comparing the sandbox with schema.sql"):
            model = introspect(conn)
        return diff_models(ctx.schema(), model, ("schema.sql", "database"))[:limit]
    except Exception as err:  # a diagnostic only: never mask the real error
        return [f"(could not compare: {type(err).__name__})"]


_CATALOG_DIGEST = """
WITH ns AS (
    SELECT oid, nspname FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema')
      AND nspname NOT LIKE 'pg_toast%' AND nspname NOT LIKE 'pg_temp%'
)
SELECT md5(coalesce(string_agg(item, E'\n' ORDER BY item), '')) FROM (
    SELECT 'rel ' || ns.nspname || '.' || c.relname || ' ' || c.relkind::text
    FROM pg_class c JOIN ns ON ns.oid = c.relnamespace
    UNION ALL
    SELECT 'col ' || ns.nspname || '.' || c.relname || '.' || a.attname || ' '
           || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' '
           || a.attidentity::text || a.attgenerated::text || ' '
           || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN ns ON ns.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'con ' || ns.nspname || '.' || coalesce(c.relname, t.typname, '') || '.'
           || k.conname || ' ' || pg_get_constraintdef(k.oid)
    FROM pg_constraint k JOIN ns ON ns.oid = k.connamespace
    LEFT JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_type t ON t.oid = k.contypid
    UNION ALL
    SELECT 'idx ' || pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN ns ON ns.oid = c.relnamespace
    UNION ALL
    SELECT 'typ ' || ns.nspname || '.' || t.typname || ' ' || t.typtype::text || ' '
           || format_type(t.typbasetype, t.typtypmod) || ' ' || t.typnotnull::text || ' '
           || coalesce((SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
                        FROM pg_enum e WHERE e.enumtypid = t.oid), '')
    FROM pg_type t JOIN ns ON ns.oid = t.typnamespace WHERE t.typtype IN ('e', 'd', 'c', 'r')
    UNION ALL
    SELECT 'view ' || ns.nspname || '.' || c.relname || ' ' || pg_get_viewdef(c.oid)
    FROM pg_class c JOIN ns ON ns.oid = c.relnamespace WHERE c.relkind IN ('v', 'm')
    UNION ALL
    SELECT 'trg ' || pg_get_triggerdef(g.oid) FROM pg_trigger g WHERE NOT g.tgisinternal
    UNION ALL
    SELECT 'fn ' || ns.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes)
           || ') ' || md5(coalesce(p.prosrc, ''))
    FROM pg_proc p JOIN ns ON ns.oid = p.pronamespace
    UNION ALL
    SELECT 'ext ' || x.extname || ' ' || x.extversion FROM pg_extension x
) items(item)
"""


def catalog_digest(conn: psycopg.Connection[Any]) -> str:
    """A digest of the database's user catalog (relations, columns, defaults, constraints,
    indexes, types, views, triggers, functions), computed by the server in one query. A clone
    of a template has the template's digest; the fast reset checks that, and needs neither
    introspection nor the SQL parser (the slowest imports of a reset)."""
    with catalog_read(conn, "reading the sandbox's catalog"):
        row = conn.execute(_CATALOG_DIGEST).fetchone()
    return str(row[0]) if row else ""
