"""One redaction: a password in sandbox.toml, in the environment or on the command line — in
any spelling, well-formed or not — appears in no output, no JSON, no MCP stderr and no file
under .workbench/. Real CLI subprocesses, a real server, a real MCP client over stdio."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path
from urllib.parse import quote, unquote

import anyio
import psycopg
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import Cluster, cli_env, run_cli
from tests.unit.test_lifecycle_helpers import drop_everything
from workbench.redact import dsn_problem, redact

PW = "S3cr3tPw@x:y/z%41"
# The password, its encoded and decoded spellings, and the pieces a parser would quote.
FORBIDDEN = [PW, quote(PW, safe=""), quote(PW), unquote(PW), "S3cr3tPw", "y/z%41", "y/zA"]
SCHEMA = """\
CREATE TABLE authors (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE posts (
    id bigserial PRIMARY KEY,
    author_id bigint NOT NULL REFERENCES authors (id),
    title text NOT NULL
);
"""


def assert_clean(*texts: str) -> None:
    for text in texts:
        for piece in FORBIDDEN:
            assert piece not in text, f"{piece!r} leaked into: {text[:400]}"


def state_files(root: Path) -> str:
    folder = root / ".workbench"
    if not folder.exists():
        return ""
    return "\n".join(
        p.read_text(errors="replace")
        for p in folder.rglob("*")
        if p.is_file() and p.name != "pgpass" and p.stat().st_size < 5_000_000
    )


def _project(tmp_path: Path, sandbox_lines: str, name: str = "agent_sandbox") -> Path:
    root = tmp_path / f"p_{uuid.uuid4().hex[:8]}"
    root.mkdir()
    (root / "schema.sql").write_text(SCHEMA)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\nschema = "schema.sql"\n{sandbox_lines}\n'
        "[generate]\nrows = 20\n"
    )
    return root / "sandbox.toml"


def _run_all(config: Path, env: dict[str, str] | None = None) -> list:
    """Every front end that reads the config, with and without --json, and the MCP server."""
    runs = []
    for args in (
        ("status",),
        ("status", "--json"),
        ("generate", "--yes"),
        ("generate", "--yes", "--json"),
        ("env", "--json"),
        ("doctor", "--json"),
        ("mcp",),
    ):
        result = run_cli(*args, "--config", str(config), cwd=config.parent, env=env, timeout=120)
        assert "Traceback" not in result.stderr, result.stderr
        runs.append((args, result))
    return runs


async def _session_with_env(config: Path, env: dict[str, str], body) -> list:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "workbench.cli", "mcp", "--config", str(config)],
        cwd=str(config.parent),
        env=cli_env(env),
    )
    with open(config.parent / "mcp-stderr.log", "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            return await body(session)


_MALFORMED = {
    "url_in_a_list": 'dsn = ["postgresql://u:{pw}@127.0.0.1:5432/agent_sandbox"]',
    "url_in_a_table": 'dsn = {{url = "postgresql://u:{pw}@127.0.0.1:5432/agent_sandbox"}}',
    "password_in_a_table": 'dsn = {{host = "127.0.0.1", password = "{pw}"}}',
    "unencoded_url": 'dsn = "postgresql://u:{pw}@127.0.0.1:5432/agent_sandbox"',
    "at_sign_in_password": 'dsn = "postgresql://u:S3cr3tPw@ssXY@127.0.0.1/agent_sandbox"',
    "kv_unquoted_spaces": 'dsn = "host=127.0.0.1 password=S3cr3tPw defQ dbname=agent_sandbox"',
    "kv_unterminated_quote": 'dsn = "host=127.0.0.1 password=\'{pw} dbname=agent_sandbox"',
    "bad_percent": 'dsn = "postgresql://u:S3cr3tPw%zz@127.0.0.1/agent_sandbox"',
    "dsn_in_the_wrong_key": 'allowed_hosts = ["postgresql://u:{pw}@127.0.0.1/agent_sandbox", 3]',
}


@pytest.mark.parametrize("case", sorted(_MALFORMED))
def test_a_bad_dsn_is_refused_without_a_trace_of_its_password(tmp_path: Path, case: str) -> None:
    config = _project(tmp_path, _MALFORMED[case].format(pw=PW))
    for args, result in _run_all(config):
        assert result.returncode == 2, (args, result.returncode, result.stderr)
        assert "sandbox.toml" in result.stderr and "key sandbox." in result.stderr, result.stderr
        assert_clean(result.stdout, result.stderr)
        if "--json" in args:
            error = json.loads(result.stdout)["error"]
            assert error["exit_code"] == 2 and error["title"] == "configuration error"
    assert_clean(state_files(config.parent))
    # Pieces of the password that libpq would have quoted are not quoted by us either.
    if case == "at_sign_in_password":
        assert "ssXY" not in result.stderr
    if case == "kv_unquoted_spaces":
        assert "defQ" not in result.stderr


def test_a_malformed_dsn_from_the_environment_is_refused_without_its_password(
    tmp_path: Path,
) -> None:
    config = _project(tmp_path, 'dsn_env = "WB_TEST_DSN"')
    env = {"WB_TEST_DSN": f"postgresql://u:{PW}@127.0.0.1:5432/agent_sandbox"}
    for args, result in _run_all(config, env=env):
        assert_clean(result.stdout, result.stderr)
        if args[0] == "doctor":  # doctor reports the refusal as a failed check
            assert result.returncode == 4 and "WB_TEST_DSN" in result.stdout
            continue
        if args[0] == "mcp":  # the server starts (the DSN is read by the first tool)
            continue
        assert result.returncode == 2, (args, result.stderr)
        assert "environment variable WB_TEST_DSN" in result.stderr

    async def body(session: ClientSession) -> list:
        return [
            await session.call_tool("doctor", {}),
            await session.call_tool("generate", {}),
            await session.call_tool("query", {"sql": "SELECT 1"}),
        ]

    results = anyio.run(_session_with_env, config, env, body)
    assert results[1].is_error and "WB_TEST_DSN" in _text(results[1])
    assert_clean(*(_text(r) for r in results), (config.parent / "mcp-stderr.log").read_text())
    assert_clean(state_files(config.parent))


@pytest.mark.parametrize(
    "argv",
    [
        ("status", f"postgresql://u:{PW}@127.0.0.1/agent_sandbox"),
        (f"postgresql://u:{quote(PW, safe='')}@127.0.0.1/agent_sandbox",),
        ("host=127.0.0.1 password=S3cr3tPw defQ",),
        ("generate", "--rows", f"postgresql://u:{PW}@h/db"),
        ("status", "--dsn", f"postgresql://u:{PW}@127.0.0.1/agent_sandbox", "extra"),
    ],
)
def test_the_argument_parser_never_echoes_a_dsn(tmp_path: Path, argv: tuple[str, ...]) -> None:
    config = _project(tmp_path, 'dsn = "embedded"')
    for extra in ((), ("--json",)):
        result = run_cli(*argv, *extra, "--config", str(config), cwd=config.parent)
        assert result.returncode == 2, result.stderr
        assert "bad usage" in result.stderr
        assert_clean(result.stdout, result.stderr)
        assert "defQ" not in result.stderr


@pytest.fixture
def pw_role(pg_cluster: Cluster):
    role = f"rd_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN SUPERUSER PASSWORD '{PW}'")
    yield role


def _valid_dsns(role: str, port: int, name: str) -> dict[str, str]:
    return {
        "url": f'dsn = "postgresql://{role}:{quote(PW, safe="")}@127.0.0.1:{port}/{name}"',
        "kv": f"dsn = \"host=127.0.0.1 port={port} user={role} password='{PW}' dbname={name}\"",
        "url_query": (
            f'dsn = "postgresql://{role}@127.0.0.1:{port}/{name}?password={quote(PW, safe="")}"'
        ),
    }


@pytest.mark.parametrize("form", ["url", "kv", "url_query"])
def test_a_working_dsn_with_a_password_leaves_no_trace(
    tmp_path: Path, pg_cluster: Cluster, pw_role: str, form: str
) -> None:
    name = f"rd_{uuid.uuid4().hex[:10]}"
    pg_cluster.create_database(name)
    config = _project(tmp_path, _valid_dsns(pw_role, pg_cluster.port, name)[form], name=name)
    try:
        outputs = []
        for args in (
            ("generate", "--yes", "--json"),
            ("generate", "--yes"),
            ("status", "--json"),
            ("env", "--json"),
            ("doctor", "--json"),
            ("lease", "--json"),
            ("evidence", "--json"),
            ("reset", "--yes", "--json"),
            ("snapshot", "--json"),
            ("schema",),
        ):
            result = run_cli(*args, "--config", str(config), cwd=config.parent)
            assert result.returncode in (0, 4), (args, result.stderr)
            outputs += [result.stdout, result.stderr]
            if args[0] == "env":
                env = json.loads(result.stdout)
        # The application gets the sandbox's own role, never the DSN's (issue 11).
        assert env["database_url"] and env["role"] in env["database_url"]
        assert pw_role not in env["database_url"]

        async def body(session: ClientSession) -> list:
            return [
                await session.call_tool("doctor", {}),
                await session.call_tool("lease", {}),
                await session.call_tool("query", {"sql": "SELECT * FROM nowhere"}),
                await session.call_tool("query", {"sql": "SELECT current_setting('x.y')"}),
                await session.call_tool("generate", {"rows": 5}),
            ]

        results = anyio.run(_session_run, config, body)
        assert not results[4].is_error, _text(results[4])
        outputs += [_text(r) for r in results]
        outputs.append((config.parent / "mcp-stderr.log").read_text())
        assert_clean(*outputs)
        assert_clean(state_files(config.parent))
    finally:
        drop_everything(pg_cluster, name)


def test_a_wrong_password_fails_to_connect_without_echoing_it(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    role = f"rd_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN PASSWORD 'another-one'")
    url = f"postgresql://{role}:{quote(PW, safe='')}@127.0.0.1:{pg_cluster.port}/agent_sandbox"
    config = _project(tmp_path, f'dsn = "{url}"')
    for args, result in _run_all(config):
        assert_clean(result.stdout, result.stderr)
        if args[0] == "mcp":  # it does not connect before it is asked to
            assert result.returncode == 0, result.stderr
            continue
        # env connects: it prepares the sandbox's application role (issue 11)
        assert result.returncode in (1, 4), (args, result.returncode, result.stderr)
        if args == ("status",):
            assert "password authentication failed" in result.stderr
    assert_clean(state_files(config.parent))


def test_redact_masks_every_spelling_and_shape() -> None:
    texts = [
        f"postgresql://u:{PW}@127.0.0.1/db",
        f"postgresql://u:{quote(PW, safe='')}@127.0.0.1/db?sslmode=disable",
        f"host=h password='{PW} with space' dbname=d",
        "host=h password=S3cr3tPw defQ dbname=d",
        f"{{'password': '{PW}', 'host': 'h'}}",
        f'{{"password": "{PW}"}}',
        f"postgresql://u@h/db?sslmode=require&password={quote(PW, safe='')}",
    ]
    for text in texts:
        out = redact(text)
        assert_clean(out)
        assert "defQ" not in out
    # What is not a secret stays readable.
    assert redact("postgresql://u@127.0.0.1:5432/db") == "postgresql://u@127.0.0.1:5432/db"
    assert redact("loading public.orders: 1,000 rows") == "loading public.orders: 1,000 rows"


def test_dsn_problem_names_the_shape_and_quotes_nothing() -> None:
    bad = [
        f"postgresql://u:{PW}@127.0.0.1/db",
        "postgresql://u:S3cr3tPw@ssXY@127.0.0.1/db",
        "postgresql://u:S3cr3tPw:x@127.0.0.1:5x/db",
        "postgresql://u:S3cr3t Pw@127.0.0.1/db",
        "postgresql://u:S3cr3tPw%zz@127.0.0.1/db",
        "host=h password=S3cr3tPw defQ",
        "host=h password='S3cr3tPw",
        "S3cr3tPw",
    ]
    for dsn in bad:
        problem = dsn_problem(dsn)
        assert problem, dsn
        assert "S3cr3tPw" not in problem and "ssXY" not in problem and "defQ" not in problem
    good = [
        f"postgresql://u:{quote(PW, safe='')}@127.0.0.1:5432/db",
        f"host=127.0.0.1 password='{PW} x' dbname=db",
        "host=/var/run/postgresql dbname=db",
        "postgresql:///db?host=/tmp",
    ]
    for dsn in good:
        assert dsn_problem(dsn) is None, dsn
