"""A point on the map with no address beside it lies in its row's country, at one of its towns
(rules/place_point.py): on a schema of our own, a haulier's depots (`depots.latitude`/
`longitude`, the depot's `nation_code` a key to `countries.iso_code`) sit within 10 km of a town
of their country (before: drawn anywhere on the globe, 0 of 200), spread over its towns (two
depots in a row of one country seldom in one town: not all in its largest city), so the hauls
between two depots of one country take a quarter hour to three days (before: 5 of 65)."""

from __future__ import annotations

import math
from itertools import pairwise

import psycopg
import pytest

from tests.engine.loading import loaded_database
from workbench.generate.vocab.countries import cities_of

SCHEMA = """
CREATE TABLE countries (iso_code char(2) PRIMARY KEY, country_name text NOT NULL,
  dialling_prefix varchar(5) NOT NULL);
CREATE TABLE depots (id serial PRIMARY KEY, depot_name text NOT NULL,
  nation_code char(2) NOT NULL REFERENCES countries(iso_code),
  latitude numeric(8,5) NOT NULL, longitude numeric(8,5) NOT NULL);
CREATE TABLE hauls (id bigserial PRIMARY KEY,
  from_depot_id int NOT NULL REFERENCES depots(id),
  to_depot_id int NOT NULL REFERENCES depots(id),
  scheduled_departure timestamptz NOT NULL, scheduled_arrival timestamptz NOT NULL,
  CHECK (from_depot_id <> to_depot_id), CHECK (scheduled_arrival > scheduled_departure));
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 400, "now": NOW},
        "tables": {"countries": {"rows": 6}, "depots": {"rows": 200}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(a))


def test_depots_at_towns_of_their_land(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute(
            "SELECT nation_code, latitude::float, longitude::float FROM depots"
        ).fetchall()
    near = 0
    for code, lat, lon in rows:
        towns = cities_of(code.strip())
        near += any(_km(lat, lon, t.latitude, t.longitude) < 10 for t in towns)
    assert len(rows) == 200 and near / len(rows) >= 0.98


def test_depots_of_one_land_spread_over_towns(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute(
            "SELECT nation_code, latitude::float, longitude::float FROM depots"
            " ORDER BY nation_code, id"
        ).fetchall()
    close = pairs = 0
    for a, b in pairwise(rows):
        if a[0] != b[0] or len(cities_of(a[0].strip())) < 10:
            continue
        pairs += 1
        close += _km(a[1], a[2], b[1], b[2]) < 15
    assert pairs >= 50 and close / pairs <= 0.10


def test_hauls_take_hours(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        hours = [
            h
            for (h,) in conn.execute(
                "SELECT extract(epoch FROM h.scheduled_arrival - h.scheduled_departure) / 3600"
                " FROM hauls h JOIN depots a ON a.id = h.from_depot_id"
                " JOIN depots b ON b.id = h.to_depot_id WHERE a.nation_code = b.nation_code"
            ).fetchall()
        ]
    fit = sum(0.25 <= float(h) <= 72 for h in hours)
    assert len(hours) >= 50 and fit / len(hours) >= 0.95
