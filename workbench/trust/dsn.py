"""What a repository's inline DSN may choose only once you trust the checkout (checkout.py).

libpq sends the password it finds — `PGPASSWORD`, a `~/.pgpass` line with wildcards, the file
a `passfile=` key names — to whatever host the DSN names, in clear when that server asks for
it; and several keys name files on your machine that libpq reads or writes (`sslkeylogfile`
writes TLS secrets to any path). A cloned repository's sandbox.toml could use these to collect
your passwords on its own server or to write your files. So an inline `[sandbox] dsn` may, by
itself, only reach a local server (a socket, a loopback address, `localhost`) with the plain
connection keys below; a non-local host or hostaddr, and every other key (those naming files,
`service`, `options`, which reach the server's settings, and any key libpq adds later) count
as choices to trust. A DSN from `dsn_env` comes from your own environment, but the name of
the variable is the repository's: it may name the one holding your production URL
(`DATABASE_URL`), so a host off this machine in it needs trusting too (`sandbox.dsn_env host`),
and so does every `allowed_hosts` entry off this machine (`sandbox.allowed_hosts`), which is
what lets the guard connect there at all. Its other keys stay your choice; the embedded
cluster's DSN is the workbench's own.

Even a local server is not the developer's to be sure of: any local user can listen on a
loopback port or a socket folder under /tmp and ask for the password in clear. So libpq is
lent none of your own passwords (`PGPASSWORD`, `PGPASSFILE`, `~/.pgpass`) for an inline DSN
until `workbench trust` recorded its server (`lend`): the DSN's own password, if it holds one,
is all it gets (target.py's `lend`). Where the password is the workbench's own (a passfile
it wrote), only that file is read, by a SCRAM exchange that never reveals it (`own_login`).
"""

from __future__ import annotations

import os

import psycopg
from psycopg import conninfo as pg_conninfo

from workbench.config.file import Config
from workbench.redact import dsn_problem
from workbench.trust.target import is_loopback, is_socket

DSN_PREFIX = "sandbox.dsn "
ENV_PREFIX = "sandbox.dsn_env "  # a host off this machine in the DSN `dsn_env` names
ALLOWED_KEY = "sandbox.allowed_hosts"  # the entries off this machine
# The trust record's key for the server of an inline DSN your own passwords may be lent to.
LEND_KEY = DSN_PREFIX + "server"
# Keys that choose nothing on your machine and no other server: usable without trust.
PLAIN_KEYS = frozenset(
    {
        "host", "hostaddr", "port", "dbname", "user", "password", "connect_timeout",
        "client_encoding", "application_name", "fallback_application_name", "keepalives",
        "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
        "sslmode", "sslnegotiation", "sslcompression", "sslsni", "sslcertmode",
        "ssl_min_protocol_version", "ssl_max_protocol_version", "gssencmode",
        "channel_binding", "require_auth", "requirepeer", "krbsrvname", "gsslib",
        "target_session_attrs", "load_balance_hosts",
    }
)  # fmt: skip


def _local(value: str) -> bool:
    return all(is_socket(part) or is_loopback(part) for part in value.split(",") if part)


def dsn_choices(config: Config) -> dict[str, str]:
    """The parts of sandbox.toml's inline DSN that need trusting, as `sandbox.dsn <key>` →
    value (never the password). An unreadable DSN gives none: the guard refuses it anyway."""
    sandbox = config.sandbox
    out: dict[str, str] = {}
    remote = [h for h in sandbox.allowed_hosts if not _local(h)]
    if remote:
        out[ALLOWED_KEY] = ", ".join(remote)
    if sandbox.dsn_env is not None:
        params = _params(os.environ.get(sandbox.dsn_env, ""))
        for key in ("host", "hostaddr"):
            if params.get(key) and not _local(params[key]):
                out[ENV_PREFIX + key] = params[key]
        return out
    if sandbox.embedded:
        return out
    params = _params(sandbox.dsn)
    if not params:
        return out
    for key in ("host", "hostaddr"):
        if params.get(key) and not _local(params[key]):
            out[DSN_PREFIX + key] = params[key]
    for key, value in sorted(params.items()):
        if key not in PLAIN_KEYS:
            out[DSN_PREFIX + key] = value
    return out


def _params(dsn: str) -> dict[str, str]:
    """libpq's reading of a DSN the guard accepts as written; none for one it refuses (a
    password's unencoded `@` read as a host): that refusal, naming the DSN's source, is
    the one to show, not a trust question about a host the DSN never meant."""
    if dsn_problem(dsn) is not None:
        return {}
    try:
        return {k: str(v) for k, v in pg_conninfo.conninfo_to_dict(dsn).items()}
    except psycopg.ProgrammingError:
        return {}


def dsn_server(config: Config) -> str | None:
    """What an inline DSN names, as libpq reads it, without its password: the server your
    own passwords may be lent to once trusted. None for the embedded cluster and a
    `dsn_env` DSN (yours), and for an unreadable DSN (the guard refuses it)."""
    sandbox = config.sandbox
    if sandbox.dsn_env is not None or sandbox.embedded:
        return None
    try:
        params = pg_conninfo.conninfo_to_dict(sandbox.dsn)
    except psycopg.ProgrammingError:
        return None
    params.pop("password", None)
    return pg_conninfo.make_conninfo("", **{k: str(v) for k, v in sorted(params.items())})


def describe(key: str) -> str:
    """Why the DSN part `key` (without the prefix) needs trusting."""
    if key in ("host", "hostaddr"):
        return (
            "a server that is not on this machine: libpq would send it your PGPASSWORD or a "
            "matching ~/.pgpass line"
        )
    if key == "server":
        return (
            "the server your own passwords (PGPASSWORD, PGPASSFILE, ~/.pgpass) are lent to; "
            "until trusted, libpq gets none of them"
        )
    if key == "options":
        return "server settings given to every session"
    return "a libpq setting that can name files on your machine to read or write"


# The trust record's key for a database that is not the sandbox's own (no marker, objects
# in it) which `workbench trust` allowed the workbench to read (access/foreign.py).
DATABASE_KEY = "sandbox.database"


def database_identity(config: Config, environ: dict[str, str] | None = None) -> str | None:
    """The database sandbox.toml's DSN names — inline or the value of its `dsn_env`
    variable, as libpq reads it, without the password: `workbench trust` records it, and
    a database there that is not this sandbox's is read only while it stays the same. None
    for the embedded cluster and an unreadable DSN."""
    sandbox = config.sandbox
    if sandbox.embedded:
        return None
    if sandbox.dsn_env is not None:
        dsn = (os.environ if environ is None else environ).get(sandbox.dsn_env, "")
    else:
        dsn = sandbox.dsn
    params = _params(dsn)
    if not params:
        return None
    params.pop("password", None)
    return pg_conninfo.make_conninfo("", **dict(sorted(params.items())))
