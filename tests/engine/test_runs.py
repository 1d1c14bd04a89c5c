"""Runs (issue 28): isolated clones of the snapshot with their own roles and lease, started in
parallel without the sandbox's lock, ended without leaks, reclaimed by `run gc` when their
starter dies or their TTL passes.

One snapshot of the shipped example (its schema.sql and sandbox.toml, at 30 rows per table) on
the session cluster serves the module; every test ends the runs it starts, and the last checks
that nothing of any run is left in the catalog."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import anyio
import psycopg
import pytest
from mcp import ClientSession
from psycopg import sql

from tests.cli.test_mcp_server import _session_run
from tests.conftest import REPO, Cluster, run_cli
from workbench.access.lock import SandboxLock
from workbench.access.run_lease import runs_dir
from workbench.cli import main as cli_main
from workbench.engine import Engine
from workbench.lifecycle.snapshots import database_bytes

ROWS = 30


@dataclass
class Example:
    config: Path
    name: str
    cluster: Cluster

    def engine(self) -> Engine:
        return Engine(self.config)

    def superuser(self, db: str = "postgres") -> psycopg.Connection:
        return psycopg.connect(self.cluster.conninfo(db), autocommit=True)

    def leftovers(self) -> tuple[list[str], list[str]]:
        """Run databases and run roles of this sandbox still in the catalog."""
        with self.superuser() as conn:
            dbs = conn.execute(
                "SELECT datname FROM pg_database WHERE datname ~ %s ORDER BY 1",
                (f"^{self.name}__wb_(run|rnew|rold)_",),
            ).fetchall()
            roles = conn.execute(
                "SELECT rolname FROM pg_roles WHERE starts_with(rolname, %s) "
                "OR shobj_description(oid, 'pg_authid') LIKE %s ORDER BY 1",
                (f"{self.name}__wb_run_", f"sandbox-workbench:{self.name} id % run %"),
            ).fetchall()
        return [r[0] for r in dbs], [r[0] for r in roles]


def _example_toml(name: str, dsn: str) -> str:
    """The repository's sandbox.toml, pointed at the session cluster, agents granted `runs`."""
    text = (REPO / "sandbox.toml").read_text()
    text = re.sub(r'(?m)^name = "agent_sandbox"$', f'name = "{name}"', text, count=1)
    text = re.sub(r"(?m)^(capabilities = \[.*)\]$", r'\1, "runs"]', text, count=1)
    return re.sub(r'(?m)^dsn = "embedded"$', f'dsn = "{dsn}"', text, count=1)


@pytest.fixture(scope="module")
def example(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Example]:
    root = tmp_path_factory.mktemp("runs")
    name = f"runs_{uuid.uuid4().hex[:8]}"
    pg_cluster.create_database(name)
    (root / "schema.sql").write_text((REPO / "schema.sql").read_text())
    (root / "sandbox.toml").write_text(_example_toml(name, pg_cluster.conninfo(name)))
    Engine(root / "sandbox.toml").generate(rows=ROWS)
    try:
        yield Example(root / "sandbox.toml", name, pg_cluster)
    finally:
        pg_cluster.drop_database(name)


