"""Shared fixtures: one real PostgreSQL cluster per test session, started through the
workbench's own embedded-server code, and helpers to make sandbox projects and run the CLI."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests import schedule
from workbench.access.guard import MARKER_PREFIX, snapshot_name_for, undo_name_for
from workbench.config.file import load_config
from workbench.engine import Engine
from workbench.errors import ConfigError, ServerError
from workbench.postgres.binaries import resolve
from workbench.postgres.sources import probe
from workbench.server.cluster import EmbeddedServer

REPO = Path(__file__).resolve().parents[1]

# The per-user folder (the key that signs .workbench/ state, the checkouts trusted) is the
# session's own: the tests and the CLI they run share it, the developer's is never touched.
if not os.environ.get("WORKBENCH_TESTS_OWN_CONFIG"):
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="wb-tests-config-")
    os.environ["WORKBENCH_TESTS_OWN_CONFIG"] = "1"  # the CLI subprocesses inherit this one
    atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], True)
# The `workbench` subprocesses the tests run (several hundred) keep their byte code in a folder
# of the session's own, never in the checkout: with PYTHONDONTWRITEBYTECODE each one compiled
# every module it imports again (0.7 s of CPU for a command that generates).
if not os.environ.get("WORKBENCH_TESTS_PYCACHE"):
    os.environ["WORKBENCH_TESTS_PYCACHE"] = tempfile.mkdtemp(prefix="wb-tests-pycache-")
    atexit.register(shutil.rmtree, os.environ["WORKBENCH_TESTS_PYCACHE"], True)
os.environ["PYTHONPYCACHEPREFIX"] = os.environ["WORKBENCH_TESTS_PYCACHE"]
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
# The clusters the tests start run without fsync (and initdb without its final flush): a
# test kills processes, never the machine, and the page cache survives a killed server; the
# flushes cost the suite minutes of waiting on the disk. A run that sets WORKBENCH_PG_SETTINGS
# itself keeps its own.
os.environ.setdefault("WORKBENCH_PG_SETTINGS", "fsync=off")
# The same for the workbench's own state files (files/state.flushes): written atomically all
# the same, without the flushes that guard only against a crash of the machine.
os.environ.setdefault("WORKBENCH_STATE_SYNC", "off")
# Estimates do not follow how busy the machine is (no probe, generate/plan/machine.py): the
# tests of that mechanism set their own factor.
os.environ.setdefault("WORKBENCH_MACHINE_FACTOR", "1")
# The real dumps kept beside the repository; WORKBENCH_SHARED_SCHEMAS points elsewhere (a
# checkout in a worktree folder, say).
SHARED_SCHEMAS = Path(
    os.environ.get("WORKBENCH_SHARED_SCHEMAS") or REPO.parent / "shared" / "schemas"
)


def shared_schema(name: str) -> Path:
    """A file of ../shared/schemas, or a skip when that folder is absent."""
    path = SHARED_SCHEMAS / name
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/schemas is test data kept beside the repo)")
    return path


@dataclass
class Cluster:
    server: EmbeddedServer
    port: int
    passfile: Path

    def conninfo(self, dbname: str = "postgres") -> str:
        # The password inline, not passfile=: a sandbox.toml DSN naming a file libpq reads is
        # used only once trusted (workbench/trust/dsn.py), and most tests write this one there.
        password = self.passfile.read_text().strip().rsplit(":", 1)[1]
        return f"host=127.0.0.1 port={self.port} user=workbench dbname={dbname} password={password}"

    def create_database(self, name: str | None = None) -> str:
        name = name or f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return name

    def drop_database(self, name: str) -> None:
        """Drop a database and the snapshot and undo copy the workbench may have kept of it
        (a template, which must stop being one before it can be dropped)."""
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            # and what a killed run left under its building name (databases.building_name),
            # and the sandbox's runs (workbench/fleet/runs.py) with their roles
            derived = [
                r[0]
                for r in conn.execute(
                    "SELECT datname FROM pg_database WHERE starts_with(datname, %s)",
                    (f"{name}__wb_",),
                )
            ]
            for db in (name, snapshot_name_for(name), undo_name_for(name), *derived):
                if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (db,)).fetchone():
                    ident = sql.Identifier(db)
                    conn.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(ident))
                    conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(ident))
            # and the sandbox's own roles (owner, application, read-only: marked
            # `sandbox-workbench:<name> id …`), which every project of the session otherwise
            # added to the cluster for good: the workbench's queries that read every role's
            # marker (the fingerprint of a database's behaviour, the file's roles) read them
            # all, and 2,000 roles cost a generate of a small schema 0.1 s more of the server
            for (role,) in conn.execute(
                "SELECT rolname FROM pg_roles WHERE starts_with(rolname, %s) "
                "OR starts_with(shobj_description(oid, 'pg_authid'), %s)",
                (f"{name}__wb_run_", f"{MARKER_PREFIX}{name} id "),
            ).fetchall():
                # one that still holds something elsewhere is left, as every role was before
                with contextlib.suppress(psycopg.errors.DependentObjectsStillExist):
                    conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))


def pytest_configure(config: pytest.Config) -> None:
    """Under `--dist loadfile` xdist hands out the files in the order the workers collected
    them (ordered longest first below), not by their number of tests (tests/schedule.py)."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """`-m unit` selects the tests that need no PostgreSQL server (they run in seconds): every
    test that asks for no server fixture and is not marked `server` (one that starts a cluster
    of its own). The rest are `server` tests.

    In an xdist worker the files are ordered longest first (tests/schedule.py): with
    `--no-loadscope-reorder` the workers are handed them in that order."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "pg_cluster" in fixtures or item.get_closest_marker("server") is not None:
            item.add_marker(pytest.mark.server)
        else:
            item.add_marker(pytest.mark.unit)
    if hasattr(config, "workerinput"):
        items[:] = schedule.longest_first(items, schedule.load_seconds())


