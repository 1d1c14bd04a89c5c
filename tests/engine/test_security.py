"""Least privilege, tried as an attacker would (issue 11, items 1, 2 and 4).

An agent gets the MCP tools (driven here by the MCP SDK's own stdio client) and the URL that
`workbench env` prints. Neither may reach the host, the cluster's other sessions and
databases, or a superuser: every attempt below must fail, and the evidence (a file, a
database, a replication slot, a setting, another session) must show that it did."""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import psycopg
import pytest
from mcp import ClientSession
from psycopg import sql

from tests.cli.test_cli_headless import SMALL_CONFIG, SMALL_SCHEMA, Project, make_project
from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import Cluster, run_cli
from workbench.access import roles
from workbench.config.file import load_config
from workbench.engine import Engine

READ_CAPS = 'capabilities = ["read"]'


def _superuser(cluster: Cluster, db: str = "postgres") -> psycopg.Connection:
    return psycopg.connect(cluster.conninfo(db), autocommit=True)


def _set_caps(proj: Project, caps: str) -> None:
    text = proj.config.read_text()
    proj.config.write_text(
        text.replace('schema = "schema.sql"\n', f'schema = "schema.sql"\n{caps}\n', 1)
    )


@pytest.fixture
def generated(tmp_path: Path, pg_cluster: Cluster) -> Iterator[Project]:
    """A generated project. The generate is set-up, made in this process (a `workbench
    generate` costs ~2 s of CPU in start-up and imports alone); what the tests try comes
    after it, through the front ends (tests/cli/test_cli_headless.py runs that generate)."""
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG) as proj:
        Engine(proj.config).generate()
        yield proj


def _attacks(tag: str) -> dict[str, str]:
    """What an attacker tries, each leaving evidence named by `tag` if it worked."""
    return {
        "copy_program": f"COPY (SELECT 1) TO PROGRAM 'touch /tmp/{tag}_program'",
        "do_block": (
            f"DO $$BEGIN EXECUTE 'COPY (SELECT 1) TO PROGRAM ''touch /tmp/{tag}_do'''; END$$"
        ),
        "copy_file": f"COPY (SELECT 'owned') TO '/tmp/{tag}_file'",
        "read_file": "SELECT pg_read_file('/etc/passwd')",
        "ls_dir": "SELECT * FROM pg_ls_dir('.')",
        "lo_import": "SELECT lo_import('/etc/passwd')",
        "authid": "SELECT rolname, rolpassword FROM pg_authid",
        "slot": f"SELECT pg_create_physical_replication_slot('{tag}_slot')",
        "alter_system": "ALTER SYSTEM SET work_mem = '77MB'",
        "reload": "SELECT pg_reload_conf()",
        "create_database": f"CREATE DATABASE {tag}_db",
        "create_role": f"CREATE ROLE {tag}_role SUPERUSER LOGIN",
        "set_role": "SET ROLE workbench",
    }


def _assert_no_evidence(cluster: Cluster, tag: str, other: psycopg.Connection) -> None:
    for suffix in ("program", "do", "file"):
        assert not Path(f"/tmp/{tag}_{suffix}").exists(), f"/tmp/{tag}_{suffix} was written"
    with _superuser(cluster) as conn:
        assert not conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (f"{tag}_db",)
        ).fetchone()
        assert not conn.execute(
            "SELECT 1 FROM pg_roles WHERE rolname = %s", (f"{tag}_role",)
        ).fetchone()
        assert not conn.execute(
            "SELECT 1 FROM pg_replication_slots WHERE slot_name = %s", (f"{tag}_slot",)
        ).fetchone()
        assert not conn.execute("SELECT 1 FROM pg_file_settings WHERE name = 'work_mem'").fetchone()
    # The other session (a superuser's, as the workbench's lock holder is) is still alive.
    assert other.execute("SELECT 1").fetchone() == (1,)