def _write_and_read(url: str, tag: str) -> list[str]:
    """As the run's application role: add a category named after the run, then list the
    categories any run added."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO categories (name, slug) VALUES (%s, %s)", (f"run {tag}", f"run-{tag}")
        )
        rows = conn.execute("SELECT slug FROM categories WHERE slug LIKE 'run-%%'").fetchall()
    return [r[0] for r in rows]


def test_twenty_runs_in_parallel_each_see_only_their_own_rows(
    example: Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = example.engine()
    # The sandbox's lock is held throughout: runs never wait for it (a run that took it
    # would fail after a second).
    monkeypatch.setenv("WORKBENCH_LOCK_WAIT", "1")
    holder = SandboxLock(engine.guard, "test holds the sandbox", wait=0)
    holder.acquire()
    try:
        ids = [f"p{n:02d}" for n in range(20)]
        with ThreadPoolExecutor(len(ids)) as pool:
            started = list(pool.map(lambda i: engine.run_start(run_id=i, ttl="10m"), ids))
        assert [r["run_id"] for r in started] == ids
        assert all(r["state"] == "ready" for r in started)
        assert len({r["database"] for r in started}) == 20
        snapshot = started[0]["snapshot_id"]
        assert all(r["snapshot_id"] == snapshot for r in started)
        with ThreadPoolExecutor(len(ids)) as pool:
            seen = list(
                pool.map(lambda r: _write_and_read(r["database_url"], r["run_id"]), started)
            )
        for run_id, slugs in zip(ids, seen, strict=True):
            assert slugs == [f"run-{run_id}"], (run_id, slugs)
        with ThreadPoolExecutor(len(ids)) as pool:
            ended = list(pool.map(engine.run_end, ids))
    finally:
        holder.release()
    assert all(len(e["databases"]) == 1 and len(e["roles"]) == 2 for e in ended)
    with example.superuser(example.name) as conn:  # the sandbox itself never saw them
        assert (
            conn.execute("SELECT count(*) FROM categories WHERE slug LIKE 'run-%'").fetchone()[0]
            == 0
        )
    assert example.leftovers() == ([], [])
    assert list(runs_dir(example.config.parent / ".workbench").iterdir()) == []
    assert engine.runs() == []


def test_runs_listed_while_they_end_list_without_error(example: Example) -> None:
    """CI flake (test_typed_words): the TUI lists runs while its worker ends one; a database
    dropped between the listing of the catalog and its size query is gone, not an error."""
    engine = example.engine()
    with example.superuser() as conn:
        assert database_bytes(conn, f"{example.name}__wb_run_gone") is None
    ids = [f"l{n}" for n in range(4)]
    for run_id in ids:
        engine.run_start(run_id=run_id, ttl="10m")
    with ThreadPoolExecutor(1) as pool:
        ending = pool.submit(lambda: [engine.run_end(i) for i in ids])
        while not ending.done():
            assert len(engine.runs()) <= len(ids)
        ending.result()
    assert engine.runs() == []
    assert example.leftovers() == ([], [])


def _refused(url: str, dbname: str) -> str:
    target = re.sub(r"/[^/?]+\?", f"/{dbname}?", url)
    with pytest.raises(psycopg.OperationalError) as caught:
        psycopg.connect(target).close()
    return str(caught.value)


def test_a_runs_roles_reach_neither_the_sandbox_nor_another_run(example: Example) -> None:
    engine = example.engine()
    one = engine.run_start(run_id="iso-a", ttl="10m")
    two = engine.run_start(run_id="iso-b", ttl="10m", capabilities=["read"])
    try:
        read_url = two["database_url"]  # a read-only run: its URL is its read-only role's
        assert two["role"].endswith("_read") and one["role"].endswith("_app")
        for url in (one["database_url"], read_url):
            for dbname in (example.name, one["database"], two["database"]):
                if dbname in url:
                    continue
                assert "permission denied for database" in _refused(url, dbname)
        with (
            psycopg.connect(read_url, autocommit=True) as conn,
            pytest.raises(psycopg.errors.ReadOnlySqlTransaction),
        ):
            conn.execute("INSERT INTO categories (name, slug) VALUES ('x', 'x-read')")
        with example.superuser() as conn:
            rows = conn.execute(
                "SELECT rolname, rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication "
                "OR rolbypassrls, EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles p "
                "ON p.oid = m.roleid WHERE m.member = r.oid AND p.rolname LIKE 'pg\\_%%') "
                "FROM pg_roles r WHERE rolname = ANY(%s)",
                ([*one["roles"].values(), *two["roles"].values()],),
            ).fetchall()
        assert len(rows) == 4 and not any(r[1] or r[2] for r in rows)
        lease_dir = Path(one["passfile"]).parent
        assert oct(lease_dir.stat().st_mode & 0o777) == "0o700"
        for kind in ("app", "read"):
            path = lease_dir / f"{kind}.pgpass"
            assert oct(path.stat().st_mode & 0o777) == "0o600"
            password = path.read_text().strip().rsplit(":", 1)[1]
            assert password not in (lease_dir / "lease.json").read_text()
            assert password not in json.dumps(one)
            evidence = (example.config.parent / ".workbench" / "evidence.jsonl").read_text()
            assert password not in evidence
    finally:
        engine.run_end("iso-a")
        engine.run_end("iso-b")
    assert example.leftovers() == ([], [])


def test_reset_in_place_and_a_refreshed_snapshot_leaves_running_runs_alone(
    example: Example,
) -> None:
    engine = example.engine()
    old = engine.run_start(run_id="keep", ttl="10m")
    try:
        assert _write_and_read(old["database_url"], "keep") == ["run-keep"]
        # the sandbox changes and becomes the snapshot; the running run keeps its own
        with example.superuser(example.name) as conn:
            conn.execute("INSERT INTO categories (name, slug) VALUES ('snap', 'run-snapshot')")
        refreshed = engine.snapshot()
        with psycopg.connect(old["database_url"]) as conn:
            slugs = conn.execute("SELECT slug FROM categories WHERE slug LIKE 'run-%'").fetchall()
        assert slugs == [("run-keep",)]
        new = engine.run_start(run_id="fresh", ttl="10m")
        assert new["snapshot_id"] == refreshed["snapshot_id"] != old["snapshot_id"]
        assert _write_and_read(new["database_url"], "fresh") == ["run-fresh", "run-snapshot"]
        listed = {r["run_id"]: r for r in engine.runs()}
        assert listed["keep"]["snapshot_current"] is False and listed["fresh"]["snapshot_current"]
        # reset in place: same URL, the run's writes gone, the current snapshot's rows there
        session = psycopg.connect(old["database_url"], autocommit=True)
        reset = engine.run_reset("keep")
        assert reset["database_url"] == old["database_url"] and reset["snapshot_changed"]
        assert reset["connections_ended"] == 1 and reset["resets"] == 1
        with pytest.raises(psycopg.OperationalError):
            session.execute("SELECT 1")
        session.close()
        assert _write_and_read(old["database_url"], "again") == ["run-again", "run-snapshot"]
    finally:
        engine.run_end("keep")
        engine.run_end("fresh")
        with example.superuser(example.name) as conn:
            conn.execute("DELETE FROM categories WHERE slug = 'run-snapshot'")
        engine.snapshot()
    assert example.leftovers() == ([], [])


_STARTER = """
import os, sys
from workbench.cli import main as cli_main
from workbench.engine import Engine
from workbench.lifecycle.snapshots import database_bytes
engine = Engine(sys.argv[1])
for run_id in ("kill-a", "kill-b"):
    engine.run_start(run_id=run_id, ttl="60s", owner_pid=os.getpid())
