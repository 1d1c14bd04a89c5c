"""The sandbox's own roles: never the workbench's own (superuser) role.

Every sandbox has three LOGIN roles of its own, named after it and its sandbox id (so that two
projects with the same sandbox.name on one server never share one):

- the owner role `<name>__wb_owner_<id>` — schema.sql's statements, the rows, the constraints
  and indexes, the sequences and the migrations run on its own connection: it owns what the
  file makes, has CONNECT, CREATE and TEMPORARY on the sandbox database (which stays the
  administrator's, so only the administrator can rewrite its marker), and is a member of the
  file's harmless roles. Nothing the file does runs in a session that could become a
  superuser.

- the application role `<name>__wb_app_<id>` — the `DATABASE_URL` of `workbench env`, and the MCP
  tools' role when the sandbox grants `write`: SELECT, INSERT, UPDATE, DELETE and TRUNCATE on
  the sandbox's tables, USAGE/SELECT/UPDATE on its sequences, USAGE on its schemas, CONNECT and
  TEMPORARY on the sandbox database and on no other. It may act as (is a member of) the
  schema file's own roles when those are harmless (NOLOGIN, no attribute, no predefined role
  in reach), so the file's GRANTs and row-level-security policies apply to it as they would
  to the real application.
- the read-only role `<name>__wb_read_<id>` — the MCP tools' role when the sandbox grants only
  `read`: SELECT on tables and sequences, USAGE on schemas, CONNECT, and
  `default_transaction_read_only` on.

All are NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS and members of no
predefined role (pg_read_server_files, pg_execute_server_program, pg_signal_backend, …).
Their passwords are random, stored only in `.workbench/<kind>.pgpass` (mode 0600, libpq
passfile format; each file holds its own role's line only) and sent to the server as SCRAM
verifiers, never in clear. Each role carries a comment naming its sandbox and sandbox id; a
role of that name without it belongs to someone else and is never altered. Repairing a role
(its password, its settings) never grants it anything: grants on the sandbox database and its
objects are given once, at the end of a verified run (`grant_database`).

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
import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.access.guard import marker_for, parse_marker
from workbench.access.identity import sandbox_id
from workbench.access.lock import lock_key
from workbench.errors import GuardRefusal
from workbench.files.safe import lock_file
from workbench.files.state import atomic_write_text, checked_text, signed_text
from workbench.records.progress import wal_barrier
from workbench.redact import remember_secret
from workbench.schema.file_roles import FILE_ROLE_MARKER, HARMLESS_FILE_ROLES
from workbench.together import run_together

if TYPE_CHECKING:
    from workbench.config.file import Config

APP = "app"
READ = "read"
OWNER = "owner"
KINDS = (OWNER, APP, READ)
_SCRAM_ITERATIONS = 4096
# Membership in any of these (directly or through another role) is never left to a sandbox
# role: each reaches outside the sandbox database (files, programs, other sessions, all data).
ROLE_ATTRIBUTES = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT"
CREATEROLE_ATTRIBUTES = "LOGIN NOCREATEDB NOCREATEROLE INHERIT"
_APP_TABLE_PRIVILEGES = "SELECT, INSERT, UPDATE, DELETE, TRUNCATE"
_APP_SEQUENCE_PRIVILEGES = "USAGE, SELECT, UPDATE"
_USER_SCHEMAS = """
SELECT nspname FROM pg_catalog.pg_namespace
WHERE nspname NOT IN ('pg_catalog', 'information_schema')
  AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%'
