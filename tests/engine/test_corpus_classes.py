"""Classes of real schemas that once stopped `generate` (issue 24's outside corpus), each on a
schema of our own making: constraints the file makes before the data phase, whatever statement
made them (an FK cycle added inside DO blocks, with a child loaded between the cycle's tables)."""

from __future__ import annotations

import tomllib
import uuid
from pathlib import Path

import psycopg

from tests.conftest import run_cli
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.load.report import LoadReport
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text


def _load(conninfo: str, ddl: str, tmp_path: Path, rows: int = 200) -> LoadReport:
    parsed = parse_schema_text(ddl, "schema.sql")
    config = parse_config(
        {"sandbox": {"seed": 5}, "generate": {"rows": rows, "batch_rows": 100}},
        tmp_path / "sandbox.toml",
    )
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre", file_rows=[])
        plan = build_plan(parsed.schema, config, seed=5)
        report = load_data(conn, parsed.schema, plan, config, seed=5)
        apply_statements(conn, parsed, "post")
    return report


def _fk_in_do(name: str, table: str, column: str, parent: str) -> str:
    return f"""
    DO $$
    BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE lower(conname) = lower('{name}')) THEN
        ALTER TABLE {table} ADD CONSTRAINT {name} FOREIGN KEY ({column}) REFERENCES {parent} (id);
    END IF;
    END$$;
    """


def test_fk_cycle_made_by_do_blocks_loads(fresh_db: str, tmp_path: Path) -> None:
    """valid <-> users (both NOT NULL), users -> users, and a child of users that the load order
    puts between the cycle's two tables: its load joins the cycle's one transaction, so the
    cycle's keys are checked once both tables hold their rows."""
    ddl = """
    CREATE TABLE valid (id serial PRIMARY KEY, name varchar(200) NOT NULL,
      create_by integer NOT NULL);
    CREATE TABLE users (id serial PRIMARY KEY, login varchar(200) NOT NULL UNIQUE,
      valid_id smallint NOT NULL, create_by integer NOT NULL);
    CREATE TABLE members (user_id integer NOT NULL, customer varchar(150) NOT NULL,
      create_by integer NOT NULL);
    """ + "".join(
        _fk_in_do(*args)
        for args in (
            ("fk_valid_create_by", "valid", "create_by", "users"),
            ("fk_users_valid_id", "users", "valid_id", "valid"),
            ("fk_users_create_by", "users", "create_by", "users"),
            ("fk_members_user_id", "members", "user_id", "users"),
            ("fk_members_create_by", "members", "create_by", "users"),
        )
    )
    report = _load(fresh_db, ddl, tmp_path)
    assert report.dropped == {}
    with psycopg.connect(fresh_db) as conn:
        for table in ("valid", "users", "members"):
            assert conn.execute(f"SELECT count(*) FROM {table}").fetchone() == (200,)
        names = {r[0] for r in conn.execute("SELECT conname FROM pg_constraint WHERE contype='f'")}
    assert names == {
        "fk_valid_create_by",
        "fk_users_valid_id",
        "fk_users_create_by",
        "fk_members_user_id",
        "fk_members_create_by",
    }


