"""The sandbox database itself: `up` (create it with its marker, or claim an empty one), `down`
(drop it), `status`, starting over from an empty one, and the URL the application under test
connects with."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from psycopg import sql

from workbench.access import roles
from workbench.access.contents import user_table_count
from workbench.access.databases import Aside, create_closed
from workbench.context import Context
from workbench.errors import DatabaseError, WorkbenchError
from workbench.lifecycle.changes import forget_baseline
from workbench.lifecycle.undo import set_aside, settle_swap
from workbench.records.evidence import incomplete, read_records, stopped_build, summarise
from workbench.records.progress import clear as clear_progress
from workbench.trust.target import (
    OWN_AUTH,
    OWN_AUTH_EXTERNAL,
    Target,
    refuse_system_database,
)


@dataclass
class SandboxStatus:
    target: str
    embedded: bool
    server_running: bool | None
    database_exists: bool
    marked: bool
    user_tables: int
    # "incomplete: generate stopped at TABLE (reason)" until a run finishes (records/evidence.py)
    incomplete: str | None = None
    server_created: bool = True  # False: the embedded cluster is not made yet (`up` makes it)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def up(ctx: Context) -> SandboxStatus:
    """Start the embedded cluster if it is the target, create the sandbox database with its
    marker when missing (idempotent), claim an existing one only if it holds no user tables."""
    ctx.require("write", "workbench up")
    refuse_system_database(ctx.config)  # a refusal comes before anything starts
    ctx.db.ensure_server()
    name = ctx.config.sandbox.name
    if not ctx.db.database_exists():
        with ctx.guard.connect(maintenance=True) as conn:
            try:
                # Closed and marked from its first instant (access/databases.py).
                create_closed(conn, ctx.config, name, marker=ctx.guard.marker(), owner_role=None)
            except psycopg.errors.DuplicateDatabase:
                pass  # created meanwhile by another process
            except psycopg.Error as err:
                raise DatabaseError(
                    f"Could not create database {name!r} on {ctx.target().display}: "
                    f"{ctx.guard.redact(str(err).strip())}"
                ) from None
    with ctx.guard.connect() as conn:
        ctx.guard.ensure_destructive_allowed(conn)
    ctx.db.prepare_roles()
    return status(ctx)


def down(ctx: Context) -> bool:
    """Drop the sandbox database (only when it carries the marker or is empty)."""
    from workbench.lifecycle.runs import operation

    ctx.require("reset", "workbench down")
    ctx.db.ensure_server()
    if not ctx.db.database_exists():
        return False
    # Under the sandbox's lock (never in the middle of another process's generate or
    # reset), and recorded in the evidence like every destructive run.
    with operation(ctx, "down"):
        with ctx.guard.connect() as conn:
            ctx.guard.ensure_destructive_allowed(conn)
        clear_progress(ctx.state_dir)
        with ctx.guard.connect(maintenance=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(ctx.config.sandbox.name)
                )
            )
    return True


def status(ctx: Context) -> SandboxStatus:
    if ctx.embedded and not ctx.db.server.initialized:
        # nothing to look at yet, which is no failure (attack28: status exited 1 here)
        return SandboxStatus(
            target=f"embedded cluster (not created yet) / {ctx.config.sandbox.name}",
            embedded=True,
            server_running=False,
            database_exists=False,
            marked=False,
            user_tables=0,
            server_created=False,
        )
    target = ctx.target()
    running: bool | None = ctx.db.server.is_running() if ctx.embedded else None
    exists = marked = False
    tables = 0
    if running is not False:
        if stopped_build(summarise(read_records(ctx.state_dir))) is not None:
            try:
                with ctx.guard.connect(maintenance=True) as maintenance:
                    settle_swap(ctx, maintenance)  # a swap a kill rolled back left it whole
            except (psycopg.Error, WorkbenchError):
                pass  # the next reset or generate settles it
        exists = ctx.db.database_exists()
        if exists:
            with ctx.guard.connect() as conn:
                # Catalog queries only, with names resolved in pg_catalog alone.
                conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog', false)")
                marked = ctx.guard.has_marker(conn)
                tables = user_table_count(conn)
    return SandboxStatus(
        target=target.display,
        embedded=ctx.embedded,
        server_running=running,
        database_exists=exists,
        marked=marked,
        user_tables=tables,
        # a missing database is named too: a build that stopped may have left none
        incomplete=(
            incomplete(summarise(read_records(ctx.config.state_dir)))
            if running is not False
            else None
        ),
    )


def check_replaceable(ctx: Context) -> None:
    """The guard's destructive rule for the sandbox database, when there is one: refused
    (GuardRefusal) before anything that replaces it is written, .workbench/progress.json
    included (a refused generate is no unfinished build)."""
    if ctx.db.database_exists():
        with ctx.db.sandbox() as conn:
            ctx.guard.ensure_destructive_allowed(conn)


def recreate(ctx: Context, *, unfinished: bool = False, hold_previous: bool = False) -> None:
    """Start over from an empty database: the sandbox is disposable, and dropping it is the
    one way to remove everything a schema file may have created in it. The new one is made
    closed and marked (databases.create_closed): only the administrator and the sandbox's
    owner role reach it until the run's end grants the others."""
    ctx.db.ensure_server()
    state = ctx.db.prepare_roles()
    name = ctx.config.sandbox.name
    check_replaceable(ctx)
    replaced_by = ctx.evidence.command if ctx.evidence is not None else "generate"
    with ctx.db.maintenance() as conn:

        def make_room() -> Aside:
            # kept for one undo, or dropped, as the new database takes its name
            aside = set_aside(
                ctx, conn, replaced_by, unfinished=unfinished, hold_previous=hold_previous
            )
            forget_baseline(ctx.state_dir)
            return aside

        create_closed(
            conn,
            ctx.config,
            name,
            marker=ctx.guard.marker(),
            owner_role=state.roles.owner if state.available else None,
            make_room=make_room,
        )


