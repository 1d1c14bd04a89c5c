"""The workbench's own reads of the sandbox never run an agent's code as the administrator,
and never hang on an agent's lock (issue 22, item 2).

An agent with the application role acts as the schema file's owner role, replaces a table by
a view over its own function, and waits for the developer's next command. The function writes
a server file only when it finds itself a superuser (a file only a superuser may write), so
every read path the workbench has is tried and the file must never appear: the TUI opening
with its row counts (Pilot), doctor, dist, sample, the row browser, status, snapshot and the
reset that verifies the clone. The same view read as the administrator does write it: the
spy works."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import Cluster, MakeProject, run_cli
from tests.tui.test_tui import SIZE, ready, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.waits import SandboxLocked

OWNER_SCHEMA = """
CREATE SCHEMA app;
ALTER SCHEMA app OWNER TO {owner};
CREATE TABLE app.customers (id bigserial PRIMARY KEY, email text NOT NULL, status text NOT NULL);
ALTER TABLE app.customers OWNER TO {owner};
"""


def _cli(config: Path, *args: str, timeout: float = 120) -> tuple[int, str, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent, timeout=timeout)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, result.stderr


def _app_url(config: Path) -> str:
    code, out, err = _cli(config, "env", "--json")
    assert code == 0, err
    return str(json.loads(out)["database_url"])


@pytest.fixture
def spied(make_project: MakeProject) -> Iterator[tuple[Path, Path]]:
    """A generated sandbox whose app.customers an agent replaced by a view over app.spy()."""
    tag = uuid.uuid4().hex[:8]
    owner, evidence = f"spy_owner_{tag}", Path(f"/tmp/wb_spy_{tag}")
    config = make_project(
        OWNER_SCHEMA.format(owner=owner), extra="[generate]\nrows = 20\n", name=f"spy_{tag}"
    )
    Engine(config).generate()  # set-up, in process (the reads below are what is tried)
    with psycopg.connect(_app_url(config), autocommit=True) as agent:
        agent.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(owner)))
        agent.execute(
            "CREATE FUNCTION app.spy() RETURNS boolean LANGUAGE plpgsql AS $f$\n"
            "BEGIN IF current_setting('is_superuser') = 'on' THEN\n"
            "  EXECUTE format('COPY (SELECT %L || current_user) TO %L', 'read as ', "
            f"'{evidence}');\n"
            "END IF; RETURN true; END $f$"
        )
        agent.execute("ALTER TABLE app.customers RENAME TO customers_kept")
        agent.execute(
            "CREATE VIEW app.customers AS SELECT * FROM app.customers_kept WHERE app.spy()"
        )
        agent.execute("GRANT SELECT ON app.customers TO PUBLIC")
        agent.execute("GRANT EXECUTE ON FUNCTION app.spy() TO PUBLIC")
    try:
        yield config, evidence
    finally:
        evidence.unlink(missing_ok=True)  # the databases go with make_project


@sync
async def test_tui_row_counts_read_as_the_read_only_role(spied: tuple[Path, Path]) -> None:
    config, evidence = spied
    app = make_app(config)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await wait_until(pilot, lambda: screen.counts.get("app.customers") == 20, timeout=60)
        await app.workers.wait_for_complete()
    assert not evidence.exists(), evidence.read_text()


def test_no_read_path_runs_an_agents_function_as_the_administrator(
    spied: tuple[Path, Path], pg_cluster: Cluster
) -> None:
    config, evidence = spied
    code, out, err = _cli(config, "doctor", "--json")
    checks = {c["name"]: c for c in json.loads(out)["checks"]}
    assert checks["row counts"]["status"] == "pass", checks["row counts"]
    assert checks["personal data"]["status"] == "pass", checks["personal data"]
    code, out, err = _cli(config, "dist", "app.customers.status", "--json")
    assert code == 0 and json.loads(out)["rows"] == 20, err
    code, out, err = _cli(config, "sample", "app.customers", "--json")
    assert code == 0 and json.loads(out)["row_count"] == 10, err
    engine = Engine(config)
    assert len(engine.rows.browse("app.customers").rows) == 20
    assert engine.rows.counts()["app.customers"] == 20
    for args in (("status",), ("snapshot",)):
        code, _, err = _cli(config, *args)
        assert code == 0, (args, err)
    assert not evidence.exists(), evidence.read_text()
    # the spy works: read as the administrator, the function writes its file
    name = config.read_text().split('name = "')[1].split('"')[0]
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as admin:
        admin.execute("SELECT count(*) FROM app.customers")
    assert evidence.read_text().strip() == "read as workbench"
    evidence.unlink()
    # the snapshot kept the view but differs from schema.sql: reset rebuilds, and verifies
    # what it built (catalog queries only)
    code, _, err = _cli(config, "reset", "--yes")
    assert code == 0, err
    assert not evidence.exists(), evidence.read_text()


# --- an agent's idle lock: named, never waited out ---------------------------------------------


@pytest.fixture
def locked(make_project: MakeProject) -> Iterator[tuple[Path, psycopg.Connection]]:
    """A generated sandbox whose public.posts an agent locked, then left idle in its
    transaction: (sandbox.toml, the agent's session)."""
    config = make_project(
        "CREATE TABLE posts (id bigserial PRIMARY KEY, status text NOT NULL);\n",
        extra="[generate]\nrows = 30\n",
    )
    Engine(config).generate()  # set-up, in process (the reads below are what is tried)
    agent = psycopg.connect(_app_url(config), application_name="agent-idle")
    agent.execute("LOCK TABLE posts IN ACCESS EXCLUSIVE MODE")  # then idle in transaction
    try:
        yield config, agent
    finally:
        agent.close()


def test_an_agents_idle_lock_is_named_instead_of_waited_out(
    locked: tuple[Path, psycopg.Connection],
) -> None:
    config, agent = locked
    pid = agent.info.backend_pid
    with pytest.raises(SandboxLocked) as refused:
        Engine(config).rows.counts()  # what the TUI shows when it opens
    assert f"pid {pid}" in str(refused.value) and "agent-idle" in str(refused.value)
    # what the TUI asks before a reset or a generate: "could not tell", and why
    changes = Engine(config).changes()
    assert not changes.checked and f"pid {pid}" in changes.reason, changes
    for args, expected in (
        (("doctor",), 4),
        (("dist", "posts.status"), 1),
        (("snapshot",), 1),
        (("sample", "posts"), 1),
    ):
        started = time.monotonic()
        code, out, err = _cli(config, *args, timeout=90)
        seconds = time.monotonic() - started
        assert code == expected, (args, out, err)
        said = out + err
        assert f"pid {pid}" in said and "'agent-idle'" in said, (args, said)
        assert "AccessExclusiveLock on public.posts" in said and "idle in transaction" in said
        assert seconds < 60, (args, seconds)
    agent.close()  # the lock ends: the same reads pass (the refusal was the lock's)
    code, out, err = _cli(config, "doctor")
    assert code == 0, out + err


@sync
async def test_the_tui_opens_under_an_agents_lock_and_names_it(
    locked: tuple[Path, psycopg.Connection],
) -> None:
    """The TUI counts rows whenever it opens: under the lock its guard line names the
    agent's session instead of waiting, and shows no counts."""
    config, agent = locked
    pid = agent.info.backend_pid
    app = make_app(config)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        target = screen.query_one("#estimate-target")

        def shown() -> str:  # the guard line, whitespace left out (it wraps)
            return "".join(str(target.render()).split())

        await wait_until(pilot, lambda: f"pid{pid}" in shown(), timeout=60)
        assert "agent-idle" in shown()
        assert screen.counts == {}
