"""Seal the sandbox owner's login around every run: closed, emptied, its password from the file.

schema.sql and the migrations run on the owner role's own login, and a role may set its own
password (`ALTER ROLE CURRENT_USER PASSWORD …`, hidden in a DO body from the statement
filter). A local process that learns that password can log in during a build and keep setting
it again: a password reset while its sessions live is undone by the next statement of one of
them, and a run that fails (or is killed) before its end would leave the password in place,
reaching the previous finished sandbox. So at the start and at the end (success or failure) of
every run under the sandbox's lock (`runs.operation`), in this order:

1. the owner role is made NOLOGIN: no new session can start;
2. every backend of the role is terminated, and waited for until none is left;
3. the role is repaired from `owner.pgpass` (`roles.ensure_roles`: its password, its attributes
   with LOGIN again, its settings reset), all in one transaction.

No session that knows another password gets in between 1 and 3 or stays in after. A kill that
skips the end is repaired at the start of the next run, before it uses the sandbox; `doctor`'s
`roles` check fails meanwhile (the owner cannot log in with its passfile)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.access import roles
from workbench.errors import WorkbenchError

if TYPE_CHECKING:
    from workbench.config.file import Config

_WAIT_SECONDS = 10.0
_POLL_SECONDS = 0.02
_ROUNDS = 5


def seal_owner(conn: psycopg.Connection[Any], config: Config) -> int:
    """NOLOGIN, every session of the owner role ended, its password and attributes from
    `owner.pgpass` (LOGIN again). `conn`: the administrator's autocommit session. Returns
    how many sessions were ended; 0 and nothing done when the sandbox cannot have roles or
    the owner role does not exist yet or is not this sandbox's (ensure_roles refuses that)."""
    state = roles.status(conn, config)
    if not state.available:
        return 0
    role = state.roles.owner
    row = conn.execute(
        "SELECT oid, coalesce(shobj_description(oid, 'pg_authid'), '') = %s "
        "FROM pg_catalog.pg_roles WHERE rolname = %s",
        (roles.role_marker(config, roles.OWNER), role),
    ).fetchone()
    if row is None:
        return 0
    oid, ours = row
    if not ours:
        roles.ensure_roles(conn, config)  # refuses, naming whose role it is
        return 0
    ended = 0
    for _ in range(_ROUNDS):
        _close_logins(conn, role)
        ended += _end_sessions(conn, role, int(oid))
        roles.ensure_roles(conn, config)
        row = conn.execute("SELECT pg_catalog.clock_timestamp()").fetchone()
        reset_at = row[0] if row else None
        # A login whose authentication read the old password before it was reset and ended
        # after LOGIN came back gets in (and may set its password again): ended by its start
        # time (the workbench's own logins start after the seal), and the seal done again.
        late = _end_sessions(conn, role, int(oid), before=reset_at, polls=4)
        if not late:
            return ended
        ended += late
    raise WorkbenchError(
        f"the sandbox's owner role {role} kept getting logins with another password while "
        f"its password was set again ({_ROUNDS} rounds); run the command again"
    )


def setup(
    conn: psycopg.Connection[Any], config: Config, *, file_roles: list[str] | None = None
) -> roles.RoleStatus:
    """`roles.setup` (the grants at the end of a verified run) after `seal_owner`: the owner
    role's password is set again only once no session of it is left to set it back."""
    seal_owner(conn, config)
    return roles.setup(conn, config, file_roles=file_roles)


def _close_logins(conn: psycopg.Connection[Any], role: str) -> None:
    """ALTER ROLE … NOLOGIN, again while a session of the role alters the same catalog row
    at the same moment (its own password: PostgreSQL says "tuple concurrently updated")."""
    deadline = time.monotonic() + _WAIT_SECONDS
    while True:
        try:
            conn.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(role)))
            return
        except psycopg.errors.InternalError_:
            if time.monotonic() > deadline:
                raise
            time.sleep(_POLL_SECONDS)


def _end_sessions(
    conn: psycopg.Connection[Any], role: str, oid: int, *, before: Any = None, polls: int = 2
) -> int:
    """Terminate every backend of the role (other than `conn`'s; `before`: only those that
    started before that server time) until none is left `polls` times in a row (a login that
    passed its checks just before NOLOGIN appears a moment later)."""
    ended: set[int] = set()
    deadline = time.monotonic() + _WAIT_SECONDS
    quiet = 0
    while quiet < polls:
        try:
            rows = conn.execute(
                "SELECT pid, pg_catalog.pg_terminate_backend(pid) "
                "FROM pg_catalog.pg_stat_activity "
                "WHERE usesysid = %s AND pid <> pg_catalog.pg_backend_pid() "
                "AND (%s::timestamptz IS NULL OR backend_start < %s::timestamptz)",
                (oid, before, before),
            ).fetchall()
        except psycopg.errors.InsufficientPrivilege:
            # An administrator with CREATEROLE alone (no superuser, no pg_signal_backend)
            # may not end the role's sessions: the password is still set from the file.
            return len(ended)
        ended.update(int(pid) for pid, _ in rows)
        quiet = 0 if rows else quiet + 1
        if rows and time.monotonic() > deadline:
            raise WorkbenchError(
                f"the sandbox's owner role {role} still has {len(rows)} session(s) after "
                f"{_WAIT_SECONDS:.0f} s of terminating them (pids "
                f"{', '.join(str(pid) for pid, _ in rows[:5])}); the role stays NOLOGIN "
                "until the next command repairs it"
            )
        time.sleep(_POLL_SECONDS)
    return len(ended)
