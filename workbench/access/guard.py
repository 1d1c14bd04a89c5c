"""The sandbox-only rule: every connection the workbench makes goes through `Guard`.

Before connecting, the DSN (from sandbox.toml, inline or through `dsn_env`, or the embedded
cluster's) must name one host on the allow-list (Unix sockets are local and allowed), no
service file, no environment redirection, and exactly the declared database. After connecting,
the server's own view (`conn.info`, `current_database()`, `inet_server_addr()`) must agree.
Before anything destructive, the database must carry the workbench's marker, or hold no user
tables (then it is claimed). A refusal is a `GuardRefusal` naming the rule; no message ever
holds the password. The checks before connecting live in trust/target.py.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NoReturn

import psycopg
from psycopg import conninfo as pg_conninfo
from psycopg import sql

from workbench.access.contents import user_object_count
from workbench.access.foreign import refuse_foreign_database
from workbench.access.identity import SANDBOX_ID_FILE, sandbox_id
from workbench.config.file import Config
from workbench.errors import ConfigError, DatabaseError, GuardRefusal, LoginRefused
from workbench.redact import redact, remember
from workbench.trust.checkout import lends_passwords
from workbench.trust.target import (
    NO_PASSFILE,
    Target,
    check_target,
    is_loopback,
    own_login,
    resolve_all,
    withheld_note,
)

#: How the server refuses a password (scram, md5, password; no password given).
_PASSWORD_REFUSED = re.compile(r"password authentication failed|no password supplied")

__all__ = [
    "MARKER_PREFIX", "OWNED_BY_ADMIN", "PREVIOUS_SUFFIX", "REHEARSAL_SUFFIX", "RUN_ID",
    "RUN_STAGES", "RUN_SUFFIX", "SNAPSHOT_SUFFIX", "Guard", "MarkerInfo", "check_run_id",
    "derived_database_name", "marker_for", "parse_marker", "snapshot_name_for", "undo_name_for",
]  # fmt: skip

MARKER_PREFIX = "sandbox-workbench:"
# Whether a database's owner (`r`, its pg_roles row) is the administrator or a superuser.
_TRUSTED_OWNER = "(r.rolsuper OR r.rolname OPERATOR(pg_catalog.=) CURRENT_USER)"
# The same, as a condition on a pg_database row `d`: for the queries that list marked databases
# to drop or reuse (rehearsal clones, run copies), so a database another role made and marked
# is never taken for ours (attack22d D27).
OWNED_BY_ADMIN = (
    "EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.oid OPERATOR(pg_catalog.=) d.datdba "
    f"AND {_TRUSTED_OWNER})"
)
_MARKER_RE = re.compile(
    r"^(?P<name>.*?)(?: id (?P<id>[0-9a-f]{16}))?"
    r"(?: (?P<kind>snapshot|undo|run) (?P<snapshot>\S+))?"
    r"(?: rehearsal (?P<rehearsal>\S+))?$"
)
# A rehearsal clone's token: 8 hex digits (in its name) and the pid of the process that made
# it (only in its marker, so a clone whose process is gone can be told from a live one).
_REHEARSAL_TOKEN = re.compile(r"[0-9a-f]{8}")
# A run's id (workbench run start --id): part of its database's and its roles' names.
RUN_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,23}")


@dataclass(frozen=True)
class MarkerInfo:
    """What a workbench marker (a database comment) names."""

    name: str
    sandbox_id: str | None  # None: written before markers carried an id
    # the id of a copy the sandbox keeps (its snapshot or its undo copy) or of one of its runs
    snapshot: str | None
    rehearsal: str | None = None  # "<token>:<pid>" of a rehearsal clone
    kind: str = "snapshot"  # which copy `snapshot` names: "snapshot", "undo" or "run"


def parse_marker(comment: str | None) -> MarkerInfo | None:
    """`sandbox-workbench:<name>[ id <id>][ snapshot|undo <copy id>]`, or None for a comment
    that is no workbench marker."""
    if not comment or not comment.startswith(MARKER_PREFIX):
        return None
    match = _MARKER_RE.match(comment[len(MARKER_PREFIX) :].strip())
    if match is None:  # pragma: no cover - the pattern matches every string
        return MarkerInfo("", None, None)
    return MarkerInfo(
        match["name"].strip(),
        match["id"],
        match["snapshot"],
        match["rehearsal"],
        match["kind"] or "snapshot",
    )


def marker_for(config: Config) -> str:
    """A sandbox's own identity, exactly: `sandbox-workbench:<name> id <sandbox id>`."""
    return f"{MARKER_PREFIX}{config.sandbox.name} id {sandbox_id(config)}"