@pytest.mark.parametrize("caps", ["", READ_CAPS], ids=["write-app-role", "read-only-role"])
def test_mcp_query_tool_cannot_escape(generated: Project, pg_cluster: Cluster, caps: str) -> None:
    if caps:
        _set_caps(generated, caps)
    tag = f"wbatk_{uuid.uuid4().hex[:8]}"
    attacks = _attacks(tag)
    with _superuser(pg_cluster) as other:
        other_pid = other.execute("SELECT pg_backend_pid()").fetchone()[0]
        attacks["terminate"] = f"SELECT pg_terminate_backend({other_pid})"
        attacks["terminate_quoted"] = f'SELECT "pg_terminate_backend"({other_pid})'

        async def body(session: ClientSession) -> dict[str, Any]:
            out = {
                name: await session.call_tool("query", {"sql": q}) for name, q in attacks.items()
            }
            out["who"] = await session.call_tool(
                "query",
                {
                    "sql": "SELECT current_user AS who, rolsuper, rolcreaterole, rolcreatedb, "
                    "rolreplication, rolbypassrls, pg_has_role(current_user, "
                    "'pg_execute_server_program', 'MEMBER') AS program, pg_has_role("
                    "current_user, 'pg_signal_backend', 'MEMBER') AS signal "
                    "FROM pg_roles WHERE rolname = current_user"
                },
            )
            return out

        out = anyio.run(_session_run, generated.config, body)
        for name in attacks:
            assert out[name].is_error, f"{name} was not refused: {_text(out[name])}"
        assert "root:" not in _text(out["read_file"])
        assert "SCRAM" not in _text(out["authid"])
        _assert_no_evidence(pg_cluster, tag, other)
        assert other.execute("SELECT pg_backend_pid()").fetchone()[0] == other_pid

    who = out["who"]
    assert not who.is_error, _text(who)
    row = dict(
        zip(who.structured_content["columns"], who.structured_content["rows"][0], strict=True)
    )
    expected = roles.role_names(load_config(generated.config))
    assert row["who"] == (expected.read if caps else expected.app)
    assert not any(row[k] for k in ("rolsuper", "rolcreaterole", "rolcreatedb", "rolreplication"))
    assert not row["rolbypassrls"] and not row["program"] and not row["signal"]


def test_mcp_query_results_are_cut_by_bytes(generated: Project) -> None:
    async def body(session: ClientSession) -> dict[str, Any]:
        return {
            "one": await session.call_tool(
                "query", {"sql": "SELECT 7 AS n, repeat('x', 10000000) AS big -- the value"}
            ),
            "array": await session.call_tool(
                "query",
                {"sql": "SELECT array_agg(repeat('a', 1000)) AS a FROM generate_series(1, 5000)"},
            ),
            "many": await session.call_tool(
                "query",
                {
                    "sql": "SELECT i, repeat('y', 60000) AS big FROM generate_series(1, 150) i;",
                    "limit": 200,
                },
            ),
            "wide": await session.call_tool(
                "query",
                {
                    "sql": "SELECT i, "
                    + ", ".join(f"repeat('z', 190) AS c{n}" for n in range(60))
                    + " FROM generate_series(1, 200) i",
                    "limit": 200,
                },
            ),
            "typed": await session.call_tool(
                "query",
                {"sql": "SELECT 1 AS a, 1 AS a, ARRAY[1,2] AS arr, 'x'::text AS t ORDER BY 1"},
            ),
        }

    out = anyio.run(_session_run, generated.config, body)
    one = out["one"]
    assert not one.is_error, _text(one)
    assert len(_text(one).encode()) < 300_000  # not the 10 MB value
    content = one.structured_content
    assert content["truncated"] and content["values_cut"] == 1
    assert content["rows"][0][0] == 7 and content["rows"][0][1].startswith("xxx")
    # The server cut it: the 10 MB never crossed the wire.
    assert content["bytes_received"] < 10_000

    array = out["array"].structured_content
    assert array["values_cut"] == 1 and array["bytes_received"] < 10_000

    many = out["many"].structured_content
    assert many["truncated"] and many["truncated_by"] == "bytes"
    assert 1 <= many["row_count"] < 150
    assert many["bytes_received"] <= 5_000_000

    wide = out["wide"].structured_content
    assert wide["truncated"] and wide["truncated_by"] == "bytes"
    assert wide["row_count"] < 200
    assert len(_text(out["wide"]).encode()) < 600_000

    typed = out["typed"].structured_content
    assert typed["columns"] == ["a", "a", "arr", "t"]
    assert typed["rows"] == [[1, 1, [1, 2], "x"]] and not typed["truncated"]


def _env(proj: Project) -> dict[str, Any]:
    return proj.json("env")


