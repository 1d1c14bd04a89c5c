"""schema.sql, the load and migrations never reach the superuser (issue 22, items 1, 3, 5, 6).

Each hostile file below tries a path an outside tester found: leaving the owner role
(`SET "role"`, `RESET role`, `set_config('role', …)` with comments between the tokens, a
function a CHECK calls during the load), statements hidden next to a dollar quote whose tag is
a character outside the Basic Multilingual Plane, taking a server-side file function
(`ALTER FUNCTION pg_catalog.pg_read_file … OWNER TO`), a program or a file (`COPY … TO
PROGRAM`, `lo_export`). Every attempt would leave evidence (a superuser role, a file, a
changed owner); none may. The file's statements run on the owner role's own login, so the
server itself refuses them; the workbench refuses what needs a superuser before writing."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import Cluster, MakeProject, run_cli
from tests.engine.test_resume import BIG, _kill_when, _start_generate
from tests.engine.test_resume import _generate as _generate_box
from tests.unit.test_lifecycle_helpers import Sandbox, sandbox, table_hashes
from workbench.access.databases import CRASH_ENV, building_name
from workbench.access.guard import Guard
from workbench.access.roles import role_marker, role_names
from workbench.config.file import load_config
from workbench.context import Context
from workbench.engine import Engine
from workbench.errors import GuardRefusal, WorkbenchError
from workbench.files.state import read_json

BASE = """
CREATE TABLE items (id int PRIMARY KEY, v int NOT NULL CHECK (v BETWEEN 0 AND 9));
"""
ROWS = "\n[generate]\nrows = 20\n"


@pytest.fixture
def tag() -> Iterator[str]:
    name = f"wbpwn_{uuid.uuid4().hex[:8]}"
    yield name
    Path(f"/tmp/{name}").unlink(missing_ok=True)


def _superuser(cluster: Cluster, db: str = "postgres") -> psycopg.Connection:
    return psycopg.connect(cluster.conninfo(db), autocommit=True)


def _role_exists(cluster: Cluster, role: str) -> bool:
    with _superuser(cluster) as conn:
        found = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        if found:
            conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)))
        return found is not None


def _generate(config: Path) -> WorkbenchError | None:
    try:
        Engine(str(config)).generate(keep_snapshot=False)
    except WorkbenchError as err:
        return err
    return None


ESCAPES = {
    "set-role-quoted": 'SET "role" = workbench;\nCREATE ROLE {tag} SUPERUSER;\n',
    "reset-role": "RESET role;\nCREATE ROLE {tag} SUPERUSER;\n",
    "set-config-comments": (
        "SELECT set_config(/* a */ 'role' /* b */ , /* c */ 'workbench', false);\n"
        "DO $$BEGIN EXECUTE 'CREATE ROLE {tag} SUPERUSER'; END$$;\n"
    ),
    "set-session-authorization": (
        "SET SESSION AUTHORIZATION workbench;\n"
        "DO $$BEGIN EXECUTE 'CREATE ROLE {tag} SUPERUSER'; END$$;\n"
    ),
    # PostgreSQL reads `$𝒳$` as a dollar quote: the second and third statements are inside a
    # string of the first for the server, and their own statements for a reader that is not.
    "bmp-dollar-quote": (
        "COMMENT ON EXTENSION plpgsql IS $\U0001d4b3$ ; $\U0001d4b3$;\n"
        "COMMENT ON EXTENSION plpgsql IS $\U0001d4b3$x$\U0001d4b3$ ; "
        "DO $$BEGIN EXECUTE 'CREATE ROLE {tag} SUPERUSER'; END$$;\n"
    ),
    "function-in-check": (
        "CREATE FUNCTION climb(v int) RETURNS boolean LANGUAGE plpgsql AS $f$\n"
        "BEGIN\n"
        "  BEGIN PERFORM set_config('role', 'workbench', false);\n"
        "  EXCEPTION WHEN others THEN NULL; END;\n"
        "  BEGIN EXECUTE 'RESET role'; EXCEPTION WHEN others THEN NULL; END;\n"
        "  IF current_setting('is_superuser') = 'on' THEN\n"
        "    EXECUTE 'CREATE ROLE {tag} SUPERUSER';\n"
        "  END IF;\n"
        "  RETURN true;\n"
        "END $f$;\n"
        "CREATE TABLE climbing (id int PRIMARY KEY, v int CHECK (climb(v)));\n"
    ),
}


@pytest.mark.parametrize("attack", list(ESCAPES), ids=list(ESCAPES))
def test_the_schema_file_cannot_leave_the_owner_role(
    make_project: MakeProject, pg_cluster: Cluster, tag: str, attack: str
) -> None:
    config = make_project(BASE + ESCAPES[attack].replace("{tag}", tag), extra=ROWS)
    _generate(config)  # refused, failed or loaded: what counts is that no superuser acted
    assert not _role_exists(pg_cluster, tag), f"{attack}: the file made a superuser role"


def test_a_check_function_sees_no_superuser_during_the_load(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """A function of the file, called by a CHECK for every row the load writes (and by the
    CHECK oracle that judges candidate rows), records what it runs as."""
    schema = BASE + (
        "CREATE SEQUENCE seen MINVALUE 0 START 0;\n"
        "CREATE FUNCTION watch(v int) RETURNS boolean LANGUAGE plpgsql AS $f$\n"
        "BEGIN\n"
        "  PERFORM setval('seen', CASE current_setting('is_superuser') WHEN 'off' THEN 10\n"
        "                         ELSE 20 END);\n"
        "  RETURN v IS NOT NULL;\n"
        "END $f$;\n"
        "CREATE TABLE watched (id int PRIMARY KEY, v int NOT NULL CHECK (watch(v)));\n"
    )
    config = make_project(schema, extra=ROWS)
    assert _generate(config) is None
    name = load_config(config).sandbox.name
    with _superuser(pg_cluster, name) as conn:
        assert conn.execute("SELECT last_value, is_called FROM seen").fetchone() == (10, True)
        assert conn.execute("SELECT count(*) FROM watched").fetchone()[0] == 20
        owner = conn.execute(
            "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'watched'"
        ).fetchone()[0]
    assert owner == role_names(load_config(config)).owner


SERVER_OBJECTS = {
    "pg_read_file": ('FUNCTION pg_catalog."pg_read_file"(text)', "pg_proc", "proowner",
                     "'pg_catalog.pg_read_file(text)'::regprocedure"),
    "pg_authid": ("TABLE pg_catalog.pg_authid", "pg_class", "relowner", "'pg_authid'::regclass"),
}  # fmt: skip


@pytest.mark.parametrize("target", list(SERVER_OBJECTS), ids=list(SERVER_OBJECTS))
def test_a_server_object_is_never_handed_over(
    make_project: MakeProject, pg_cluster: Cluster, target: str
) -> None:
    what, catalog, column, oid = SERVER_OBJECTS[target]
    role = f"reader_{uuid.uuid4().hex[:6]}"
    schema = BASE + f"CREATE ROLE {role};\nALTER {what} OWNER TO {role};\n"
    config = make_project(schema, extra=ROWS)
    err = _generate(config)
    assert err is not None and "did not make" in str(err) and "schema.sql:4" in str(err)
    with _superuser(pg_cluster) as conn:
        owner = conn.execute(
            sql.SQL("SELECT pg_get_userbyid({}) FROM {} WHERE oid = {}").format(
                sql.Identifier(column), sql.Identifier(catalog), sql.SQL(oid)
            )
        ).fetchone()[0]
    assert owner == "workbench"  # the bootstrap superuser, as initdb made it


def test_ownership_moves_between_the_sandboxs_own_roles(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    role = f"app_{uuid.uuid4().hex[:6]}"
    schema = BASE + f"CREATE ROLE {role};\nALTER TABLE public.items OWNER TO {role};\n"
    schema += "ALTER TABLE public.items OWNER TO workbench;\n"  # a superuser: left out
    config = make_project(schema, extra=ROWS)
    assert _generate(config) is None
    with _superuser(pg_cluster, load_config(config).sandbox.name) as conn:
        owner = conn.execute(
            "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'items'"
        ).fetchone()[0]
    assert owner == role


PROGRAMS = {
    "copy-program": "COPY (SELECT 1) TO PROGRAM 'touch /tmp/{tag}';\n",
    "copy-file": "COPY (SELECT 1) TO '/tmp/{tag}';\n",
    "lo-export": "SELECT lo_export(lo_from_bytea(0, 'x'), '/tmp/{tag}');\n",
}


@pytest.mark.parametrize("attack", list(PROGRAMS), ids=list(PROGRAMS))
def test_programs_and_server_files_are_refused_or_skipped(
    make_project: MakeProject, tag: str, attack: str
) -> None:
    config = make_project(BASE + PROGRAMS[attack].replace("{tag}", tag), extra=ROWS)
    err = _generate(config)
    assert err is not None and "needs a superuser" in str(err)
    assert "schema.sql:3" in str(err) and '[schema] skip = ["server-access"]' in str(err)
    assert not Path(f"/tmp/{tag}").exists()
    config.write_text(config.read_text() + '\n[schema]\nskip = ["server-access"]\n')
    assert _generate(config) is None
    assert not Path(f"/tmp/{tag}").exists()


def test_lo_export_inside_a_function_is_refused_by_the_server(
    make_project: MakeProject, tag: str
) -> None:
    """A call inside a function body, run by a CHECK: refused before anything is written
    (server-access); the owner role holds no pg_write_server_files either."""
    schema = BASE + (
        "CREATE FUNCTION leak(v int) RETURNS boolean LANGUAGE plpgsql AS $f$\n"
        "BEGIN PERFORM lo_export(lo_from_bytea(0, 'x'), '/tmp/{tag}'); RETURN true; END $f$;\n"
        "CREATE TABLE leaking (id int PRIMARY KEY, v int CHECK (leak(v)));\n"
    ).replace("{tag}", tag)
    config = make_project(schema, extra=ROWS)
    err = _generate(config)
    assert err is not None and "lo_export" in str(err)
    assert not Path(f"/tmp/{tag}").exists()


def test_superuser_only_statements_are_named_and_skip_makes_the_file_load(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    schema = BASE + (
        "CREATE FUNCTION native() RETURNS int LANGUAGE c AS 'nowhere', 'native';\n"
        "CREATE FUNCTION on_ddl() RETURNS event_trigger LANGUAGE plpgsql AS "
        "$$BEGIN NULL; END$$;\n"
        "CREATE EVENT TRIGGER watch_ddl ON ddl_command_end EXECUTE FUNCTION on_ddl();\n"
        "ALTER SYSTEM SET work_mem = '77MB';\n"
    )
    config = make_project(schema, extra=ROWS)
    expected = [
        ("schema.sql:3", "untrusted-language"),
        ("schema.sql:5", "event-trigger"),
        ("schema.sql:6", "server-settings"),
    ]
    for where, category in expected:
        err = _generate(config)
        assert err is not None and where in str(err) and f'"{category}"' in str(err), err
        assert "\n" not in str(err).strip()  # one paragraph
        config.write_text(config.read_text().split("\n[schema]")[0] + _skip(expected, category))
    assert _generate(config) is None
    with _superuser(pg_cluster) as conn:
        assert not conn.execute(
            "SELECT 1 FROM pg_event_trigger WHERE evtname = 'watch_ddl'"
        ).fetchone()
        assert not conn.execute("SELECT 1 FROM pg_file_settings WHERE name = 'work_mem'").fetchone()


def _skip(expected: list[tuple[str, str]], upto: str) -> str:
    names = []
    for _, category in expected:
        names.append(category)
        if category == upto:
            break
    return "\n[schema]\nskip = [" + ", ".join(f'"{n}"' for n in names) + "]\n"


def test_a_bad_skip_name_is_a_clear_config_error(make_project: MakeProject) -> None:
    config = make_project(BASE, extra=ROWS + '\n[schema]\nskip = ["event-triggers"]\n')
    with pytest.raises(WorkbenchError) as caught:
        Engine(str(config))
    message = str(caught.value)
    assert "schema.skip" in message and "did you mean 'event-trigger'" in message


# --- kills while a database is made (item 6) -------------------------------------------------


def _databases(cluster: Cluster, name: str) -> list[tuple[str, bool, str | None, str | None]]:
    with _superuser(cluster) as conn:
        return [
            (r[0], r[1], r[2], r[3])
            for r in conn.execute(
                "SELECT datname, datallowconn, shobj_description(oid, 'pg_database'), "
                "datacl::text FROM pg_database WHERE starts_with(datname, %s) ORDER BY 1",
                (name,),
            )
        ]


@pytest.mark.parametrize(
    "point",
    [
        "database:created",
        "database:marked",
        "database:replaced",
        "snapshot:created",
        "snapshot:marked",
        "snapshot:replaced",
    ],
)
def test_a_kill_while_a_database_is_made_leaves_nothing_open(
    make_project: MakeProject, pg_cluster: Cluster, point: str
) -> None:
    """A real process killed (SIGKILL) at each step of making the sandbox database or its
    snapshot: no database of the sandbox is left reachable by anyone but the administrator
    and unmarked, and the next run replaces what was half made."""
    config = make_project(BASE, extra=ROWS)
    name = load_config(config).sandbox.name
    Engine(config).generate()  # set-up, in process: the killed run is what is tried
    killed = run_cli(
        "generate", "--yes", "--no-resume", "--config", str(config), env={CRASH_ENV: point}
    )
    assert killed.returncode == -9, killed.stderr
    marker = Guard(load_config(config)).marker()
    for db, allowed, comment, acl in _databases(pg_cluster, name):
        if "__wb_new_" in db:  # half made: this sandbox's by its name, and closed
            assert db == building_name(load_config(config)) and not allowed, db
            continue
        assert comment is not None and comment.startswith(marker), (db, comment)
        if allowed:  # open: the finished sandbox only, with no grant to PUBLIC
            items = (acl or "").strip("{}").split(",")
            assert db == name and acl and not any(i.startswith("=") for i in items), (db, acl)
    # what doctor says of it is asserted (below) where a snapshot was half made
    snapshot = point.startswith("snapshot")
    doctor = run_cli("doctor", "--json", "--config", str(config)) if snapshot else None
    again = run_cli("reset" if snapshot else "generate", "--yes", "--config", str(config))
    assert again.returncode == 0, again.stderr
    names = [db for db, *_ in _databases(pg_cluster, name)]
    assert not any("__wb_new_" in db for db in names), names
    if doctor is not None:
        # doctor names the cause it found, and the fix for that cause
        assert "half made" in doctor.stdout and "workbench reset --yes" in doctor.stdout


# --- no access during a run, and a resumed load trusts only its own rows (item 3) -------------


def _kill_in_second_table(box: Sandbox) -> list[str]:
    plan: list[str] = []

    def mid_third_table(event: dict) -> bool:
        if event["event"] == "PlanReady":
            plan.extend(t["name"] for t in event["tables"])
        return event["event"] == "RowsWritten" and event["table"] == plan[2]

    _kill_when(_start_generate(box, "--no-resume"), mid_third_table)
    assert read_json(box.state / "progress.json")["completed"] == plan[:2]
    return plan


def test_rows_changed_behind_the_record_are_loaded_again(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """The same number of rows, one of them changed: a count would trust it, the load's own
    transaction ids do not."""
    with sandbox(tmp_path, pg_cluster, rows=30000, extra=BIG) as box:
        box.engine().generate()  # set-up, in process: the resumed run is what is tried
        reference = table_hashes(box.conninfo)
        plan = _kill_in_second_table(box)
        with box.connect() as conn:
            conn.execute("SET session_replication_role = replica")  # no triggers
            # rewritten to the very same values: only who wrote it differs
            column = _first_text_column(conn, plan[1])
            conn.execute(
                f"UPDATE {plan[1]} SET {column} = {column} "
                f"WHERE ctid = (SELECT min(ctid) FROM {plan[1]})"
            )
        result = run_cli("generate", "--yes", "--json", "--config", str(box.config), cwd=box.root)
        assert result.returncode == 0, result.stderr
        events = [json.loads(line) for line in result.stdout.splitlines()]
        checks = [e["message"] for e in events if e["event"] == "Info"]
        assert any(plan[1] in m and "the load did not write" in m for m in checks), checks
        loaded = [e["table"] for e in events if e["event"] == "TableStarted"]
        assert plan[0] not in loaded and plan[1] in loaded
        assert table_hashes(box.conninfo) == reference


def _first_text_column(conn: psycopg.Connection, table: str) -> str:
    return conn.execute(
        "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0 "
        "AND atttypid IN ('text'::regtype, 'varchar'::regtype) AND NOT attisdropped "
        "ORDER BY attnum LIMIT 1",
        (table,),
    ).fetchone()[0]


def test_repairing_passwords_during_a_run_grants_nothing(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """The race an agent won: `env` (and the MCP tools' repair when a login fails) set the
    roles' passwords again while a generate was building, and that repair granted CONNECT to
    the half-built database. A repair now only repairs."""
    with sandbox(tmp_path, pg_cluster, rows=30000, extra=BIG) as box:
        box.engine().generate()  # set-up, in process
        _kill_in_second_table(box)
        env = run_cli("env", "--json", "--config", str(box.config))
        assert env.returncode == 0, env.stderr
        url = json.loads(env.stdout)["database_url"]
        Context.build(load_config(box.config)).db.prepare_roles(reset_passwords=True)
        url = json.loads(run_cli("env", "--json", "--config", str(box.config)).stdout)[
            "database_url"
        ]
        with pytest.raises(psycopg.OperationalError, match="permission denied for database"):
            psycopg.connect(url).close()
        _generate_box(box)  # the finished run grants, once
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT count(*) FROM customers").fetchone()[0] > 0


# --- same sandbox name, two projects, one server (item 5) --------------------------------------


def test_a_second_project_with_the_same_name_never_touches_the_firsts_roles(
    tmp_path: Path, make_project: MakeProject, pg_cluster: Cluster
) -> None:
    first = make_project(BASE, extra=ROWS, folder="first")
    Engine(first).generate()  # set-up, in process: the second project is what is tried
    url = json.loads(run_cli("env", "--json", "--config", str(first)).stdout)["database_url"]
    second = tmp_path / "second"
    second.mkdir()
    (second / "schema.sql").write_text(BASE)
    (second / "sandbox.toml").write_text(first.read_text())
    for args in (("env", "--json"), ("generate", "--yes"), ("reset", "--yes")):
        run_cli(*args, "--config", str(second / "sandbox.toml"))
    # its database is the first project's: no role is made or reset beside it (attack22f F21c)
    with pytest.raises(GuardRefusal, match="another project's"):
        Context.build(load_config(second / "sandbox.toml")).db.prepare_roles(reset_passwords=True)
    with psycopg.connect(url) as conn:  # the first project's password still works
        assert conn.execute("SELECT count(*) FROM items").fetchone()[0] == 20
    ours, theirs = role_names(load_config(first)), role_names(load_config(second / "sandbox.toml"))
    assert {ours.app, ours.read, ours.owner}.isdisjoint({theirs.app, theirs.read, theirs.owner})
    with _superuser(pg_cluster) as conn:
        for role in (theirs.app, theirs.read, theirs.owner):
            conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))


def test_a_role_marked_for_another_project_is_refused(
    tmp_path: Path, make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """A role of this sandbox's name whose marker holds another sandbox id (its id file was
    copied, say) is someone else's: refused, never altered."""
    config = make_project(BASE, extra=ROWS)
    loaded = load_config(config)
    app = role_names(loaded).app
    other = role_marker(loaded, "app").replace(Guard(loaded).sandbox_id(), "0" * 16)
    with _superuser(pg_cluster) as conn:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(app)))
        conn.execute(
            sql.SQL("COMMENT ON ROLE {} IS {}").format(sql.Identifier(app), sql.Literal(other))
        )
    try:
        result = run_cli("env", "--json", "--config", str(config))
        assert result.returncode == 3 and "another project's" in result.stderr, result.stderr
    finally:
        with _superuser(pg_cluster) as conn:
            conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(app)))
