"""The rehearsal's role takes the sandbox owner's place in the clone, and only there.

A rehearsal runs migrations nobody has reviewed yet (an MCP agent may send them). Its role is
therefore no member of the sandbox's owner role: a member could `SET ROLE` to it and change
its password or settings, or use its CONNECT on the sandbox database. Instead, on the
administrator's connection to the fresh clone, in one transaction:

- `REASSIGN OWNED BY <owner> TO <rehearsal role>` gives it what the owner owns in the clone
  (the schema file's objects, `public`): their grants move with them. REASSIGN also moves the
  shared objects the owner owns (databases, tablespaces, wherever they are): each is handed
  back before the transaction commits, so nobody outside the clone sees a change;
- the owner's default privileges (REASSIGN leaves them) are given again for the rehearsal's
  role, so what a migration creates is granted as on the sandbox;
- the owner's privileges on schemas, tables, sequences and routines it does not own (a
  `public` the administrator keeps) are granted to the rehearsal's role in the clone;
- the rehearsal's role acts as the schema file's harmless roles the owner acts as (NOLOGIN,
  no attribute, nothing unsafe in reach: checked again now).

Every statement is built here from catalog names (quoted by psycopg), none from the file.
"""

from __future__ import annotations

import re
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.roles import admin_rights
from workbench.errors import WorkbenchError
from workbench.schema.file_roles import HARMLESS_FILE_ROLES
from workbench.schema.network import NETWORK_EXTENSIONS

# pg_default_acl.defaclobjtype -> the word ALTER DEFAULT PRIVILEGES takes
_DEFAULT_KINDS = {
    "r": "TABLES",
    "S": "SEQUENCES",
    "f": "FUNCTIONS",
    "T": "TYPES",
    "n": "SCHEMAS",
    "L": "LARGE OBJECTS",
}
_PRIVILEGE = re.compile(r"[A-Z]+( [A-Z]+)?")
_SHARED_OWNED = """
    SELECT 'DATABASE', datname FROM pg_catalog.pg_database WHERE datdba = %(oid)s::oid
    UNION ALL
    SELECT 'TABLESPACE', spcname FROM pg_catalog.pg_tablespace
    WHERE spcowner = %(oid)s::oid
"""
# The owner's grants on what it does not own, as (kind, object as SQL text from the catalog's
# own quoting: regclass/regprocedure/quote_ident, with search_path = pg_catalog).
_GRANTS_HELD = """
    SELECT 'SCHEMA', pg_catalog.quote_ident(n.nspname), a.privilege_type, a.is_grantable
    FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
    WHERE a.grantee = %(oid)s::oid AND n.nspowner <> %(oid)s::oid
    UNION ALL
    SELECT CASE WHEN c.relkind = 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
           c.oid::pg_catalog.regclass::text, a.privilege_type, a.is_grantable
    FROM pg_catalog.pg_class c, pg_catalog.aclexplode(c.relacl) a
    WHERE a.grantee = %(oid)s::oid AND c.relowner <> %(oid)s::oid
    UNION ALL
    SELECT 'ROUTINE', p.oid::pg_catalog.regprocedure::text, a.privilege_type, a.is_grantable
    FROM pg_catalog.pg_proc p, pg_catalog.aclexplode(p.proacl) a
    WHERE a.grantee = %(oid)s::oid AND p.proowner <> %(oid)s::oid
      AND NOT EXISTS (
        SELECT 1 FROM pg_catalog.pg_depend d
        JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
        WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid = p.oid
          AND d.deptype = 'e' AND e.extname = ANY(%(network)s))
"""
_DEFAULTS = """
    SELECT d.defaclobjtype::text, n.nspname, a.grantee, a.privilege_type, a.is_grantable
    FROM pg_catalog.pg_default_acl d
    LEFT JOIN pg_catalog.pg_namespace n ON n.oid = d.defaclnamespace
    LEFT JOIN LATERAL pg_catalog.aclexplode(d.defaclacl) a ON true
    WHERE d.defaclrole = %(oid)s::oid
    ORDER BY d.oid
"""