def test_env_url_is_the_application_role_and_postgres_forbids_the_attacks(
    generated: Project, pg_cluster: Cluster
) -> None:
    generated.run("generate", "--yes")  # its output too must not hold the password
    env = _env(generated)
    url = env["database_url"]
    names = roles.role_names(load_config(generated.config))
    assert env["role"] == names.app and f"{names.app}@" in url
    passfile = Path(env["passfile"])
    assert passfile.stat().st_mode & 0o777 == 0o600
    # libpq skips `#` lines: the first is the workbench's MAC (state.signed_text)
    lines = [line for line in passfile.read_text().splitlines() if not line.startswith("#")]
    assert len(lines) == 1 and lines[0].startswith(f"*:*:*:{names.app}:")  # nothing else in it
    password = lines[0].rsplit(":", 1)[1]
    assert password not in json.dumps(env) and password not in "".join(generated.outputs)

    tag = f"wbenv_{uuid.uuid4().hex[:8]}"
    attacks = _attacks(tag)
    with _superuser(pg_cluster) as other, psycopg.connect(url, autocommit=True) as app:
        row = app.execute(
            "SELECT current_user, rolsuper, rolcreatedb, rolcreaterole, rolreplication, "
            "rolbypassrls FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        assert row == (names.app, False, False, False, False, False)
        predefined = app.execute(
            "SELECT count(*) FROM pg_roles r WHERE r.rolname LIKE 'pg\\_%' "
            "AND pg_has_role(current_user, r.oid, 'MEMBER')"
        ).fetchone()[0]
        assert predefined == 0
        attacks["terminate"] = f"SELECT pg_terminate_backend({other.info.backend_pid})"
        attacks["create_table"] = "CREATE TABLE planted (i int)"
        for name, statement in attacks.items():
            with pytest.raises(psycopg.Error):
                app.execute(statement)
            assert app.info.transaction_status == psycopg.pq.TransactionStatus.IDLE, name
        _assert_no_evidence(pg_cluster, tag, other)
        # The application's own work is allowed: DML on the sandbox's tables.
        app.execute("INSERT INTO authors (email) VALUES ('a@example.com')")
        app.execute("UPDATE posts SET score = 1 WHERE id IN (SELECT min(id) FROM posts)")
        app.execute("DELETE FROM posts WHERE id IN (SELECT max(id) FROM posts)")
        assert app.execute("SELECT count(*) FROM authors").fetchone()[0] >= 61


def _login_role(cluster: Cluster) -> tuple[str, str]:
    role, password = f"outsider_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    with _superuser(cluster) as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                sql.Identifier(role), sql.Literal(password)
            )
        )
    return role, password


def _outsider_can_connect(cluster: Cluster, db: str, role: str, password: str) -> bool:
    try:
        psycopg.connect(
            f"host=127.0.0.1 port={cluster.port} dbname={db} user={role} password={password}"
        ).close()
    except psycopg.OperationalError as err:
        assert "permission denied for database" in str(err)
        return False
    return True


def test_grants_survive_fast_and_full_reset(generated: Project, pg_cluster: Cluster) -> None:
    outsider = _login_role(pg_cluster)
    names = roles.role_names(load_config(generated.config))
    read_url = (
        _env(generated)["database_url"]
        .replace(f"{names.app}@", f"{names.read}@")
        .replace("app.pgpass", "read.pgpass")
    )
    for args in (("reset", "--yes"), ("reset", "--yes", "--full")):
        generated.run(*args)
        url = _env(generated)["database_url"]
        with psycopg.connect(url, autocommit=True) as app:
            assert app.execute("SELECT count(*) FROM posts").fetchone()[0] > 0
            app.execute(
                "INSERT INTO authors (email) VALUES (%s)", (f"{uuid.uuid4().hex}@example.com",)
            )
        with psycopg.connect(read_url, autocommit=True) as reader:
            assert reader.execute("SELECT count(*) FROM authors").fetchone()[0] > 0
            with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
                reader.execute("INSERT INTO authors (email) VALUES ('c@example.com')")
            reader.execute("SET default_transaction_read_only = off")
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                reader.execute("INSERT INTO authors (email) VALUES ('c@example.com')")
        # CONNECT on the sandbox database is for its own roles: a clone starts with the
        # default ACL (PUBLIC may connect), and the workbench revokes that again.
        assert not _outsider_can_connect(pg_cluster, generated.name, *outsider), args


def test_application_role_acts_as_the_schema_files_roles(tmp_path: Path, pg_cluster: Cluster):
    visitor = f"visitor_{uuid.uuid4().hex[:6]}"
    schema = (
        SMALL_SCHEMA
        + f"""
ALTER TABLE posts ENABLE ROW LEVEL SECURITY;
CREATE POLICY published ON posts FOR SELECT TO {visitor} USING (status = 'published');
GRANT SELECT ON posts TO {visitor};
"""
    )
    with make_project(tmp_path, pg_cluster, schema, SMALL_CONFIG) as proj:
        Engine(proj.config).generate()  # set-up, in process
        url = _env(proj)["database_url"]
        with psycopg.connect(url, autocommit=True) as app:
            # The file's role was made NOLOGIN; the application role may act as it, and the
            # file's policy then governs what it sees, as on the real database.
            app.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(visitor)))
            statuses = {r[0] for r in app.execute("SELECT DISTINCT status FROM posts")}
            assert statuses == {"published"}
        with _superuser(pg_cluster) as conn:
            assert conn.execute(
                "SELECT rolcanlogin FROM pg_roles WHERE rolname = %s", (visitor,)
            ).fetchone() == (False,)


