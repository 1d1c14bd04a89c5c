"""The schema model on the real schemas of ../shared/schemas: every table and foreign key is
found by the parser; the files that load on PostgreSQL 15 are applied to a fresh database and
the introspected model must equal the parsed one (and hash the same). Also the apply rules:
skipped statements, missing extensions, roles, errors naming file:line."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import SHARED_SCHEMAS, ClusterFor, shared_schema
from workbench.errors import SchemaApplyError
from workbench.postgres.sources import schema_needs
from workbench.schema.apply import apply_statements
from workbench.schema.compare import diff_models
from workbench.schema.fingerprint import fingerprint
from workbench.schema.introspect import introspect
from workbench.schema.parse import parse_schema_file, parse_schema_text

# From ../shared/schemas/README.md: tables (partitions apart), partitions, FKs, CHECKs.
EXPECTED = {
    "pagila15.sql": (15, 55, 36, 0),
    "pagila.sql": (16, 55, 37, 0),
    "chinook.sql": (11, 0, 11, 0),
    "chinook_identity.sql": (11, 0, 11, 0),
    "northwind.sql": (14, 0, 13, 0),
    "openstreetmap.sql": (57, 0, 71, 0),
    "danbooru.sql": (66, 0, 93, 0),
    "gisia_gitlab_derived.sql": (77, 6, 6, 0),
    "supabase.sql": (9, 0, 3, 0),
    "musicbrainz.sql": (371, 4, 762, 344),
    "adventureworks.sql": (68, 0, 90, 88),
    "coder.sql": (76, 0, 82, 4),
    "glific.sql": (64, 0, 142, 5),
    "hexpm.sql": (36, 0, 51, 2),
    "graphile_starter.sql": (12, 0, 10, 6),
    "synapse_main.sql": (134, 0, 14, 5),
    "manifold.sql": (111, 0, 104, 1),
    "wikino_go.sql": (31, 0, 39, 11),
}
# Files that load: each on a server chosen by its extensions (openstreetmap needs PostGIS and
# musicbrainz ICU, from the machine's server; pagila needs pgvector and PostgreSQL 18, from the
# wheel's; supabase needs extensions no source packages: parse only).
LOADABLE = [
    "pagila15.sql",
    "chinook.sql",
    "chinook_identity.sql",
    "northwind.sql",
    "danbooru.sql",
    "gisia_gitlab_derived.sql",
    "musicbrainz.sql",
    "adventureworks.sql",
    "openstreetmap.sql",
    "coder.sql",
    "glific.sql",
    "hexpm.sql",
    "graphile_starter.sql",
    "synapse_main.sql",
    "manifold.sql",
    "wikino_go.sql",
    "pagila.sql",
]
# The oldest server (server_version_num) a file loads on.
MIN_SERVER = {"pagila.sql": 180000}


def test_every_shared_file_is_covered() -> None:
    if not SHARED_SCHEMAS.exists():
        pytest.skip(f"{SHARED_SCHEMAS} is absent")
    assert {p.name for p in SHARED_SCHEMAS.glob("*.sql")} <= set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_parser_finds_every_table_and_foreign_key(name: str) -> None:
    pf = parse_schema_file(shared_schema(name))
    s = pf.schema
    assert s.errors == [], [e.reason for e in s.errors]
    partitions = [t for t in s.tables.values() if t.partition_of]
    fks = [fk for t in s.tables.values() for fk in t.foreign_keys]
    checks = [c for t in s.tables.values() for c in t.checks]
    want_tables, want_parts, want_fks, want_checks = EXPECTED[name]
    assert (len(s.tables) - len(partitions), len(partitions)) == (want_tables, want_parts)
    assert len(fks) == want_fks
    assert len(checks) == want_checks
    # Every FK points at a table of the file, with as many columns as it has.
    for t in s.tables.values():
        for fk in t.foreign_keys:
            assert fk.ref_qualified in s.tables, (t.qualified, fk)
            assert len(fk.ref_columns) == len(fk.columns), (t.qualified, fk)
    # Nothing is silently dropped: every statement is in the model or reported.
    assert pf.statements and all(
        st.phase in ("pre", "post", "data", "skip") for st in pf.statements
    )


def test_chinook_outside_statements_are_skipped() -> None:
    pf = parse_schema_file(shared_schema("chinook.sql"))
    skipped = {(st.kind, st.phase) for st in pf.statements if st.phase == "skip"}
    assert {("DROP DATABASE", "skip"), ("CREATE DATABASE", "skip"), ("psql \\c", "skip")} <= skipped


@pytest.mark.parametrize("name", LOADABLE)
def test_parsed_model_equals_the_introspected_one(name: str, cluster_for: ClusterFor) -> None:
    path = shared_schema(name)
    pf = parse_schema_file(path)
    # The extensions choose the server, as they do for a sandbox: PostGIS from the machine's
    # PostgreSQL, pgvector from the wheel's (a skip naming the sources when none has them).
    cluster = cluster_for(schema_needs(pf))
    db = cluster.create_database()
    try:
        with psycopg.connect(cluster.conninfo(db)) as conn:
            if conn.info.server_version < MIN_SERVER.get(name, 0):
                pytest.skip(f"{name} needs PostgreSQL {MIN_SERVER[name] // 10000} or later")
            pre = apply_statements(conn, pf, "pre")
            post = apply_statements(conn, pf, "post")
            live = introspect(conn)
    finally:
        cluster.drop_database(db)
    assert pre.executed and all(st.phase == "pre" for st in pre.executed)
    assert all(st.phase == "post" for st in post.executed)
    diff = diff_models(pf.schema, live)
    assert diff == [], "\n".join(diff[:40])
    assert fingerprint(pf.schema) == fingerprint(live)
    assert set(live.sequences) >= {
        c.sequence for t in pf.schema.tables.values() for c in t.columns if c.sequence
    }


def test_apply_reports_skips_and_creates_roles(fresh_db: str) -> None:
    text = (
        "DROP DATABASE IF EXISTS other;\n"
        "CREATE TABLE t (id int PRIMARY KEY);\n"
        "ALTER TABLE t OWNER TO wb_test_owner;\n"
        "GRANT SELECT ON t TO wb_test_reader;\n"
        "CREATE INDEX t_idx ON t (id);\n"
        "INSERT INTO t VALUES (1);\n"
    )
    pf = parse_schema_text(text, "roles.sql")
    with psycopg.connect(fresh_db) as conn:
        pre = apply_statements(conn, pf, "pre")
        assert [st.kind for st in pre.skipped] == ["DROP DATABASE"]
        assert set(pre.roles_created) <= {"wb_test_owner", "wb_test_reader"}
        rows = conn.execute(
            "SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname LIKE 'wb_test_%'"
        ).fetchall()
        assert sorted(rows) == [("wb_test_owner", False), ("wb_test_reader", False)]
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (0,)  # data not run
        assert conn.execute("SELECT to_regclass('t_idx')").fetchone() == (None,)
        apply_statements(conn, pf, "post")
        assert conn.execute("SELECT to_regclass('t_idx')").fetchone() == ("t_idx",)
        apply_statements(conn, pf, "data")
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (1,)


def test_apply_error_names_file_line_and_server_message(fresh_db: str) -> None:
    text = "CREATE TABLE a (id int);\n\nCREATE TABLE b (id int REFERENCES missing (id));\n"
    pf = parse_schema_text(text, "broken.sql")
    with psycopg.connect(fresh_db) as conn, pytest.raises(SchemaApplyError) as err:
        apply_statements(conn, pf, "pre")
    assert str(err.value).startswith("broken.sql:3: CREATE TABLE failed:")
    assert 'relation "missing" does not exist' in str(err.value)


def test_missing_extensions_are_named(fresh_db: str) -> None:
    text = "CREATE EXTENSION IF NOT EXISTS no_such_ext_a;\nCREATE EXTENSION no_such_ext_b;\n"
    pf = parse_schema_text(text, "ext.sql")
    with psycopg.connect(fresh_db) as conn, pytest.raises(SchemaApplyError) as err:
        apply_statements(conn, pf, "pre")
    assert "no_such_ext_a, no_such_ext_b" in str(err.value)
    assert "ext.sql:1" in str(err.value) and "ext.sql:2" in str(err.value)


def test_session_settings_carry_into_the_post_phase(fresh_db: str) -> None:
    text = (
        "CREATE SCHEMA app;\n"
        "SET search_path = app;\n"
        "CREATE TABLE a (id int);\n"
        "ALTER TABLE a ADD CONSTRAINT a_pkey PRIMARY KEY (id);\n"
    )
    pf = parse_schema_text(text, "path.sql")
    with psycopg.connect(fresh_db) as conn:
        apply_statements(conn, pf, "pre")
        apply_statements(conn, pf, "post")
        live = introspect(conn)
        # The file's SET does not leak into the caller's session.
        assert conn.execute("SHOW search_path").fetchone()[0] != "app"
    assert live.tables["app.a"].primary_key.columns == ["id"]
    assert diff_models(pf.schema, live) == []