class Guard:
    """Resolves and checks the sandbox target of one sandbox.toml, and makes its connections."""

    def __init__(
        self,
        config: Config,
        *,
        cli_dsn: str | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.config = config
        self.cli_dsn = cli_dsn
        if cli_dsn is not None:
            remember(cli_dsn)
        self.environ = dict(os.environ if environ is None else environ)
        self._target: Target | None = None

    # --- before connecting ----------------------------------------------------------------

    def _configured_dsn(self) -> tuple[str, str]:
        sandbox = self.config.sandbox
        if sandbox.dsn_env is not None:
            value = self.environ.get(sandbox.dsn_env)
            if not value:
                raise ConfigError(
                    f"{self.config.path}: key sandbox.dsn_env names the environment variable "
                    f"{sandbox.dsn_env}, which is not set (or empty): expected it to hold the "
                    "sandbox's DSN."
                )
            remember(value)
            return value, f"environment variable {sandbox.dsn_env}"
        return sandbox.dsn, f"{self.config.path}: key sandbox.dsn"

    def target(self) -> Target:
        """The checked target; raises GuardRefusal or ConfigError before any connection."""
        if self._target is None:
            self._target = self._resolve()
        return self._target

    def _resolve(self) -> Target:
        declared = self.config.sandbox.name
        if self.config.sandbox.embedded:
            if self.cli_dsn is not None and self.cli_dsn != "embedded":
                raise GuardRefusal(
                    "cli-dsn-mismatch",
                    "the DSN given on the command line (--dsn) differs from sandbox.toml, "
                    "which declares the embedded cluster; run the command without --dsn.",
                )
            from workbench.server.cluster import EmbeddedServer

            dsn = EmbeddedServer(self.config).conninfo(declared)
            return self._check(dsn, "the embedded cluster", embedded=True)
        dsn, source = self._configured_dsn()
        if self.cli_dsn is not None and self.cli_dsn != dsn:
            raise GuardRefusal(
                "cli-dsn-mismatch",
                f"the DSN given on the command line (--dsn) differs from the one in {source}; "
                "the sandbox's DSN comes only from sandbox.toml, so run the command without "
                "--dsn (to use another server, change [sandbox] dsn there).",
            )
        lent = lends_passwords(self.config)
        return check_target(self.config, self.environ, dsn, source, embedded=False, lent=lent)

    def _check(self, dsn: str, source: str, *, embedded: bool) -> Target:
        return check_target(self.config, self.environ, dsn, source, embedded=embedded)

    # --- connecting -----------------------------------------------------------------------

    def connect(
        self,
        *,
        maintenance: bool = False,
        autocommit: bool = True,
        role: str | None = None,
        passfile: str | None = None,
        rehearsal: str | None = None,
        run: str | None = None,
        run_stage: str = "run",
        settings: dict[str, str] | None = None,
    ) -> psycopg.Connection:
        """A connection to the declared database, or with maintenance=True to the server's
        `postgres` database on the same host (only for CREATE/DROP of the declared one).
        With `role` (and its `passfile`), as that role instead of the DSN's: the same host,
        port and database, the DSN's password dropped; the server must confirm the role and
        that it is not a superuser. With `rehearsal` (a token), to that rehearsal clone of
        this sandbox instead, which must carry its rehearsal marker; with `run` (an id), to
        that run's database (or, with `run_stage`, the one `run reset` prepares), which must
        carry that run's marker. `settings` are given to the
        session as it starts (libpq `options`), such as the read-only role's timeouts."""
        target = self.target()
        given = str(pg_conninfo.conninfo_to_dict(target.conninfo).get("options") or "")
        startup = " ".join([given, *(f"-c {k}={v}" for k, v in (settings or {}).items())])
        dbname = "postgres" if maintenance else target.dbname
        if rehearsal is not None:
            dbname = self.rehearsal_name(rehearsal)
        if run is not None:
            dbname = self.run_name(run, run_stage)
        # Every session the workbench opens (the administrator's and each role's) resolves
        # names in pg_catalog only until its caller says otherwise: a function or an operator
        # that a sandbox role created in a schema it may write to (a file that grants CREATE
        # on public, a `public.shobj_description(oid, text)`) is never picked by the
        # workbench's own SQL, the guard's checks below included, which would run it with
        # the session's rights or let it answer them. Statements of schema.sql, the loader,
        # migrations and agents set the usual path themselves (FILE_SEARCH_PATH).
        pinned = f"{startup} -c search_path=pg_catalog,pg_temp".strip()
        if role is not None:
            params = {k: str(v) for k, v in pg_conninfo.conninfo_to_dict(target.conninfo).items()}
            params.update(dbname=dbname, user=role, options=pinned)
            # the role's password is the workbench's own: only its passfile, by SCRAM
            params = own_login(params, passfile or NO_PASSFILE, embedded=target.embedded)
            dsn = pg_conninfo.make_conninfo("", **params)
        else:
            dsn = pg_conninfo.make_conninfo(target.conninfo, dbname=dbname, options=pinned)
        try:
            conn = psycopg.connect(dsn, autocommit=autocommit, connect_timeout=10)
        except psycopg.Error as err:
            said = f"Could not connect to {target.display}: {self.redact(str(err).strip())}"
            said += withheld_note(self.config) if target.withheld and role is None else ""
            # libpq gives a refused login no SQLSTATE: the server's words tell it apart from
            # a server that is down, full or missing the database.
            if _PASSWORD_REFUSED.search(str(err)):
                raise LoginRefused(said) from None
            raise DatabaseError(said, title="connection failed") from None
        try:
            self.verify(conn, dbname)
            if rehearsal is not None:
                self._verify_rehearsal(conn, rehearsal)
            if run is not None and self._comment(conn) != self.run_marker(run):
                raise GuardRefusal(
                    "run",
                    f"database {dbname!r} does not carry the marker of this sandbox's run "
                    f"{run!r}; the workbench connects only to the runs it made.",
                )
            if role is not None:
                self.verify_role(conn, role)
            if not (maintenance or target.embedded or rehearsal or run):
                self._refuse_foreign(conn, target)
        except BaseException:
            conn.close()
            raise
        return conn

    def recheck(self, conn: psycopg.Connection) -> None:
        """The checks `connect()` makes of a new administrator's session on the declared
        database, made again on one already open (a run's kept session, handed out again):
        the server's view, and the marker or the database's emptiness or trust."""
        target = self.target()
        self.verify(conn, target.dbname)
        if not target.embedded:
            self._refuse_foreign(conn, target)

    def _refuse_foreign(self, conn: psycopg.Connection, target: Target) -> None:
        marked = self.has_marker(conn)
        refuse_foreign_database(
            self.config, conn, marked=marked, display=target.display, environ=self.environ
        )

    def verify_role(self, conn: psycopg.Connection, role: str) -> None:
        """A connection handed to an agent or an application: the role asked for, and never
        one with superuser power."""
        row = conn.execute(
            "SELECT current_user, session_user, rolsuper FROM pg_catalog.pg_roles "
            "WHERE rolname OPERATOR(pg_catalog.=) current_user"
        ).fetchone()
        if row is None or row[0] != role or row[1] != role:
            raise GuardRefusal("role", f"the server reports a session role other than {role!r}.")
        if row[2]:
            raise GuardRefusal(
                "role", f"role {role!r} is a superuser; agents and applications never get one."
            )

    def verify(self, conn: psycopg.Connection, dbname: str) -> None:
        """The server's own view must match the declaration."""
        allowed = set(self.config.sandbox.allowed_hosts)
        info = conn.info
        if info.dbname != dbname:
            raise GuardRefusal("server-view", f"connected to {info.dbname!r}, expected {dbname!r}.")
        row = conn.execute(
            "SELECT pg_catalog.current_database(), "
            "pg_catalog.host(pg_catalog.inet_server_addr()), "
            "(SELECT datistemplate FROM pg_catalog.pg_database "
            " WHERE datname OPERATOR(pg_catalog.=) pg_catalog.current_database())"
        ).fetchone()
        assert row is not None
        current, server_addr, is_template = row
        if current != dbname:
            raise GuardRefusal(
                "server-view",
                f"the server reports current_database() = {current!r}, expected {dbname!r}.",
            )
        if is_template and dbname != "postgres":
            raise GuardRefusal(
                "template-database",
                f"database {dbname!r} is marked as a template on this server "
                "(pg_database.datistemplate); every new database is copied from a template, so "
                "the workbench never writes to one. Choose another sandbox.name.",
            )
        if server_addr is not None and not (
            is_loopback(server_addr) or server_addr in resolve_all(allowed)
        ):
            # A loopback-looking name that resolves elsewhere (an edited /etc/hosts, a tunnel
            # endpoint) is caught here: the server tells us which address it was reached on.
            raise GuardRefusal(
                "server-view",
                f"the server was reached on {server_addr}, which is neither a loopback address "
                "nor an address of a host on the allow-list.",
            )

    def redact(self, text: str) -> str:
        return redact(text, self._target.secrets if self._target else ())

    # --- before anything destructive ------------------------------------------------------

    def sandbox_id(self) -> str:
        return sandbox_id(self.config)

    def marker(self) -> str:
        """This sandbox's own identity, exactly: `sandbox-workbench:<name> id <sandbox id>`."""
        return marker_for(self.config)

    def marker_owner(self, comment: str | None) -> str | None:
        """Whose sandbox a database comment names: this one's name, another's, or None (no
        workbench marker). A snapshot's marker names its sandbox too."""
        info = parse_marker(comment)
        return None if info is None else info.name

    def check_marker(self, comment: str | None, dbname: str) -> bool:
        """True when the comment is this sandbox's marker (exactly, or in the older spelling
        without an id), False when the database carries no workbench marker; refuses (exit
        3) another sandbox's marker, the same name with another project's id, a snapshot's
        marker and anything else that starts like a marker."""
        if comment == self.marker():
            return True
        info = parse_marker(comment)
        if info is None:
            return False
        name = self.config.sandbox.name
        if info.name == name and info.snapshot is None and info.rehearsal is None:
            if info.sandbox_id is None:
                return True  # this sandbox's marker in an older spelling (ensure_… rewrites it)
            self._refuse_other_project(dbname, info.sandbox_id)
        what = (
            f"sandbox {info.name!r}'s marker" if info.name else "an incomplete workbench marker"
        ) + f" ({comment!r})"
        raise GuardRefusal(
            "marker",
            f"database {dbname!r} carries {what}, and this sandbox is "
            f"{name!r} (its marker would be {self.marker()!r}); the "
            "workbench never touches another sandbox's database. Point sandbox.toml at a "
            "database of its own.",
        )

    def _refuse_other_project(self, dbname: str, other_id: str) -> NoReturn:
        name = self.config.sandbox.name
        path = self.config.state_dir / SANDBOX_ID_FILE
        raise GuardRefusal(
            "marker",
            f"database {dbname!r} belongs to sandbox {name!r} with id {other_id} (another "
            f"project's), and this project's sandbox {name!r} has id {self.sandbox_id()} "
            f"({path}); the workbench never takes over another project's sandbox. Give this "
            "project another sandbox.name, or, to adopt that sandbox deliberately, write "
            f"{other_id} into {path} and run `workbench trust` (an id the workbench did not "
            "write for you is refused until you do).",
        )

    def _comment(self, conn: psycopg.Connection) -> str | None:
        """The database's comment (its marker), once its owner is one the workbench may
        trust (`_check_owner`)."""
        row = conn.execute(
            "SELECT pg_catalog.shobj_description(d.oid, 'pg_database'), r.rolname, "
            f"{_TRUSTED_OWNER} FROM pg_catalog.pg_database d "
            "JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) d.datdba "
            "WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database()"
        ).fetchone()
        if row is None:
            return None
        # a sandbox role's own login (the owner's, a run's) checks against the administrator
        trusted = bool(row[2]) or str(row[1]) == self._admin_user()
        self._check_owner(conn.info.dbname, str(row[1]), trusted)
        return str(row[0]) if row[0] is not None else None

    def _admin_user(self) -> str | None:
        """The administrator's role as the DSN names it (None when it names none)."""
        user = pg_conninfo.conninfo_to_dict(self.target().conninfo).get("user")
        return str(user) if user else None

    def _check_owner(self, dbname: str, owner: str, trusted: bool) -> None:
        """A database the workbench acts on must belong to its administrator (the role it
        connects as) or to a superuser (attack22d D27): markers are plain comments whose text
        is public, so any role with CREATEDB on a shared server could make a database under
        the sandbox's (or its snapshot's) name, mark it, and own what the workbench then
        builds and the application writes."""
        if trusted:
            return
        raise GuardRefusal(
            "marker",
            f"database {dbname!r} belongs to role {owner!r}, which is neither the role the "
            "workbench connects as nor a superuser; its marker proves nothing (any role that "
            "may create databases can write one), and its owner could change it, its rows "
            "and its grants under the workbench. The workbench acts only on databases of its "
            "own role's. Drop it, or have it owned by that role (ALTER DATABASE … OWNER TO).",
        )

    def has_marker(self, conn: psycopg.Connection) -> bool:
        """Whether the database carries this sandbox's marker; another sandbox's is refused."""
        return self.check_marker(self._comment(conn), conn.info.dbname)

    def set_marker(self, conn: psycopg.Connection) -> None:
        self.check_marker(self._comment(conn), conn.info.dbname)
        name = sql.Identifier(conn.info.dbname)
        conn.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(name, sql.Literal(self.marker()))
        )

    def ensure_destructive_allowed(self, conn: psycopg.Connection) -> bool:
        """Refuse a database without the marker that holds user tables, and one with another
        sandbox's marker; claim an empty unmarked one. Returns True when claimed just now."""
        comment = self._comment(conn)
        if self.check_marker(comment, conn.info.dbname):
            if comment != self.marker():
                self.set_marker(conn)  # migrate an older spelling to the exact marker
            return False
        count = user_object_count(conn)  # tables, views, sequences, functions, types, LOs…
        if count:
            raise GuardRefusal(
                "marker",
                f"database {conn.info.dbname!r} lacks the workbench's marker and already holds "
                f"{count} user object(s) (tables, views, sequences, functions, types, large "
                "objects…); the workbench writes only to databases it created or claimed empty."
                " Point sandbox.toml at an empty database, or drop what it holds.",
            )
        self.set_marker(conn)
        return True

    # --- the snapshot and the undo copy: the derived database names (lifecycle/: reset.py,
    # snapshots.py, undo.py). Narrow on purpose: the names are derived from the declared one, never
    # configured; they are only ever named in statements on a maintenance connection (CREATE …
    # TEMPLATE, ALTER, COMMENT, DROP), and `connect()` still refuses every database but the
    # declared one.

    def snapshot_name(self) -> str:
        return snapshot_name_for(self.config.sandbox.name)

    def snapshot_marker(self, snapshot_id: str) -> str:
        return f"{self.marker()} snapshot {snapshot_id}"

    def snapshot_state(self, maintenance: psycopg.Connection) -> str | None:
        """The snapshot database's marker (its comment), or None when it does not exist.
        Refuses a database of that name that is not this sandbox's snapshot."""
        return self._copy_state(maintenance, self.snapshot_name(), "snapshot")

    def undo_name(self) -> str:
        return undo_name_for(self.config.sandbox.name)

    def previous_name(self) -> str:
        return derived_database_name(self.config.sandbox.name, PREVIOUS_SUFFIX)

    def undo_marker(self, undo_id: str) -> str:
        return f"{self.marker()} undo {undo_id}"

    def undo_state(self, maintenance: psycopg.Connection) -> str | None:
        """The undo copy's marker (its comment), or None when there is none. Refuses a
        database of that name that is not this sandbox's undo copy."""
        return self._copy_state(maintenance, self.undo_name(), "undo")

    def _copy_state(self, maintenance: psycopg.Connection, name: str, kind: str) -> str | None:
        if maintenance.info.dbname != "postgres":
            raise GuardRefusal(kind, f"the {kind} copy is handled on a maintenance connection.")
        row = maintenance.execute(
            "SELECT coalesce(pg_catalog.shobj_description(d.oid, 'pg_database'), ''), "
            f"r.rolname, {_TRUSTED_OWNER} FROM pg_catalog.pg_database d "
            "JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) d.datdba "
            "WHERE d.datname OPERATOR(pg_catalog.=) %s",
            (name,),
        ).fetchone()
        if row is None:
            return None
        self._check_owner(name, str(row[1]), bool(row[2]))
        comment = str(row[0])
        older = f"{MARKER_PREFIX}{self.config.sandbox.name} {kind} "  # before ids
        info = parse_marker(comment)
        if (
            info is not None
            and info.name == self.config.sandbox.name
            and info.sandbox_id not in (None, self.sandbox_id())
        ):
            self._refuse_other_project(name, str(info.sandbox_id))
        if not comment.startswith((f"{self.marker()} {kind} ", older)):
            raise GuardRefusal(
                kind,
                f"database {name!r} exists but is not this sandbox's {kind} copy (it lacks the "
                f"workbench's {kind} marker); the workbench will not touch it. Rename or drop "
                "it yourself.",
            )
        return comment

    # --- rehearsal clones (workbench/rehearse/clone.py) ------------------------------------
    # As narrow as the snapshot: the name is derived from the declared one and a random token,
    # the database is made by the workbench from the snapshot (or empty, to be filled) and
    # carries `<marker> rehearsal <token>:<pid>`; `connect(rehearsal=token)` reaches it only
    # while it carries that marker, and only a rehearsal ever drops it.

    def rehearsal_name(self, token: str) -> str:
        if not _REHEARSAL_TOKEN.fullmatch(token):
            raise GuardRefusal("rehearsal", f"{token!r} is not a rehearsal clone's token.")
        return derived_database_name(self.config.sandbox.name, REHEARSAL_SUFFIX + token)

    def rehearsal_marker(self, token: str, pid: int) -> str:
        return f"{self.marker()} rehearsal {token}:{pid}"

    def rehearsal_of(self, comment: str | None) -> tuple[str, int] | None:
        """(token, pid) when the comment is a rehearsal marker of this sandbox, else None."""
        info = parse_marker(comment)
        if info is None or info.rehearsal is None or info.snapshot is not None:
            return None
        if comment is None or not comment.startswith(f"{self.marker()} rehearsal "):
            return None
        token, _, pid = info.rehearsal.partition(":")
        if not _REHEARSAL_TOKEN.fullmatch(token) or not pid.isdigit():
            return None
        return token, int(pid)

    def _verify_rehearsal(self, conn: psycopg.Connection, token: str) -> None:
        found = self.rehearsal_of(self._comment(conn))
        if found is None or found[0] != token:
            raise GuardRefusal(
                "rehearsal",
                f"database {conn.info.dbname!r} does not carry this sandbox's rehearsal "
                "marker; the workbench connects only to the clones it made.",
            )

    # --- runs (workbench/fleet/runs.py): as narrow again. A run's database is named after the
    # sandbox, its id and the run's id, made by the workbench from the snapshot, and carries
    # `<marker> run <run id>`; `connect(run=id)` reaches it only while it carries that marker.

    def run_name(self, run_id: str, stage: str = "run") -> str:
        """The run's database (`stage` "run"), or where `run reset` makes its new one
        ("rnew") and puts the old one until it is dropped ("rold")."""
        if stage not in RUN_STAGES:
            raise GuardRefusal("run", f"{stage!r} is not a stage of a run's database.")
        suffix = f"__wb_{stage}_{self.sandbox_id()[:8]}_{check_run_id(run_id)}"
        return derived_database_name(self.config.sandbox.name, suffix)

    def run_marker(self, run_id: str) -> str:
        return f"{self.marker()} run {check_run_id(run_id)}"

    def run_of(self, comment: str | None) -> str | None:
        """The run id when the comment is the marker of one of this sandbox's runs."""
        info = parse_marker(comment)
        if info is None or info.kind != "run" or info.snapshot is None:
            return None
        if comment != f"{self.marker()} run {info.snapshot}" or not RUN_ID.fullmatch(info.snapshot):
            return None
        return info.snapshot