def test_a_role_of_that_name_made_by_someone_else_is_refused(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG) as proj:
        app = roles.role_names(load_config(proj.config)).app
        with _superuser(pg_cluster) as conn:
            conn.execute(sql.SQL("CREATE ROLE {} LOGIN SUPERUSER").format(sql.Identifier(app)))
        try:
            _, err = proj.run("generate", "--yes", expect=3)
            assert app in err and "not this sandbox's" in err
            with _superuser(pg_cluster) as conn:
                assert conn.execute(
                    "SELECT rolsuper FROM pg_roles WHERE rolname = %s", (app,)
                ).fetchone() == (True,)  # not altered
        finally:
            pg_cluster.drop_database(proj.name)
            with _superuser(pg_cluster) as conn:
                conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(app)))


def test_without_createrole_the_dsn_role_is_used_and_said(tmp_path: Path, pg_cluster: Cluster):
    role, password = f"limited_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    name = f"lim_{uuid.uuid4().hex[:8]}"
    with _superuser(pg_cluster) as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN CREATEDB PASSWORD {}").format(
                sql.Identifier(role), sql.Literal(password)
            )
        )
        conn.execute(
            sql.SQL("CREATE DATABASE {} OWNER {}").format(
                sql.Identifier(name), sql.Identifier(role)
            )
        )
    root = tmp_path / name
    root.mkdir()
    (root / "schema.sql").write_text(SMALL_SCHEMA)
    dsn = f"host=127.0.0.1 port={pg_cluster.port} user={role} password={password} dbname={name}"
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{dsn}"\nschema = "schema.sql"\n{SMALL_CONFIG}'
    )
    config = root / "sandbox.toml"
    try:
        gen = run_cli("generate", "--yes", "--config", str(config))
        assert gen.returncode == 0, gen.stderr
        env = json.loads(run_cli("env", "--json", "--config", str(config)).stdout)
        assert env["roles"]["available"] is False and env["role"] == role
        assert "cannot be made" in env["note"] and password not in json.dumps(env)
        doctor = json.loads(run_cli("doctor", "--json", "--config", str(config)).stdout)
        check = next(c for c in doctor["checks"] if c["name"] == "roles")
        assert check["status"] == "warn" and role in check["message"]

        async def body(session: ClientSession) -> Any:
            return await session.call_tool("query", {"sql": "SELECT current_user AS who"})

        who = anyio.run(_session_run, config, body)
        assert not who.is_error and who.structured_content["rows"] == [[role]]
    finally:
        pg_cluster.drop_database(name)


# --- markers (item 4) -------------------------------------------------------------------------


def _comment(cluster: Cluster, db: str) -> str | None:
    with _superuser(cluster) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
            (db,),
        ).fetchone()
    return row[0] if row else None


def _sandbox(tmp_path: Path, cluster: Cluster, name: str) -> Path:
    root = tmp_path / f"p_{uuid.uuid4().hex[:6]}"
    root.mkdir()
    (root / "schema.sql").write_text(SMALL_SCHEMA)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{cluster.conninfo(name)}"\nschema = "schema.sql"\n'
    )
    return root / "sandbox.toml"


