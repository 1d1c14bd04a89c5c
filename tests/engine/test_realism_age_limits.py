"""A lower bound on ages is a threshold, not a person's age: a cinema's film rating holds the
least age of its viewers (`min_viewer_age`), one of the few ages laws use (16, 18, 21...).
Before, the longest suffix (`age`) made it a person's age, 18 to 90, centred on the fifties.
Checked in SQL on what a real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.kinds.recognise import candidates
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE films (id serial PRIMARY KEY, title text NOT NULL,
    min_viewer_age smallint NOT NULL, runtime_minutes int);
CREATE TABLE viewers (id serial PRIMARY KEY, full_name text NOT NULL, age int NOT NULL);
"""


def test_a_lower_bound_on_an_age_is_recognised_as_an_age_limit() -> None:
    assert candidates("min_viewer_age", "films", "int")[0].generator == "age_limit"
    assert candidates("minimum_age", "clubs", "int")[0].generator == "age_limit"
    assert candidates("age", "viewers", "int")[0].generator == "age"


def test_minimum_ages_are_the_ages_laws_use(pg_cluster, tmp_path) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    config = parse_config({"generate": {"rows": 400}}, tmp_path / "sandbox.toml")
    name = pg_cluster.create_database()
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=2)
        load_data(conn, parsed.schema, plan, config, seed=2)
        apply_statements(conn, parsed, "post")
        row = conn.execute(
            "SELECT count(*), count(*) FILTER (WHERE min_viewer_age IN (16, 17, 18, 21, 23, 25)),"
            " count(*) FILTER (WHERE min_viewer_age IN (18, 21)) FROM films"
        ).fetchone()
        assert row is not None
        films, lawful, common = row
        assert films == 400 and lawful == films
        assert common > 0.5 * films  # most are 18 or 21
        # a person's age stays a person's
        older = conn.execute("SELECT count(*) FROM viewers WHERE age > 30").fetchone()
        assert older is not None and older[0] > 200
    pg_cluster.drop_database(name)
