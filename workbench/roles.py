"""The roles an application or an agent gets: never the workbench's own (superuser) role.

Every sandbox has two LOGIN roles of its own, named after it:

- the application role `<name>__wb_app` — the `DATABASE_URL` of `workbench env`, and the MCP
  tools' role when the sandbox grants `write`: SELECT, INSERT, UPDATE, DELETE and TRUNCATE on
  the sandbox's tables, USAGE/SELECT/UPDATE on its sequences, USAGE on its schemas, CONNECT and
  TEMPORARY on the sandbox database and on no other. It may act as (is a member of) the
  schema file's own roles when those are harmless (NOLOGIN, no attribute, no predefined role
  in reach), so the file's GRANTs and row-level-security policies apply to it as they would
  to the real application.
- the read-only role `<name>__wb_read` — the MCP tools' role when the sandbox grants only
  `read`: SELECT on tables and sequences, USAGE on schemas, CONNECT, and
  `default_transaction_read_only` on.

Both are NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS and members of no
predefined role (pg_read_server_files, pg_execute_server_program, pg_signal_backend, …).
Their passwords are random, stored only in `.workbench/app.pgpass` and `.workbench/read.pgpass`
(mode 0600, libpq passfile format; each file holds its own role's line only) and sent to the
server as SCRAM verifiers, never in clear. Each role carries a comment naming its sandbox;
a role of that name without it belongs to someone else and is never altered.

An external DSN whose role can neither create roles nor is a superuser cannot have sandbox
roles: `status()` says so, `workbench env` prints the DSN's own role with a note, doctor
warns, and the query tools use that (non-superuser) role under the statement checks.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import hmac
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.errors import GuardRefusal
from workbench.state import atomic_write_text

if TYPE_CHECKING:
    from workbench.config import Config

APP = "app"
READ = "read"
KINDS = (APP, READ)
_SUFFIX = {APP: "__wb_app", READ: "__wb_read"}
_SCRAM_ITERATIONS = 4096
# Membership in any of these (directly or through another role) is never left to a sandbox
# role: each reaches outside the sandbox database (files, programs, other sessions, all data).
_ATTRIBUTES = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT"
_CREATEROLE_ATTRIBUTES = "LOGIN NOCREATEDB NOCREATEROLE INHERIT"
_APP_TABLE_PRIVILEGES = "SELECT, INSERT, UPDATE, DELETE, TRUNCATE"
_APP_SEQUENCE_PRIVILEGES = "USAGE, SELECT, UPDATE"
_USER_SCHEMAS = """
SELECT nspname FROM pg_catalog.pg_namespace
WHERE nspname NOT IN ('pg_catalog', 'information_schema')
  AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%'
ORDER BY 1
"""


def close_to_public(conn: psycopg.Connection, database: str) -> None:
    """Right after CREATE DATABASE: no role but the administrator may connect until the
    sandbox's grants are applied at the end of the run. A new database lets PUBLIC connect,
    and a half-built one (a killed generate) must not be reachable by an agent, who could
    plant a trigger that the resumed load would fire."""
    conn.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(sql.Identifier(database)))


def derived_name(name: str, suffix: str) -> str:
    """`<name><suffix>`, shortened with a hash when it would pass PostgreSQL's 63-byte limit."""
    if len(name.encode()) + len(suffix) <= 63:
        return f"{name}{suffix}"
    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    keep = name.encode()[: 63 - len(suffix) - 9].decode("utf-8", "ignore")
    return f"{keep}_{digest}{suffix}"


@dataclass(frozen=True)
class SandboxRoles:
    app: str
    read: str

    def name(self, kind: str) -> str:
        return self.app if kind == APP else self.read


def role_names(sandbox_name: str) -> SandboxRoles:
    return SandboxRoles(
        app=derived_name(sandbox_name, _SUFFIX[APP]),
        read=derived_name(sandbox_name, _SUFFIX[READ]),
    )


def role_marker(sandbox_name: str, kind: str) -> str:
    return f"sandbox-workbench:{sandbox_name} role {kind}"


def kind_for_capabilities(capabilities: list[str] | tuple[str, ...]) -> str:
    """The role the agent-facing tools use: the application role when the sandbox grants
    `write`, else the read-only one."""
    return APP if "write" in capabilities else READ


def passfile(config: Config, kind: str) -> Path:
    return config.state_dir / f"{kind}.pgpass"


@dataclass
class RoleStatus:
    """Whether the sandbox's roles can exist on this server (`available`), and if not why."""

    available: bool
    roles: SandboxRoles
    admin: str
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "available": self.available,
            "app": self.roles.app,
            "read": self.roles.read,
            "admin": self.admin,
            **({"reason": self.reason} if self.reason else {}),
        }


# --- passwords -------------------------------------------------------------------------------