@pytest.fixture(scope="session")
def pg_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """The workbench's embedded cluster, created and started for this test session."""
    home = tmp_path_factory.mktemp("cluster")
    (home / "sandbox.toml").write_text('[sandbox]\nname = "cluster_home"\n')
    server = EmbeddedServer(load_config(home / "sandbox.toml"))
    state = server.start()
    try:
        yield Cluster(server=server, port=state.port, passfile=server.passfile)
    finally:
        server.destroy()


ClusterFor = Callable[[Sequence[str]], Cluster]


@pytest.fixture(scope="session")
def cluster_for(
    pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ClusterFor]:
    """A cluster whose server has the given extensions: the session's own when it has them,
    else one made with the binaries the workbench chooses for them (PostGIS from the
    machine's server, pgvector from the wheel, the workbench's stand-ins for pgcrypto and
    uuid-ossp where no server has them, ICU collations mapped to libc where no server has ICU:
    a project on it then needs `[server] icu = "libc"`); a skip naming the sources when none
    has."""
    extra: dict[str, Cluster] = {}
    state = pg_cluster.server.state()
    assert state is not None and state.binaries is not None
    session = probe(Path(state.binaries["bindir"]), state.binaries["kind"])
    assert not isinstance(session, str), session

    def get(needs: Sequence[str]) -> Cluster:
        needs = list(needs)
        if not session.lacks(needs):
            return pg_cluster
        try:
            resolution = resolve(needs=needs, icu="libc")
        except ServerError as err:
            pytest.skip(str(err))
        key = f"{resolution.source.bindir} {resolution.standins}"
        if key not in extra:
            home = tmp_path_factory.mktemp("cluster_ext")
            (home / "sandbox.toml").write_text(
                '[sandbox]\nname = "cluster_ext"\n[server]\nicu = "libc"\n'
            )
            server = EmbeddedServer(load_config(home / "sandbox.toml"), extensions=lambda: needs)
            state = server.start()
            extra[key] = Cluster(server=server, port=state.port, passfile=server.passfile)
        return extra[key]

    try:
        yield get
    finally:
        for cluster in extra.values():
            cluster.server.destroy()


