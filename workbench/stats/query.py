"""`workbench stats query`: a read-only script for servers older than PostgreSQL 18 that
writes the same `pg_restore_*_stats` calls `pg_dump --statistics-only` would, from the
catalogs (`pg_class`, `pg_stats`): no table's rows are read and nothing is written.

It is run on the source database, often by a superuser, so nothing in it is found through a
schema another role can write to: `search_path` is pinned to `pg_catalog, pg_temp` first
(functions and operators are never looked up in pg_temp) and every function is written
`pg_catalog.`: a `public.quote_literal(name)` someone planted (an exact match for a `name`
argument, so it would beat pg_catalog's on the default path) is never called.

    psql -X -q -f stats_query.sql -o stats.sql "$SOURCE_DATABASE_URL"
"""

from __future__ import annotations

_HEADER = """\
-- Optimizer statistics of this database as pg_restore_relation_stats /
-- pg_restore_attribute_stats calls (what PostgreSQL 18's pg_dump --statistics-only writes),
-- for sandbox-workbench's [sandbox] statistics file. Read-only: it reads pg_class and
-- pg_stats (the catalogs ANALYZE fills), never a table's rows, inside a READ ONLY
-- transaction that is rolled back. Run it as the owner of the tables (pg_stats shows only
-- the columns the role may read), after ANALYZE:
--   psql -X -q -f stats_query.sql -o stats.sql "$SOURCE_DATABASE_URL"
-- search_path is pinned to pg_catalog and each function named pg_catalog.*: nothing of a
-- schema another role can create in (public) runs with the runner's rights.
\\set ON_ERROR_STOP on
\\set QUIET on
\\pset format unaligned
\\pset tuples_only on
\\pset footer off
BEGIN TRANSACTION READ ONLY;
SET LOCAL search_path = pg_catalog, pg_temp;
"""

# One row per call; NULL parts drop out of concat_ws (a statistic the server does not have).
QUERY = """\
WITH rels AS (
    SELECT c.oid, n.nspname, c.relname, c.relpages, c.reltuples, c.relallvisible
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'm')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND n.nspname !~ '^pg_(toast|temp_)'
), version AS (
    SELECT pg_catalog.quote_literal(pg_catalog.current_setting('server_version_num')) AS num
), calls AS (
    SELECT r.nspname, r.relname, 0 AS part, '' AS attname,
        'SELECT * FROM pg_catalog.pg_restore_relation_stats(' || E'\\n\\t'
        || pg_catalog.concat_ws(E',\\n\\t',
            '''version'', ' || v.num || '::integer',
            '''schemaname'', ' || pg_catalog.quote_literal(r.nspname::text),
            '''relname'', ' || pg_catalog.quote_literal(r.relname::text),
            '''relpages'', ' || pg_catalog.quote_literal(r.relpages::text) || '::integer',
            '''reltuples'', ' || pg_catalog.quote_literal(r.reltuples::text) || '::real',
            '''relallvisible'', ' || pg_catalog.quote_literal(r.relallvisible::text)
                || '::integer'
        ) || E'\\n);' AS call
    FROM rels r, version v
    UNION ALL
    SELECT s.schemaname, s.tablename, 1, s.attname,
        'SELECT * FROM pg_catalog.pg_restore_attribute_stats(' || E'\\n\\t'
        || pg_catalog.concat_ws(E',\\n\\t',
            '''version'', ' || v.num || '::integer',
            '''schemaname'', ' || pg_catalog.quote_literal(s.schemaname::text),
            '''relname'', ' || pg_catalog.quote_literal(s.tablename::text),
            '''attname'', ' || pg_catalog.quote_literal(s.attname::text),
            '''inherited'', '
                || pg_catalog.quote_literal(CASE WHEN s.inherited THEN 't' ELSE 'f' END)
                || '::boolean',
            '''null_frac'', ' || pg_catalog.quote_literal(s.null_frac::text) || '::real',
            '''avg_width'', ' || pg_catalog.quote_literal(s.avg_width::text) || '::integer',
            '''n_distinct'', ' || pg_catalog.quote_literal(s.n_distinct::text) || '::real',
            '''most_common_vals'', '
                || pg_catalog.quote_literal(s.most_common_vals::text) || '::text',
            '''most_common_freqs'', '
                || pg_catalog.quote_literal(s.most_common_freqs::text) || '::real[]',
            '''histogram_bounds'', '
                || pg_catalog.quote_literal(s.histogram_bounds::text) || '::text',
            '''correlation'', ' || pg_catalog.quote_literal(s.correlation::text) || '::real',
            '''most_common_elems'', '
                || pg_catalog.quote_literal(s.most_common_elems::text) || '::text',
            '''most_common_elem_freqs'', '
                || pg_catalog.quote_literal(s.most_common_elem_freqs::text) || '::real[]',
            '''elem_count_histogram'', '
                || pg_catalog.quote_literal(s.elem_count_histogram::text) || '::real[]'
        ) || E'\\n);' AS call
    FROM pg_catalog.pg_stats s
    JOIN rels r ON r.nspname = s.schemaname AND r.relname = s.tablename
    CROSS JOIN version v
)
SELECT call FROM calls ORDER BY nspname, relname, part, attname;
"""

_FOOTER = "ROLLBACK;\n"


def statistics_query_script() -> str:
    """The whole psql script (meta-commands, the query in a READ ONLY transaction)."""
    return _HEADER + QUERY + _FOOTER