ORDER BY 1
"""


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
    owner: str

    def name(self, kind: str) -> str:
        return {APP: self.app, READ: self.read, OWNER: self.owner}[kind]


def role_names(config: Config) -> SandboxRoles:
    """`<name>__wb_<kind>_<first 8 digits of the sandbox id>` for each kind."""
    short = sandbox_id(config)[:8]
    name = config.sandbox.name
    return SandboxRoles(
        app=derived_name(name, f"__wb_{APP}_{short}"),
        read=derived_name(name, f"__wb_{READ}_{short}"),
        owner=derived_name(name, f"__wb_{OWNER}_{short}"),
    )


def role_marker(config: Config, kind: str) -> str:
    """`sandbox-workbench:<name> id <sandbox id> role <kind>`: the comment a role of this
    sandbox carries."""
    return f"{marker_for(config)} role {kind}"


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
            "owner": self.roles.owner,
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


def read_password(path: Path, role: str) -> str | None:
    """The password of `role` in libpq passfile `path` (None: no line for it, or a file the
    workbench did not write for this user: a passfile a checkout carries would hand its
    password to whoever wrote it)."""
    try:
        text = checked_text(path.name, path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    lines = (text or "").splitlines()
    prefix = f"*:*:*:{_escape(role)}:"
    for line in lines:
        if line.startswith(prefix) and len(line) > len(prefix):
            remember_secret(line[len(prefix) :])  # never in any output (files/held_passwords.py)
            return line[len(prefix) :]
    return None


def write_password(path: Path, role: str) -> None:
    """A new random password for `role`, alone in passfile `path` (mode 0600, atomic, signed
    for this user: state.signed_text, a `#` line libpq skips)."""
    password = secrets.token_urlsafe(24)
    remember_secret(password)  # never in any output, report or error (files/held_passwords.py)
    line = f"*:*:*:{_escape(role)}:{password}\n"
    atomic_write_text(path, signed_text(path.name, line), mode=0o600)


@contextlib.contextmanager
def _serialised(conn: psycopg.Connection, config: Config) -> Iterator[None]:
    """One preparation of the roles and grants at a time: concurrent GRANTs or ALTER ROLEs on
    the same object fail with "tuple concurrently updated" (MCP servers starting together).
    A file lock for the processes of this project, then an advisory lock for every session
    on this database (the key names the sandbox)."""
    key = lock_key(f"{config.sandbox.name}:roles")
    fd = lock_file(config.state_dir / "roles.lock")  # never through a symlink
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        conn.execute("SELECT pg_catalog.pg_advisory_lock(%s)", (key,))
        try:
            yield
        finally:
            conn.execute("SELECT pg_catalog.pg_advisory_unlock(%s)", (key,))
    finally:
        os.close(fd)  # releases the file lock


# --- the server side -------------------------------------------------------------------------


def admin_rights(conn: psycopg.Connection) -> tuple[str, bool, bool]:
    """(this session's role, whether it is a superuser, whether it has CREATEROLE)."""
    row = conn.execute(
        "SELECT current_user, rolsuper, rolcreaterole FROM pg_catalog.pg_roles "
        "WHERE rolname = current_user"
    ).fetchone()
    assert row is not None
    return str(row[0]), bool(row[1]), bool(row[2])


def status(conn: psycopg.Connection, config: Config) -> RoleStatus:
    """Can this connection's role make and manage the sandbox's roles?"""
    return _status(conn, config)[0]


def _status(conn: psycopg.Connection, config: Config) -> tuple[RoleStatus, bool]:
    """`status()`, and whether this connection's role is a superuser (one query)."""
    roles = role_names(config)
    admin, superuser, createrole = admin_rights(conn)
    if superuser or createrole:
        return RoleStatus(True, roles, admin), superuser
    return RoleStatus(
        False,
        roles,
        admin,
        f"the DSN's role {admin!r} can neither create roles nor is a superuser, so the "
        f"sandbox's own roles ({roles.app}, {roles.read}) cannot be made; applications and "
        f"agents get {admin!r} itself. Grant it CREATEROLE (or use a DSN whose role has it) "
        "for least privilege.",
    ), superuser


def ensure_roles(
    conn: psycopg.Connection, config: Config, *, reset_passwords: bool = False
) -> RoleStatus:
    """Create or repair the sandbox's two roles (cluster-wide objects) and their passfiles:
    attributes enforced, memberships in anything that reaches outside the sandbox revoked,
    a password set whenever its passfile is new. Idempotent; a no-op report without the
    right to create roles."""
    state, superuser = _status(conn, config)
    if not state.available:
        return state
    with _serialised(conn, config):
        for kind in KINDS:
            _ensure_role(conn, config, state.roles.name(kind), kind, reset_passwords, superuser)
        # The cluster's commits are asynchronous: the roles as the passfiles describe them
        # (the read-only role's setting included) survive a crash of the server from here.
        wal_barrier(conn)
    return state


def _ensure_role(
    conn: psycopg.Connection,
    config: Config,
    role: str,
    kind: str,
    reset_password: bool,
    superuser: bool,
) -> None:
    marker = role_marker(config, kind)
    ident = sql.Identifier(role)
    row = _comment(conn, role)
    path = passfile(config, kind)
    fresh = reset_password or read_password(path, role) is None
    if row is None:
        if fresh:
            write_password(path, role)
        password = read_password(path, role) or ""
        try:
            # The role and its comment in one transaction: a crash or a kill never leaves
            # the role without the comment that makes it this sandbox's (refused ever after).
            with conn.transaction():
                conn.execute(
                    sql.SQL("CREATE ROLE {} " + ROLE_ATTRIBUTES + " PASSWORD {}").format(
                        ident, sql.Literal(scram_verifier(password))
                    )
                )
                conn.execute(sql.SQL("COMMENT ON ROLE {} IS {}").format(ident, sql.Literal(marker)))
        except psycopg.errors.DuplicateObject:
            # made meanwhile by another process: its comment says whose it is
            row = _comment(conn, role) or ("",)
        else:
            fresh = False
            row = (marker,)
    if row[0] != marker:
        _refuse_other_project(config, role, row[0])
        raise GuardRefusal(
            "roles",
            f"role {role!r} already exists on this server and is not this sandbox's (its "
            f"comment is not {marker!r}); the workbench will not alter a role it did not make. "
            "Rename or drop that role, or rename the sandbox.",
        )
    if fresh:
        write_password(path, role)
    # Every time, not only when the passfile is new: the role itself may have changed its
    # password (ALTER ROLE … PASSWORD needs no privilege for one's own role) or its settings
    # (a statement_timeout of 1ms) to lock the application out; the passfile is the truth.
    password = read_password(path, role) or ""
    # A non-superuser admin (CREATEROLE) may not even name SUPERUSER, REPLICATION or
    # BYPASSRLS in ALTER ROLE; the roles were created without them and only a superuser
    # could have given them since (doctor's roles check says so).
    attributes = ROLE_ATTRIBUTES if superuser else CREATEROLE_ATTRIBUTES
    statements = [
        sql.SQL("ALTER ROLE {} PASSWORD {}").format(ident, sql.Literal(scram_verifier(password))),
        sql.SQL("ALTER ROLE {} " + attributes).format(ident),
        sql.SQL("ALTER ROLE {} RESET ALL").format(ident),
    ]
    for (database,) in conn.execute(
        "SELECT d.datname FROM pg_catalog.pg_db_role_setting s "
        "JOIN pg_catalog.pg_database d ON d.oid = s.setdatabase "
        "WHERE s.setrole = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = %s)",
        (role,),
    ).fetchall():
        statements.append(
            sql.SQL("ALTER ROLE {} IN DATABASE {} RESET ALL").format(
                ident, sql.Identifier(database)
            )
        )
    if kind == READ:
        statements.append(
            sql.SQL("ALTER ROLE {} SET default_transaction_read_only = on").format(ident)
        )
    run_together(conn, statements)
    _revoke_unsafe_memberships(
        conn, role, keep_file_roles=kind in (APP, OWNER), unmarked=config.sandbox.embedded
    )


def _comment(conn: psycopg.Connection, role: str) -> tuple[str] | None:
    """(the role's comment,), None when there is no such role."""
    row = conn.execute(
        "SELECT coalesce(shobj_description(oid, 'pg_authid'), '') FROM pg_catalog.pg_roles "
        "WHERE rolname = %s",
        (role,),
    ).fetchone()
    return (str(row[0]),) if row is not None else None


def _refuse_other_project(config: Config, role: str, comment: str) -> None:
    info = parse_marker(comment.rsplit(" role ", 1)[0] if " role " in comment else comment)
    if info is None or info.sandbox_id is None or info.sandbox_id == sandbox_id(config):
        return
    raise GuardRefusal(
        "roles",
        f"role {role!r} belongs to sandbox {info.name!r} with id {info.sandbox_id} (another "
        f"project's), and this project's sandbox has id {sandbox_id(config)}; the workbench "
        "never alters another project's role (nor resets its password).",
    )


# A role no sandbox role may reach (as r2): a superuser or any attribute, a predefined role,
# or a LOGIN role (whose grants in other databases it would inherit).
_UNSAFE_R2 = """
    r2.rolsuper OR r2.rolcreaterole OR r2.rolcreatedb OR r2.rolreplication OR r2.rolbypassrls
    OR r2.rolname LIKE 'pg\\_%%' OR r2.rolcanlogin
"""


def _revoke_unsafe_memberships(
    conn: psycopg.Connection, role: str, *, keep_file_roles: bool, unmarked: bool
):
    """A sandbox role is a member of nothing that could reach outside the sandbox: no
    predefined role, no role with an attribute, no LOGIN role (whose grants elsewhere it
    would inherit), and no role the workbench did not make for a schema file (a team's group
    an older workbench granted, schema/file_roles.py; `unmarked`: the embedded cluster, where
    an unmarked one is an older workbench's own). The read-only role is a member of nothing."""
    rows = conn.execute(
        f"""
        SELECT r.rolname,
               EXISTS (SELECT 1 FROM pg_catalog.pg_roles r2
                       WHERE pg_has_role(r.oid, r2.oid, 'MEMBER') AND ({_UNSAFE_R2})),
               shobj_description(r.oid, 'pg_authid') IS NOT DISTINCT FROM %s
        FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON r.oid = m.roleid
        WHERE m.member = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = %s)
        """,
        (FILE_ROLE_MARKER, role),
    ).fetchall()
    for granted, unsafe, marked in rows:
        if unsafe or not keep_file_roles or not (marked or unmarked):
            conn.execute(
                sql.SQL("REVOKE {} FROM {}").format(sql.Identifier(granted), sql.Identifier(role))
            )


def grant_file_roles(conn: psycopg.Connection, config: Config, file_roles: list[str]) -> list[str]:
    """Let the application role act as the schema file's roles that are harmless (NOLOGIN, no
    attribute, no predefined or unsafe role in reach), so the file's GRANTs and policies
    apply to it. Returns the roles granted."""
    if not file_roles or not status(conn, config).available:
        return []
    names = role_names(config)
    app = names.app
    rows = conn.execute(
        HARMLESS_FILE_ROLES, (file_roles, [names.app, names.read, names.owner])
    ).fetchall()
    granted = []
    for (name,) in rows:
        conn.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(name), sql.Identifier(app)))
        granted.append(name)
    return granted


