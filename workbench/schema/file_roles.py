"""The roles schema.sql names (`GRANT … TO x`, `ALTER … OWNER TO x`, `CREATE ROLE x`).

The administrator makes those the server lacks, NOLOGIN and with no attribute, and marks each
as the workbench's (FILE_ROLE_MARKER, the role's comment). Only such a role, still harmless,
is one the sandbox's owner and application roles may be members of and hand objects to. A
role that already existed on the server and that the workbench did not make — a team's group
or owner role on a shared server — is someone else's: never granted (that would hand the
sandbox's application, and an agent, what that role may do in the server's other databases),
and `OWNER TO` it is left out, like `OWNER TO` a superuser (issue 22, C42).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

if TYPE_CHECKING:
    from workbench.schema.parse.statements import ParsedFile

# The file's roles that are harmless to reach: made by the workbench for a schema file (their
# comment is FILE_ROLE_MARKER: a role that already existed on the server is someone else's,
# a team's group on a shared server, never handed to the sandbox's roles), with no attribute
# (LOGIN included), no predefined role, and reaching no role that has one. The sandbox's owner
# and application roles may be members of these, and ownership moves only between them.
FILE_ROLE_MARKER = "sandbox-workbench file role"
HARMLESS_FILE_ROLES = """
    SELECT r.rolname FROM pg_catalog.pg_roles r
    WHERE r.rolname = ANY(%s) AND r.rolname <> ALL(%s)
      AND pg_catalog.shobj_description(r.oid, 'pg_authid') = 'sandbox-workbench file role'
      AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r2
                      WHERE pg_catalog.pg_has_role(r.oid, r2.oid, 'MEMBER')
                        AND (r2.rolsuper OR r2.rolcreaterole OR r2.rolcreatedb
                             OR r2.rolreplication OR r2.rolbypassrls OR r2.rolcanlogin
                             OR r2.rolname LIKE 'pg\\_%%'))
    ORDER BY 1
"""


def create_missing_roles(conn: Any, parsed: ParsedFile, *, adopt: bool = False) -> list[str]:
    """Create the roles the file references, NOLOGIN, where the cluster lacks them, each
    marked as the workbench's (FILE_ROLE_MARKER). `adopt` (the embedded cluster, where no
    one but the workbench makes roles): an unmarked one an older workbench made is marked."""
    roles = parsed.schema.roles
    if not roles:
        return []
    rows = conn.execute(
        "SELECT rolname, pg_catalog.shobj_description(oid, 'pg_authid') IS NULL AND NOT "
        "(rolsuper OR rolcanlogin OR rolcreaterole OR rolcreatedb OR rolreplication OR "
        "rolbypassrls) FROM pg_catalog.pg_roles WHERE rolname = ANY(%s)",
        [roles],
    ).fetchall()
    have = {r[0]: r[1] for r in rows}
    made = []
    for role in roles:
        if role in have:
            if adopt and have[role] and not role.startswith("pg_"):  # plain, unmarked
                _mark_file_role(conn, role)
            continue
        try:
            conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
        except psycopg.errors.DuplicateObject:
            continue  # created meanwhile by a concurrent apply on the same cluster
        _mark_file_role(conn, role)
        made.append(role)
    return made


def _mark_file_role(conn: Any, role: str) -> None:
    with conn.cursor() as cur:  # sent alone, over the extended protocol
        cur.execute(
            sql.SQL("COMMENT ON ROLE {} IS {}").format(
                sql.Identifier(role), sql.Literal(FILE_ROLE_MARKER)
            ),
            binary=True,
        )


def foreign_roles_note(conn: Any, parsed: ParsedFile, harmless: Collection[str]) -> str | None:
    """One line naming the file's roles that exist on the server but are not the
    workbench's (or are not harmless): the sandbox's roles are not made members of them."""
    if not parsed.schema.roles:
        return None
    rows = conn.execute(
        "SELECT rolname FROM pg_catalog.pg_roles WHERE rolname = ANY(%s) ORDER BY 1",
        [parsed.schema.roles],
    ).fetchall()
    others = [r[0] for r in rows if r[0] not in harmless]
    if not others:
        return None
    return (
        f"{parsed.filename} names role(s) {', '.join(others)} that exist on this server and "
        "were not made by the workbench for a schema file (or hold privileges): the "
        "sandbox's roles are not made members of them, and OWNER TO them is left out (the "
        "object stays with the sandbox's owner role)"
    )


def harmless_roles(admin: Any, parsed: ParsedFile) -> list[str]:
    if not parsed.schema.roles:
        return []
    rows = admin.execute(HARMLESS_FILE_ROLES, [parsed.schema.roles, []]).fetchall()
    return [r[0] for r in rows]