print("started", flush=True)
os.environ["WORKBENCH_CRASH_AT"] = "run:cloned"
engine.run_start(run_id="kill-c", ttl="60s", owner_pid=os.getpid())
"""


def test_a_killed_starter_leaves_leases_gc_reclaims_after_the_ttl(example: Example) -> None:
    engine = example.engine()
    before = engine.metrics()
    done = subprocess.run(
        [sys.executable, "-c", _STARTER, str(example.config)],
        capture_output=True,
        text=True,
        timeout=120,
        env={k: v for k, v in os.environ.items() if not k.startswith("PG")},
    )
    assert done.returncode == -9 and "started" in done.stdout, done.stderr
    dbs, roles = example.leftovers()
    assert len(dbs) == 3 and len(roles) == 6  # the third was killed after its clone
    listed = {r["run_id"]: r for r in engine.runs()}
    assert listed["kill-c"]["state"] == "starting"
    assert listed["kill-a"]["owner_alive"] is False

    first = engine.run_gc()  # the interrupted start only: the others are within their TTL
    assert [(leak["run"], leak["kind"]) for leak in first["leaks"]] == [
        ("kill-c", "start interrupted")
    ]
    assert sorted(first["kept"]) == ["kill-a", "kill-b"]
    later = datetime.now(UTC) + timedelta(seconds=61)
    second = engine.run_gc(now=later)
    assert sorted((leak["run"], leak["kind"]) for leak in second["leaks"]) == [
        ("kill-a", "expired"),
        ("kill-b", "expired"),
    ]
    assert all(len(leak["roles"]) == 2 and leak["lease"] for leak in second["leaks"])
    assert example.leftovers() == ([], [])
    assert engine.run_gc()["leaks"] == []
    # `workbench metrics` counts them: the leaks by kind, the start that never finished
    after = engine.metrics()
    kinds, earlier = after["leaks"]["by_kind"], before["leaks"]["by_kind"]
    assert kinds.get("start interrupted", 0) - earlier.get("start interrupted", 0) == 1
    assert kinds.get("expired", 0) - earlier.get("expired", 0) == 2
    assert after["leaks"]["repaired"] - before["leaks"]["repaired"] == 3
    assert after["runs"]["start_failed"] - before["runs"]["start_failed"] == 1
    assert after["runs"]["started"] - before["runs"]["started"] == 2


def test_gc_repairs_each_kind_of_leak(example: Example) -> None:
    engine = example.engine()
    state = example.config.parent / ".workbench"
    engine.run_start(run_id="no-lease", ttl="10m")
    lost_db = engine.run_start(run_id="no-db", ttl="10m")
    engine.run_start(run_id="orphan", ttl="10m", owner_pid=2**22 + 1)  # beyond pid_max
    engine.run_start(run_id="live", ttl="10m", owner_pid=os.getpid())
    (state / "runs" / "no-lease" / "lease.json").unlink()
    with example.superuser() as conn:
        conn.execute(
            sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(lost_db["database"]))
        )
    leaked = next(c for c in engine.doctor() if c["name"] == "leaked sandboxes")
    assert lost_db["database"] not in leaked["message"]
    assert "__wb_run_" in leaked["message"] and "no-lease" in leaked["message"]
    result = engine.run_gc()
    assert sorted((leak["run"], leak["kind"]) for leak in result["leaks"]) == [
        ("no-db", "lease without database"),
        ("no-lease", "database without lease"),
    ]
    assert sorted(result["kept"]) == ["live", "orphan"]
    orphans = engine.run_gc(orphans=True)
    assert [(leak["run"], leak["kind"]) for leak in orphans["leaks"]] == [("orphan", "owner gone")]
    assert orphans["kept"] == ["live"]
    leaked = next(c for c in engine.doctor() if c["name"] == "leaked sandboxes")
    assert "__wb_run_" not in leaked["message"], leaked  # the live run is no leak
    engine.run_end("live")
    assert example.leftovers() == ([], [])


_RESETTER = """
import sys
from workbench.engine import Engine
from workbench.lifecycle.snapshots import database_bytes
Engine(sys.argv[1]).run_reset(sys.argv[2])
"""


def _killed_reset(example: Example, run_id: str, point: str) -> None:
    """`run reset` in a process of its own, killed (SIGKILL) at `point`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    done = subprocess.run(
        [sys.executable, "-c", _RESETTER, str(example.config), run_id],
        capture_output=True,
        text=True,
        timeout=120,
        env={**env, "WORKBENCH_CRASH_AT": point},
    )
    assert done.returncode == -9, done.stderr