def open_to_owner(conn: psycopg.Connection, config: Config) -> str | None:
    """On the administrator's connection to the sandbox database: the owner role may
    connect, create schemas and temporary tables there (the database itself stays the
    administrator's). Returns the owner role, None when the sandbox has no roles."""
    state = status(conn, config)
    if not state.available:
        return None
    db = sql.Identifier(config.sandbox.name)
    owner = sql.Identifier(state.roles.owner)
    conn.execute(sql.SQL("GRANT CONNECT, CREATE, TEMPORARY ON DATABASE {} TO {}").format(db, owner))
    return state.roles.owner


def grant_database(conn: psycopg.Connection, config: Config, *, objects: bool = True) -> bool:
    """On a connection to the sandbox database: CONNECT (and TEMPORARY for the application
    role) on it for the sandbox's roles and nobody else but its owner; with `objects`, their
    privileges on the schemas, tables and sequences there now, and default privileges for
    those made later by the owner role or this connection's role. Re-run after every
    generate, reset and migration (a clone starts with the default database ACL)."""
    state, superuser = _status(conn, config)
    if not state.available:
        return False
    with _serialised(conn, config):
        _grant_database(conn, config, state, objects, superuser)
    return True


def _grant_database(
    conn: psycopg.Connection, config: Config, state: RoleStatus, objects: bool, superuser: bool
) -> None:
    roles = state.roles
    app, read = sql.Identifier(roles.app), sql.Identifier(roles.read)
    db = sql.Identifier(config.sandbox.name)
    owner_row = conn.execute(
        "SELECT pg_get_userbyid(datdba) FROM pg_catalog.pg_database "
        "WHERE datname = current_database()"
    ).fetchone()
    if superuser or (owner_row and owner_row[0] == state.admin):
        conn.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(db))
        conn.execute(sql.SQL("GRANT CONNECT, TEMPORARY ON DATABASE {} TO {}").format(db, app))
        conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(db, read))
        open_to_owner(conn, config)
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
        return
    creators = [state.admin]
    exists = "SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = %s"
    if conn.execute(exists, (roles.owner,)).fetchone():
        creators.append(roles.owner)
    grant_objects(conn, roles, creators)


