"""Classes of real schemas that once stopped `generate` (issue 24's third outside corpus), each
on a schema of our own making: types whose names need quoting in the judge's own SQL (quoted
mixed-case enums as Prisma writes them, a composite with a space in a schema of its own), views
a `DROP … CASCADE` takes along with their indexes, range types the file makes, rows the file
derives from its own rows."""

from __future__ import annotations

import tomllib
from pathlib import Path

import psycopg
import pytest

from tests.conftest import run_cli
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.load.report import LoadReport
from workbench.schema.apply import apply_statements
from workbench.schema.introspect import introspect
from workbench.schema.parse import parse_schema_text


def _load(conninfo: str, ddl: str, tmp_path: Path, rows: int = 200) -> LoadReport:
    """Pre-data, the load, then post-data (every index and constraint built over the rows)."""
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


QUOTED_TYPES = """
CREATE TYPE "PauseBehavior" AS ENUM ('QUEUE', 'DROP');
CREATE SCHEMA "Billing";
CREATE TYPE "Billing"."Money Pair" AS (amount int, currency text);
CREATE DOMAIN "Short Note" AS text CHECK (length(VALUE) < 40);
CREATE TABLE "Workflow" (
    "id" uuid NOT NULL PRIMARY KEY,
    "isPaused" boolean NOT NULL DEFAULT false,
    "pauseBehavior" "PauseBehavior",
    "pastBehaviors" "PauseBehavior"[],
    "price" "Billing"."Money Pair",
    "note" "Short Note",
    "content" text NOT NULL,
    CONSTRAINT "Workflow_PausedCheck" CHECK (
        ("isPaused" = FALSE AND "pauseBehavior" IS NULL)
        OR ("isPaused" = TRUE AND "pauseBehavior" IS NOT NULL)));
CREATE INDEX workflow_content ON "Workflow" USING gin (to_tsvector('english', content));
"""


def test_quoted_type_names_are_judged_on_the_server(fresh_db: str, tmp_path: Path) -> None:
    """The judge casts the staged text to each column's type: a type created under a quoted
    name (mixed case, a space, a schema of its own) is named as created, not folded."""
    report = _load(fresh_db, QUOTED_TYPES, tmp_path)
    assert report.dropped == {}, report.dropped
    with psycopg.connect(fresh_db) as conn:
        row = conn.execute(
            'SELECT count(*), count(*) FILTER (WHERE "isPaused"),'
            ' count(*) FILTER (WHERE NOT "isPaused") FROM "Workflow"'
        ).fetchone()
    assert row is not None
    assert row[0] == 200
    assert row[1] > 0 and row[2] > 0  # both sides of the implication are kept


CASCADED_VIEWS = """
CREATE TABLE person (id serial PRIMARY KEY, name text NOT NULL);
CREATE VIEW person_view AS SELECT id, name FROM person;
CREATE VIEW person_names AS SELECT id, upper(name) AS shout FROM person_view;
CREATE MATERIALIZED VIEW person_mview AS SELECT * FROM person_names;
CREATE UNIQUE INDEX idx_person_mview_id ON person_mview (id);
-- a later migration reshapes the view: CASCADE takes both views on it, and the index
DROP VIEW person_view CASCADE;
CREATE VIEW person_view AS SELECT id, name, length(name) AS name_length FROM person;
CREATE VIEW person_names AS SELECT id, upper(name) AS shout, name_length FROM person_view;
CREATE MATERIALIZED VIEW person_mview AS SELECT * FROM person_names;
CREATE UNIQUE INDEX idx_person_mview_id ON person_mview (id);
-- and a later one drops the materialized view for good, its index with it
DROP VIEW person_view CASCADE;
CREATE VIEW person_view AS SELECT id, name FROM person;
"""