def _usable(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT slug FROM categories WHERE slug LIKE 'run-%'").fetchall()
    return [r[0] for r in rows]


def test_a_killed_reset_leaves_a_usable_run_whose_state_says_so(example: Example) -> None:
    """A reset killed before or after its swap leaves the run's URL working (on the old
    database or the new one: the swap is one transaction), `run list` and doctor naming the
    unfinished reset, and `run gc` finishing it. A run its roles cannot connect to (closed,
    or their CONNECT gone: what an older workbench's killed reset left) is named and repaired
    the same way."""
    engine = example.engine()
    started = engine.run_start(run_id="halfway", ttl="10m")
    url = started["database_url"]
    try:
        assert _write_and_read(url, "halfway") == ["run-halfway"]
        _killed_reset(example, "halfway", "run:reset-prepared")  # before the swap
        assert _usable(url) == ["run-halfway"]  # the old database, as it was
        listed = {r["run_id"]: r for r in engine.runs()}["halfway"]
        assert listed["state"] == "reset interrupted" and "run gc" in listed["repair"]
        _killed_reset(example, "halfway", "run:reset-swapped")  # after it
        assert _usable(url) == []  # the new one: the snapshot's rows
        runs = next(c for c in engine.doctor() if c["name"] == "runs")
        assert runs["status"] == "fail" and "halfway" in runs["message"], runs
        assert "run gc" in runs["fix"]
        repaired = engine.run_gc()
        assert [(leak["run"], leak["kind"]) for leak in repaired["leaks"]] == [
            ("halfway", "reset interrupted")
        ]
        assert repaired["leaks"][0]["snapshot_id"] == started["snapshot_id"]
        assert example.leftovers()[0] == [started["database"]]  # no rnew, no rold
        assert {r["run_id"]: r for r in engine.runs()}["halfway"]["state"] == "ready"
        assert _write_and_read(url, "after") == ["run-after"]
        # what an older workbench's killed reset left: the database, its roles' CONNECT gone
        with example.superuser() as conn:
            conn.execute(
                sql.SQL("REVOKE CONNECT ON DATABASE {} FROM {}").format(
                    sql.Identifier(started["database"]), sql.Identifier(started["role"])
                )
            )
        with pytest.raises(psycopg.OperationalError, match="CONNECT"):
            _usable(url)
        assert {r["run_id"]: r for r in engine.runs()}["halfway"]["state"] == ("database unusable")
        runs = next(c for c in engine.doctor() if c["name"] == "runs")
        assert runs["status"] == "fail" and "database unusable" in runs["message"]
        repaired = engine.run_gc()
        assert [(leak["run"], leak["kind"]) for leak in repaired["leaks"]] == [
            ("halfway", "database unusable")
        ]
        assert _usable(url) == []
        runs = next(c for c in engine.doctor() if c["name"] == "runs")
        assert runs["status"] == "pass", runs
    finally:
        engine.run_end("halfway")
    assert example.leftovers() == ([], [])


def test_the_command_line(example: Example, capsys: pytest.CaptureFixture[str]) -> None:
    config = str(example.config)
    started = run_cli("run", "start", "--id", "cli-1", "--ttl", "5m", "--config", config)
    assert started.returncode == 0, started.stderr
    assert "export WORKBENCH_RUN='cli-1'" in started.stdout
    url = re.search(r"export DATABASE_URL='([^']+)'", started.stdout)
    assert url is not None and "cli-1" in url.group(1)
    listed = json.loads(run_cli("run", "list", "--json", "--config", config).stdout)
    assert [(r["run_id"], r["state"], r["owner"]) for r in listed["runs"]] == [
        ("cli-1", "ready", "cli")
    ]
    for args, code, words in (  # in process: the same parser and main(), faster
        (("start", "--id", "Bad Id"), 2, "run id"),
        (("start", "--ttl", "forever"), 2, "--ttl"),
        (("start", "--ttl", "30d"), 2, "runs.max_ttl"),
        (("start", "--capabilities", "read,personal"), 3, "personal"),
        (("start", "--capabilities", "fly"), 2, "expected one of"),
        (("start", "--id", "cli-1"), 2, "exists already"),
        (("end", "nope"), 2, "no run"),
        (("list", "--orphans"), 2, "goes with"),
        (("reset",), 2, "needs the run's ID"),
    ):
        assert cli_main(["run", *args, "--config", config]) == code, args
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err, (args, err)
    os.environ["WORKBENCH_RUN"] = "cli-1"
    try:
        assert cli_main(["run", "reset", "--config", config]) == 0
    finally:
        del os.environ["WORKBENCH_RUN"]
    assert "reset to snapshot" in capsys.readouterr().out
    ended = run_cli("run", "end", "cli-1", "--config", config)
    assert ended.returncode == 0 and "1 database(s), 2 role(s) dropped" in ended.stdout
    assert example.leftovers() == ([], [])


def test_a_createrole_server_role_runs_too(pg_cluster: Cluster, tmp_path: Path) -> None:
    """A shared server's role with CREATEDB and CREATEROLE (no superuser): the owner role
    grants the run's roles on what it owns; a role without CREATEDB is refused in words."""
    role, password = f"team_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    name = f"shared_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN CREATEDB CREATEROLE PASSWORD {}").format(
                sql.Identifier(role), sql.Literal(password)
            )
        )
    dsn = f"host=127.0.0.1 port={pg_cluster.port} user={role} password={password} dbname={name}"
    (tmp_path / "schema.sql").write_text((REPO / "schema.sql").read_text())
    (tmp_path / "sandbox.toml").write_text(_example_toml(name, dsn))
    engine = Engine(tmp_path / "sandbox.toml")
    try:
        engine.up()
        engine.generate(rows=10)
        run = engine.run_start(run_id="shared", ttl="5m")
        assert password not in json.dumps(run)
        assert _write_and_read(run["database_url"], "shared") == ["run-shared"]
        engine.run_end("shared")
        with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("ALTER ROLE {} NOCREATEDB").format(sql.Identifier(role)))
        done = run_cli("run", "start", "--config", str(tmp_path / "sandbox.toml"))
        assert done.returncode == 3 and "lacks CREATEDB" in done.stderr, done.stderr
        assert password not in done.stderr
    finally:
        pg_cluster.drop_database(name)


