"""A weight of a thing of a kind, on a schema of our own (a hotel's left-luggage room and a
courier's pieces), checked in SQL on what a real PostgreSQL holds: a weight in a unit
(`weight_lb`, `weight_kg`) with no sides beside it weighs what its thing weighs, by the
table's name (stored luggage: 2-32 kg, the handling limit, 12-24 kg on average) or by a kind
column's labels (a cabin bag up to 12 kg, a checked one up to 32), in the unit its name gives."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

LB = 0.45359237
SCHEMA = """
CREATE TABLE guests (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE stored_luggage (id bigserial PRIMARY KEY, guest_id int NOT NULL REFERENCES guests(id),
  tag_no varchar(12) NOT NULL, weight_lb numeric(5,1) NOT NULL, stored_at timestamptz NOT NULL);
CREATE TABLE baggage_items (id bigserial PRIMARY KEY, guest_id int NOT NULL REFERENCES guests(id),
  item_type text NOT NULL CHECK (item_type IN ('cabin_bag', 'checked_bag')),
  weight_kg numeric(4,1) NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 800}}) as conninfo:
        yield conninfo


def test_stored_luggage_weighs_what_a_bag_weighs_in_pounds(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"""SELECT count(*), CASE WHEN avg(weight_lb * {LB}) BETWEEN 12 AND 24
                THEN count(*) FILTER (WHERE weight_lb * {LB} BETWEEN 2 - 0.1 AND 32 + 0.1)
                ELSE 0 END FROM stored_luggage""",
    )
    assert applies == 800 and held == 1.0


def test_a_bag_weighs_what_its_kind_weighs(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE item_type
                WHEN 'cabin_bag' THEN weight_kg BETWEEN 1 AND 12
                WHEN 'checked_bag' THEN weight_kg BETWEEN 2 AND 32 END) FROM baggage_items""",
    )
    assert applies == 800 and held == 1.0
    applies, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE weight_kg > 12) FROM baggage_items"
        " WHERE item_type = 'checked_bag'",
    )
    assert held > 0.3  # checked bags are the heavy ones
