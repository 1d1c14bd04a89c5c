"""Every connection to the sandbox that an operation opens, all through the guard
(`Connections`, the `db` of a `workbench.context.Context`): the embedded server, the
administrator's maintenance and sandbox sessions (one of each per run, reused), and the
sessions of the sandbox's roles (owner, application, read-only)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import psycopg

from workbench.access import roles
from workbench.access.guard import Guard
from workbench.access.roles import OWNER
from workbench.config.file import Config
from workbench.errors import LoginRefused, UsageError
from workbench.schema.apply import FILE_SEARCH_PATH
from workbench.server.cluster import EmbeddedServer
from workbench.waits import READ_SETTINGS, READ_TIMEOUT_MS, blockers_named

if TYPE_CHECKING:
    from workbench.access.lock import SandboxLock
    from workbench.access.roles import RoleStatus
    from workbench.access.run_lease import RunLease


class ServerNeeds(Protocol):
    """What schema.sql needs of the server (workbench.context.SchemaSource)."""

    def needed_extensions(self) -> Sequence[str]: ...

    def need_places(self) -> Mapping[str, Sequence[str]]: ...


IDLE = psycopg.pq.TransactionStatus.IDLE


class _Unusable(Exception):
    """The kept owner session cannot be handed out again (closed, or inside a transaction)."""


class _KnownRoles:
    """The sandbox's roles as last prepared, shared by a context's connections and those of
    its runs."""

    def __init__(self) -> None:
        self.state: RoleStatus | None = None


class Connections:
    """The embedded server and every connection to the sandbox, all through the guard. Bound
    to a run (`run`), what agents and the workbench's reads connect to is that run's database,
    as that run's roles."""

    def __init__(
        self,
        config: Config,
        guard: Guard,
        source: ServerNeeds,
        run: RunLease | None = None,
        *,
        lock: SandboxLock | None = None,
        known: _KnownRoles | None = None,
    ) -> None:
        self.config = config
        self.guard = guard
        self._source = source
        self.run = run
        self.lock = lock
        self._known = known if known is not None else _KnownRoles()
        self._kept: psycopg.Connection[Any] | None = None  # the run's sandbox session
        self._kept_depth = 0
        self._kept_owner: psycopg.Connection[Any] | None = None  # the run's owner session

    @property
    def _roles(self) -> RoleStatus | None:
        """The roles once prepared on these connections (or on those they were bound from)."""
        return self._known.state

    def under(self, lock: SandboxLock) -> Connections:
        """These connections inside a run holding the sandbox's `lock`: maintenance statements
        use the lock's own session (`maintenance()`); the roles prepared are shared."""
        return Connections(
            self.config, self.guard, self._source, self.run, lock=lock, known=self._known
        )

    @contextlib.contextmanager
    def maintenance(self, *, replacing: bool = True) -> Iterator[psycopg.Connection[Any]]:
        """The administrator's session on the server's `postgres` database, for catalog and
        CREATE/DROP DATABASE statements: during a run the held lock's own session (the
        guard checked it when the lock was taken; one connection per command instead of one
        per step), else a new one through the guard, closed afterwards. What it runs may
        create, clone, rename or drop the sandbox database: the run's kept session on it
        (`sandbox()`) is closed first, unless `replacing` is False (what runs leaves the
        sandbox database alone: the catalog read, the roles, another database)."""
        if replacing:
            self._let_go_kept()
        held = self.lock.connection if self.lock is not None else None
        if held is not None and not held.closed:
            yield held
            return
        with self.guard.connect(maintenance=True) as conn:
            yield conn

    @contextlib.contextmanager
    def sandbox(self) -> Iterator[psycopg.Connection[Any]]:
        """The administrator's session on the sandbox database (autocommit, names resolved in
        pg_catalog) for the workbench's catalog statements, checks and grants. Outside a run
        a new one through the guard, closed afterwards. During a run one session is kept and
        handed out again (one connection instead of one per step): each time the outermost
        user takes it, its settings go back to those it started with and the guard checks it
        again as it checks a new one (`Guard.recheck`: the server's view, the marker); a
        session that ended (the database dropped or cloned meanwhile) or that a step left
        in a transaction is replaced by a new one. `maintenance()` closes it first."""
        if self.lock is None:
            with self.guard.connect() as conn:
                yield conn
            return
        if self._kept_depth == 0 or self._kept is None:
            self._kept = self._checked_kept()
        self._kept_depth += 1
        try:
            yield self._kept
        finally:
            self._kept_depth -= 1

    def _checked_kept(self) -> psycopg.Connection[Any]:
        conn = self._kept
        if conn is not None and not conn.closed:
            idle = conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
            try:
                if idle:
                    conn.execute("DISCARD ALL")  # as it started: the pinned search path
                    self.guard.recheck(conn)
                    return conn
            except psycopg.OperationalError:
                pass  # ended meanwhile (a DROP … WITH (FORCE), a clone's terminate)
            except BaseException:
                conn.close()
                raise
            conn.close()
        conn = self.guard.connect()
        conn.prepare_threshold = None  # DISCARD ALL on reuse drops prepared statements
        return conn

    def _let_go_kept(self) -> None:
        if self._kept is not None and self._kept_depth == 0:
            self._kept.close()
            self._kept = None
        self._let_go_owner()

    def _let_go_owner(self) -> None:
        if self._kept_owner is not None:
            self._kept_owner.close()
            self._kept_owner = None

    def close(self) -> None:
        """The end of a run: its kept sandbox and owner sessions are closed."""
        if self._kept is not None:
            self._kept.close()
            self._kept = None
        self._let_go_owner()

    @contextlib.contextmanager
    def owner_session(self, *, autocommit: bool = True) -> Iterator[psycopg.Connection[Any]]:
        """The owner role's session (`owner()`) for one step of a build: schema.sql, the rows,
        post-data, the grants. Outside a run (or bound to a run's clone) a new login, closed
        afterwards. During a run one login is kept and handed out again (one instead of one
        per step): each time as it started (DISCARD ALL: the settings, role, temporary objects,
        prepared statements and advisory locks a step left go), checked again by the guard
        as `connect()` checks a new login of the role (`Guard.recheck`, `verify_role`), with
        the file's search path. One that ended, or that a step left in a transaction or
        failed in, is replaced by a new login; `maintenance()` closes it first (what runs
        there may replace the database). A transaction the step leaves open is committed,
        as on leaving `with owner() as conn`."""
        if self.lock is None or self.run is not None:
            with self.owner(autocommit=autocommit) as conn:
                yield conn
            return
        kept = self._reused_owner()
        if kept is None:
            kept = self._kept_owner = self.owner(autocommit=True)
            # DISCARD ALL on reuse drops the server's prepared statements: prepare none
            kept.prepare_threshold = None
        try:
            kept.autocommit = autocommit
            yield kept
            if not autocommit and not kept.closed:
                kept.commit()
        except BaseException:
            self._let_go_owner()
            raise

    def _reused_owner(self) -> psycopg.Connection[Any] | None:
        """The kept owner session, reset and checked again; None when there is none to reuse."""
        conn = self._kept_owner
        if conn is None:
            return None
        state = self._roles
        try:
            if conn.closed or state is None or conn.info.transaction_status != IDLE:
                raise _Unusable
            conn.autocommit = True
            conn.execute("DISCARD ALL")  # as it started: the pinned search path
            self.guard.recheck(conn)
            self.guard.verify_role(conn, state.roles.owner if state.available else state.admin)
            conn.execute(FILE_SEARCH_PATH)
        except (_Unusable, psycopg.OperationalError):
            self._let_go_owner()  # ended meanwhile: a new login
            return None
        except BaseException:
            self._let_go_owner()
            raise
        return conn

    @property
    def embedded(self) -> bool:
        return self.config.sandbox.embedded

    @property
    def server(self) -> EmbeddedServer:
        return EmbeddedServer(
            self.config,
            extensions=self._source.needed_extensions,
            places=self._source.need_places,
        )

    def ensure_server(self) -> None:
        """Start the embedded cluster when it is the target (a no-op otherwise)."""
        if self.embedded:
            self.server.start()

    def database_exists(self) -> bool:
        with self.maintenance(replacing=False) as conn:
            row = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (self.config.sandbox.name,)
            ).fetchone()
            return row is not None

    def admin(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """The administrator's connection with the usual search path ("$user", public), for
        the developer's own scripts. The workbench's own SQL uses `guard.connect()`."""
        self.ensure_server()
        conn = self.guard.connect(autocommit=autocommit)
        conn.execute(FILE_SEARCH_PATH)
        if not autocommit:
            conn.commit()
        return conn

    def remember_roles(self, state: RoleStatus) -> None:
        """The roles a build or a clone just set up (so the next login need not check)."""
        self._known.state = state

    def prepare_roles(self, *, reset_passwords: bool = False) -> RoleStatus:
        """Create or repair the sandbox's owner, application and read-only roles (their
        attributes, passwords and settings; `.available` is False when the DSN's role cannot
        make them). Never grants anything: a repair during a run must not open the database
        being built (grants apply at the end of a verified run, `roles.grant_database`)."""
        self.ensure_server()
        if not self.embedded and self.database_exists():
            # Roles are made on a server of the DSN's choosing: only next to a database that
            # is this sandbox's, a new one or the one trusted (access/foreign.py, F21c).
            with self.sandbox():
                pass
        with self.maintenance(replacing=False) as conn:
            state = roles.ensure_roles(conn, self.config, reset_passwords=reset_passwords)
        self._known.state = state
        return state

    def owner(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For schema.sql, the rows and the migrations: the sandbox owner role's own login
        (never the administrator's session under another role), with the file's usual
        search path; the DSN's own role when the sandbox cannot have roles (then no
        superuser either: a superuser can always make them)."""
        return self._as_role(OWNER, autocommit=autocommit)

    def agent(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For what an agent runs (query, sample): the application role when sandbox.toml
        grants `write`, else the read-only role; never the workbench's own superuser."""
        kind = roles.kind_for_capabilities(self.config.sandbox.capabilities)
        return self._as_role(kind, autocommit=autocommit)

    def reader(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For the workbench's own reads of the sandbox's data (doctor, dist, row counts):
        the read-only role, never the superuser. What it reads may be a view, a function or
        an operator an agent planted; run as the superuser it could reach the host."""
        # Bounded: an agent's lock or a slow planted view ends in an error naming who
        # blocks (waits.py), never in a hang.
        return self._as_role(roles.READ, autocommit=autocommit, settings=READ_SETTINGS)

    @contextlib.contextmanager
    def reading(
        self, what: str, *, autocommit: bool = True, statement_ms: int = READ_TIMEOUT_MS
    ) -> Iterator[psycopg.Connection[Any]]:
        """A read-only session (`reader()`) in which a lock or statement timeout becomes
        SandboxLocked naming who blocks; `what` names the read in that message;
        `statement_ms` shortens the session's statement timeout."""
        with self.reader(autocommit=autocommit) as conn:
            if statement_ms != READ_TIMEOUT_MS:
                conn.execute(
                    "SELECT pg_catalog.set_config('statement_timeout', %s, false)",
                    (str(statement_ms),),
                )
            with blockers_named(self.guard.connect, what, statement_ms=statement_ms):
                yield conn

    def _as_role(
        self, kind: str, *, autocommit: bool = True, settings: dict[str, str] | None = None
    ) -> psycopg.Connection[Any]:
        """A session of the sandbox's (or the run's) `kind` role, with the usual search path
        once the guard's checks, made on the path pinned to pg_catalog, have passed."""
        conn = self._login(kind, autocommit=autocommit, settings=settings)
        try:
            conn.execute(FILE_SEARCH_PATH)
            if not autocommit:
                conn.commit()
        except BaseException:
            conn.close()
            raise
        return conn

    def _login(
        self, kind: str, *, autocommit: bool = True, settings: dict[str, str] | None = None
    ) -> psycopg.Connection[Any]:
        self.ensure_server()
        if self.run is not None:
            if kind not in self.run.roles:
                raise UsageError(f"a run has no {kind} role: this is the sandbox's own work.")
            return self.guard.connect(
                autocommit=autocommit,
                run=self.run.run_id,
                role=self.run.roles[kind],
                passfile=self.run.passfiles[kind],
            )
        state = self._roles if self._roles is not None else self.prepare_roles()
        if not state.available:
            conn = self.guard.connect(autocommit=autocommit, settings=settings)
            try:
                self.guard.verify_role(conn, state.admin)
            except BaseException:
                conn.close()
                raise
            return conn
        role = state.roles.name(kind)
        passfile = str(roles.passfile(self.config, kind))
        try:
            return self.guard.connect(
                autocommit=autocommit, role=role, passfile=passfile, settings=settings
            )
        except LoginRefused:
            # The passfile and the server disagree (a role altered or a file lost): set a
            # new password once, then try again. Any other failure (a server down or full)
            # is said as it is: a new password would lock out whoever holds the old one.
            self.prepare_roles(reset_passwords=True)
            return self.guard.connect(
                autocommit=autocommit, role=role, passfile=passfile, settings=settings
            )