def test_temporary_tables_and_left_out_statements_are_said(make_project) -> None:
    """A temporary table (GLOBAL or LOCAL TEMP) lives in one session: it is not filled, and
    generate says so in one line; an UNLOGGED table is filled like any other. Every statement
    that does not run (transaction control, what `[schema] skip` leaves out) is counted by
    kind in one line."""
    schema = """
    BEGIN;
    CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL);
    CREATE UNLOGGED TABLE cache (id serial PRIMARY KEY, item_id int REFERENCES items, v text);
    CREATE GLOBAL TEMPORARY TABLE dx (encounter_num int, patient_num int)
      ON COMMIT PRESERVE ROWS;
    create local temp table scratch (a int);
    CREATE FUNCTION on_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$ BEGIN END $$;
    CREATE EVENT TRIGGER ddl_watch ON ddl_command_end EXECUTE FUNCTION on_ddl();
    COMMIT;
    """
    config = make_project(
        schema, extra='[generate]\nrows = 30\n[schema]\nskip = ["event-trigger"]\n'
    )
    result = run_cli("generate", "--yes", "--config", str(config), cwd=config.parent)
    assert result.returncode == 0, result.stderr
    out = result.stdout + result.stderr
    temp_lines = [line for line in out.splitlines() if "temporary table" in line]
    assert temp_lines == [
        "not filled: 2 temporary table(s), which live only in the session that makes them: "
        "public.dx, public.scratch"
    ]
    left = [line for line in out.splitlines() if line.startswith("left out of schema.sql")]
    assert len(left) == 1 and "3 statement(s)" in left[0], out
    assert "CREATE EVENT TRIGGER ([schema] skip) ×1" in left[0] and "BEGIN ×1" in left[0]
    dsn = tomllib.loads(config.read_text())["sandbox"]["dsn"]
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT count(*) FROM cache").fetchone() == (30,)
        assert conn.execute("SELECT count(*) FROM items").fetchone() == (30,)


def test_roles_named_inside_a_do_body_are_made_harmless(make_project) -> None:
    """A GRANT to a role the file names only inside a DO body: the role is created as the
    file's other roles are (NOLOGIN, no attribute), so the block runs."""
    role = f"cf24_do_role_{uuid.uuid4().hex[:8]}"
    schema = f"""
    CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);
    DO $$ BEGIN
      ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
      GRANT SELECT ON notes TO {role};
    END $$;
    """
    assert role in parse_schema_text(schema, "schema.sql").schema.roles
    config = make_project(schema, extra="[generate]\nrows = 20\n")
    result = run_cli("generate", "--yes", "--config", str(config), cwd=config.parent)
    assert result.returncode == 0, result.stderr
    dsn = tomllib.loads(config.read_text())["sandbox"]["dsn"]
    with psycopg.connect(dsn) as conn:
        made = conn.execute(
            "SELECT rolcanlogin, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls"
            " FROM pg_roles WHERE rolname = %s",
            [role],
        ).fetchone()
        assert made == (False, False, False, False, False)
        assert conn.execute("SELECT count(*) FROM notes").fetchone() == (20,)


def test_generated_column_naming_its_table_is_judged(fresh_db: str, tmp_path: Path) -> None:
    """A generated column whose expression names columns as `table.column` (valid in
    PostgreSQL), on a table whose keys the server judges."""
    ddl = """
    CREATE TABLE users (id serial PRIMARY KEY, email text NOT NULL,
      email_confirmed_at timestamp, phone_confirmed_at timestamp,
      confirmed_at timestamp GENERATED ALWAYS AS
        (LEAST(users.email_confirmed_at, users.phone_confirmed_at)) STORED);
    CREATE UNIQUE INDEX users_email ON users (lower(email));
    CREATE INDEX users_confirmed ON users ((confirmed_at::date));
    """
    report = _load(fresh_db, ddl, tmp_path)
    assert report.dropped == {}
    with psycopg.connect(fresh_db) as conn:
        assert conn.execute("SELECT count(*) FROM users").fetchone() == (200,)


