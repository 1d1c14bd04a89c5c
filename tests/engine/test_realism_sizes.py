"""Sizes by what a thing is, on a schema of our own (a conference venue: its spaces of several
kinds, workshops held in them, a courier fleet carrying its material), checked in SQL on what a
real PostgreSQL holds:

- a space seats what its kind seats (a meeting room a handful, an auditorium hundreds), and a
  table named after one kind of thing (a library's reading rooms) what that thing seats;
- a workshop's capacity is a share of its space's, never above it;
- a vehicle carries what its type carries, in the unit its column names (tonnes here);
- a package's sides and weight make one box (millimetres and grams here): a carrier takes it
  (up to 70 kg) and its density is that of goods, not of lead or of air."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TYPE space_type AS ENUM ('meeting_room', 'lecture_hall', 'auditorium');
CREATE TYPE vehicle_type AS ENUM ('bicycle', 'van', 'tractor_unit');
CREATE TABLE venues (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE spaces (id serial PRIMARY KEY, venue_id int NOT NULL REFERENCES venues(id),
  label text NOT NULL, space_type space_type NOT NULL, capacity integer NOT NULL
  CHECK (capacity > 0));
CREATE TABLE workshops (id serial PRIMARY KEY, space_id int REFERENCES spaces(id),
  title text NOT NULL, capacity smallint NOT NULL);
CREATE TABLE reading_rooms (id serial PRIMARY KEY, venue_id int NOT NULL REFERENCES venues(id),
  seats integer NOT NULL);
CREATE TABLE fleet (id serial PRIMARY KEY, plate text NOT NULL, vehicle_type vehicle_type NOT NULL,
  max_payload_t numeric(5,2) NOT NULL);
CREATE TABLE packages (id serial PRIMARY KEY, length_mm integer NOT NULL, width_mm integer NOT NULL,
  height_mm integer NOT NULL, weight_g integer NOT NULL CHECK (weight_g > 0));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        # spaces sized here: a venue's spaces are otherwise a lookup of a few per venue
        {"generate": {"rows": 400}, "tables": {"spaces": {"rows": 400}}},
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


_share = share


def test_a_space_seats_what_its_kind_seats(loaded: str) -> None:
    n, share = _share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE space_type
               WHEN 'meeting_room' THEN capacity BETWEEN 4 AND 24
               WHEN 'lecture_hall' THEN capacity BETWEEN 60 AND 400
               WHEN 'auditorium' THEN capacity BETWEEN 80 AND 1200 END) FROM spaces""",
    )
    assert n > 100 and share == 1.0
    n, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE seats BETWEEN 10 AND 40) FROM reading_rooms",
    )
    assert n > 100 and share == 1.0


def test_a_share_of_the_parent_stays_within_it(loaded: str) -> None:
    n, share = _share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE w.capacity BETWEEN 1 AND s.capacity)
           FROM workshops w JOIN spaces s ON s.id = w.space_id""",
    )
    assert n > 100 and share == 1.0


def test_a_vehicle_carries_what_its_type_carries(loaded: str) -> None:
    n, share = _share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE vehicle_type
               WHEN 'bicycle' THEN max_payload_t BETWEEN 0.05 AND 0.35
               WHEN 'van' THEN max_payload_t BETWEEN 0.4 AND 4
               WHEN 'tractor_unit' THEN max_payload_t BETWEEN 15 AND 30 END) FROM fleet""",
    )
    assert n > 100 and share == 1.0


def test_a_package_is_one_box(loaded: str) -> None:
    n, share = _share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE weight_g BETWEEN 50 AND 70000
               AND greatest(length_mm, width_mm, height_mm) <= 3000
               AND least(length_mm, width_mm, height_mm) >= 10
               AND weight_g / 1000.0 / (length_mm * width_mm * height_mm / 1e9) BETWEEN 5 AND 3000)
           FROM packages""",
    )
    assert n > 100 and share == 1.0
