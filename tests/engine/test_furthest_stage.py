"""A status whose labels fail in several ways but name no success (a commission `enquired`,
`quoted`, `commissioned`, `fell_through`, `withdrawn`; a placement `pending_start`, `started`,
`fell_through`, `refunded`): the last stage declared, an end reached, is where a row that did
not fail ends up, so most rows are there and the failures are few; `fell_through` is a failure
as `cancelled` is. Checked in SQL on a real PostgreSQL at several seeds."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE studios (id serial PRIMARY KEY, studio_name text NOT NULL);
CREATE TABLE art_commissions (
    id bigserial PRIMARY KEY,
    studio_id integer NOT NULL REFERENCES studios,
    patron_name text NOT NULL,
    phase text NOT NULL DEFAULT 'enquired'
        CHECK (phase IN ('enquired', 'quoted', 'commissioned', 'fell_through', 'withdrawn')),
    fee numeric(10,2) NOT NULL);
"""


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_last_stage_reached_is_the_happy_end(pg_cluster, seed: int) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 600, "batch_rows": 250, "now": "2026-03-10T09:00:00+00:00"}},
        REPO / "sandbox.toml",
    )
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=seed)
        load_data(conn, parsed.schema, plan, config, seed=seed)
        apply_statements(conn, parsed, "post")
    rows = _count(conninfo, "SELECT count(*) FROM art_commissions")
    assert rows == 600
    done = _count(conninfo, "SELECT count(*) FROM art_commissions WHERE phase = 'commissioned'")
    failed = "SELECT count(*) FROM art_commissions WHERE phase IN ('fell_through', 'withdrawn')"
    assert done >= 0.7 * rows
    assert _count(conninfo, failed) <= 0.1 * rows