def test_views_a_cascade_drops_take_their_indexes_along(fresh_db: str, tmp_path: Path) -> None:
    """`DROP VIEW … CASCADE` drops the views and materialized views defined on the view (as
    PostgreSQL's dependencies go); an index on such a materialized view, and a materialized
    view redefined after other indexes, run at their place in the file, not after the data
    on a relation that is gone by then: the sandbox ends as psql leaves it."""
    report = _load(fresh_db, CASCADED_VIEWS, tmp_path, rows=50)
    assert report.dropped == {}
    with psycopg.connect(fresh_db) as conn:
        views = conn.execute(
            "SELECT relname, relkind FROM pg_class WHERE relname LIKE 'person%'"
            " AND relkind IN ('v', 'm') ORDER BY 1"
        ).fetchall()
        indexes = conn.execute(
            "SELECT count(*) FROM pg_indexes WHERE indexname = 'idx_person_mview_id'"
        ).fetchone()
        rows = conn.execute("SELECT count(*) FROM person_view").fetchone()
    assert views == [("person_view", "v")]
    assert indexes == (0,)
    assert rows == (50,)


RANGE_TYPES = """
CREATE EXTENSION btree_gist;
CREATE TYPE uuidrange AS RANGE (SUBTYPE = UUID);
CREATE TYPE "Weights" AS RANGE (subtype = float8, subtype_diff = float8mi);
CREATE TYPE wordrange AS RANGE (SUBTYPE = text, COLLATION = "C");
CREATE TYPE inetrange AS RANGE (SUBTYPE = inet);
CREATE TABLE blocks (
    day date NOT NULL,
    ids uuidrange NOT NULL,
    weights "Weights" NOT NULL,
    names wordrange NOT NULL,
    hosts inetrange NOT NULL,
    file_key text NOT NULL UNIQUE,
    CONSTRAINT blocks_excl EXCLUDE USING gist (day WITH =, ids WITH &&)
);
"""


def test_range_types_of_the_schema_get_values(fresh_db: str, tmp_path: Path) -> None:
    """A range type the file makes (CREATE TYPE … AS RANGE) is filled over its subtype, its
    rows' ranges disjoint where an exclusion constraint wants it; a subtype no generator
    orders gets 'empty', which every range type takes."""
    report = _load(fresh_db, RANGE_TYPES, tmp_path)
    assert report.dropped == {}, report.dropped
    with psycopg.connect(fresh_db) as conn:
        row = conn.execute(
            "SELECT count(*), count(DISTINCT ids), count(*) FILTER (WHERE NOT isempty(weights)),"
            " count(*) FILTER (WHERE NOT isempty(names)) FROM blocks"
        ).fetchone()
        live = introspect(conn)  # the catalog tells the same ranges as the file
    assert row == (200, 200, 200, 200)
    assert {k: v.name for k, v in live.ranges.items()} == {
        "public.uuidrange": "uuid",
        "public.Weights": "double precision",
        "public.wordrange": "text",
        "public.inetrange": "inet",
    }


DERIVED_ROWS = """
CREATE TABLE models (id text PRIMARY KEY, name text NOT NULL);
INSERT INTO models VALUES ('m1', 'small'), ('m2', 'large');
CREATE TABLE prices (id serial PRIMARY KEY, model_id text NOT NULL REFERENCES models,
    cents int NOT NULL);
INSERT INTO prices (model_id, cents) VALUES ('m1', 10), ('m2', 20), ('m2', 25);
-- a later migration: a default tier per model, derived from the prices, which point at it
CREATE TABLE tiers (id text PRIMARY KEY, model_id text NOT NULL REFERENCES models,
    name text NOT NULL);
ALTER TABLE prices ADD COLUMN tier_id text;
INSERT INTO tiers (id, model_id, name)
SELECT model_id || '_default', model_id, 'Standard' FROM (SELECT DISTINCT model_id FROM prices) m;
UPDATE prices SET tier_id = model_id || '_default';
ALTER TABLE prices ALTER COLUMN tier_id SET NOT NULL;
ALTER TABLE prices ADD CONSTRAINT prices_tier_fkey FOREIGN KEY (tier_id) REFERENCES tiers (id);
-- a copy nothing of the file points at stays generated
CREATE TABLE model_notes (id serial PRIMARY KEY, model_id text NOT NULL REFERENCES models,
    note text);
INSERT INTO model_notes (model_id, note) SELECT id, name FROM models;
"""


