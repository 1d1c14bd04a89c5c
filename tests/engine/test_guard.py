"""The sandbox guard: each refusal of DESIGN.md, with a real server where one is needed, and
the password never in any output."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster, run_cli
from workbench.access.guard import Guard
from workbench.config.file import parse_config
from workbench.engine import Engine
from workbench.errors import GuardRefusal

PASSWORD = "Hunter2-" + uuid.uuid4().hex  # unique, so a leak cannot hide among other text


def guard_for(dsn: str, *, name: str = "sandbox", env: dict[str, str] | None = None, **extra):
    config = parse_config({"sandbox": {"name": name, "dsn": dsn, **extra}}, Path("/x/sandbox.toml"))
    return Guard(config, environ=env or {})


def refusal(guard: Guard) -> GuardRefusal:
    with pytest.raises(GuardRefusal) as caught:
        guard.target()
    assert PASSWORD not in str(caught.value)
    return caught.value


@pytest.mark.parametrize(
    ("dsn", "rule"),
    [
        (f"host=db.example.com dbname=sandbox password={PASSWORD}", "host-allow-list"),
        (f"postgresql://u:{PASSWORD}@10.0.0.7:5432/sandbox", "host-allow-list"),
        ("host=localhost,db.example.com dbname=sandbox", "one-host"),
        ("host=localhost host=db.example.com dbname=sandbox", "one-host"),
        ("postgresql://localhost:5432,db.example.com:5432/sandbox", "one-host"),
        ("postgresql://localhost/sandbox?host=db.example.com&host=localhost", "one-host"),
        ("host=localhost hostaddr=127.0.0.1,10.0.0.7 dbname=sandbox", "one-host"),
        ("service=production dbname=sandbox", "no-service"),
        ("host=localhost hostaddr=10.0.0.7 dbname=sandbox", "hostaddr-loopback"),
        (f"host=127.0.0.1 dbname=production password={PASSWORD}", "declared-database"),
        ("postgresql://localhost/production", "declared-database"),
    ],
    # Ids without the random password: pytest-xdist's workers must collect the same names.
    ids=lambda value: value.replace(PASSWORD, "PASSWORD"),
)
def test_refusals_before_connecting(dsn: str, rule: str) -> None:
    assert refusal(guard_for(dsn)).rule == rule


@pytest.mark.parametrize(
    "env",
    [{"PGHOST": "db.example.com"}, {"PGHOSTADDR": "10.0.0.7"}, {"PGSERVICE": "production"}],
)
def test_environment_redirection_is_refused_when_the_dsn_names_no_host(env) -> None:
    assert refusal(guard_for("dbname=sandbox", env=env)).rule == "env-redirect"


def test_pghostaddr_behind_a_named_host_is_refused() -> None:
    guard = guard_for("host=localhost dbname=sandbox", env={"PGHOSTADDR": "10.0.0.7"})
    assert refusal(guard).rule == "hostaddr-loopback"


def test_loopback_socket_and_allow_listed_hosts_pass() -> None:
    assert guard_for("host=127.0.0.1 dbname=sandbox").target().dbname == "sandbox"
    assert guard_for("host=/var/run/postgresql").target().dbname == "sandbox"  # name added
    assert guard_for("dbname=sandbox", env={"PGHOST": "localhost"}).target().host == "localhost"
    guard = guard_for("host=db.internal dbname=sandbox", allowed_hosts=["db.internal"])
    assert guard.target().host == "db.internal"


def test_command_line_dsn_must_equal_the_config(tmp_path: Path) -> None:
    config = parse_config({"sandbox": {"name": "sandbox", "dsn": "host=127.0.0.1"}}, tmp_path)
    with pytest.raises(GuardRefusal) as caught:
        Guard(config, cli_dsn="host=127.0.0.1 dbname=other", environ={}).target()
    assert caught.value.rule == "cli-dsn-mismatch"
    assert Guard(config, cli_dsn="host=127.0.0.1", environ={}).target().dbname == "sandbox"


def _password_role(cluster: Cluster) -> str:
    role = f"r_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(cluster.conninfo(), autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN SUPERUSER PASSWORD '{PASSWORD}'")
    return role


def _project(tmp_path: Path, dsn: str, name: str, folder: str = "p") -> Path:
    root = tmp_path / folder
    root.mkdir()
    (root / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY);\n")
    (root / "sandbox.toml").write_text(
        f"[sandbox]\nname = {json.dumps(name)}\ndsn = {json.dumps(dsn)}\n"
    )
    return root / "sandbox.toml"


def test_a_database_with_user_tables_and_no_marker_is_refused(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    name = pg_cluster.create_database()
    try:
        with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
            conn.execute("CREATE TABLE precious (id int)")
        config = _project(tmp_path, pg_cluster.conninfo(name), name)
        result = run_cli("up", "--config", str(config))
        assert result.returncode == 3, result.stderr
        assert "[marker]" in result.stderr and "1 user object" in result.stderr
        result = run_cli("down", "--yes", "--config", str(config))
        assert result.returncode == 3
        with psycopg.connect(pg_cluster.conninfo(name)) as conn:  # still there, untouched
            assert conn.execute("SELECT count(*) FROM precious").fetchone() == (0,)
    finally:
        pg_cluster.drop_database(name)


NOT_TABLES = {
    "materialized-view": "CREATE MATERIALIZED VIEW precious AS SELECT 42 AS answer",
    "sequence": "CREATE SEQUENCE precious START 1000",
    "view": "CREATE VIEW precious AS SELECT 42 AS answer",
    "function": "CREATE FUNCTION precious() RETURNS int LANGUAGE sql AS 'SELECT 42'",
    "type": "CREATE TYPE precious AS ENUM ('a', 'b')",
    "large-object": "SELECT lo_from_bytea(0, 'precious')",
    "schema": "CREATE SCHEMA precious",
    # attack22d D3: a lone text search dictionary counted as empty
    "ts-dictionary": "CREATE TEXT SEARCH DICTIONARY precious (TEMPLATE = simple)",
}


@pytest.mark.parametrize("made", list(NOT_TABLES), ids=list(NOT_TABLES))
def test_a_database_holding_anything_but_tables_is_not_claimed(
    tmp_path: Path, pg_cluster: Cluster, made: str
) -> None:
    """ "Empty" is no user object at all: a materialized view, a sequence, a large object… is
    someone's, and the database holding it is refused, never claimed and made again (attack
    round 3, C3)."""
    name = pg_cluster.create_database()
    try:
        with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
            conn.execute(NOT_TABLES[made])
        config = _project(tmp_path, pg_cluster.conninfo(name), name)
        result = run_cli("generate", "--yes", "--config", str(config))
        assert result.returncode == 3, result.stdout + result.stderr
        assert "[marker]" in result.stderr and "1 user object" in result.stderr
        with psycopg.connect(pg_cluster.conninfo(name)) as conn:  # untouched, unmarked
            assert conn.execute(
                "SELECT shobj_description(oid, 'pg_database') FROM pg_database "
                "WHERE datname = current_database()"
            ).fetchone() == (None,)
            assert conn.execute("SELECT to_regclass('t')").fetchone() == (None,)
    finally:
        pg_cluster.drop_database(name)


def test_an_empty_database_is_claimed_then_dropped(tmp_path: Path, pg_cluster: Cluster) -> None:
    name = pg_cluster.create_database()
    try:
        config = _project(tmp_path, pg_cluster.conninfo(name), name)
        result = run_cli("up", "--json", "--config", str(config))
        assert result.returncode == 0, result.stderr
        status = json.loads(result.stdout)
        assert status["marked"] and status["database_exists"] and status["user_tables"] == 0
        again = run_cli("up", "--json", "--config", str(config))  # idempotent
        assert again.returncode == 0 and json.loads(again.stdout) == status
        refused = run_cli("down", "--config", str(config))  # no --yes, no terminal
        assert refused.returncode == 2 and "--yes" in refused.stderr
        dropped = run_cli("down", "--yes", "--json", "--config", str(config))
        assert dropped.returncode == 0 and json.loads(dropped.stdout) == {"dropped": True}
    finally:
        pg_cluster.drop_database(name)


def test_server_view_is_checked_after_connecting(pg_cluster: Cluster) -> None:
    guard = guard_for(pg_cluster.conninfo("postgres"), name="postgres")
    with psycopg.connect(pg_cluster.conninfo("postgres")) as conn:
        guard.verify(conn, "postgres")
        with pytest.raises(GuardRefusal) as caught:
            guard.verify(conn, "sandbox")
    assert caught.value.rule == "server-view"


def test_password_never_appears_in_any_output(tmp_path: Path, pg_cluster: Cluster) -> None:
    role = _password_role(pg_cluster)
    name = f"pw_{uuid.uuid4().hex[:8]}"
    base = f"host=127.0.0.1 port={pg_cluster.port} user={role} password={PASSWORD}"
    url = f"postgresql://{role}:{PASSWORD}@127.0.0.1:{pg_cluster.port}/{name}"
    cases = {
        "ok": (f"{base} dbname={name}", ["up", "status", "doctor", "env", "down --yes"]),
        "url": (url, ["up", "env --json", "doctor --json", "down --yes"]),
        "wrong-db": (f"{base} dbname=elsewhere", ["up", "doctor", "status --json"]),
        "bad-host": (f"host=db.example.com password={PASSWORD}", ["up", "env"]),
        "no-server": (f"host=127.0.0.1 port=1 user={role} password={PASSWORD}", ["up", "doctor"]),
        "bad-dsn": (f"host=127.0.0.1 password={PASSWORD} nonsense", ["up", "doctor --json"]),
        "bad-password": (
            f"host=127.0.0.1 port={pg_cluster.port} user={role} password=x{PASSWORD}",
            ["up"],
        ),
    }
    outcomes = {}
    for index, (case, (dsn, commands)) in enumerate(cases.items()):
        config = _project(tmp_path, dsn, name, folder=f"c{index}")
        for cmd in commands:
            result = run_cli(*cmd.split(), "--config", str(config))
            outcomes[(case, cmd)] = result.returncode
            assert PASSWORD not in result.stdout + result.stderr, (case, cmd)
            assert "Traceback" not in result.stderr, (case, cmd, result.stderr)
        assert PASSWORD not in "".join(
            p.read_text(errors="replace")
            for p in config.parent.rglob("*")
            if p.is_file() and p.name != "sandbox.toml"
        )
    assert outcomes[("ok", "up")] == 0 and outcomes[("url", "up")] == 0
    assert outcomes[("wrong-db", "up")] == 3 and outcomes[("bad-host", "up")] == 3
    assert outcomes[("no-server", "up")] == 1 and outcomes[("bad-dsn", "up")] == 2
    assert outcomes[("bad-password", "up")] == 1
    assert outcomes[("ok", "doctor")] == 0 and outcomes[("no-server", "doctor")] == 4


def test_engine_refuses_without_capability(tmp_path: Path, pg_cluster: Cluster) -> None:
    config = _project(tmp_path, pg_cluster.conninfo("x"), "x")
    text = config.read_text() + 'capabilities = ["read"]\n'
    config.write_text(text)
    result = run_cli("up", "--config", str(config))
    assert result.returncode == 3 and "'write' capability" in result.stderr
    assert Engine(config).config.sandbox.capabilities == ["read"]
