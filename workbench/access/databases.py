"""Making the sandbox database and its snapshot so that no kill leaves one open or unmarked.

`create_closed()` builds a database under a name that carries this sandbox's id
(`<name>__wb_new_<sandbox id>`), with ALLOW_CONNECTIONS false from its first instant, gives it
its marker and its closed ACL (no PUBLIC), then, in one transaction, moves the one it replaces
away (to the undo copy, or to `<name>__wb_old_<sandbox id>`, dropped once the transaction
committed), renames the new one into place and opens it (a snapshot stays closed and becomes a
template). The name always holds the old database or the new one: a kill before the commit
leaves the database it replaces as it was and, at most, a closed database under the building
name; a kill after it leaves the finished database and, at most, the replaced one under its
name. Both leftovers are this sandbox's by their names and dropped by the next run. Nobody but
the administrator connects to the new one in between.

The marker and the ACL commit asynchronously, and a crash of the machine may lose them; it
then loses every later step with them (the WAL is flushed in order, and CREATE and DROP
DATABASE force their own commits to disk), so a database that is open after a crash always
carries both, and a lost one is a closed database under the building name.

Every database the workbench makes (the sandbox, its snapshot, a run's clone, a rehearsal's or
an explain's clone) is made by `create_database_closed()`: `CREATE DATABASE … ALLOW_CONNECTIONS
false`, so no session, PUBLIC's or any login role's of a shared server, gets in before its
marker and its closed ACL are set; a CREATE followed by a REVOKE left a window an agent polling
pg_database joined (attack22e E38). `open_database()` lets connections in once that is done.
A clone made under a random name (a rehearsal's) is made inside `making()`, an advisory lock
held from before the CREATE until it is marked, so `dead_unmarked()` can tell one whose process
died before marking it (the lock free, no marker) from one being made now.

`crash_point()` is the hook the tests kill a real process at: WORKBENCH_CRASH_AT=<stage>:<point>,
`database` or `snapshot` and `created`, `marked` or `replaced`.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.guard import OWNED_BY_ADMIN
from workbench.access.identity import sandbox_id
from workbench.access.lock import lock_key
from workbench.access.roles import derived_name
from workbench.config.file import Config

# The sessions this login may end: pg_terminate_backend fails the whole statement on a session
# of a role whose privileges the caller lacks (a CREATEROLE-only administrator and the sandbox
# owner's session that is closing as the build ends). Such a session is left to the step that
# needs it gone, which waits for it or says whose it is.
MAY_END = (
    "NOT (usesysid IS NOT NULL AND NOT pg_catalog.pg_has_role(usesysid, 'USAGE') "
    "AND NOT pg_catalog.pg_has_role('pg_signal_backend', 'USAGE'))"
)

CRASH_ENV = "WORKBENCH_CRASH_AT"


def crash_point(point: str) -> None:
    """Die at once, as a kill would, when WORKBENCH_CRASH_AT names this point (tests)."""
    if os.environ.get(CRASH_ENV) == point:
        os.kill(os.getpid(), signal.SIGKILL)


def create_database_closed(
    maintenance: psycopg.Connection[Any], name: str, clause: sql.Composable | None = None
) -> None:
    """CREATE DATABASE `name` (`clause`: ` TEMPLATE … STRATEGY … OWNER …`) that nobody can
    connect to until `open_database` (the one way the workbench makes a database)."""
    maintenance.execute(
        sql.SQL("CREATE DATABASE {}{} ALLOW_CONNECTIONS false").format(
            sql.Identifier(name), clause if clause is not None else sql.SQL("")
        )
    )


def open_database(maintenance: psycopg.Connection[Any], name: str) -> None:
    """Let sessions into `name`: only once it is marked and PUBLIC's access revoked."""
    maintenance.execute(
        sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true").format(sql.Identifier(name))
    )


def _making_key(name: str) -> int:
    return lock_key(f"making database {name}")