@pytest.fixture
def fresh_db_for(cluster_for: ClusterFor) -> Iterator[Callable[[Sequence[str]], str]]:
    """A conninfo to a new empty database on a server that has the given extensions (or ICU:
    pg_sources.schema_needs), dropped afterwards."""
    made: list[tuple[Cluster, str]] = []

    def make(needs: Sequence[str]) -> str:
        cluster = cluster_for(needs)
        name = cluster.create_database()
        made.append((cluster, name))
        return cluster.conninfo(name)

    yield make
    for cluster, name in made:
        cluster.drop_database(name)


@pytest.fixture
def fresh_db(pg_cluster: Cluster) -> Iterator[str]:
    """A libpq conninfo (superuser) to a brand-new empty database, dropped afterwards."""
    name = pg_cluster.create_database()
    try:
        yield pg_cluster.conninfo(name)
    finally:
        pg_cluster.drop_database(name)


MakeProject = Callable[..., Path]


@pytest.fixture
def make_project(tmp_path: Path, pg_cluster: Cluster) -> Iterator[MakeProject]:
    """Write a sandbox project (sandbox.toml + schema.sql) and return sandbox.toml's path.

    By default it points at the session cluster through an inline DSN with its own database
    name (the external-DSN path); `embedded=True` gives it a private embedded cluster."""
    made: list[tuple[Path, bool, str]] = []

    def make(
        schema: str | None = None,
        *,
        extra: str = "",
        embedded: bool = False,
        name: str | None = None,
        folder: str = "project",
        create_db: bool = True,
    ) -> Path:
        root = tmp_path / folder
        root.mkdir(parents=True, exist_ok=True)
        name = name or f"sb_{uuid.uuid4().hex[:10]}"
        if embedded:
            dsn_line = 'dsn = "embedded"'
        else:
            dsn_line = f'dsn = "{pg_cluster.conninfo(name)}"'
            if create_db:
                pg_cluster.create_database(name)
        (root / "schema.sql").write_text(schema if schema is not None else _example_schema())
        (root / "sandbox.toml").write_text(
            f'[sandbox]\nname = "{name}"\n{dsn_line}\nschema = "schema.sql"\n{extra}'
        )
        made.append((root, embedded, name))
        return root / "sandbox.toml"

    yield make
    for root, embedded, name in made:
        if embedded:
            try:
                config = load_config(root / "sandbox.toml")
            except ConfigError:
                continue  # refused at load (a test's hostile file): no cluster was made
            EmbeddedServer(config).destroy()
        else:
            pg_cluster.drop_database(name)


@contextlib.contextmanager
def generated_project(
    cluster: Cluster, root: Path, schema: str | None = None, *, extra: str = ""
) -> Iterator[Path]:
    """A project in `root` on the session cluster (as `make_project` makes one), generated
    once, for a module fixture of tests that leave it as they found it; its sandbox.toml."""
    name = cluster.create_database(f"sb_{uuid.uuid4().hex[:10]}")
    (root / "schema.sql").write_text(schema if schema is not None else _example_schema())
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{cluster.conninfo(name)}"\n'
        f'schema = "schema.sql"\n{extra}'
    )
    Engine(root / "sandbox.toml").generate()
    try:
        yield root / "sandbox.toml"
    finally:
        cluster.drop_database(name)


def _example_schema() -> str:
    return (REPO / "schema.sql").read_text()


def cli_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment a `workbench` subprocess of the tests gets: this one's (with the
    session's per-user folder, XDG_CONFIG_HOME, whose key signs .workbench/ state), no PG*
    variable, and `env` on top."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    full_env.update(env or {})
    return full_env


def run_cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """Run `workbench ARGS` as a subprocess with no terminal (stdin closed)."""
    full_env = cli_env(env)
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args],
        cwd=cwd,
        env=full_env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
