"""Codes in their column's declared shape, on a schema of our own (a freight carrier's depots
and consignments), checked in SQL on what a real PostgreSQL holds: a `char(3)` code is three
capital letters, a number a shared two-letter prefix and digits, a reference six letters and
digits without look-alikes, a plate letters, a hyphen and letters or digits; unique
ones stay unique and do not count up row by row; a CHECK pattern the shape meets keeps it."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, depot_code char(3) NOT NULL UNIQUE, name text);
CREATE TABLE consignments (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  consignment_number varchar(10) NOT NULL UNIQUE, customer_ref char(6) NOT NULL,
  trailer_plate varchar(8), hazard_code varchar(4),
  lane_code char(5) NOT NULL CHECK (lane_code ~ '^[A-Z]{3}[0-9]{2}$'), notes text);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 800}, "tables": {"public.depots": {"rows": 300}}},
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def _one(conninfo: str, query: str) -> object:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return row[0]


@pytest.mark.parametrize(
    ("table", "column", "shape"),
    [
        ("depots", "depot_code", "^[A-Z]{3}$"),
        ("consignments", "consignment_number", "^[A-Z]{2}[0-9]{6}$"),
        ("consignments", "customer_ref", "^[A-HJ-NP-Z2-9]{6}$"),
        ("consignments", "trailer_plate", "^[A-Z]{2}-[A-HJ-NP-Z2-9]{4}$"),
        ("consignments", "hazard_code", "^[A-Z]{3}$"),
        ("consignments", "lane_code", "^[A-Z]{3}[0-9]{2}$"),
    ],
)
def test_a_code_has_its_columns_shape(loaded: str, table: str, column: str, shape: str) -> None:
    total = _one(loaded, f"SELECT count({column}) FROM {table}")
    assert isinstance(total, int) and total > 100
    off = _one(loaded, f"SELECT count(*) FROM {table} WHERE {column} !~ '{shape}'")
    assert off == 0


def test_numbers_share_a_few_prefixes_and_unique_codes_do_not_count_up(loaded: str) -> None:
    prefixes = _one(loaded, "SELECT count(DISTINCT left(consignment_number, 2)) FROM consignments")
    assert isinstance(prefixes, int) and 1 < prefixes <= 6
    # neighbouring rows' numbers are far apart, not 1, 2, 3
    steps = _one(
        loaded,
        "SELECT count(*) FROM (SELECT right(consignment_number, 6)::int"
        " - lag(right(consignment_number, 6)::int) OVER (ORDER BY id) AS d FROM consignments) s"
        " WHERE abs(d) = 1",
    )
    assert steps == 0
    distinct = _one(loaded, "SELECT count(DISTINCT depot_code) = count(*) FROM depots")
    assert distinct is True
