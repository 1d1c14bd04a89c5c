"""Making the sandbox database and its snapshot so that no kill leaves one open or unmarked.

`create_closed()` builds a database under a name that carries this sandbox's id
(`<name>__wb_new_<sandbox id>`), with ALLOW_CONNECTIONS false from its first instant, gives it
its marker and its closed ACL (no PUBLIC), then drops the one it replaces, renames it into
place and opens it (a snapshot stays closed and becomes a template). A kill before the rename
leaves the database it replaces as it was (or already gone) and, at most, a closed database
under the building name, which is this sandbox's by its name and dropped by the next run; a
kill after it leaves the finished database. Nobody but the administrator connects in between.

The marker and the ACL commit asynchronously, and a crash of the machine may lose them; it
then loses every later step with them (the WAL is flushed in order, and CREATE and DROP
DATABASE force their own commits to disk), so a database that is open after a crash always
carries both, and a lost one is a closed database under the building name.

`crash_point()` is the hook the tests kill a real process at: WORKBENCH_CRASH_AT=<stage>:<point>,
`database` or `snapshot` and `created`, `marked` or `replaced`.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.identity import sandbox_id
from workbench.access.roles import derived_name
from workbench.config.file import Config

CRASH_ENV = "WORKBENCH_CRASH_AT"


def crash_point(point: str) -> None:
    """Die at once, as a kill would, when WORKBENCH_CRASH_AT names this point (tests)."""
    if os.environ.get(CRASH_ENV) == point:
        os.kill(os.getpid(), signal.SIGKILL)


def building_name(config: Config) -> str:
    """Where a database of this sandbox is made before it takes its name."""
    return derived_name(config.sandbox.name, f"__wb_new_{sandbox_id(config)}")


def drop_leftover(maintenance: psycopg.Connection[Any], config: Config) -> bool:
    """Drop what a killed run left under the building name; True when there was one."""
    building = building_name(config)
    row = maintenance.execute(
        "SELECT datistemplate FROM pg_catalog.pg_database WHERE datname = %s", (building,)
    ).fetchone()
    if row is None:
        return False
    ident = sql.Identifier(building)
    if row[0]:
        maintenance.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(ident))
    maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(ident))
    return True


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
    make_room: Callable[[], None] | None = None,
) -> None:
    """Make database `name` (see the module docstring). `template`: the clause after the
    name (` TEMPLATE … STRATEGY … OWNER …`); `owner_role`: the sandbox owner role that builds
    in it (CONNECT, CREATE, TEMPORARY); `snapshot`: keep it closed and make it a template;
    `replace`: drop an existing `name` first (the caller checked that it may); `make_room`:
    instead, move it out of the way (a reset's undo copy), called once the new database is
    whole, so that a kill while it is made (a clone of a big snapshot) leaves `name` as it
    was."""
    building = building_name(config)
    ident, target = sql.Identifier(building), sql.Identifier(name)
    stage = "snapshot" if snapshot else "database"
    drop_leftover(maintenance, config)
    maintenance.execute(
        sql.SQL("CREATE DATABASE {}{} ALLOW_CONNECTIONS false").format(
            ident, template if template is not None else sql.SQL("")
        )
    )
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
    if replace:
        exists = maintenance.execute(
            "SELECT datistemplate FROM pg_catalog.pg_database WHERE datname = %s", (name,)
        ).fetchone()
        if make_room is not None:
            make_room()
        elif exists is not None and exists[0]:
            maintenance.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(target))
        maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(target))
    crash_point(f"{stage}:replaced")
    maintenance.execute(sql.SQL("ALTER DATABASE {} RENAME TO {}").format(ident, target))
    if snapshot:
        maintenance.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE true").format(target))
    else:
        maintenance.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true").format(target))