@contextmanager
def making(maintenance: psycopg.Connection[Any], name: str) -> Iterator[None]:
    """Hold the advisory lock that says database `name` is being made on this session, from
    before its CREATE until it is marked (a kill of the process ends the session, and the lock
    with it). A maintenance session, as `dead_unmarked`'s: advisory locks are per database."""
    key = _making_key(name)
    maintenance.execute("SELECT pg_catalog.pg_advisory_lock(%s)", (key,))
    try:
        yield
    finally:
        if not maintenance.closed:
            maintenance.execute("SELECT pg_catalog.pg_advisory_unlock(%s)", (key,))


def dead_unmarked(
    maintenance: psycopg.Connection[Any], named: Callable[[str], bool], *, drop: bool
) -> list[str]:
    """The administrator's databases with no marker whose name `named` accepts and whose
    `making()` lock nobody holds (the process that made them died before marking them);
    dropped with `drop`, under that lock. Another role's database is never listed."""
    rows = maintenance.execute(
        "SELECT d.datname FROM pg_catalog.pg_database d "
        "WHERE pg_catalog.shobj_description(d.oid, 'pg_database') IS NULL "
        f"AND NOT d.datistemplate AND {OWNED_BY_ADMIN} ORDER BY 1"
    ).fetchall()
    found = []
    for (name,) in rows:
        if not named(name):
            continue
        key = _making_key(name)
        got = maintenance.execute("SELECT pg_catalog.pg_try_advisory_lock(%s)", (key,)).fetchone()
        if not got or not got[0]:
            continue  # being made right now
        try:
            still = maintenance.execute(  # marked (or gone) since the listing: not a leftover
                "SELECT 1 FROM pg_catalog.pg_database d WHERE d.datname = %s "
                "AND pg_catalog.shobj_description(d.oid, 'pg_database') IS NULL "
                f"AND {OWNED_BY_ADMIN}",
                (name,),
            ).fetchone()
            if still is None:
                continue
            if drop:
                maintenance.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
                )
            found.append(name)
        finally:
            maintenance.execute("SELECT pg_catalog.pg_advisory_unlock(%s)", (key,))
    return found


def building_name(config: Config) -> str:
    """Where a database of this sandbox is made before it takes its name."""
    return derived_name(config.sandbox.name, f"__wb_new_{sandbox_id(config)}")


def replaced_name(config: Config) -> str:
    """Where the database a new one replaces goes, in the swap's transaction, to be dropped."""
    return derived_name(config.sandbox.name, f"__wb_old_{sandbox_id(config)}")


def drop_leftover(maintenance: psycopg.Connection[Any], config: Config) -> bool:
    """Drop what a killed run left under the building name or the replaced name; True when
    there was one."""
    names = [building_name(config), replaced_name(config)]
    rows = maintenance.execute(  # both in one read: usually neither is there
        "SELECT datname, datistemplate FROM pg_catalog.pg_database WHERE datname = ANY(%s)",
        (names,),
    ).fetchall()
    templates = {str(name): bool(template) for name, template in rows}
    for leftover in (n for n in names if n in templates):
        ident = sql.Identifier(leftover)
        if templates[leftover]:
            maintenance.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(ident))
        maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(ident))
    return bool(templates)


@dataclass
class Aside:
    """How a database being replaced leaves its name (`create_closed`'s `make_room`): `keep`
    renames it away (to an undo copy) inside the swap's transaction, None drops it; `after`
    runs once the swap committed, told whether it was kept (the records that say where it
    went)."""

    keep: Callable[[], None] | None = None
    after: Callable[[bool], None] | None = None
    refused: Callable[[psycopg.Error], None] | None = None  # `keep` failed: told why
    kept_as: str | None = None  # the id the kept copy's marker carries once swapped