def _mcp(config: Path, body: Callable[[ClientSession], Awaitable[Any]], *extra: str) -> Any:
    return anyio.run(_session_run, config, body, *extra)


def test_an_agent_starts_and_ends_its_own_runs_over_mcp(example: Example) -> None:
    engine = example.engine()
    other = engine.run_start(run_id="not-mine", ttl="10m")

    async def body(session: ClientSession) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": {t.name for t in (await session.list_tools()).tools}}
        started = await session.call_tool("run_start", {"ttl": "5m", "capabilities": ["read"]})
        out["started"] = started.structured_content
        out["mine"] = await session.call_tool("run_list", {})
        out["refused"] = await session.call_tool("run_end", {"run_id": "not-mine"})
        out["too_long"] = await session.call_tool("run_start", {"ttl": "30d"})
        kept = await session.call_tool("run_start", {"ttl": "5m"})
        out["kept"] = kept.structured_content
        # attack22d D24: a run without `read` got a URL reading every row of its database
        bare = await session.call_tool("run_start", {"ttl": "5m", "capabilities": ["migrate"]})
        out["bare"] = bare.structured_content
        await session.call_tool("run_end", {"run_id": out["bare"]["run_id"]})
        # one more ended by the agent, one left for the server to end when it stops
        out["ended"] = await session.call_tool("run_end", {"run_id": out["started"]["run_id"]})
        return out

    out = _mcp(example.config, body)
    assert {"run_start", "run_end", "run_list", "reset", "generate"} <= out["tools"]
    started = out["started"]
    assert started["capabilities"] == ["read"] and started["owner"]["by"] == "mcp"
    # the URL reads unmasked, so an agent's run without `personal` gets none (attack22d D24)
    assert started["database_url"] is None and started["passfile"] is None
    assert "personal" in started["url_withheld"] and started["role"].endswith("_read")
    assert out["kept"]["database_url"] is None and out["bare"]["database_url"] is None
    assert out["bare"]["capabilities"] == ["migrate"] and out["bare"]["role"] is None
    # and at the engine (CLI) too, a run with neither read nor write has no URL at all
    bare = engine.run_start(run_id="bare", ttl="5m", capabilities=["migrate", "reset"])
    assert bare["database_url"] is None and "neither `read` nor `write`" in bare["url_note"]
    engine.run_end("bare")
    mine = out["mine"].structured_content["runs"]
    assert [r["run_id"] for r in mine] == [started["run_id"]]
    assert out["refused"].is_error and "not started by this server" in str(out["refused"].content)
    assert out["too_long"].is_error and "runs.max_ttl" in str(out["too_long"].content)
    assert not out["ended"].is_error
    # the server ended the run it still had when its client went away; not the other one
    assert [r["run_id"] for r in engine.runs()] == ["not-mine"]
    engine.run_end(other["run_id"])
    assert example.leftovers() == ([], [])


