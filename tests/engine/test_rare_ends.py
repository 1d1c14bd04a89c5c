"""A nullable time named after an event that ends a row's life (closed, cancelled, terminated,
banned…) is mostly NULL: most accounts are open, most employees current. Checked on a real
PostgreSQL; a time that every row has (created) stays filled."""

from __future__ import annotations

import psycopg

from tests.conftest import REPO
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE accounts (id serial PRIMARY KEY, opened_at timestamptz NOT NULL,
  closed_at timestamptz, "bannedAt" timestamptz, termination_date date,
  last_login_at timestamptz);
"""


def test_endings_are_rare_and_other_times_are_not(pg_cluster) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 2000}}, REPO / "sandbox.toml")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, build_plan(parsed.schema, config), config, seed=1)
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(
            'SELECT count(closed_at), count("bannedAt"), count(termination_date), '
            "count(last_login_at) FROM accounts"
        ).fetchone()
    assert row is not None
    closed, banned, terminated, logins = row
    for filled in (closed, banned, terminated):
        assert 50 < filled < 400  # about one row in ten
    assert logins > 1500
    pg_cluster.drop_database(name)