def _where(target: Target) -> tuple[str, str]:
    """A URL's host:port part, and the query parameter naming a Unix socket folder."""
    if target.host.startswith("/"):
        return "", f"host={quote(target.host)}&"
    host = f"[{target.host}]" if ":" in target.host else target.host
    return f"{host}:{target.port}", ""


# The first libpq that knows `require_auth` (older ones refuse a URL that names it).
REQUIRE_AUTH_LIBPQ = 160000


@functools.cache
def machine_libpq() -> int | None:
    """PQlibVersion() of the machine's own libpq (the one psql and the drivers built on it
    load; psycopg's binary wheel carries a newer one of its own), or None when there is none."""
    name = ctypes.util.find_library("pq")
    if name is None:
        return None
    try:
        return int(ctypes.CDLL(name).PQlibVersion())
    except (OSError, AttributeError):
        return None


def url_auth(target: Target) -> str | None:
    """The `require_auth` a role's URL carries, or None when the machine's libpq is older
    than 16 and would refuse the URL: SCRAM only, so a listener squatting the port while the
    server is down is never sent the role's password in clear (the embedded cluster asks
    SCRAM of every login and stores the roles' passwords as SCRAM verifiers; another server
    may ask none)."""
    version = machine_libpq()
    if version is not None and version < REQUIRE_AUTH_LIBPQ:
        return None
    return OWN_AUTH if target.embedded else OWN_AUTH_EXTERNAL


def url_note(target: Target) -> str | None:
    """Why a role's URL lacks `require_auth`, for `workbench env` and `run start` to say."""
    if url_auth(target) is not None:
        return None
    version = machine_libpq() or 0
    return (
        f"this machine's libpq {version // 10000} refuses require_auth (libpq 16 and later "
        "know it): the URL goes without, so while the server is down whatever listens on "
        "its port may be sent the password in clear; with libpq 16 or later, add "
        "&require_auth=scram-sha-256"
    )


def role_url(
    target: Target, role: str, dbname: str, passfile: Path | str, auth: str | None = None
) -> str:
    """`postgresql://<role>@host:port/<dbname>?passfile=…&require_auth=…`: a URL for one of
    the sandbox's (or a run's) roles, whose password only the passfile holds, given by SCRAM
    only (`auth`, url_auth's by default; "" for none)."""
    where, host_query = _where(target)
    auth = url_auth(target) if auth is None else auth
    return (
        f"postgresql://{quote(role)}@{where}/{quote(dbname)}"
        f"?{host_query}passfile={quote(str(passfile))}"
        + (f"&require_auth={quote(auth, safe=',')}" if auth else "")
    )


def database_url(ctx: Context) -> dict[str, Any]:
    """The sandbox URL for the application under test: its application role (never the
    workbench's own), with the passfile that holds that role's password and nothing
    else. When the DSN's role cannot create roles, the DSN's own role, with a note: an
    inline DSN without its password, a `dsn_env` one by its variable."""
    target = ctx.target()
    sandbox = ctx.config.sandbox
    state = ctx.db.prepare_roles()
    if ctx.db.database_exists():
        # the URL leads where the application will write: a database of another role's,
        # marked or not, is refused as every other command refuses it (attack22d D27)
        with ctx.guard.connect() as conn:
            conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog', false)")
            ctx.guard.has_marker(conn)
    params = psycopg.conninfo.conninfo_to_dict(target.conninfo)
    where, host_query = _where(target)
    if state.available:
        path = roles.passfile(ctx.config, roles.APP)
        url = role_url(target, state.roles.app, target.dbname, path)
        return {
            "database_url": url,
            "passfile": str(path),
            "role": state.roles.app,
            "roles": state.to_dict(),
            "require_auth": url_auth(target),
            "url_note": url_note(target),
        }
    note = {"role": state.admin, "roles": state.to_dict(), "note": state.reason}
    if sandbox.dsn_env is not None:
        return {"database_url": None, "from_env": sandbox.dsn_env, **note}
    user = params.get("user")
    auth = f"{quote(str(user))}@" if user else ""
    query = host_query.rstrip("&")
    url = f"postgresql://{auth}{where}/{quote(target.dbname)}" + (f"?{query}" if query else "")
    return {"database_url": url, **note}