def test_another_sandboxs_marker_is_refused_and_its_rows_kept(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    name = pg_cluster.create_database()
    try:
        with _superuser(pg_cluster, name) as conn:
            conn.execute("CREATE TABLE customers (id int PRIMARY KEY, name text)")
            conn.execute("INSERT INTO customers SELECT i, 'c' || i FROM generate_series(1, 25) i")
            conn.execute(
                sql.SQL("COMMENT ON DATABASE {} IS 'sandbox-workbench:prod_mirror'").format(
                    sql.Identifier(name)
                )
            )
        config = _sandbox(tmp_path, pg_cluster, name)
        for args in (
            ("generate", "--yes"),
            ("reset", "--yes", "--full"),
            ("up",),
            ("down", "--yes"),
            ("snapshot",),
        ):
            result = run_cli(*args, "--config", str(config))
            assert result.returncode == 3, (args, result.returncode, result.stderr)
            assert "prod_mirror" in result.stderr and name in result.stderr, result.stderr
            assert "Traceback" not in result.stderr
        with _superuser(pg_cluster, name) as conn:
            assert conn.execute("SELECT count(*) FROM customers").fetchone() == (25,)
        assert _comment(pg_cluster, name) == "sandbox-workbench:prod_mirror"
    finally:
        pg_cluster.drop_database(name)


@pytest.mark.parametrize("system", ["postgres", "template1", "template0"])
def test_system_databases_are_refused_and_left_unmarked(
    tmp_path: Path, pg_cluster: Cluster, system: str
) -> None:
    before = _comment(pg_cluster, system)
    config = _sandbox(tmp_path, pg_cluster, system)
    for args in (("up",), ("generate", "--yes"), ("reset", "--yes"), ("down", "--yes")):
        result = run_cli(*args, "--config", str(config))
        assert result.returncode == 3, (args, result.returncode, result.stderr)
        assert "system database" in result.stderr and "Traceback" not in result.stderr
    assert _comment(pg_cluster, system) == before
    assert before is None or not before.startswith("sandbox-workbench:")


def test_a_template_database_is_refused_before_any_write(tmp_path: Path, pg_cluster: Cluster):
    name = pg_cluster.create_database()
    try:
        with _superuser(pg_cluster) as conn:
            conn.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE true").format(sql.Identifier(name)))
        config = _sandbox(tmp_path, pg_cluster, name)
        for args in (("up",), ("generate", "--yes"), ("reset", "--yes", "--full")):
            result = run_cli(*args, "--config", str(config))
            assert result.returncode == 3, (args, result.returncode, result.stderr)
            assert "template" in result.stderr
        assert _comment(pg_cluster, name) is None
    finally:
        pg_cluster.drop_database(name)


def test_own_marker_in_an_older_spelling_is_migrated(tmp_path: Path, pg_cluster: Cluster):
    name = pg_cluster.create_database()
    try:
        with _superuser(pg_cluster, name) as conn:
            conn.execute("CREATE TABLE leftover (i int)")
            conn.execute(
                sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                    sql.Identifier(name), sql.Literal(f"sandbox-workbench: {name} ")
                )
            )
        config = _sandbox(tmp_path, pg_cluster, name)
        result = run_cli("generate", "--yes", "--config", str(config))
        assert result.returncode == 0, result.stderr
        sandbox_id = (config.parent / ".workbench" / "sandbox_id").read_text().strip()
        assert _comment(pg_cluster, name) == f"sandbox-workbench:{name} id {sandbox_id}"
    finally:
        pg_cluster.drop_database(name)


def test_embedded_env_url_reaches_the_sandbox_and_nothing_else(make_project) -> None:
    config = make_project(SMALL_SCHEMA, embedded=True, extra=SMALL_CONFIG)
    gen = run_cli("generate", "--yes", "--config", str(config))
    assert gen.returncode == 0, gen.stderr
    env = json.loads(run_cli("env", "--json", "--config", str(config)).stdout)
    url = env["database_url"]
    with psycopg.connect(url, autocommit=True) as app:
        assert app.execute("SELECT count(*) FROM posts").fetchone()[0] > 0
        assert app.execute(
            "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
        ).fetchone() == (False,)
    # Not the maintenance database (the workbench's lock lives there), not template1.
    for other in ("postgres", "template1"):
        with pytest.raises(psycopg.OperationalError, match="permission denied"):
            psycopg.connect(url, dbname=other)


@pytest.mark.parametrize(
    "planted",
    [
        "CREATE TABLE planted AS SELECT shell() AS i /* OWNER TO nobody */;",
        "CREATE TABLE planted (i int);\n"
        "ALTER TABLE planted ADD COLUMN j int DEFAULT shell(), OWNER TO nobody;",
    ],
    ids=["comment", "compound-alter"],
)
def test_owner_to_in_a_statement_does_not_make_it_run_as_superuser(
    make_project, planted: str
) -> None:
    evidence = Path(f"/tmp/wbowner_{uuid.uuid4().hex[:8]}")
    schema = (
        "CREATE FUNCTION shell() RETURNS int LANGUAGE plpgsql VOLATILE AS $$\n"
        f"BEGIN EXECUTE 'COPY (SELECT 1) TO PROGRAM ''id > {evidence}'''; RETURN 1; END $$;\n"
        f"{planted}\n"
    )
    config = make_project(schema)
    result = run_cli("generate", "--yes", "--config", str(config))
    assert not evidence.exists(), "a schema statement ran a program as the superuser"
    assert result.returncode != 0 and "Traceback" not in result.stderr
    # refused before it runs (the body reaches the server: docs/security.md's server-access),
    # or by the server when it runs as the sandbox's owner
    refusals = ("needs a superuser", "permission denied", "pg_execute_server_program")
    assert any(text in result.stderr for text in refusals), result.stderr


