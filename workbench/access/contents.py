"""Whether a database the workbench did not mark holds anything of anyone's (issue 22, C3).

The guard claims an unmarked database only when it is empty, and a claimed database is
dropped and made again by the next generate. "Empty" therefore means no user object at all,
not only no table: a materialized view with its rows, a sequence, a view, a function, a type,
a schema, an operator, a collation, a text search configuration, dictionary, parser or
template, a foreign-data wrapper or server, a large object, a publication or an event trigger
are someone's work (attack22d D3: a lone dictionary was claimed), and the database holding
one is refused.
Objects an extension made are the extension's (and come back with it), so they do not count.
"""

from __future__ import annotations

from typing import Any

# Each part counts one kind of object outside the system's schemas, extension members left
# out. Types count alone: a table's row type and an array type come with their owner.
_USER_OBJECTS = """
WITH sys AS (
  SELECT oid FROM pg_catalog.pg_namespace
  WHERE nspname IN ('pg_catalog', 'information_schema')
     OR nspname LIKE 'pg\\_toast%' OR nspname LIKE 'pg\\_temp\\_%'
),
ext AS (
  SELECT classid, objid FROM pg_catalog.pg_depend WHERE deptype = 'e'
)
SELECT
  (SELECT count(*) FROM pg_catalog.pg_class c WHERE c.relnamespace NOT IN (SELECT oid FROM sys)
     AND c.relkind IN ('r', 'p', 'f', 'v', 'm', 'S', 'c')
     AND (c.tableoid, c.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_proc p WHERE p.pronamespace NOT IN (SELECT oid FROM sys)
     AND (p.tableoid, p.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_type t WHERE t.typnamespace NOT IN (SELECT oid FROM sys)
     AND t.typrelid = 0 AND t.typcategory <> 'A'
     AND (t.tableoid, t.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_namespace n WHERE n.oid NOT IN (SELECT oid FROM sys)
     AND n.nspname <> 'public' AND (n.tableoid, n.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_operator o
     WHERE o.oprnamespace NOT IN (SELECT oid FROM sys)
     AND (o.tableoid, o.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_collation l
     WHERE l.collnamespace NOT IN (SELECT oid FROM sys)
     AND (l.tableoid, l.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_ts_config f
     WHERE f.cfgnamespace NOT IN (SELECT oid FROM sys)
     AND (f.tableoid, f.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_ts_dict x
     WHERE x.dictnamespace NOT IN (SELECT oid FROM sys)
     AND (x.tableoid, x.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_ts_parser x
     WHERE x.prsnamespace NOT IN (SELECT oid FROM sys)
     AND (x.tableoid, x.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_ts_template x
     WHERE x.tmplnamespace NOT IN (SELECT oid FROM sys)
     AND (x.tableoid, x.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_foreign_data_wrapper w
     WHERE (w.tableoid, w.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_foreign_server v
     WHERE (v.tableoid, v.oid) NOT IN (SELECT classid, objid FROM ext))
  + (SELECT count(*) FROM pg_catalog.pg_largeobject_metadata)
  + (SELECT count(*) FROM pg_catalog.pg_publication)
  + (SELECT count(*) FROM pg_catalog.pg_event_trigger e
     WHERE (e.tableoid, e.oid) NOT IN (SELECT classid, objid FROM ext))
"""


def user_object_count(conn: Any) -> int:
    """How many user objects the database holds (catalog reads only)."""
    row = conn.execute(_USER_OBJECTS).fetchone()
    return int(row[0]) if row else 0


def user_table_count(conn: Any) -> int:
    """The database's tables (plain, partitioned, foreign) outside the system's schemas,
    an extension's own left out."""
    row = conn.execute(
        """
        SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
        """
    ).fetchone()
    return int(row[0]) if row else 0