def create_closed(
    maintenance: psycopg.Connection[Any],
    config: Config,
    name: str,
    *,
    marker: str,
    owner_role: str | None,
    template: sql.Composable | None = None,
    snapshot: bool = False,
    replace: bool = True,
    make_room: Callable[[], Aside] | None = None,
) -> None:
    """Make database `name` (see the module docstring). `template`: the clause after the
    name (` TEMPLATE … STRATEGY … OWNER …`); `owner_role`: the sandbox owner role that builds
    in it (CONNECT, CREATE, TEMPORARY); `snapshot`: keep it closed and make it a template;
    `replace`: an existing `name` is replaced (the caller checked that it may); `make_room`:
    called once the new database is whole, says what becomes of the one it replaces (a
    reset's undo copy), so that a kill while it is made (a clone of a big snapshot) leaves
    `name` as it was."""
    building = building_name(config)
    ident = sql.Identifier(building)
    stage = "snapshot" if snapshot else "database"
    drop_leftover(maintenance, config)
    create_database_closed(maintenance, building, template)
    crash_point(f"{stage}:created")
    maintenance.execute(sql.SQL("COMMENT ON DATABASE {} IS {}").format(ident, sql.Literal(marker)))
    maintenance.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(ident))
    if owner_role is not None and not snapshot:
        maintenance.execute(
            sql.SQL("GRANT CONNECT, CREATE, TEMPORARY ON DATABASE {} TO {}").format(
                ident, sql.Identifier(owner_role)
            )
        )
    crash_point(f"{stage}:marked")
    aside = make_room() if (replace and make_room is not None) else Aside()
    kept = aside.keep is not None
    try:
        _swap_in(maintenance, config, name, snapshot=snapshot, replace=replace, keep=aside.keep)
    except psycopg.Error as err:
        if not kept:
            raise
        if aside.refused is not None:
            aside.refused(err)  # the undo copy refused: the old one is dropped
        kept = False
        _swap_in(maintenance, config, name, snapshot=snapshot, replace=replace, keep=None)
    if aside.after is not None:
        aside.after(kept)
    crash_point(f"{stage}:swapped")
    drop_leftover(maintenance, config)


def _swap_in(
    maintenance: psycopg.Connection[Any],
    config: Config,
    name: str,
    *,
    snapshot: bool,
    replace: bool,
    keep: Callable[[], None] | None,
) -> None:
    """In one transaction: `name` moves away (kept by `keep`, else to the replaced name) and
    the building database takes its name, so the old database or the new one holds the name
    at every instant (a kill rolls the transaction back). A session that comes back to `name`
    between the ending of sessions and the rename is ended again, a few times."""
    building, target = building_name(config), sql.Identifier(name)
    for attempt in range(5):
        try:
            with maintenance.transaction():
                exists = maintenance.execute(
                    "SELECT datistemplate FROM pg_catalog.pg_database WHERE datname = %s", (name,)
                ).fetchone()
                if exists is not None and replace:
                    maintenance.execute(
                        "SELECT pg_catalog.pg_terminate_backend(pid) FROM pg_stat_activity "
                        f"WHERE datname = %s AND pid <> pg_backend_pid() AND {MAY_END}",
                        (name,),
                    )
                    if keep is not None:
                        keep()
                    else:
                        if exists[0]:
                            maintenance.execute(
                                sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(target)
                            )
                        _rename(maintenance, name, replaced_name(config))
                crash_point(f"{'snapshot' if snapshot else 'database'}:replaced")
                _rename(maintenance, building, name)
                if snapshot:
                    maintenance.execute(
                        sql.SQL("ALTER DATABASE {} IS_TEMPLATE true").format(target)
                    )
                else:
                    open_database(maintenance, name)
            return
        except psycopg.errors.ObjectInUse:
            if attempt == 4:
                raise
            time.sleep(0.05 * (attempt + 1))


def _rename(maintenance: psycopg.Connection[Any], old: str, new: str) -> None:
    maintenance.execute(
        sql.SQL("ALTER DATABASE {} RENAME TO {}").format(sql.Identifier(old), sql.Identifier(new))
    )