def test_rows_the_file_derives_from_its_rows_are_kept(make_project) -> None:
    """An INSERT … SELECT over tables keeping the file's rows, into a table those rows point
    at, runs at its place: the rows the file updated to point at it find their parents."""
    config = make_project(DERIVED_ROWS, extra="[generate]\nrows = 40\n")
    done = run_cli("generate", "--yes", "--config", str(config), cwd=config.parent)
    assert done.returncode == 0, done.stderr
    dsn = tomllib.loads(config.read_text())["sandbox"]["dsn"]
    with psycopg.connect(dsn) as conn:
        tiers = conn.execute("SELECT id FROM tiers ORDER BY id").fetchall()
        notes = conn.execute("SELECT count(*) FROM model_notes").fetchone()
    assert tiers == [("m1_default",), ("m2_default",)]
    assert notes == (40,)


SHARED_KEY_COLUMN = """
CREATE TABLE projects (id text PRIMARY KEY, name text NOT NULL);
CREATE TABLE conversations (id text NOT NULL, project_id text NOT NULL REFERENCES projects,
  title text, PRIMARY KEY (id, project_id));
CREATE TABLE runs (id text NOT NULL, project_id text NOT NULL REFERENCES projects,
  conversation_id text NOT NULL, finished_at timestamp(3), PRIMARY KEY (id, project_id),
  FOREIGN KEY (conversation_id, project_id) REFERENCES conversations (id, project_id));
CREATE TABLE events (project_id text NOT NULL REFERENCES projects,
  conversation_id text NOT NULL, run_id text NOT NULL, sequence_number int NOT NULL,
  step_run_id text, type text NOT NULL,
  PRIMARY KEY (project_id, conversation_id, sequence_number),
  FOREIGN KEY (conversation_id, project_id) REFERENCES conversations (id, project_id),
  FOREIGN KEY (run_id, project_id) REFERENCES runs (id, project_id),
  FOREIGN KEY (step_run_id, project_id) REFERENCES runs (id, project_id));
"""


def test_composite_keys_sharing_a_column_both_hold(fresh_db: str, tmp_path: Path) -> None:
    """Two composite keys of a row that share a column (the project of an event's
    conversation and of its run): the later key picks among its parent's rows holding the
    value the first key set, so both hold when the foreign keys are built after the load."""
    report = _load(fresh_db, SHARED_KEY_COLUMN, tmp_path)
    assert report.dropped == {}, report.dropped
    with psycopg.connect(fresh_db) as conn:
        row = conn.execute(
            "SELECT count(*), count(step_run_id), count(DISTINCT run_id) FROM events"
        ).fetchone()
    assert row is not None and row[0] == 200 and row[1] > 0 and row[2] > 5


TEMP_SCRATCH = """
CREATE TABLE plans (id serial PRIMARY KEY, name text NOT NULL);
INSERT INTO plans (name) VALUES ('free'), ('pro');
CREATE TABLE plan_names (id int PRIMARY KEY, name text NOT NULL);
INSERT INTO plan_names VALUES (0, 'none');
-- a migration's scratch table, with an index of its own, read by the next statement
CREATE TEMP TABLE scratch AS SELECT id, upper(name) AS name FROM plans;
CREATE UNIQUE INDEX ON scratch (id);
INSERT INTO plan_names SELECT id, name FROM scratch;
"""


BLOCK_SCRATCH = """
CREATE TABLE plans (id serial PRIMARY KEY, name text NOT NULL);
INSERT INTO plans (name) VALUES ('free'), ('pro');
CREATE TABLE plan_names (id int PRIMARY KEY, name text NOT NULL);
INSERT INTO plan_names VALUES (0, 'none');
BEGIN;
-- a migration's scratch table, alive until the block's COMMIT
CREATE TEMP TABLE scratch ON COMMIT DROP AS SELECT id, upper(name) AS name FROM plans;
CREATE UNIQUE INDEX ON scratch (id);
INSERT INTO plan_names SELECT id, name FROM scratch;
COMMIT;
"""


