"""Physical quantities at the world's scale in the unit their name says, on a schema of our
own (survey stations, the vessels that serve them and their voyages), checked in SQL on what a
real PostgreSQL holds: distances a trip can cover, elevations of places on land in metres or
feet, speeds vehicles reach, engine power, temperatures."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE stations (id serial PRIMARY KEY, name text, elevation_m integer,
  elevation_ft integer, mean_temperature_c numeric(4,1));
CREATE TABLE vessels (id serial PRIMARY KEY, max_speed_kn numeric(5,1), engine_power_kw integer,
  top_speed_kmh integer);
CREATE TABLE voyages (id serial PRIMARY KEY, vessel_id int REFERENCES vessels(id),
  station_id int REFERENCES stations(id), route_distance_km numeric(8,1),
  trip_distance_mi integer, cruise_altitude_ft integer);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 500}}, REPO / "sandbox.toml")
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


@pytest.mark.parametrize(
    ("table", "column", "lo", "hi"),
    [
        ("stations", "elevation_m", 0, 4_500),
        ("stations", "elevation_ft", 0, 14_800),
        ("stations", "mean_temperature_c", -30, 45),
        ("vessels", "max_speed_kn", 2, 520),
        ("vessels", "engine_power_kw", 0, 50_000),
        ("vessels", "top_speed_kmh", 5, 950),
        ("voyages", "route_distance_km", 1, 15_000),
        ("voyages", "trip_distance_mi", 0, 9_400),
        ("voyages", "cruise_altitude_ft", 0, 41_100),
    ],
)
def test_a_quantity_stays_at_the_worlds_scale(
    loaded: str, table: str, column: str, lo: float, hi: float
) -> None:
    with psycopg.connect(loaded) as conn:
        row = conn.execute(
            f"SELECT count({column}), count(*) FILTER (WHERE {column} NOT BETWEEN {lo} AND {hi})"
            f" FROM {table}"
        ).fetchone()
    assert row is not None
    assert row[0] > 100 and row[1] == 0


def test_distances_have_no_typical_size(loaded: str) -> None:
    """Log-uniform: as many short trips as long ones, the median far below the longest."""
    with psycopg.connect(loaded) as conn:
        row = conn.execute(
            "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY route_distance_km),"
            " count(*) FILTER (WHERE route_distance_km < 100) FROM voyages"
        ).fetchone()
    assert row is not None
    assert 30 < row[0] < 600 and row[1] > 100
