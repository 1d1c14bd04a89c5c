"""A total is the sum its names state when the parts are named by their words, not listed
names, on a schema of our own (a ferry operator's tickets): a base fare plus taxes plus a
port fee is the ticket's total, to the cent, checked on what a real PostgreSQL holds."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.generate.kinds.arithmetic import formula
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE tickets (id serial PRIMARY KEY, base_fare numeric(10,2) NOT NULL,
  harbour_taxes numeric(10,2) NOT NULL, port_fee numeric(8,2), total_amount numeric(10,2) NOT NULL);
CREATE TABLE rooms (id serial PRIMARY KEY, base_rate numeric(8,2), total numeric(8,2),
  tax_rate numeric(5,2));
"""


def test_the_parts_are_read_from_their_words() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    tickets = formula(schema, schema.tables["public.tickets"])
    assert tickets is not None
    assert tickets.shown == "total_amount = base_fare + harbour_taxes + port_fee"
    rooms = formula(schema, schema.tables["public.rooms"])
    assert rooms is not None and rooms.rate == "tax_rate"  # a rate is no tax amount


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 400}}, REPO / "sandbox.toml")
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def test_a_total_is_its_fare_taxes_and_fees(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        row = conn.execute(
            "SELECT count(*) FILTER (WHERE abs(total_amount - (base_fare + harbour_taxes"
            " + coalesce(port_fee, 0))) >= 0.005), count(*) FROM tickets"
        ).fetchone()
    assert row is not None and row[1] > 100 and row[0] == 0