def check_run_id(run_id: str) -> str:
    """A run id as its database's and roles' names carry it; GuardRefusal otherwise."""
    if not isinstance(run_id, str) or not RUN_ID.fullmatch(run_id):
        raise GuardRefusal(
            "run",
            "a run id is 1 to 24 characters: lowercase letters, digits, '-' and '_', starting "
            "with a letter or a digit.",
        )
    return run_id


SNAPSHOT_SUFFIX = "__wb_snapshot"
UNDO_SUFFIX = "__wb_undo"
PREVIOUS_SUFFIX = "__wb_prev"  # the older undo copy held aside during a schema phase
REHEARSAL_SUFFIX = "__wb_rh_"  # + the clone's token
RUN_SUFFIX = "__wb_run_"  # + the sandbox id's first 8 digits, "_" and the run's id
RUN_STAGES = ("run", "rnew", "rold")  # a run's database, its next one, its last one


def derived_database_name(name: str, suffix: str) -> str:
    """`<name><suffix>`, shortened with a hash when it would pass the 63-byte limit."""
    import hashlib

    if len(name) + len(suffix) <= 63:
        return f"{name}{suffix}"
    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    return f"{name[: 63 - len(suffix) - 9]}_{digest}{suffix}"


def snapshot_name_for(name: str) -> str:
    """`<name>__wb_snapshot`, shortened with a hash when it would pass the 63-byte limit."""
    return derived_database_name(name, SNAPSHOT_SUFFIX)


def undo_name_for(name: str) -> str:
    """`<name>__wb_undo`: the database the last reset or generate replaced."""
    return derived_database_name(name, UNDO_SUFFIX)
