"""A row naming a party and a group names one of the group's people when a roster lists them:
a table whose primary key is the group's key and a place number, naming in each place its own
party (who may be missing: a walk-on with a name only). On a schema of our own (a ferry's
voyages, `voyage_berths` numbering each voyage's berths and naming the passenger in each; a
meal order names its voyage and its passenger), checked in SQL on what a real PostgreSQL
holds: the passenger who orders a meal on a voyage holds a berth on it.

Before, the roster was no link table (its key is a key and a number, not two keys) and the
order's passenger was any passenger: about 1 in 1,000 held a berth on the voyage (golf_clubs:
a round's member was one of its tee booking's players on 0.1 % of the rounds)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE ships (id serial PRIMARY KEY, ship_name text NOT NULL);
CREATE TABLE passengers (passenger_id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE voyages (id serial PRIMARY KEY, ship_id int NOT NULL REFERENCES ships(id),
  departs_at timestamptz NOT NULL);
CREATE TABLE voyage_berths (voyage_id int NOT NULL REFERENCES voyages(id),
  berth_no smallint NOT NULL, passenger_id int REFERENCES passengers(passenger_id),
  walk_on_name text, PRIMARY KEY (voyage_id, berth_no));
CREATE TABLE meal_orders (order_id serial PRIMARY KEY,
  voyage_id int NOT NULL REFERENCES voyages(id),
  passenger_id int NOT NULL REFERENCES passengers(passenger_id),
  ordered_at timestamptz NOT NULL, dish text NOT NULL);
"""
ROWS = {"ships": 20, "passengers": 400, "voyages": 300, "voyage_berths": 900, "meal_orders": 800}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {name: {"rows": n} for name, n in ROWS.items()},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_a_meal_is_ordered_by_a_passenger_berthed_on_the_voyage(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM voyage_berths b
                  WHERE b.voyage_id = o.voyage_id AND b.passenger_id = o.passenger_id))
           FROM meal_orders o""",
    )
    assert judged == ROWS["meal_orders"]
    assert held >= 0.98