def test_objects_the_application_plants_never_run_as_the_workbench(
    generated: Project, pg_cluster: Cluster
) -> None:
    """A schema that grants CREATE on public (pagila does, to PUBLIC) lets the application
    role create functions and operators there. The workbench's own SQL must never resolve to
    them: it runs with the administrator's rights (CVE-2018-1058's pattern)."""
    with _superuser(pg_cluster, generated.name) as conn:
        conn.execute("GRANT ALL ON SCHEMA public TO PUBLIC")  # as pagila.sql does
    url = _env(generated)["database_url"]
    app = roles.role_names(load_config(generated.config)).app
    with psycopg.connect(url, autocommit=True) as conn:
        for left, right in (("name", "text"), ("text", "name")):
            conn.execute(
                f"""
                CREATE FUNCTION public.planted(l {left}, r {right}) RETURNS text
                LANGUAGE plpgsql AS $$
                BEGIN
                  BEGIN EXECUTE 'ALTER ROLE "{app}" SUPERUSER';
                  EXCEPTION WHEN others THEN NULL; END;
                  RETURN l::text OPERATOR(pg_catalog.||) r::text;
                END $$;
                CREATE OPERATOR public.|| (LEFTARG = {left}, RIGHTARG = {right},
                                           FUNCTION = public.planted);
                """
            )
        conn.execute(
            """
            CREATE FUNCTION public.count(bigint) RETURNS bigint LANGUAGE sql AS 'SELECT 1::bigint';
            CREATE FUNCTION public.lower(name) RETURNS text LANGUAGE sql AS 'SELECT ''x''';
            """
        )
    for args in (("status",), ("doctor",), ("snapshot",), ("dist", "posts.status")):
        generated.run(*args, expect=None)
    with _superuser(pg_cluster) as conn:
        assert conn.execute(
            "SELECT rolsuper FROM pg_roles WHERE rolname = %s", (app,)
        ).fetchone() == (False,)


# --- the workbench's own reads never run what an agent planted (findings 1) -------------------


def test_planted_view_is_never_read_as_the_superuser(tmp_path: Path, pg_cluster: Cluster) -> None:
    """The outside tester's chain: the application role acts as the schema file's owner role
    (a harmless membership), replaces the table by a view over a function that runs a program
    when it finds itself a superuser. doctor, dist and the MCP doctor read the sandbox as a
    role that is not one, so the program never runs; and they still answer."""
    tag = uuid.uuid4().hex[:8]
    owner, evidence = f"app_owner_{tag}", Path(f"/tmp/wb_pwned_chain_{tag}")
    schema = (
        "CREATE SCHEMA app;\n"
        f"ALTER SCHEMA app OWNER TO {owner};\n"
        "CREATE TABLE app.customers (id bigserial PRIMARY KEY, email text NOT NULL);\n"
        f"ALTER TABLE app.customers OWNER TO {owner};\n"
    )
    with make_project(tmp_path, pg_cluster, schema, "[generate]\nrows = 20\n") as proj:
        Engine(proj.config).generate()  # set-up, in process
        with psycopg.connect(_env(proj)["database_url"], autocommit=True) as app:
            app.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(owner)))
            app.execute(
                "CREATE FUNCTION app.pwn() RETURNS boolean LANGUAGE plpgsql AS $f$\n"
                "BEGIN IF current_setting('is_superuser') = 'on' THEN\n"
                f"  EXECUTE 'COPY (SELECT current_user) TO PROGRAM ''id > {evidence}''';\n"
                "END IF; RETURN true; END $f$"
            )
            app.execute("ALTER TABLE app.customers RENAME TO customers_old")
            app.execute(
                "CREATE VIEW app.customers AS SELECT * FROM app.customers_old WHERE app.pwn()"
            )
            app.execute("GRANT SELECT ON app.customers TO PUBLIC")
            app.execute("GRANT EXECUTE ON FUNCTION app.pwn() TO PUBLIC")
        try:
            doctor = json.loads(proj.run("doctor", "--json", expect=None)[0])
            names = {c["name"] for c in doctor["checks"]}
            assert {"row counts", "personal data", "sequences"} <= names
            dist = json.loads(proj.run("dist", "app.customers.email", "--json")[0])
            assert dist["rows"] == 20  # read through the view, as a role that is no superuser
            proj.run("status")

            async def body(session: ClientSession) -> Any:
                return await session.call_tool("doctor", {})

            mcp_doctor = anyio.run(_session_run, proj.config, body)
            assert not mcp_doctor.is_error, _text(mcp_doctor)
            assert not evidence.exists(), "the workbench ran a planted function as superuser"
        finally:
            evidence.unlink(missing_ok=True)
            with _superuser(pg_cluster, proj.name) as conn:
                conn.execute("DROP SCHEMA app CASCADE")