@pytest.mark.parametrize("ddl", [TEMP_SCRATCH, BLOCK_SCRATCH], ids=["session", "block"])
def test_a_temp_scratch_table_serves_the_file_where_it_lives(make_project, ddl: str) -> None:
    """An index the file builds on its TEMP table runs where the file has it (after the
    data the table is gone: another session), and the file's BEGIN … COMMIT holds together,
    so a TEMP table ON COMMIT DROP lives until its COMMIT, as under psql."""
    config = make_project(ddl, extra="[generate]\nrows = 20\n")
    done = run_cli("generate", "--yes", "--config", str(config), cwd=config.parent)
    assert done.returncode == 0, done.stderr
    dsn = tomllib.loads(config.read_text())["sandbox"]["dsn"]
    with psycopg.connect(dsn) as conn:
        names = conn.execute("SELECT name FROM plan_names ORDER BY id").fetchall()
    assert names == [("none",), ("FREE",), ("PRO",)]  # the file's rows, as psql leaves them


EMPTIED_AGAIN = """
CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL);
INSERT INTO users (name) VALUES ('admin');
CREATE TABLE communities (id serial PRIMARY KEY, name text NOT NULL,
  creator_id int NOT NULL REFERENCES users ON DELETE CASCADE);
INSERT INTO communities (name, creator_id) VALUES ('main', 1);
CREATE TABLE languages (id int PRIMARY KEY, code text NOT NULL);
INSERT INTO languages VALUES (1, 'en'), (2, 'fr');
CREATE TABLE posts (id serial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities ON DELETE CASCADE,
  language_id int NOT NULL REFERENCES languages, title text NOT NULL);
-- a later migration removes the default admin, and its community with it
DELETE FROM users WHERE name = 'admin';
"""


def test_tables_the_file_fills_and_empties_again_are_generated(make_project) -> None:
    """Rows the file inserts and a later statement of the file deletes (directly, or through
    ON DELETE CASCADE) leave their table empty after pre-data, as under psql: the table is
    then generated, so the rows that need parents there find some; a table that keeps
    the file's rows keeps exactly them."""
    config = make_project(EMPTIED_AGAIN, extra="[generate]\nrows = 30\n")
    done = run_cli("generate", "--yes", "--config", str(config), cwd=config.parent)
    assert done.returncode == 0, done.stderr
    assert "deletes again by its end are generated instead: public.communities" in done.stderr
    assert "generated 90 rows in 4 tables" in done.stdout
    dsn = tomllib.loads(config.read_text())["sandbox"]["dsn"]
    with psycopg.connect(dsn) as conn:
        counts = conn.execute(
            "SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM communities),"
            " (SELECT count(*) FROM languages), (SELECT count(*) FROM posts)"
        ).fetchone()
    assert counts is not None
    assert counts[0] > 0 and counts[1] > 0 and counts[2] == 2 and counts[3] == 30


RENAMED_INDEX = """
CREATE TABLE user_stats (id serial PRIMARY KEY, user_id int NOT NULL UNIQUE,
  score int NOT NULL DEFAULT 0);
ALTER TABLE user_stats RENAME TO person_stats;
ALTER INDEX user_stats_pkey RENAME TO person_stats_pkey;
-- a later migration: the key column goes, and with it the renamed primary key
ALTER TABLE person_stats DROP COLUMN id, ADD PRIMARY KEY (user_id);
"""


def test_an_index_renamed_before_its_table_is_reshaped_is_renamed_at_its_place(
    fresh_db: str, tmp_path: Path
) -> None:
    """ALTER INDEX … RENAME of an index whose table a later statement reshapes (a DROP COLUMN
    that takes the index along) runs at its place, not after the data on a name gone by then."""
    report = _load(fresh_db, RENAMED_INDEX, tmp_path, rows=50)
    assert report.dropped == {}
    with psycopg.connect(fresh_db) as conn:
        key = conn.execute(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE conname = 'person_stats_pkey'"
        ).fetchone()
    assert key == ("PRIMARY KEY (user_id)",)