def take_over(admin: psycopg.Connection[Any], owner: str, role: str) -> None:
    """On the administrator's (non-autocommit) connection to the clone: `role` in `owner`'s
    place there, in one transaction (see the module docstring)."""
    found = admin.execute(
        "SELECT oid FROM pg_catalog.pg_roles WHERE rolname = %s", (owner,)
    ).fetchone()
    if found is None:
        return  # no owner role yet: nothing in the clone is its
    # the owner's EXECUTE on an allowed network extension (dblink…) is its own: a rehearsal,
    # which an agent may run, never opens a connection off the server (schema/network.py)
    names = {"oid": found[0], "network": list(NETWORK_EXTENSIONS)}
    with admin.transaction():
        admin.execute("SET LOCAL search_path = pg_catalog")
        shared = admin.execute(_SHARED_OWNED, names).fetchall()
        held = admin.execute(_GRANTS_HELD, names).fetchall()
        defaults = admin.execute(_DEFAULTS, names).fetchall()
        memberships = _file_roles(admin, found[0], owner, role)
        lent = _lend_rights(admin, [owner, role])
        new, old = sql.Identifier(role), sql.Identifier(owner)
        admin.execute(sql.SQL("REASSIGN OWNED BY {} TO {}").format(old, new))
        for kind, name in shared:
            admin.execute(
                sql.SQL("ALTER " + kind + " {} OWNER TO {}").format(sql.Identifier(name), old)
            )
        for kind, target, privilege, grantable in held:
            admin.execute(
                sql.SQL("GRANT {} ON " + kind + " {} TO {}{}").format(
                    _privilege(privilege), sql.SQL(target), new, _grant_option(grantable)
                )
            )
        _copy_defaults(admin, defaults, found[0], role)
        for name in memberships:
            admin.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(name), new))
        for name in lent:
            admin.execute(sql.SQL("REVOKE {} FROM CURRENT_USER").format(sql.Identifier(name)))
        check_apart(admin, owner, role)


def check_apart(conn: psycopg.Connection[Any], owner: str, role: str) -> None:
    """Refuse a rehearsal role that can act as, or with the rights of, the sandbox owner."""
    row = conn.execute("SELECT pg_catalog.pg_has_role(%s, %s, 'MEMBER')", (role, owner)).fetchone()
    if row is not None and row[0]:
        raise WorkbenchError(
            f"The rehearsal's role {role!r} can act as the sandbox owner {owner!r}, so a "
            "migration could change the sandbox itself: the rehearsal stops here.",
            title="rehearsal role not apart",
        )


def _file_roles(admin: psycopg.Connection[Any], oid: int, owner: str, role: str) -> list[str]:
    """The harmless schema-file roles the owner is a member of (checked again now)."""
    granted = [
        r[0]
        for r in admin.execute(
            "SELECT r.rolname FROM pg_catalog.pg_auth_members m "
            "JOIN pg_catalog.pg_roles r ON r.oid = m.roleid WHERE m.member = %s::oid",
            (oid,),
        ).fetchall()
    ]
    if not granted:
        return []
    return [r[0] for r in admin.execute(HARMLESS_FILE_ROLES, (granted, [owner, role]))]


def _lend_rights(admin: psycopg.Connection[Any], names: list[str]) -> list[str]:
    """REASSIGN OWNED needs the rights of both roles: an administrator that is no superuser
    (CREATEROLE, their creator) is made a member for the transaction; returns those."""
    if admin_rights(admin)[1]:
        return []
    lent = []
    for name in names:
        row = admin.execute(
            "SELECT pg_catalog.pg_has_role(current_user, %s, 'USAGE')", (name,)
        ).fetchone()
        if row is not None and not row[0]:
            admin.execute(sql.SQL("GRANT {} TO CURRENT_USER").format(sql.Identifier(name)))
            lent.append(name)
    return lent


def _copy_defaults(admin: psycopg.Connection[Any], rows: list[tuple], owner_oid: int, role: str):
    """The owner's default privileges, given again for `role`. A database-wide entry is the
    whole ACL new objects get (it replaces the built-in one): revoked to nothing first, then
    granted item by item; a schema's entry only adds."""
    new = sql.Identifier(role)
    cleared: set[str] = set()
    for objtype, schema, grantee, privilege, grantable in rows:
        kind = _DEFAULT_KINDS.get(objtype)
        if kind is None:
            continue
        head = sql.SQL("ALTER DEFAULT PRIVILEGES FOR ROLE {}").format(new)
        if schema is not None:
            head += sql.SQL(" IN SCHEMA {}").format(sql.Identifier(schema))
        elif kind not in cleared:
            cleared.add(kind)
            admin.execute(head + sql.SQL(" REVOKE ALL ON " + kind + " FROM PUBLIC, {}").format(new))
        if grantee is None:
            continue  # an empty ACL: nothing at all for new objects
        who = new if grantee == owner_oid else _grantee(admin, grantee)
        admin.execute(
            head
            + sql.SQL(" GRANT {} ON " + kind + " TO {}{}").format(
                _privilege(privilege), who, _grant_option(grantable)
            )
        )


def _grantee(admin: psycopg.Connection[Any], oid: int) -> sql.Composable:
    if oid == 0:
        return sql.SQL("PUBLIC")
    row = admin.execute(
        "SELECT rolname FROM pg_catalog.pg_roles WHERE oid = %s::oid", (oid,)
    ).fetchone()
    if row is None:  # an ACL names only existing roles (pg_shdepend): never widened to PUBLIC
        raise WorkbenchError(f"role oid {oid} of a default privilege is not on the server")
    return sql.Identifier(row[0])


def _privilege(name: str) -> sql.Composable:
    if not _PRIVILEGE.fullmatch(name):
        raise WorkbenchError(f"unexpected privilege name {name!r} in the catalog")
    return sql.SQL(name)


def _grant_option(grantable: bool) -> sql.Composable:
    return sql.SQL(" WITH GRANT OPTION" if grantable else "")