def grant_objects(conn: psycopg.Connection, roles: SandboxRoles, creators: list[str]) -> None:
    """The application and read-only roles' privileges on the schemas, tables and sequences
    this connection's role may grant on, and default privileges for what `creators` make
    later. On the owner role's own connection, it grants on its own objects (an
    administrator that is not a superuser may not)."""
    app, read = sql.Identifier(roles.app), sql.Identifier(roles.read)
    for (schema,) in conn.execute(_USER_SCHEMAS).fetchall():
        ns = sql.Identifier(schema)
        try:
            run_together(
                conn,
                [
                    sql.SQL("GRANT USAGE ON SCHEMA {} TO {}, {}").format(ns, app, read),
                    sql.SQL(
                        "GRANT " + _APP_TABLE_PRIVILEGES + " ON ALL TABLES IN SCHEMA {} TO {}"
                    ).format(ns, app),
                    sql.SQL(
                        "GRANT " + _APP_SEQUENCE_PRIVILEGES + " ON ALL SEQUENCES IN SCHEMA {} TO {}"
                    ).format(ns, app),
                    sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA {} TO {}").format(ns, read),
                    sql.SQL("GRANT SELECT ON ALL SEQUENCES IN SCHEMA {} TO {}").format(ns, read),
                ],
            )
        except psycopg.errors.InsufficientPrivilege:
            continue  # a schema this (non-superuser) role does not own: not the sandbox's
    for creator in creators:
        who = sql.Identifier(creator)
        with contextlib.suppress(psycopg.errors.InsufficientPrivilege):
            run_together(
                conn,
                [
                    sql.SQL("ALTER DEFAULT PRIVILEGES FOR ROLE {who} " + statement).format(
                        who=who, app=app, read=read
                    )
                    for statement in (
                        "GRANT " + _APP_TABLE_PRIVILEGES + " ON TABLES TO {app}",
                        "GRANT " + _APP_SEQUENCE_PRIVILEGES + " ON SEQUENCES TO {app}",
                        "GRANT USAGE ON SCHEMAS TO {app}, {read}",
                        "GRANT SELECT ON TABLES TO {read}",
                        "GRANT SELECT ON SEQUENCES TO {read}",
                    )
                ],
            )


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


def without_access(conn: psycopg.Connection, config: Config) -> list[str]:
    """The sandbox's roles that may not connect to this connection's database yet: they are
    granted it at the end of a finished run (`grant_database`), so a database `up` made, or
    one a run is building, has none."""
    state = status(conn, config)
    if not state.available:
        return []
    names = [state.roles.name(kind) for kind in KINDS]
    closed = {
        name
        for (name,) in conn.execute(
            "SELECT rolname FROM pg_catalog.pg_roles WHERE rolname = ANY(%s) AND NOT "
            "pg_catalog.has_database_privilege(oid, pg_catalog.current_database(), 'CONNECT')",
            (names,),
        ).fetchall()
    }
    return [name for name in names if name in closed]


def inspect(conn: psycopg.Connection, config: Config) -> tuple[str, str]:
    """Doctor's view: ("pass"|"warn"|"fail", message). Read-only."""
    state = status(conn, config)
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
