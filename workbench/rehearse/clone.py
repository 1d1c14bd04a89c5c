"""The throwaway database a rehearsal works on, and the role it works as.

A rehearsal never touches the sandbox: it clones the snapshot (`CREATE DATABASE … TEMPLATE`,
under the sandbox's lock for the few milliseconds the copy takes, so a concurrent reset cannot
replace the snapshot mid-copy) or makes an empty database to fill at another size. The clone
is named after the sandbox and a random token, is made with connections disallowed
(databases.create_database_closed), carries `<marker> rehearsal <token>:<pid>`, is closed to
PUBLIC and granted to its role before anyone may connect, and is dropped when the rehearsal
ends; one left by a killed process (its pid gone, or no marker yet and nobody holding the lock
that says it is being made) is dropped by the next rehearsal or by `workbench run gc` (reap).

What the migration runs as: a LOGIN role made for this one rehearsal (NOSUPERUSER, no other
attribute), allowed to connect to the clone and nothing else; its password lives only in a
0600 passfile beside the evidence and both go with the clone. It is no member of the
sandbox's owner role (a member could `SET ROLE` to it and change its password, or use its
CONNECT on the sandbox): it takes the owner's place in the clone alone, owning what the owner
owns there (ownership.py). A migration therefore never runs in a session a superuser logged
into, nor with any right on the sandbox. A DSN whose role may not create roles (and is then
no superuser either) rehearses as that role itself.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from workbench.access import databases, roles
from workbench.access.guard import OWNED_BY_ADMIN
from workbench.access.lock import SandboxLock, wait_seconds_from_env
from workbench.context import Context
from workbench.errors import GuardRefusal, WorkbenchError
from workbench.files.state import atomic_write_text
from workbench.lifecycle.snapshots import clone_strategy, owner_clause, read_snapshot
from workbench.records.evidence import process_alive
from workbench.redact import remember_secret
from workbench.rehearse.measure import LockWatcher
from workbench.rehearse.ownership import take_over
from workbench.schema.apply import FILE_SEARCH_PATH

# NOLOGIN: the role may log in only while the workbench opens a session as it (`connect`).
_ROLE_ATTRIBUTES = "NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT"


class NoSnapshot(WorkbenchError):
    """There is no snapshot to clone."""

    title = "nothing to rehearse on"


@dataclass
class Clone:
    """One rehearsal database: its token and name, what it was made from, who works in it."""

    token: str
    name: str
    source: str  # "snapshot <id>" or "empty"
    role: str | None  # the rehearsal's own login role (None: the DSN's non-superuser role)
    passfile: Path | None
    seconds: float  # to make it

    def to_dict(self) -> dict[str, Any]:
        return {"database": self.name, "source": self.source, "seconds": round(self.seconds, 4)}


def _role_name(ctx: Context, token: str) -> str:
    return f"wb_rehearse_{ctx.guard.sandbox_id()[:8]}_{token}"


def _passfile(ctx: Context, token: str) -> Path:
    return ctx.state_dir / "rehearse" / f"{token}.pgpass"


def reap(ctx: Context, maintenance: psycopg.Connection[Any]) -> list[str]:
    """Drop this sandbox's rehearsal clones (and roles, and passfiles) whose process is gone
    (each rehearsal, and `workbench run gc`); returns what was removed."""
    rows = maintenance.execute(
        "SELECT d.datname, pg_catalog.shobj_description(d.oid, 'pg_database') "
        "FROM pg_catalog.pg_database d "
        f"WHERE pg_catalog.shobj_description(d.oid, 'pg_database') LIKE %s AND {OWNED_BY_ADMIN}",
        (f"{ctx.guard.marker()} rehearsal %",),
    ).fetchall()
    # a clone a kill left before its marker (closed since E38; open to PUBLIC before): by name
    dropped = unmarked_leftovers(ctx, maintenance, drop=True)
    for name, comment in rows:
        found = ctx.guard.rehearsal_of(comment)
        if found is None or process_alive(found[1]) or name != ctx.guard.rehearsal_name(found[0]):
            continue
        dropped += _drop(ctx, maintenance, found[0])
    # a role whose clone is gone (a kill between the two drops): no clone, no owner to wait for
    prefix = f"{ctx.guard.marker()} rehearsal role "
    for role, comment in maintenance.execute(
        "SELECT rolname, shobj_description(oid, 'pg_authid') FROM pg_catalog.pg_roles "
        "WHERE starts_with(shobj_description(oid, 'pg_authid'), %s)",
        (prefix,),
    ).fetchall():
        token = str(comment)[len(prefix) :]
        try:
            clone = ctx.guard.rehearsal_name(token)
        except GuardRefusal:
            continue  # not a token of ours
        if role != _role_name(ctx, token):
            continue
        if (
            maintenance.execute(
                "SELECT 1 FROM pg_catalog.pg_database WHERE datname = %s", (clone,)
            ).fetchone()
            is None
        ):
            dropped += _drop(ctx, maintenance, token)
    # a passfile whose clone and role are both gone (a kill before its role was made): a
    # rehearsal makes its clone before its passfile, so a live one's clone is there
    for path in sorted(_passfile(ctx, "x").parent.glob("*.pgpass")):
        token = path.name.removesuffix(".pgpass")
        try:
            clone = ctx.guard.rehearsal_name(token)
        except GuardRefusal:
            continue
        held = maintenance.execute(
            "SELECT 1 FROM pg_catalog.pg_database WHERE datname = %s "
            "UNION ALL SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = %s",
            (clone, _role_name(ctx, token)),
        ).fetchone()
        if held is None:
            path.unlink(missing_ok=True)
            dropped.append(str(path))
    return dropped


def _drop(ctx: Context, maintenance: psycopg.Connection[Any], token: str) -> list[str]:
    """Drop the rehearsal's clone, role and passfile (those that are its own); returns
    what was removed."""
    removed: list[str] = []
    name = ctx.guard.rehearsal_name(token)
    row = maintenance.execute(
        "SELECT pg_catalog.shobj_description(d.oid, 'pg_database') FROM pg_catalog.pg_database d "
        f"WHERE d.datname = %s AND {OWNED_BY_ADMIN}",
        (name,),
    ).fetchone()
    found = ctx.guard.rehearsal_of(row[0]) if row is not None else None
    if row is not None and found is not None and found[0] == token:
        maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(name)
        ))  # fmt: skip
        removed.append(name)
    role = _role_name(ctx, token)
    marked = maintenance.execute(
        "SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = %s "
        "AND shobj_description(oid, 'pg_authid') = %s",
        (role, _role_marker(ctx, token)),
    ).fetchone()
    if marked is not None:
        with suppress(psycopg.errors.DependentObjectsStillExist):
            maintenance.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))
            removed.append(role)
    path = _passfile(ctx, token)
    if path.exists():
        path.unlink(missing_ok=True)
        removed.append(str(path))
    return removed


def _role_marker(ctx: Context, token: str) -> str:
    return f"{ctx.guard.marker()} rehearsal role {token}"


def _make_role(ctx: Context, maintenance: psycopg.Connection[Any], token: str) -> str | None:
    """The rehearsal's login role, or None when this DSN's role cannot make roles (it is
    then no superuser itself, and the rehearsal runs as it)."""
    if not roles.status(maintenance, ctx.config).available:
        return None
    role = _role_name(ctx, token)
    password = secrets.token_urlsafe(24)
    remember_secret(password)  # never in any output, report or error (files/held_passwords.py)
    atomic_write_text(_passfile(ctx, token), f"*:*:*:{role}:{password}\n", mode=0o600)
    ident = sql.Identifier(role)
    maintenance.execute(
        sql.SQL("CREATE ROLE {} " + _ROLE_ATTRIBUTES + " PASSWORD {}").format(
            ident, sql.Literal(roles.scram_verifier(password))
        )
    )
    maintenance.execute(
        sql.SQL("COMMENT ON ROLE {} IS {}").format(ident, sql.Literal(_role_marker(ctx, token)))
    )
    return role


def _grant(maintenance: psycopg.Connection[Any], database: str, role: str | None) -> None:
    maintenance.execute(
        sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(sql.Identifier(database))
    )
    if role is not None:
        maintenance.execute(
            # CREATE too: the database is the administrator's, and a fill's schema.sql (or a
            # migration) may create schemas
            sql.SQL("GRANT CONNECT, CREATE, TEMPORARY ON DATABASE {} TO {}").format(
                sql.Identifier(database), sql.Identifier(role)
            )
        )


@contextmanager
def rehearsal_clone(ctx: Context, *, empty: bool = False) -> Iterator[Clone]:
    """A clone of the snapshot (or, with `empty`, a new empty database to fill), dropped with
    its role when the block ends, whatever happens in it."""
    ctx.db.ensure_server()
    token = secrets.token_hex(4)
    name = ctx.guard.rehearsal_name(token)
    started = time.monotonic()
    lock = None if empty else SandboxLock(ctx.guard, "rehearse", wait=wait_seconds_from_env())
    made = False
    try:
        if lock is not None:
            lock.acquire()
        with _maintenance(ctx, lock) as maintenance:
            reap(ctx, maintenance)
            source = "empty" if empty else _snapshot_source(ctx, maintenance)
            template = None if empty else ctx.guard.snapshot_name()
            with databases.making(maintenance, name):  # see reap: unmarked, yet not dead
                _create(maintenance, name, template)
                made = True
                databases.crash_point("rehearsal:created")  # tests: a kill before the marker
                maintenance.execute(
                    sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                        sql.Identifier(name),
                        sql.Literal(ctx.guard.rehearsal_marker(token, os.getpid())),
                    )
                )
            role = _make_role(ctx, maintenance, token)
            _grant(maintenance, name, role)
            databases.open_database(maintenance, name)  # closed to all until now (E38)
        if role is not None:
            with ctx.guard.connect(rehearsal=token) as admin_conn:
                take_over(admin_conn, roles.role_names(ctx.config).owner, role)
        if lock is not None:
            lock.release()
        path = _passfile(ctx, token) if role is not None else None
        yield Clone(token, name, source, role, path, time.monotonic() - started)
    finally:
        if lock is not None:
            lock.release()
        if made:
            with ctx.guard.connect(maintenance=True) as maintenance:
                _drop(ctx, maintenance, token)


@contextmanager
def _maintenance(ctx: Context, lock: SandboxLock | None) -> Iterator[psycopg.Connection[Any]]:
    if lock is not None and lock.connection is not None:
        yield lock.connection
        return
    with ctx.guard.connect(maintenance=True) as conn:
        yield conn


def _snapshot_source(ctx: Context, maintenance: psycopg.Connection[Any]) -> str:
    info = read_snapshot(ctx)
    comment = ctx.guard.snapshot_state(maintenance)
    if info is None or comment is None or comment != ctx.guard.snapshot_marker(info.snapshot_id):
        raise NoSnapshot(
            "There is no snapshot of the sandbox to rehearse on (a rehearsal clones it and "
            "never touches the sandbox itself). Run `workbench generate` (or `workbench reset` "
            "when sandbox.migrations is set) first, or pass --rows N to rehearse on a database "
            "filled for the purpose."
        )
    return f"snapshot {info.snapshot_id}"


def _create(maintenance: psycopg.Connection[Any], name: str, template: str | None) -> None:
    """The clone, made closed: no session, not even the administrator's, until it is marked,
    closed to PUBLIC, granted to its role and opened (databases.create_database_closed)."""
    if template is None:
        databases.create_database_closed(maintenance, name)
        return
    databases.create_database_closed(
        maintenance,
        name,
        sql.SQL(" TEMPLATE {}{}{}").format(
            sql.Identifier(template),
            clone_strategy(maintenance),
            owner_clause(maintenance, template),
        ),
    )


def _clone_token(ctx: Context, name: str) -> str | None:
    """The token of this sandbox's rehearsal clone named `name`, else None."""
    token = name[-8:]
    try:
        return token if ctx.guard.rehearsal_name(token) == name else None
    except GuardRefusal:
        return None


