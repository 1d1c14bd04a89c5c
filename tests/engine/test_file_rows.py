"""Rows schema.sql carries (INSERT … VALUES, COPY … FROM stdin) are loaded as they are; their
tables are not synthesized unless sandbox.toml gives them rows; other tables' FKs pick parents
among them; sequences go past them; plan, estimate, schema and classify say "from schema.sql"."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg

from tests.conftest import MakeProject, run_cli
from workbench.engine import Engine
from workbench.events import Event, Info
from workbench.schema.parse import parse_schema_text

SCHEMA = """
SET search_path TO app, public;
CREATE SCHEMA app;
CREATE TABLE app.kinds (id serial PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE app.items (
    id serial PRIMARY KEY,
    kind_id integer NOT NULL REFERENCES app.kinds (id),
    label text
);
CREATE TABLE app.schema_migrations (version character varying NOT NULL PRIMARY KEY);
CREATE TABLE app.ar_internal_metadata (key text PRIMARY KEY, value text);

INSERT INTO kinds (id, name) VALUES (10, 'apple'), (20, 'pear'),
    (35, 'plum, with a comma (and parentheses)');
INSERT INTO app.kinds VALUES (36, 'fig') ON CONFLICT DO NOTHING;
COPY app.schema_migrations (version) FROM stdin;
20240101000000
20240202000000
\\.
INSERT INTO app.ar_internal_metadata SELECT 'environment', 'test';
"""


def test_parser_counts_the_rows_and_names_their_table() -> None:
    pf = parse_schema_text(SCHEMA, "rows.sql")
    tables = pf.schema.tables
    assert tables["app.kinds"].file_rows == 4
    assert tables["app.schema_migrations"].file_rows == 2
    assert tables["app.items"].file_rows == 0
    # INSERT … SELECT carries rows too (one a SELECT branch)
    assert tables["app.ar_internal_metadata"].file_rows == 1
    carried = [(st.kind, st.table, st.rows) for st in pf.statements if st.table]
    assert carried == [
        ("INSERT", "app.kinds", 3),
        ("INSERT", "app.kinds", 1),
        ("COPY FROM stdin", "app.schema_migrations", 2),
        ("INSERT", "app.ar_internal_metadata", 1),
    ]


def _generate(config: Path, rows: int | None = 50) -> list[Event]:
    events: list[Event] = []
    Engine(str(config)).generate(rows=rows, seed=5, on_event=events.append, keep_snapshot=False)
    return events


def test_the_file_rows_are_loaded_and_their_tables_not_synthesized(
    make_project: MakeProject,
) -> None:
    config = make_project(SCHEMA)
    engine = Engine(str(config))
    plan = {t["name"]: t for t in engine.plan(rows=50).to_dict()["tables"]}
    assert plan["app.kinds"] == {"name": "app.kinds", "rows": 0, "from_schema_sql": 4}
    assert plan["app.items"] == {"name": "app.items", "rows": 50}
    estimate = {t["name"]: t for t in engine.estimate(rows=50).to_dict()["tables"]}
    assert estimate["app.schema_migrations"]["from_schema_sql"] == 2
    assert estimate["app.schema_migrations"]["rows"] == 0

    events = _generate(config)
    loaded = [e for e in events if isinstance(e, Info) and "from schema.sql" in e.message]
    assert loaded and loaded[0].data["tables"] == {
        "app.kinds": 4,
        "app.schema_migrations": 2,
        "app.ar_internal_metadata": 1,
    }
    dsn = engine.config.sandbox.dsn
    with psycopg.connect(dsn) as conn:
        kinds = conn.execute("SELECT id, name FROM app.kinds ORDER BY id").fetchall()
        assert kinds == [
            (10, "apple"),
            (20, "pear"),
            (35, "plum, with a comma (and parentheses)"),
            (36, "fig"),
        ]
        versions = conn.execute("SELECT version FROM app.schema_migrations ORDER BY 1").fetchall()
        assert versions == [("20240101000000",), ("20240202000000",)]
        # children pick their parents among the loaded rows, and all of them do
        parents = conn.execute("SELECT DISTINCT kind_id FROM app.items ORDER BY 1").fetchall()
        assert conn.execute("SELECT count(*) FROM app.items").fetchone() == (50,)
        assert set(parents) <= {(10,), (20,), (35,), (36,)} and len(parents) >= 2
        # the sequence is past the loaded ids: an INSERT with the default succeeds
        row = conn.execute("INSERT INTO app.kinds (name) VALUES ('new') RETURNING id").fetchone()
        assert row is not None and row[0] > 36
        # the table the file fills with INSERT … SELECT keeps that row
        rows = conn.execute("SELECT key, value FROM app.ar_internal_metadata").fetchall()
        assert rows == [("environment", "test")]
        conn.rollback()
    checks = {c["name"]: c for c in Engine(str(config)).doctor()}
    assert checks["row counts"]["status"] == "pass", checks["row counts"]


def test_sandbox_toml_rows_replace_the_file_rows(make_project: MakeProject) -> None:
    extra = '\n[generate]\nrows = 20\n\n[tables."app.kinds"]\nrows = 7\n'
    config = make_project(SCHEMA, extra=extra)
    _generate(config, rows=None)
    dsn = Engine(str(config)).config.sandbox.dsn
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT count(*) FROM app.kinds").fetchone() == (7,)
        assert conn.execute("SELECT count(*) FROM app.kinds WHERE id = 35").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM app.schema_migrations").fetchone() == (2,)
        assert conn.execute("SELECT count(*) FROM app.items").fetchone() == (20,)


def test_schema_and_classify_show_from_schema_sql(make_project: MakeProject) -> None:
    config = make_project(SCHEMA, create_db=False)
    root = config.parent
    out = run_cli("schema", "--json", cwd=root)
    assert out.returncode == 0, out.stderr
    tables = {t["name"]: t for t in json.loads(out.stdout)["tables"]}
    assert tables["kinds"]["rows_from_schema_sql"] == 4
    text = run_cli("schema", cwd=root).stdout
    assert "kinds  4 rows from schema.sql" in text
    items = json.loads(run_cli("classify", "--json", cwd=root).stdout)["columns"]
    kinds = [i for i in items if i["table"] == "app.kinds"]
    assert kinds and all(i["from_schema_sql"] == 4 for i in kinds)
    assert all("from_schema_sql" not in i for i in items if i["table"] == "app.items")
    est = run_cli("estimate", cwd=root).stdout
    assert "4 from schema.sql" in est
    # nothing to decide for a table filled from the file: check does not ask
    report = json.loads(run_cli("check", "--json", cwd=root).stdout)
    assert not [p for p in report["problems"] if p["table"] == "app.kinds"]


SETTINGS = """
CREATE FUNCTION public.tenant_prefix(t text) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$ SELECT current_setting('app.prefix') || ':' || t $$;
CREATE FUNCTION public.current_tenant() RETURNS uuid
    LANGUAGE sql STABLE AS $$ SELECT (current_setting('app.current_tenant'))::uuid $$;
CREATE TABLE public.docs (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id uuid NOT NULL DEFAULT public.current_tenant(),
    seat integer DEFAULT current_setting('app.seat')::integer,
    title text NOT NULL,
    key text GENERATED ALWAYS AS (public.tenant_prefix(title)) STORED
);
CREATE TABLE public.notes (
    id serial PRIMARY KEY,
    body text NOT NULL,
    key text GENERATED ALWAYS AS (public.tenant_prefix(body)) STORED
);
INSERT INTO public.docs (title) VALUES ('from the file');
"""


def test_settings_the_schema_reads_do_not_break_the_load(make_project: MakeProject) -> None:
    from workbench.schema.load_settings import load_settings

    pf = parse_schema_text(SETTINGS, "s.sql")
    settings = {s.name: s.value for s in load_settings(pf)}
    assert settings == {
        "app.prefix": "sandbox",
        "app.current_tenant": "00000000-0000-4000-8000-000000000001",
        "app.seat": "1",
    }
    config = make_project(SETTINGS)
    events = _generate(config, rows=30)
    notes = [e.message for e in events if isinstance(e, Info) and "never sets" in e.message]
    assert len(notes) == 3 and notes[0].endswith(
        "schema.sql:2: reads the setting app.prefix, which schema.sql never sets; the load sets "
        "it to 'sandbox'"
    )
    dsn = Engine(str(config)).config.sandbox.dsn
    with psycopg.connect(dsn) as conn:
        # the file's row took its defaults; generated rows got values; the generated column
        # was computed by the server, never written
        row = conn.execute(
            "SELECT tenant_id::text, seat, key FROM docs WHERE title = 'from the file'"
        ).fetchone()
        assert row == ("00000000-0000-4000-8000-000000000001", 1, "sandbox:from the file")
        assert conn.execute("SELECT count(*) FROM docs").fetchone() == (1,)
        synthesized = conn.execute(
            "SELECT count(*), count(*) FILTER (WHERE key = 'sandbox:' || body) FROM notes"
        ).fetchone()
        assert synthesized == (30, 30)
        # the settings were the load's own: the application's session does not see them
        assert conn.execute("SELECT current_setting('app.prefix', true)").fetchone()[0] in (
            None,
            "",
        )


def test_csv_output_carries_the_file_rows(tmp_path: Path) -> None:
    (tmp_path / "schema.sql").write_text(SCHEMA)
    (tmp_path / "sandbox.toml").write_text('[sandbox]\nname = "csv_rows"\nschema = "schema.sql"\n')
    out = run_cli("generate", "--csv", "out", "--rows", "20", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    kinds = (tmp_path / "out" / "app.kinds.csv").read_text().splitlines()
    assert kinds == ["id,name", "10,apple", "20,pear", '35,"plum, with a comma (and parentheses)"',
                     "36,fig"]  # fmt: skip
    migrations = (tmp_path / "out" / "app.schema_migrations.csv").read_text().split()
    assert migrations == ["version", "20240101000000", "20240202000000"]
    items = (tmp_path / "out" / "app.items.csv").read_text().splitlines()[1:]
    assert len(items) == 20 and {line.split(",")[1] for line in items} <= {"10", "20", "35", "36"}


def test_csv_output_refuses_keys_only_the_server_knows(tmp_path: Path) -> None:
    schema = SCHEMA.replace("(id, name) VALUES (10, 'apple'), (20, 'pear'),", "(name) VALUES")
    schema = schema.replace("    (35, 'plum, with a comma (and parentheses)');", "('plum');")
    (tmp_path / "schema.sql").write_text(schema)
    (tmp_path / "sandbox.toml").write_text('[sandbox]\nname = "csv_rows"\nschema = "schema.sql"\n')
    out = run_cli("generate", "--csv", "out", "--rows", "20", cwd=tmp_path)
    assert out.returncode == 1
    assert "app.kinds leave id to the server's defaults" in out.stderr
    assert "Traceback" not in out.stderr