def _roles_check(proj: Project) -> dict[str, Any]:
    doctor = json.loads(proj.run("doctor", "--json", expect=None)[0])
    return next(c for c in doctor["checks"] if c["name"] == "roles")


def test_a_role_that_locks_itself_out_is_repaired_by_env_and_reset(generated: Project) -> None:
    """The application role may change its own password and settings; every env, up,
    generate and reset sets them back from the passfile, and doctor tries a real login."""

    def lock_out() -> str:
        url = _env(generated)["database_url"]
        with psycopg.connect(url, autocommit=True) as app:
            app.execute("ALTER ROLE CURRENT_USER PASSWORD 'locked-out'")
            app.execute("ALTER ROLE CURRENT_USER SET statement_timeout = '1ms'")
            app.execute(
                sql.SQL("ALTER ROLE CURRENT_USER IN DATABASE {} SET work_mem = '64kB'").format(
                    sql.Identifier(generated.name)
                )
            )
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(url).close()
        return url

    def works(url: str) -> None:
        with psycopg.connect(url, autocommit=True) as app:
            assert app.execute("SHOW statement_timeout").fetchone() == ("0",)
            assert app.execute("SHOW work_mem").fetchone() != ("64kB",)
            assert app.execute("SELECT count(*) FROM authors").fetchone()[0] == 60

    lock_out()
    check = _roles_check(generated)
    assert check["status"] == "fail" and "cannot log in" in check["message"]
    works(_env(generated)["database_url"])  # env repaired it
    assert _roles_check(generated)["status"] == "pass"
    for command in (("reset", "--yes"), ("reset", "--yes", "--full"), ("up",)):
        url = lock_out()
        generated.run(*command)
        works(url)


def test_a_createrole_dsn_that_is_not_superuser_gets_sandbox_roles(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """README recommends a DSN role with CREATEROLE CREATEDB: it may not name SUPERUSER,
    REPLICATION or BYPASSRLS in ALTER ROLE, and must still make and repair the roles."""
    role, password = f"creator_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    name = f"cr_{uuid.uuid4().hex[:8]}"
    with _superuser(pg_cluster) as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN CREATEDB CREATEROLE PASSWORD {}").format(
                sql.Identifier(role), sql.Literal(password)
            )
        )
    root = tmp_path / name
    root.mkdir()
    (root / "schema.sql").write_text(SMALL_SCHEMA)
    dsn = f"host=127.0.0.1 port={pg_cluster.port} user={role} password={password} dbname={name}"
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{dsn}"\nschema = "schema.sql"\n{SMALL_CONFIG}'
    )
    config = root / "sandbox.toml"
    names = roles.role_names(load_config(config))
    try:
        for args in (("up",), ("generate", "--yes"), ("env", "--json"), ("reset", "--yes")):
            result = run_cli(*args, "--config", str(config))
            assert result.returncode == 0, f"{args}: {result.stderr}"
            assert "superuser" not in result.stderr
        env = json.loads(run_cli("env", "--json", "--config", str(config)).stdout)
        assert env["roles"]["available"] is True and env["role"] == names.app
        with psycopg.connect(env["database_url"], autocommit=True) as app:
            assert app.execute("SELECT count(*) FROM authors").fetchone()[0] == 60
            app.execute("ALTER ROLE CURRENT_USER PASSWORD 'locked-out'")
        assert run_cli("env", "--config", str(config)).returncode == 0
        doctor = json.loads(run_cli("doctor", "--json", "--config", str(config)).stdout)
        check = next(c for c in doctor["checks"] if c["name"] == "roles")
        assert check["status"] == "pass", check

        async def body(session: ClientSession) -> Any:
            return await session.call_tool("query", {"sql": "SELECT current_user AS who"})

        who = anyio.run(_session_run, config, body)
        assert not who.is_error and who.structured_content["rows"] == [[names.app]]
    finally:
        pg_cluster.drop_database(name)