def unmarked_leftovers(
    ctx: Context, maintenance: psycopg.Connection[Any], *, drop: bool = False
) -> list[str]:
    """Clones of this sandbox's rehearsal name that a process killed between their CREATE and
    their marker left (no marker to name a pid: told from one being made by the `making`
    lock, which its session held); dropped with `drop`."""
    return databases.dead_unmarked(
        maintenance, lambda name: _clone_token(ctx, name) is not None, drop=drop
    )


def forget_settings(ctx: Context, clone: Clone) -> list[str]:
    """Remove the defaults the migration gave the rehearsal's own role (`ALTER ROLE
    CURRENT_USER SET enable_indexscan = off`, also IN DATABASE): a new session would start
    with them, and the plans after the migration are an application's, which logs in as
    another role. Returns what was set (none: []). Fixed statements on the maintenance
    session; a DSN role rehearsing as itself keeps its own (they are the developer's)."""
    if clone.role is None:
        return []
    with ctx.guard.connect(maintenance=True) as maintenance:
        rows = maintenance.execute(
            "SELECT pg_catalog.unnest(s.setconfig) FROM pg_catalog.pg_db_role_setting s "
            "JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) s.setrole "
            "WHERE r.rolname OPERATOR(pg_catalog.=) %s",
            (clone.role,),
        ).fetchall()
        if rows:
            role = sql.Identifier(clone.role)
            maintenance.execute(sql.SQL("ALTER ROLE {} RESET ALL").format(role))
            maintenance.execute(
                sql.SQL("ALTER ROLE {} IN DATABASE {} RESET ALL").format(
                    role, sql.Identifier(clone.name)
                )
            )
    return [str(r[0]) for r in rows]


