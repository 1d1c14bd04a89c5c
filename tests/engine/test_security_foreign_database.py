"""A database sandbox.toml's DSN names that is not this sandbox's is never worked on (issue
22, attack22f F21): `dsn_env = "DATABASE_URL"` (the developer's production through a tunnel
on loopback) or an inline DSN to this machine's server, naming a database with real rows and
no workbench marker. Before, `status`, `sample` and an agent's MCP `query` read it and `env`
made roles on its server; now each refuses, until `workbench trust` records that database."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import anyio
import psycopg
from mcp import ClientSession
from psycopg import sql

from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import Cluster, run_cli

SCHEMA = "CREATE TABLE customers (id int PRIMARY KEY, email text, full_name text);\n"
SECRET = "ceo@realcompany.com"


def _production(pg_cluster: Cluster) -> str:
    """A database the workbench did not make: real rows, no marker."""
    name = pg_cluster.create_database(f"proddb_{uuid.uuid4().hex[:8]}")
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        conn.execute(SCHEMA)
        conn.execute("INSERT INTO customers VALUES (1, %s, 'Real CEO')", (SECRET,))
    return name


def _project(tmp_path: Path, name: str, dsn_line: str) -> Path:
    root = tmp_path / f"repo-{uuid.uuid4().hex[:6]}"
    root.mkdir()
    (root / "schema.sql").write_text(SCHEMA)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\n{dsn_line}\nschema = "schema.sql"\n'
        'capabilities = ["read", "write", "personal"]\n'
    )
    return root / "sandbox.toml"


def _cli(config: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    done = run_cli(*args, "--config", str(config), cwd=config.parent, env=env, timeout=180)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout + done.stderr


def _roles(pg_cluster: Cluster, name: str) -> list[str]:
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT rolname FROM pg_roles WHERE rolname LIKE %s", (f"{name}__wb%",)
        ).fetchall()
    return [r[0] for r in rows]


def _refused(said: str, name: str) -> None:
    assert "[marker]" in said and f"database {name!r}" in said, said
    assert "is not this sandbox's" in said and "workbench trust" in said, said
    assert SECRET not in said and "Real CEO" not in said, said


def test_a_dsn_env_database_that_is_not_the_sandboxs_is_not_read(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    name = _production(pg_cluster)
    config = _project(tmp_path, name, 'dsn_env = "WB_TEST_DATABASE_URL"')
    env = {"WB_TEST_DATABASE_URL": pg_cluster.conninfo(name)}
    try:
        for args in (("status",), ("sample", "customers"), ("env",), ("generate", "--yes")):
            code, said = _cli(config, *args, env=env)
            assert code == 3, (args, said)
            _refused(said, name)
        assert _roles(pg_cluster, name) == [], "roles were made next to production"
        code, said = _cli(config, "trust", env=env)
        assert code == 0 and "may be worked on" in said, said
        code, said = _cli(config, "status", env=env)
        assert code == 0 and "NOT marked" in said, said
        code, said = _cli(config, "generate", "--yes", env=env)
        assert code == 3 and "lacks the workbench's marker" in said, said  # never written
    finally:
        pg_cluster.drop_database(name)


def test_an_agent_never_reads_a_database_that_is_not_the_sandboxs(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """The inline DSN to this machine's server (F21b: a socket with peer authentication logs
    the developer in to his own databases; here the test cluster's loopback port)."""
    name = _production(pg_cluster)
    config = _project(tmp_path, name, f'dsn = "{pg_cluster.conninfo(name)}"')
    try:

        async def body(session: ClientSession) -> dict[str, Any]:
            query = await session.call_tool("query", {"sql": "select * from customers"})
            sample = await session.call_tool("sample", {"table": "customers"})
            return {"query": query, "sample": sample}

        out = anyio.run(_session_run, config, body)
        for tool, result in out.items():
            said = _text(result)
            assert result.is_error, (tool, said)
            assert SECRET not in said and "Real CEO" not in said, (tool, said)
            assert "is not this sandbox's" in said, (tool, said)
        # an empty database is a new sandbox: generate claims it and everything works
        with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
            conn.execute(sql.SQL("DROP TABLE customers"))
        code, said = _cli(config, "generate", "--yes")
        assert code == 0, said
        code, said = _cli(config, "sample", "customers")
        assert code == 0 and SECRET not in said, said
    finally:
        pg_cluster.drop_database(name)