def _peak_rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmHWM:")).split()[1])


def _mcp_server_pid() -> int:
    own = str(os.getpid())
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if fields[1] == own and b"mcp" in cmdline:
            return int(stat.parent.name)
    raise AssertionError("the MCP server process was not found")


def test_one_huge_value_never_reaches_the_mcp_server(generated: Project) -> None:
    """The outside tester's query: a single 1 GB value. Cut on the server side, so the MCP
    server neither receives it nor grows, and the call ends well within its timeout."""
    huge = "select string_agg(repeat('x',1000),'') from generate_series(1,1000000)"

    async def body(session: ClientSession) -> dict[str, Any]:
        started = time.monotonic()
        result = await session.call_tool("query", {"sql": huge})
        return {"result": result, "seconds": time.monotonic() - started,
                "peak_kib": _peak_rss_kib(_mcp_server_pid())}  # fmt: skip

    out = anyio.run(_session_run, generated.config, body)
    result = out["result"]
    if not result.is_error:
        content = result.structured_content
        assert content["values_cut"] == 1 and content["bytes_received"] < 10_000
    else:  # the server may also give up on it within the statement timeout
        assert "timeout" in _text(result) or "timed out" in _text(result)
    print(f"query call {out['seconds']:.1f} s, MCP server peak RSS {out['peak_kib']} KiB")
    assert out["seconds"] < 15
    assert out["peak_kib"] < 300 * 1024, f"MCP server peak RSS {out['peak_kib']} KiB"


def test_a_second_project_with_the_same_name_is_refused_until_it_adopts(
    generated: Project, tmp_path: Path, pg_cluster: Cluster
) -> None:
    """The marker names the sandbox by its name and by the random id of the project that
    made it: a second project declaring the same name on the same server is refused (exit 3,
    both ids named) and the first one's rows are kept; writing the first one's id into
    .workbench/sandbox_id and trusting the checkout is the deliberate way to adopt it."""
    first_id = (generated.root / ".workbench" / "sandbox_id").read_text().strip()
    other = tmp_path / "second"
    other.mkdir()
    for name in ("sandbox.toml", "schema.sql"):
        (other / name).write_text((generated.root / name).read_text())
    second = Project(other, other / "sandbox.toml", generated.name)
    for args in (("generate", "--yes"), ("reset", "--yes"), ("up",)):
        _, err = second.run(*args, expect=3)
        second_id = (other / ".workbench" / "sandbox_id").read_text().strip()
        assert first_id in err and second_id in err and first_id != second_id
        assert "adopt" in err and "Traceback" not in err
    generated.run("reset", "--yes")  # the first project's own reset is unaffected
    env = _env(generated)
    with psycopg.connect(env["database_url"]) as app:
        assert app.execute("SELECT count(*) FROM authors").fetchone()[0] == 60
    # A committed .workbench/sandbox_id (attack22d D13): the id is public, so written by hand
    # (or by a cloned repository) it authorises nothing until `workbench trust` adopts it.
    (other / ".workbench" / "sandbox_id.mac").unlink(missing_ok=True)
    (other / ".workbench" / "sandbox_id").write_text(first_id + "\n")
    for args in (("status",), ("sample", "authors"), ("down", "--yes"), ("generate", "--yes")):
        _, err = second.run(*args, expect=2)
        assert "did not write" in err and "workbench trust" in err, err
    assert _comment(pg_cluster, generated.name) == (
        f"sandbox-workbench:{generated.name} id {first_id}"
    )
    with psycopg.connect(env["database_url"]) as app:  # the first project's sandbox is whole
        assert app.execute("SELECT count(*) FROM authors").fetchone()[0] == 60
    out, _ = second.run("trust")
    assert f"adopted sandbox id {first_id}" in out
    second.run("generate", "--yes")
    assert _comment(pg_cluster, generated.name) == (
        f"sandbox-workbench:{generated.name} id {first_id}"
    )


@pytest.mark.parametrize(
    "statement",
    ["x" * 1_000_000 + " 1", "EXPLAIN " + "y" * 1_000_000, "SELECT " + "pg_read_" * 100_000 + "()"],
    ids=["first-word", "explain", "function"],
)
def test_a_refusal_never_echoes_a_huge_word(statement: str) -> None:
    from workbench.access.sqlcheck import QueryRefused, check_read_only

    with pytest.raises(QueryRefused) as refused:
        check_read_only(statement)
    assert len(str(refused.value)) < 300, str(refused.value)[:300]