def settle(ctx: Context) -> None:
    """A checkpoint before measuring, so that writing out what the clone or the fill left in
    the buffers does not land in the middle of a statement's timing (a fixed statement on
    the maintenance session; skipped where this role may not)."""
    with (
        ctx.guard.connect(maintenance=True) as maintenance,
        suppress(psycopg.errors.InsufficientPrivilege),
    ):
        maintenance.execute("CHECKPOINT")


@contextmanager
def _login_window(ctx: Context, clone: Clone) -> Iterator[None]:
    """The rehearsal's role may log in, with the passfile's password, for the block only.

    The migration runs as the role and may give it a password of its own (`ALTER ROLE
    CURRENT_USER PASSWORD …`, committed mid-rehearsal): anything that reaches the server's
    port could then log in to the clone as the owner of every object there and read the
    snapshot's rows unmasked, without `read` (attack22f F40). The role is NOLOGIN but while
    the workbench opens a session as it, and its password is set back to the passfile's
    first; a session already open is not ended by NOLOGIN, so the workbench's own is kept."""
    assert clone.role is not None and clone.passfile is not None
    password = clone.passfile.read_text().rstrip("\n").split(":", 4)[4]
    role = sql.Identifier(clone.role)
    with ctx.guard.connect(maintenance=True) as maintenance:
        maintenance.execute(
            sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(
                role, sql.Literal(roles.scram_verifier(password))
            )
        )
        try:
            yield
        finally:
            maintenance.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(role))