def scram_verifier(password: str, *, salt: bytes | None = None) -> str:
    """The SCRAM-SHA-256 verifier PostgreSQL stores for `password` (RFC 5802 / 7677): sending
    it instead of the password keeps the clear text out of the server's statement log."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    salted = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, _SCRAM_ITERATIONS)
    client_key = hmac.new(salted, b"Client Key", hashlib.sha256).digest()
    stored_key = hashlib.sha256(client_key).digest()
    server_key = hmac.new(salted, b"Server Key", hashlib.sha256).digest()

    def b64(raw: bytes) -> str:
        return base64.b64encode(raw).decode()

    return f"SCRAM-SHA-256${_SCRAM_ITERATIONS}:{b64(salt)}${b64(stored_key)}:{b64(server_key)}"


def _escape(field: str) -> str:
    return field.replace("\\", "\\\\").replace(":", "\\:")


def _read_password(path: Path, role: str) -> str | None:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    prefix = f"*:*:*:{_escape(role)}:"
    for line in lines:
        if line.startswith(prefix) and len(line) > len(prefix):
            return line[len(prefix) :]
    return None


def _write_password(path: Path, role: str) -> None:
    atomic_write_text(path, f"*:*:*:{_escape(role)}:{secrets.token_urlsafe(24)}\n", mode=0o600)


@contextlib.contextmanager
def _file_lock(config: Config) -> Iterator[None]:
    config.state_dir.mkdir(parents=True, exist_ok=True)
    with open(config.state_dir / "roles.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


# --- the server side -------------------------------------------------------------------------


def _admin(conn: psycopg.Connection) -> tuple[str, bool, bool]:
    row = conn.execute(
        "SELECT current_user, rolsuper, rolcreaterole FROM pg_catalog.pg_roles "
        "WHERE rolname = current_user"
    ).fetchone()
    assert row is not None
    return str(row[0]), bool(row[1]), bool(row[2])


def status(conn: psycopg.Connection, sandbox_name: str) -> RoleStatus:
    """Can this connection's role make and manage the sandbox's roles?"""
    roles = role_names(sandbox_name)
    admin, superuser, createrole = _admin(conn)
    if superuser or createrole:
        return RoleStatus(True, roles, admin)
    return RoleStatus(
        False,
        roles,
        admin,
        f"the DSN's role {admin!r} can neither create roles nor is a superuser, so the "
        f"sandbox's own roles ({roles.app}, {roles.read}) cannot be made; applications and "
        f"agents get {admin!r} itself. Grant it CREATEROLE (or use a DSN whose role has it) "
        "for least privilege.",
    )


def ensure_roles(
    conn: psycopg.Connection, config: Config, *, reset_passwords: bool = False
) -> RoleStatus:
    """Create or repair the sandbox's two roles (cluster-wide objects) and their passfiles:
    attributes enforced, memberships in anything that reaches outside the sandbox revoked,
    a password set whenever its passfile is new. Idempotent; a no-op report without the
    right to create roles."""
    state = status(conn, config.sandbox.name)
    if not state.available:
        return state
    with _file_lock(config):
        for kind in KINDS:
            _ensure_role(conn, config, state.roles.name(kind), kind, reset_passwords)
    return state


def _ensure_role(
    conn: psycopg.Connection, config: Config, role: str, kind: str, reset_password: bool
) -> None:
    marker = role_marker(config.sandbox.name, kind)
    ident = sql.Identifier(role)
    row = conn.execute(
        "SELECT coalesce(shobj_description(oid, 'pg_authid'), '') FROM pg_catalog.pg_roles "
        "WHERE rolname = %s",
        (role,),
    ).fetchone()
    path = passfile(config, kind)
    fresh = reset_password or _read_password(path, role) is None
    if row is None:
        if fresh:
            _write_password(path, role)
        password = _read_password(path, role) or ""
        try:
            conn.execute(
                sql.SQL("CREATE ROLE {} " + _ATTRIBUTES + " PASSWORD {}").format(
                    ident, sql.Literal(scram_verifier(password))
                )
            )
        except psycopg.errors.DuplicateObject:
            pass  # made meanwhile by another workbench process: checked below
        else:
            fresh = False
        conn.execute(sql.SQL("COMMENT ON ROLE {} IS {}").format(ident, sql.Literal(marker)))
        row = (marker,)
    if row[0] != marker:
        raise GuardRefusal(
            "roles",
            f"role {role!r} already exists on this server and is not this sandbox's (its "
            f"comment is not {marker!r}); the workbench will not alter a role it did not make. "
            "Rename or drop that role, or rename the sandbox.",
        )
    if fresh:
        _write_password(path, role)
    # Every time, not only when the passfile is new: the role itself may have changed its
    # password (ALTER ROLE … PASSWORD needs no privilege for one's own role) or its settings
    # (a statement_timeout of 1ms) to lock the application out; the passfile is the truth.
    password = _read_password(path, role) or ""
    conn.execute(
        sql.SQL("ALTER ROLE {} PASSWORD {}").format(ident, sql.Literal(scram_verifier(password)))
    )
    # A non-superuser admin (CREATEROLE) may not even name SUPERUSER, REPLICATION or
    # BYPASSRLS in ALTER ROLE; the roles were created without them and only a superuser
    # could have given them since (doctor's roles check says so).
    superuser = _admin(conn)[1]
    conn.execute(
        sql.SQL("ALTER ROLE {} " + (_ATTRIBUTES if superuser else _CREATEROLE_ATTRIBUTES)).format(
            ident
        )
    )
    conn.execute(sql.SQL("ALTER ROLE {} RESET ALL").format(ident))
    for (database,) in conn.execute(
        "SELECT d.datname FROM pg_catalog.pg_db_role_setting s "
        "JOIN pg_catalog.pg_database d ON d.oid = s.setdatabase "
        "WHERE s.setrole = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = %s)",
        (role,),
    ).fetchall():
        conn.execute(
            sql.SQL("ALTER ROLE {} IN DATABASE {} RESET ALL").format(
                ident, sql.Identifier(database)
            )
        )
    if kind == READ:
        conn.execute(sql.SQL("ALTER ROLE {} SET default_transaction_read_only = on").format(ident))
    _revoke_unsafe_memberships(conn, role, keep_file_roles=kind == APP)


# A role no sandbox role may reach (as r2): a superuser or any attribute, a predefined role,
# or a LOGIN role (whose grants in other databases it would inherit).
_UNSAFE_R2 = """
    r2.rolsuper OR r2.rolcreaterole OR r2.rolcreatedb OR r2.rolreplication OR r2.rolbypassrls
    OR r2.rolname LIKE 'pg\\_%%' OR r2.rolcanlogin
