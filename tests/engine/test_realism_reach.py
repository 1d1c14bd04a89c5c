"""A way between two places and the trips over it, on schemas of our own (a ferry line's
harbours, crossings and sailings; a railway's stations and train runs between two of them),
checked in SQL on what a real PostgreSQL holds:

- a row joining two places with coordinates and carrying a distance in a unit is the great
  circle between them times its mode's detour (a crossing's nautical miles by sea);
- a trip with a start and an end over such a way (a sailing of a crossing, a run between two
  stations) lasts the distance at its mode's door-to-door speed (a ferry's 22-45 km/h and half
  an hour in port, a train's 60-220 km/h), not whatever a trip of its name lasts."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-06-01T12:00:00+00:00"
SCHEMA = """
CREATE TABLE harbours (harbour_code char(5) PRIMARY KEY, name text NOT NULL,
  lat numeric(8,5) NOT NULL, lng numeric(8,5) NOT NULL);
CREATE TABLE crossings (id serial PRIMARY KEY,
  from_harbour char(5) NOT NULL REFERENCES harbours(harbour_code),
  to_harbour char(5) NOT NULL REFERENCES harbours(harbour_code),
  distance_nm numeric(7,1) NOT NULL, CHECK (from_harbour <> to_harbour));
CREATE TABLE sailings (id bigserial PRIMARY KEY, crossing_id int NOT NULL REFERENCES crossings(id),
  departure_time timestamptz NOT NULL, arrival_time timestamptz NOT NULL, deck_note text);
CREATE TABLE stations (id serial PRIMARY KEY, station_name text NOT NULL,
  latitude numeric(9,6) NOT NULL, longitude numeric(9,6) NOT NULL);
CREATE TABLE train_runs (id bigserial PRIMARY KEY,
  origin_station_id int NOT NULL REFERENCES stations(id),
  destination_station_id int NOT NULL REFERENCES stations(id),
  departure_at timestamptz NOT NULL, arrival_at timestamptz NOT NULL);
"""
SETTINGS = {
    "generate": {"rows": 600, "now": NOW},
    "tables": {"public.harbours": {"rows": 40}, "public.stations": {"rows": 60}},
}


def _km(a: str, b: str, lat: str, lon: str) -> str:
    return (f"2 * 6371 * asin(sqrt(power(sin(radians({b}.{lat} - {a}.{lat}) / 2), 2)"
            f" + cos(radians({a}.{lat})) * cos(radians({b}.{lat}))"
            f" * power(sin(radians({b}.{lon} - {a}.{lon}) / 2), 2)))")  # fmt: skip


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS) as conninfo:
        yield conninfo


def test_a_crossing_is_the_sea_way_between_its_harbours(loaded: str) -> None:
    km = _km("a", "b", "lat", "lng")
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE c.distance_nm * 1.852
                BETWEEN 1.1 * {km} - 0.2 AND 1.3 * {km} + 0.2)
            FROM crossings c JOIN harbours a ON a.harbour_code = c.from_harbour
            JOIN harbours b ON b.harbour_code = c.to_harbour""",
    )
    assert applies > 100 and held == 1.0


def test_a_sailing_takes_what_its_crossing_takes_at_a_ferrys_speed(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE extract(epoch FROM arrival_time - departure_time)
                / 60.0 BETWEEN c.distance_nm * 1.852 / 45 * 60 + 24 - 3
                       AND c.distance_nm * 1.852 / 22 * 60 + 36 + 3)
            FROM sailings s JOIN crossings c ON c.id = s.crossing_id""",
    )
    assert applies == 600 and held == 1.0


def test_a_train_run_takes_the_rails_between_its_stations(loaded: str) -> None:
    km = _km("a", "b", "latitude", "longitude")
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE
                extract(epoch FROM r.arrival_at - r.departure_at) / 60.0
                BETWEEN {km} / 220 * 60 + 4 - 3
                AND {km} / 60 * 60 + 6 + 3)
            FROM train_runs r JOIN stations a ON a.id = r.origin_station_id
            JOIN stations b ON b.id = r.destination_station_id""",
    )
    assert applies == 600 and held == 1.0