def test_tables_a_migration_fills_from_other_tables_are_generated(make_project) -> None:
    """`INSERT … SELECT … FROM` another table (a migration moving rows) carries no row of its
    own: on tables the sandbox generates it finds nothing to copy, so its target is generated
    like any other table, as is one filled by a data-modifying CTE; the file's literal rows
    (VALUES, a constant SELECT) are kept as they are."""
    schema = """
    CREATE TABLE kinds (id int PRIMARY KEY, label text NOT NULL);
    INSERT INTO kinds VALUES (1, 'login'), (2, 'card');
    INSERT INTO kinds (id, label) SELECT 3, 'note' WHERE NOT EXISTS (SELECT 1 FROM kinds
      WHERE id = 3);
    CREATE TABLE organisation (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE team (id serial PRIMARY KEY, name text NOT NULL,
      organisation_id int REFERENCES organisation);
    CREATE TABLE ciphers (id serial PRIMARY KEY, kind int NOT NULL REFERENCES kinds,
      favorite boolean NOT NULL DEFAULT false);
    CREATE TABLE favorites (cipher_id int NOT NULL REFERENCES ciphers, note text);
    INSERT INTO favorites (cipher_id) SELECT id FROM ciphers WHERE favorite;
    WITH made AS (INSERT INTO organisation (name) SELECT name FROM team RETURNING id, name)
    UPDATE team SET organisation_id = made.id FROM made WHERE made.name = team.name;
    INSERT INTO organisation (name) SELECT t.name FROM team t JOIN organisation o ON false;
    """
    parsed = parse_schema_text(schema, "schema.sql").schema
    assert {q: t.file_rows for q, t in parsed.tables.items()} == {
        "public.kinds": 3,
        "public.organisation": 0,
        "public.team": 0,
        "public.ciphers": 0,
        "public.favorites": 0,
    }
    config = make_project(schema, extra="[generate]\nrows = 25\n")
    result = run_cli("generate", "--yes", "--config", str(config), cwd=config.parent)
    assert result.returncode == 0, result.stderr
    dsn = tomllib.loads(config.read_text())["sandbox"]["dsn"]
    with psycopg.connect(dsn) as conn:
        counts = {
            t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("kinds", "organisation", "team", "ciphers", "favorites")
        }
    assert counts == {"kinds": 3, "organisation": 25, "team": 25, "ciphers": 25, "favorites": 25}


def test_conditional_drop_in_a_do_body_keeps_the_key(fresh_db: str, tmp_path: Path) -> None:
    """A DO body that drops an index only under a condition (here false) and renames it under
    another: the reader cannot decide the conditions, so it keeps the key (a rename follows
    it); the server's unique index then holds over the generated rows."""
    ddl = """
    CREATE TABLE factors (id serial PRIMARY KEY, user_id int NOT NULL, phone text);
    CREATE UNIQUE INDEX unique_verified_phone ON factors (user_id, phone);
    DO $$ BEGIN
      IF (SELECT count(*) = 2 FROM pg_indexes
          WHERE indexname IN ('unique_verified_phone', 'unique_phone_per_user')) THEN
        EXECUTE 'DROP INDEX unique_verified_phone';
      END IF;
      IF EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'unique_verified_phone') THEN
        EXECUTE 'ALTER INDEX unique_verified_phone RENAME TO unique_phone_per_user';
      END IF;
    END $$;
    """
    table = parse_schema_text(ddl, "schema.sql").schema.tables["public.factors"]
    assert [u.name for u in table.uniques] == ["unique_phone_per_user"]
    report = _load(fresh_db, ddl, tmp_path, rows=3000)
    assert report.dropped == {}
    with psycopg.connect(fresh_db) as conn:
        assert conn.execute("SELECT count(*) FROM factors").fetchone() == (3000,)


def test_seed_rows_through_a_cte_of_constants_stay_the_files() -> None:
    """Reading a CTE of constants is no copy from a table: those rows are the file's."""
    schema = """
    CREATE TABLE kinds (id int PRIMARY KEY, label text NOT NULL);
    CREATE TABLE src (id int PRIMARY KEY);
    INSERT INTO kinds WITH v (id, label) AS (VALUES (1, 'a'), (2, 'b')) SELECT * FROM v;
    CREATE TABLE copies (id int);
    INSERT INTO copies WITH s AS (SELECT id FROM src) SELECT id FROM s;
    """
    tables = parse_schema_text(schema, "schema.sql").schema.tables
    assert tables["public.kinds"].file_rows == 1  # one SELECT branch: an estimate
    assert tables["public.copies"].file_rows == 0
