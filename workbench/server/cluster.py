"""The embedded PostgreSQL cluster: a private server the workbench runs with the machine's own
binaries, listening on loopback and a Unix socket only, started on demand and reused.

PostgreSQL refuses to run as root. When the workbench is invoked as root, only the server
binaries (initdb, pg_ctl) run as an unprivileged user; that user may not be able to reach a
folder under /root, so the cluster's data then lives in a folder it can reach, recorded in
`.workbench/server.json`. The superuser's password is random, kept in `.workbench/pgpass` (mode
0600, libpq passfile format) and never printed: connection strings name the passfile.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from psycopg.conninfo import make_conninfo

from workbench import standins
from workbench.config.file import MISSING_EXTENSIONS, Config
from workbench.errors import ConfigError, ServerError, WorkbenchError
from workbench.files.safe import ensure_parent, is_real_dir, lock_file, private_dir
from workbench.files.signing import user_dir
from workbench.files.state import atomic_write_text
from workbench.postgres import binaries as pg_binaries
from workbench.postgres.binaries import resolve
from workbench.postgres.run_as import probing_as
from workbench.postgres.runnable import COPY_BASE, runnable_bindir
from workbench.postgres.sources import (
    ENV_BINDIR,
    ENV_SYSTEM_ROOTS,
    Keep,
    Resolution,
    gone_binaries,
    restore_hint,
)
from workbench.redact import remember_secret
from workbench.server import postmaster, socket_folder
from workbench.server import state as server_state
from workbench.server.host import (
    LISTEN_HOST,
    START_ATTEMPTS,
    free_port,
    initdb_options,
    last_lines,
    live_postmaster,
    port_in_use,
    read_tail,
    server_settings,
    user_can_reach,
    user_exists,
    user_ids,
)
from workbench.server.state import ServerState
from workbench.trust import checkout as trust

__all__ = [
    "REBUILD_COMMAND",
    "SUPERUSER",
    "EmbeddedServer",
    "find_bindir",
]

SUPERUSER = "workbench"
REBUILD_COMMAND = "workbench server rebuild --yes"
REBUILD_TITLE = "cluster made by another PostgreSQL"  # doctor/check.py tells the failure by it
# Where clusters live when the server's user cannot reach .workbench/: by the binaries' copies.
SHARED_DATA_BASE = COPY_BASE


def find_bindir() -> Path:
    """The folder of the binaries a new cluster would get by default (pg_binaries.resolve)."""
    return resolve(None).source.bindir


class EmbeddedServer:
    """The cluster behind `dsn = "embedded"` for one sandbox.toml."""

    def __init__(
        self,
        config: Config,
        *,
        extensions: Callable[[], Sequence[str]] | None = None,
        places: Callable[[], Mapping[str, Sequence[str]]] | None = None,
    ) -> None:
        self.config = config
        # The extensions the schema creates: they choose the binaries (pg_binaries.resolve);
        # where the schema asks for each, for the errors.
        self.extensions = extensions
        self.places = places
        self.state_dir = config.state_dir
        self.state_path = self.state_dir / "server.json"
        self.passfile = self.state_dir / "pgpass"

    # --- who runs the binaries, and where the data lives ----------------------------------

    def _run_as(self) -> str | None:
        if os.geteuid() != 0:
            return None
        if self.config.server.run_as:
            name = self.config.server.run_as
        else:
            name = next((n for n in ("postgres", "nobody") if user_exists(n)), "")
        if not name or not user_exists(name):
            raise ServerError(
                "The workbench runs as root, and PostgreSQL refuses to: it needs an "
                f"unprivileged user for the server binaries, and {name or 'none'!r} does not "
                "exist. Create one (`useradd --system postgres`) or name one in sandbox.toml "
                'with [server] run_as = "USER".'
            )
        if name == "root" or pwd.getpwnam(name).pw_uid == 0:
            raise ConfigError(
                f"sandbox.toml: key server.run_as: expected an unprivileged user, got {name!r} "
                "(PostgreSQL refuses to run as root, and the workbench runs nothing of a "
                "source's binaries as root)."
            )
        return name

    def _choose_data_root(self, run_as: str | None) -> Path:
        local = self.state_dir / "pg"
        if run_as is None or user_can_reach(run_as, self.state_dir):
            return local
        # The unprivileged user cannot traverse to .workbench/ (say, under /root): keep the
        # cluster in a folder of its own, named after this sandbox.toml so each sandbox has one.
        digest = hashlib.sha256(str(self.state_dir.resolve()).encode()).hexdigest()[:16]
        return SHARED_DATA_BASE / digest

    def _make_data_root(self, run_as: str | None) -> Path:
        """The cluster's folder, made or checked level by level without following a symlink
        (safe_fs): under .workbench/, or under /var/tmp/sandbox-workbench/ (this user's, where
        another local user may have made a name first); then the server's user's, mode 0700."""
        data_root = self._choose_data_root(run_as)
        owner = user_ids(run_as)
        if data_root.parent == SHARED_DATA_BASE:
            private_dir(SHARED_DATA_BASE, mode=0o755)
        else:
            ensure_parent(data_root)
        # A new cluster's folder is made now, by the workbench, never reused: one a cloned
        # repository carries (`.workbench/pg/server.log -> ../pgpass`, files the server would
        # read) or an interrupted initdb left goes first. A symlink there is refused below.
        if is_real_dir(data_root):
            shutil.rmtree(data_root)
        return private_dir(data_root, owner=owner, mode=0o700)

    # --- state ---------------------------------------------------------------------------

    def state(self) -> ServerState | None:
        """The cluster's record (state.py): believed only when this workbench wrote
        it for this user, or when it names nothing but the workbench's own choices."""
        return server_state.load(self.state_dir, self._expected)

    def _expected(self) -> server_state.Expected:
        digest = hashlib.sha256(str(self.state_dir.resolve()).encode()).hexdigest()[:16]
        data_dirs = {str(self.state_dir / "pg" / "data"), str(SHARED_DATA_BASE / digest / "data")}
        sockets = str(socket_folder.derived(self.state_dir))  # an older workbench's choice
        return server_state.Expected(
            data_dirs, sockets, self._run_as, server_state.known(self.config)
        )

    @property
    def initialized(self) -> bool:
        state = self.state()
        return state is not None and (Path(state.data_dir) / "PG_VERSION").exists()

    def _run(
        self, args: list[str], run_as: str | None, *, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        try:
            return subprocess.run(
                args,
                capture_output=True,
                text=True,
                timeout=timeout,
                cwd="/",
                env=postmaster.server_env(),
                stdin=subprocess.DEVNULL,
                **postmaster.as_user(run_as),
            )
        except subprocess.TimeoutExpired as err:
            raise ServerError(f"{Path(args[0]).name} did not finish in {timeout:.0f} s.") from err

    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        """Serialise init/start/stop between workbench processes (the lock file opened
        without following a symlink a checkout may carry there)."""
        fd = lock_file(self.state_dir / "server.lock")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # releases the lock

    # --- lifecycle -----------------------------------------------------------------------

    # --- which binaries (pg_binaries) ----------------------------------------------------

    def needs(self) -> list[str]:
        return list(self.extensions()) if self.extensions is not None else []

    def resolve_binaries(self, *, keep: bool = True) -> Resolution:
        """The source for this sandbox: `[server] bindir`, WORKBENCH_PG_BINDIR, or the default
        chain chosen by the schema's extensions, keeping an existing cluster's server."""
        trust.check(self.config)  # a folder of binaries a checkout names runs once trusted
        state = self.state() if keep else None
        hint = None
        if state is not None and state.version.split(".")[0].isdigit():
            made_by = (state.binaries or {}).get("bindir") or state.bindir
            hint = Keep(int(state.version.split(".")[0]), made_by)
        # Probes of the binaries run as the server's user, never as root (pg_trust).
        with probing_as(self.config.server.run_as):
            return resolve(
                self.config.server.bindir,
                base=self.config.root,
                needs=self.needs(),
                keep=hint,
                icu=self.config.server.icu,
                places=self.places() if self.places is not None else None,
                leave_out=MISSING_EXTENSIONS in self.config.schema.skip,
            )

    def _check_binaries(self, state: ServerState) -> ServerState:
        """An existing cluster runs with the resolved binaries of its own major version (a
        newer wheel, a copy for the server's user); another major version is a rebuild."""
        key = self._binaries_key()
        if (
            state.binaries is not None
            and state.binaries.get("key") == key
            and (Path(state.bindir) / "postgres").is_file()
        ):
            # Nothing that chooses the binaries changed since they were checked: a fast
            # reset does not pay for probing every source again.
            return state
        resolution = self.resolve_binaries()
        problem = self._mismatch(state, resolution)
        if problem:
            raise ServerError(problem, title=REBUILD_TITLE)
        bindir = runnable_bindir(resolution.source, state.run_as)
        record = {**_binaries_record(resolution), "key": key}
        if str(bindir) != state.bindir or record != state.binaries:
            state.bindir, state.binaries = str(bindir), record
            server_state.save(self.state_dir, state)
        return state

    def _binaries_key(self) -> str:
        """What the choice of binaries depends on, hashed."""
        parts = [
            self.config.server.bindir,
            self.config.server.icu,
            MISSING_EXTENSIONS in self.config.schema.skip,
            str(self.config.root),
            *(os.environ.get(name) or None for name in (ENV_BINDIR, ENV_SYSTEM_ROOTS, "PATH")),
            pg_binaries.WHEEL_FIRST,
            sorted(self.needs()),
        ]
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]

    def _mismatch(self, state: ServerState, resolution: Resolution) -> str | None:
        if str(resolution.source.major) == state.version.split(".")[0]:
            return None
        rebuild = (
            f"`{REBUILD_COMMAND}` deletes this cluster with its databases and snapshot and "
            f"makes a new one with PostgreSQL {resolution.source.major} (then `workbench "
            "generate --yes` fills it again)"
        )
        gone = gone_binaries(state.binaries, state.bindir, state.version)
        restore = restore_hint(state.binaries, state.bindir, state.version)
        if gone:
            # The binaries that made the cluster were removed: putting them back keeps the
            # data; a rebuild throws it away, so it is the second choice.
            return (
                f"The embedded cluster of this sandbox ({state.data_dir}) was made by "
                f"PostgreSQL {state.version} {gone}. First choice, keeping the data: "
                f"{restore}, then run the command again. Or, if the data may go: "
                f"{rebuild}, using {resolution.summary()}."
            )
        return (
            f"The embedded cluster of this sandbox ({state.data_dir}) was made by PostgreSQL "
            f"{state.version}, and the sandbox now resolves to {resolution.summary()}. A "
            f"cluster belongs to one major version, and the sandbox is disposable: {rebuild}."
        )

    def binaries_status(self) -> dict:
        """What doctor and `server status` report: the binaries in use or to be used, why,
        and whether the existing cluster needs a rebuild."""
        state = self.state()
        out: dict = {
            "cluster": state.binaries if state else None,
            "runs_from": state.bindir if state else None,  # a copy for the server's user
        }
        try:
            resolution = self.resolve_binaries()
        except WorkbenchError as err:
            out.update(resolved=None, error=str(err), rebuild=None)
            return out
        out["resolved"] = resolution.to_dict()
        out["error"] = None
        out["rebuild"] = (
            self._mismatch(state, resolution) if self.initialized and state is not None else None
        )
        # Binaries removed from under the cluster: putting them back is the fix that keeps data.
        out["restore"] = (
            restore_hint(state.binaries, state.bindir, state.version)
            if out["rebuild"]
            and state is not None
            and gone_binaries(state.binaries, state.bindir, state.version)
            else None
        )
        return out

    def rebuild(self) -> ServerState:
        """Delete the cluster and make a new one with the binaries resolved afresh: the new
        source is resolved and checked (the schema's extensions, runnable by the server's
        user) first, so a rebuild that cannot succeed deletes nothing."""
        resolution = self.resolve_binaries(keep=False)
        runnable_bindir(resolution.source, self._run_as())
        self.destroy()
        return self.start()

    def init(self) -> ServerState:
        """Create the cluster (initdb) if it does not exist yet; idempotent."""
        existing = self.state()
        if existing is not None and (Path(existing.data_dir) / "PG_VERSION").exists():
            return existing
        resolution = self.resolve_binaries(keep=False)
        run_as = self._run_as()
        bindir = runnable_bindir(resolution.source, run_as)
        postmaster.check_paths(bindir, self._choose_data_root(run_as))
        data_root = self._make_data_root(run_as)
        data_dir = data_root / "data"
        password = self._initdb(bindir, data_dir, run_as)
        port = self.config.server.port or free_port()
        version = (data_dir / "PG_VERSION").read_text().strip()
        state = ServerState(
            bindir=str(bindir),
            data_dir=str(data_dir),
            socket_dir=str(socket_folder.fresh()),  # unpredictable (F8)
            port=port,
            run_as=run_as,
            version=version,
            binaries=_binaries_record(resolution),
        )
        # libpq passfile: the password stays in a 0600 file, never in a DSN or on screen.
        remember_secret(password)  # never in any output, report or error (files/held_passwords.py)
        atomic_write_text(self.passfile, f"*:*:*:{SUPERUSER}:{password}\n", mode=0o600)
        server_state.save(self.state_dir, state)
        return state

    def _initdb(self, bindir: Path, data_dir: Path, run_as: str | None) -> str:
        """Run initdb for `data_dir` with a new superuser password; return the password."""
        password = secrets.token_urlsafe(24)
        pwfile = data_dir.parent / "initdb.pw"
        pwfile.unlink(missing_ok=True)  # one an interrupted initdb left (or a symlink)
        # a new file, never through a symlink, in the folder just checked; then the server's
        fd = os.open(pwfile, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, (password + "\n").encode())
            owner = user_ids(run_as)
            if owner is not None:
                os.fchown(fd, *owner)
        finally:
            os.close(fd)
        try:
            result = self._run(
                [
                    str(bindir / "initdb"),
                    "-D",
                    str(data_dir),
                    "-U",
                    SUPERUSER,
                    "--pwfile",
                    str(pwfile),
                    "-A",
                    "scram-sha-256",
                    "-E",
                    "UTF8",
                    "--locale=C",
                    *initdb_options(),
                ],
                run_as,
            )
        finally:
            pwfile.unlink(missing_ok=True)
        if result.returncode != 0:
            raise ServerError(
                f"initdb failed (exit {result.returncode}) for {data_dir}: "
                f"{last_lines(result.stderr or result.stdout)}"
            )
        return password

    def is_running(self) -> bool:
        """Whether postmaster.pid names a live postmaster for this very data directory (a
        pid left by a killed server may since belong to any other process)."""
        state = self.state()
        return state is not None and live_postmaster(Path(state.data_dir)) is not None

    def _clear_stale_lock_files(self, state: ServerState) -> None:
        """After a crash: remove postmaster.pid and the socket's lock file when no postmaster
        for this data directory holds them (postgres refuses to start while their pid lives,
        whatever process it now is)."""
        data_dir = Path(state.data_dir)
        if live_postmaster(data_dir) is not None:
            return
        for lock in (
            data_dir / "postmaster.pid",
            Path(state.socket_dir) / f".s.PGSQL.{state.port}.lock",
        ):
            with contextlib.suppress(OSError):
                lock.unlink()

    def start(self) -> ServerState:
        """Start the cluster (creating it first if needed); a no-op when it already runs."""
        with self._lock():
            state = self._check_binaries(self.init())
            made_up = list((state.binaries or {}).get("standins") or [])
            major = int(state.version.split(".")[0])
            extensions = standins.prepare(self._standins_base(state.run_as), major, made_up)
            if self.is_running():
                if self._started_with_standins(state, extensions):
                    return state
                # Started before its stand-ins were needed, or by a workbench that named
                # another folder (one in the checkout): once more, with this one.
                self._pg_ctl_stop(state)
            if port_in_use(state.port):
                if self.config.server.port:
                    raise ServerError(
                        f"Port {state.port} on {LISTEN_HOST} is taken by another program, and "
                        "sandbox.toml fixes it with [server] port. Free it or choose another."
                    )
                state.port = free_port()
                server_state.save(self.state_dir, state)
            # /tmp is anybody's: a name another user made first (a symlink to /etc) is never
            # followed or chowned; another random one is used and recorded (F8).
            socket_dir = socket_folder.make(Path(state.socket_dir), user_ids(state.run_as))
            if str(socket_dir) != state.socket_dir:
                state.socket_dir = str(socket_dir)
                server_state.save(self.state_dir, state)
            self._start_postmaster(state, socket_dir, extensions)
            self._confirm_running(state)
            return state

    def _standins_base(self, run_as: str | None) -> Path:
        """Where the stand-in extensions' folder lives: outside the checkout, made by the
        workbench (standins.py), where the server's user can read it."""
        if run_as is None:
            return user_dir()
        return private_dir(COPY_BASE, mode=0o755)

    def _confirm_running(self, state: ServerState) -> None:
        """The postmaster said it was ready: a start that leaves none running is a failure."""
        deadline = time.monotonic() + 3
        while not self.is_running():
            if time.monotonic() > deadline:
                log = Path(state.data_dir).parent / "server.log"
                raise ServerError(
                    f"The embedded PostgreSQL did not start: {state.bindir}/postgres reported "
                    f"ready, yet no postmaster runs for {state.data_dir!r}. The server's log "
                    f"({log}) ends: {last_lines(read_tail(log))}"
                )
            time.sleep(0.1)

    def _start_postmaster(
        self, state: ServerState, socket_dir: Path, extensions: Path | None
    ) -> None:
        """Start the postmaster with no shell reading our paths (postmaster.py), tried again
        while a killed postmaster's backends hold its memory."""
        log = Path(state.data_dir).parent / "server.log"
        options = ["-c", f"listen_addresses={LISTEN_HOST}", "-p", str(state.port)]
        options += ["-k", str(socket_dir)]
        for name, value in server_settings().items():
            options += ["-c", f"{name}={value}"]
        options += standins.start_options(extensions, int(state.version.split(".")[0]))
        for attempt in range(START_ATTEMPTS):
            self._clear_stale_lock_files(state)
            failed = postmaster.launch(
                Path(state.bindir) / "postgres",
                Path(state.data_dir),
                options,
                log,
                state.run_as,
                user_ids(state.run_as),
            )
            if failed is None:
                return
            detail = last_lines(read_tail(log) or failed)
            # The backends of a killed postmaster may hold its shared memory a moment.
            if "shared memory block" not in detail or attempt == START_ATTEMPTS - 1:
                break
            time.sleep(1.0)
        raise ServerError(f"The embedded PostgreSQL did not start: {detail}")

    def stop(self) -> bool:
        """Stop the cluster; returns False when it was not running."""
        with self._lock():
            state = self.state()
            if state is None or not self.is_running():
                return False
            by_signal = not (Path(state.bindir) / "pg_ctl").is_file()
            _ = self._stop_by_signal(state) if by_signal else self._pg_ctl_stop(state)
            socket_folder.discard(state.socket_dir)  # remade by the next start
            return True

    def _pg_ctl_stop(self, state: ServerState) -> bool:
        result = self._run(
            [str(Path(state.bindir) / "pg_ctl"), "-D", state.data_dir, "-m", "fast", "-w", "stop"],
            state.run_as,
        )
        if result.returncode != 0:
            raise ServerError(f"pg_ctl stop failed: {last_lines(result.stderr)}")
        return True

    def _started_with_standins(self, state: ServerState, extensions: Path | None) -> bool:
        """Whether the server's command line (postmaster.opts) names the stand-ins' folder."""
        try:
            options = (Path(state.data_dir) / "postmaster.opts").read_text()
        except OSError:
            return True  # unreadable: leave the running server alone
        return standins.in_options(options, extensions)

    def _stop_by_signal(self, state: ServerState) -> bool:
        """The binaries that started the server are gone (a deleted virtual environment, an
        upgraded wheel): a fast shutdown is SIGINT to the postmaster, as pg_ctl sends it."""
        try:
            pid = int((Path(state.data_dir) / "postmaster.pid").read_text().split("\n", 1)[0])
            os.kill(pid, signal.SIGINT)
        except (OSError, ValueError) as err:
            raise ServerError(f"Could not stop the embedded PostgreSQL: {err}") from None
        deadline = time.monotonic() + 60
        while self.is_running():
            if time.monotonic() > deadline:
                raise ServerError(f"The embedded PostgreSQL (pid {pid}) did not stop in 60 s.")
            time.sleep(0.1)
        return True

    def destroy(self) -> None:
        """Stop the cluster and delete its data (used by tests and `server destroy`)."""
        self.stop()
        state = self.state()
        if state is not None:
            # Only the workbench's own folders, and only real ones (never a symlink's target):
            # the record was checked by state(), the folders are checked again here.
            expected = self._expected()
            data_root = Path(state.data_dir).parent
            if state.data_dir in expected.data_dirs and is_real_dir(data_root):
                shutil.rmtree(data_root, ignore_errors=True)
            own = state.socket_dir == expected.socket_dir or socket_folder.is_own(state.socket_dir)
            if own and is_real_dir(Path(state.socket_dir)):
                shutil.rmtree(state.socket_dir, ignore_errors=True)
        self.state_path.unlink(missing_ok=True)
        self.passfile.unlink(missing_ok=True)

    def conninfo(self, dbname: str) -> str:
        """The libpq connection string for a database on this cluster (no password in it)."""
        state = self.state()
        if state is None:
            raise ServerError("The embedded cluster has not been created yet: run `workbench up`.")
        # Every value quoted by libpq's rules: a project path may hold spaces, quotes, `\`.
        return make_conninfo(
            host=LISTEN_HOST,
            port=state.port,
            user=SUPERUSER,
            dbname=dbname,
            passfile=str(self.passfile),
        )

    def status(self) -> dict:
        state = self.state()
        return {
            "initialized": self.initialized,
            "running": self.is_running(),
            "port": state.port if state else None,
            "host": LISTEN_HOST,
            "data_dir": state.data_dir if state else None,
            "run_as": state.run_as if state else None,
            "version": state.version if state else None,
            "binaries": self.binaries_status(),
        }


def _binaries_record(resolution: Resolution) -> dict:
    source = resolution.source
    return {
        "kind": source.kind,
        "bindir": str(source.bindir),
        "version": source.version,
        "wheel_version": source.wheel_version,
        "origin": resolution.origin,
        "reason": resolution.reason,
        "standins": list(resolution.standins),
        "icu_mapped": resolution.icu_mapped,
        "xml_null": resolution.xml_null,
    }
