"""A database sandbox.toml's DSN names that is not this sandbox's is not worked on.

The repository chooses the DSN: an inline one to this machine's socket (peer
authentication logs you in as yourself, to your own databases) or `dsn_env = "DATABASE_URL"`,
the variable that in many shells names production through an SSH tunnel or a proxy on
loopback (attack22f F21). Refusing only what is destructive left reads open: `status`,
`sample` and an agent's MCP `query` read that database's rows, and `env` made roles on its
server. So every connection to the declared database (the administrator's and each role's)
checks, right after the server's own view: it carries this sandbox's marker, or it holds no
user object (a new sandbox, which `generate` claims), or `workbench trust` recorded that very
database (`trust.checkout.trusts_database`). Otherwise it is closed unread.
"""

from __future__ import annotations

import psycopg

from workbench.access.contents import user_object_count
from workbench.config.file import Config
from workbench.errors import GuardRefusal
from workbench.trust.checkout import trusts_database


def refuse_foreign_database(
    config: Config,
    conn: psycopg.Connection,
    *,
    marked: bool,
    display: str,
    environ: dict[str, str],
) -> None:
    """GuardRefusal (exit 3) unless the database is this sandbox's (`marked`), empty, or the
    one `workbench trust` recorded."""
    if marked:
        return
    count = user_object_count(conn)
    if not count or trusts_database(config, environ):
        return
    sandbox = config.sandbox
    source = (
        f"the environment variable {sandbox.dsn_env} (sandbox.dsn_env)"
        if sandbox.dsn_env is not None
        else "sandbox.dsn"
    )
    raise GuardRefusal(
        "marker",
        f"database {conn.info.dbname!r} ({display}), which {source} in {config.path} names, "
        f"is not this sandbox's: it carries no workbench marker for sandbox {sandbox.name!r} "
        f"and already holds {count} user object(s). A cloned repository's sandbox.toml can "
        "name a variable such as DATABASE_URL, which may hold your production database or a "
        "tunnel to it, or this machine's socket, where you log in as yourself; nothing was "
        "read from it or changed there. Point sandbox.toml at a database of the sandbox's "
        "own (a new or empty one, which `workbench generate` claims), or, if the workbench "
        "is meant to work on that database as it is, run `workbench trust` in "
        f"{config.root.resolve()} to record it for your user (it is never written to "
        "without the marker).",
    )