"""


def _revoke_unsafe_memberships(conn: psycopg.Connection, role: str, *, keep_file_roles: bool):
    """A sandbox role is a member of nothing that could reach outside the sandbox: no
    predefined role, no role with an attribute, no LOGIN role (whose grants elsewhere it
    would inherit). The read-only role is a member of nothing at all."""
    rows = conn.execute(
        f"""
        SELECT r.rolname,
               EXISTS (SELECT 1 FROM pg_catalog.pg_roles r2
                       WHERE pg_has_role(r.oid, r2.oid, 'MEMBER') AND ({_UNSAFE_R2}))
        FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON r.oid = m.roleid
        WHERE m.member = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = %s)
        """,
        (role,),
    ).fetchall()
    for granted, unsafe in rows:
        if unsafe or not keep_file_roles:
            conn.execute(
                sql.SQL("REVOKE {} FROM {}").format(sql.Identifier(granted), sql.Identifier(role))
            )


def grant_file_roles(conn: psycopg.Connection, config: Config, file_roles: list[str]) -> list[str]:
    """Let the application role act as the schema file's roles that are harmless (NOLOGIN, no
    attribute, no predefined or unsafe role in reach), so the file's GRANTs and policies
    apply to it. Returns the roles granted."""
    if not file_roles or not status(conn, config.sandbox.name).available:
        return []
    app = role_names(config.sandbox.name).app
    rows = conn.execute(
        f"""
        SELECT r.rolname FROM pg_catalog.pg_roles r
        WHERE r.rolname = ANY(%s) AND r.rolname <> %s
          AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r2
                          WHERE pg_has_role(r.oid, r2.oid, 'MEMBER') AND ({_UNSAFE_R2}))
        ORDER BY 1
        """,
        (file_roles, app),
    ).fetchall()
    granted = []
    for (name,) in rows:
        conn.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(name), sql.Identifier(app)))
        granted.append(name)
    return granted


def grant_database(conn: psycopg.Connection, config: Config, *, objects: bool = True) -> bool:
    """On a connection to the sandbox database: CONNECT (and TEMPORARY for the application
    role) on it for the sandbox's roles and nobody else but its owner; with `objects`, their
    privileges on the schemas, tables and sequences there now, and default privileges for
    those made later by the owner role or this connection's role. Re-run after every
    generate, reset and migration (a clone starts with the default database ACL)."""
    state = status(conn, config.sandbox.name)
    if not state.available:
        return False
    roles = state.roles
    app, read = sql.Identifier(roles.app), sql.Identifier(roles.read)
    db = sql.Identifier(config.sandbox.name)
    owner_row = conn.execute(
        "SELECT pg_get_userbyid(datdba) FROM pg_catalog.pg_database "
        "WHERE datname = current_database()"
    ).fetchone()
    superuser = _admin(conn)[1]
    if superuser or (owner_row and owner_row[0] == state.admin):
        conn.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(db))
        conn.execute(sql.SQL("GRANT CONNECT, TEMPORARY ON DATABASE {} TO {}").format(db, app))
        conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(db, read))
        if not superuser:
            conn.execute(
                sql.SQL("GRANT CONNECT, TEMPORARY ON DATABASE {} TO CURRENT_USER").format(db)
            )
    if superuser and config.sandbox.embedded:
        # The embedded cluster is this sandbox's alone: its roles may not connect to the
        # maintenance database either (where the workbench's lock lives: an advisory lock
        # taken there would stall every generate and reset) nor to template1 (a session
        # there makes CREATE DATABASE fail).
        for system in ("postgres", "template1"):
            conn.execute(
                sql.SQL("REVOKE CONNECT, TEMPORARY ON DATABASE {} FROM PUBLIC").format(
                    sql.Identifier(system)
                )
            )
    if not objects:
        return True
    from workbench.schema.apply import OWNER_ROLE

    creators = [state.admin]
    exists = "SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = %s"
    if conn.execute(exists, (OWNER_ROLE,)).fetchone():
        creators.append(OWNER_ROLE)
    for (schema,) in conn.execute(_USER_SCHEMAS).fetchall():
        ns = sql.Identifier(schema)
        try:
            with conn.transaction():
                conn.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}, {}").format(ns, app, read))
                conn.execute(
                    sql.SQL(
                        "GRANT " + _APP_TABLE_PRIVILEGES + " ON ALL TABLES IN SCHEMA {} TO {}"
                    ).format(ns, app)
                )
                conn.execute(
                    sql.SQL(
                        "GRANT " + _APP_SEQUENCE_PRIVILEGES + " ON ALL SEQUENCES IN SCHEMA {} TO {}"
                    ).format(ns, app)
                )
                conn.execute(
                    sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA {} TO {}").format(ns, read)
                )
                conn.execute(
                    sql.SQL("GRANT SELECT ON ALL SEQUENCES IN SCHEMA {} TO {}").format(ns, read)
                )
        except psycopg.errors.InsufficientPrivilege:
            continue  # a schema this (non-superuser) role does not own: not the sandbox's
    for creator in creators:
        who = sql.Identifier(creator)
        with contextlib.suppress(psycopg.errors.InsufficientPrivilege), conn.transaction():
            for statement in (
                "GRANT " + _APP_TABLE_PRIVILEGES + " ON TABLES TO {app}",
                "GRANT " + _APP_SEQUENCE_PRIVILEGES + " ON SEQUENCES TO {app}",
                "GRANT USAGE ON SCHEMAS TO {app}, {read}",
                "GRANT SELECT ON TABLES TO {read}",
                "GRANT SELECT ON SEQUENCES TO {read}",
            ):
                conn.execute(
                    sql.SQL("ALTER DEFAULT PRIVILEGES FOR ROLE {who} " + statement).format(
                        who=who, app=app, read=read
                    )
                )
    return True


def setup(
    conn: psycopg.Connection, config: Config, *, file_roles: list[str] | None = None
) -> RoleStatus:
    """Everything at once, on an autocommit connection to the sandbox database."""
    state = ensure_roles(conn, config)
    if state.available:
        if file_roles:
            grant_file_roles(conn, config, file_roles)
        grant_database(conn, config)
    return state


def inspect(conn: psycopg.Connection, config: Config) -> tuple[str, str]:
    """Doctor's view: ("pass"|"warn"|"fail", message). Read-only."""
    state = status(conn, config.sandbox.name)
    if not state.available:
        return "warn", state.reason
    problems = []
    for kind in KINDS:
        role = state.roles.name(kind)
        row = conn.execute(
            f"""
            SELECT r.rolsuper OR r.rolcreatedb OR r.rolcreaterole OR r.rolreplication
                   OR r.rolbypassrls,
                   EXISTS (SELECT 1 FROM pg_catalog.pg_roles r2
                           WHERE r2.oid <> r.oid AND pg_has_role(r.oid, r2.oid, 'MEMBER')
                             AND ({_UNSAFE_R2}))
            FROM pg_catalog.pg_roles r WHERE r.rolname = %s
            """,
            (role,),
        ).fetchone()
        if row is None:
            problems.append(f"role {role} does not exist yet")
        elif row[0] or row[1]:
            problems.append(f"role {role} has an attribute or membership it must not have")
        elif not passfile(config, kind).exists():
            problems.append(f"{passfile(config, kind).name} is missing")
    if problems:
        return "warn", "; ".join(problems) + " (the next generate, reset or `env` repairs it)"
    return "pass", (
        f"applications use {state.roles.app} (DML), read-only tools {state.roles.read}; "
        "neither is a superuser or holds a predefined role"
    )