def test_an_mcp_server_bound_to_one_run(example: Example) -> None:
    engine = example.engine()
    run = engine.run_start(run_id="bound", ttl="10m")
    _write_and_read(run["database_url"], "bound")

    async def body(session: ClientSession) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": {t.name for t in (await session.list_tools()).tools}}
        sql_text = "SELECT current_user AS who, current_database() AS db"
        out["who"] = await session.call_tool("query", {"sql": sql_text})
        sql_text = "SELECT count(*) AS n FROM categories WHERE slug LIKE 'run-%'"
        out["before"] = await session.call_tool("query", {"sql": sql_text})
        out["lease"] = await session.call_tool("lease", {})
        out["reset"] = await session.call_tool("reset", {})
        out["after"] = await session.call_tool("query", {"sql": sql_text})
        return out

    try:
        out = _mcp(example.config, body, "--run", "bound")
        assert out["tools"] == {
            "introspect", "estimate", "lease", "sample", "query", "reset", "rehearse", "explain"
        }  # fmt: skip
        assert out["who"].structured_content["rows"] == [[run["role"], run["database"]]]
        assert out["before"].structured_content["rows"] == [[1]]
        lease = out["lease"].structured_content
        assert lease["run_id"] == "bound" and lease["database_url"] is None  # no `personal`
        assert "url_withheld" in lease
        assert not out["reset"].is_error, out["reset"].content
        assert out["after"].structured_content["rows"] == [[0]]
        unknown = run_cli("mcp", "--run", "nope", "--config", str(example.config))
        assert unknown.returncode == 2 and "no run 'nope'" in unknown.stderr
    finally:
        engine.run_end("bound")