def connect(ctx: Context, clone: Clone, *, autocommit: bool = False) -> psycopg.Connection[Any]:
    """The session a rehearsal's migration runs in: the rehearsal's own login role (never a
    superuser: the guard checks), with the search path migrations are written for; the role
    may log in only while this opens the session (`_login_window`)."""
    if clone.role is not None and clone.passfile is not None:
        with _login_window(ctx, clone):
            conn = ctx.guard.connect(
                autocommit=autocommit,
                rehearsal=clone.token,
                role=clone.role,
                passfile=str(clone.passfile),
            )
    else:
        conn = ctx.guard.connect(autocommit=autocommit, rehearsal=clone.token)
        try:
            ctx.guard.verify_role(conn, conn.info.user)
        except BaseException:
            conn.close()
            raise
    conn.execute(FILE_SEARCH_PATH)
    if not autocommit:
        conn.commit()
    return conn


def admin(ctx: Context, clone: Clone) -> psycopg.Connection[Any]:
    """The administrator's session on the clone, for the fixed steps a fill takes (the same
    ones a generate takes on the sandbox); never for the migration or a query."""
    return ctx.guard.connect(rehearsal=clone.token)


def lock_watcher(ctx: Context, clone: Clone) -> Callable[[int], LockWatcher]:
    """What watches a statement's locks on the clone: an administrator session there (in the
    clone, so that a statement waiting for older snapshots waits for it: measure.py)."""

    def watcher(pid: int) -> LockWatcher:
        return LockWatcher(lambda: admin(ctx, clone), pid, clone.name)

    return watcher
