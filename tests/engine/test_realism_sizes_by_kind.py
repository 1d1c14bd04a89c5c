"""A row's sizes are its kind's (vocab/data/magnitudes_kinds.tsv, rules/kind_parts.py) and a
table that is a named real-world list holds it (vocab/data/references.tsv,
rules/reference_list.py), on a schema of our own (a city's services: waste containers by
type in litres, a brewery's vessels in hectolitres, a fleet's models whose seated and
standing places add up to a total that fits the body type, hire rooms whose floor in square
feet is their seats' floor, community events whose places fit their category, and a
wine club's varietals with their skin colour in French labels, a brewery's hops with
their purpose). Before, each measure was drawn
from one range whatever the kind (a skip of 40 L, a tram of 12 places), the floor of a room
apart from its seats, and a varietal was an invented name with a colour at random."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, name varchar(80) NOT NULL);
CREATE TABLE waste_containers (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  container_type text NOT NULL
    CHECK (container_type IN ('wheelie_bin', 'communal_bin', 'skip', 'roll_off')),
  nominal_volume_litres integer NOT NULL CHECK (nominal_volume_litres > 0));
CREATE TABLE breweries (id serial PRIMARY KEY, name varchar(80) NOT NULL);
CREATE TABLE brew_vessels (id serial PRIMARY KEY,
  brewery_id int NOT NULL REFERENCES breweries(id),
  vessel_type varchar(20) NOT NULL
    CHECK (vessel_type IN ('fermenter', 'brite_tank', 'oak_barrel', 'keg')),
  capacity_hl numeric(8,2) NOT NULL CHECK (capacity_hl > 0));
CREATE TABLE fleet_models (id serial PRIMARY KEY,
  body_type text NOT NULL CHECK (body_type IN ('minibus', 'trolleybus', 'bi_articulated', 'tram')),
  overall_length_mm integer NOT NULL,
  seated_capacity smallint NOT NULL, standing_capacity smallint NOT NULL,
  total_capacity smallint NOT NULL);
CREATE TABLE venues (id serial PRIMARY KEY, name varchar(80) NOT NULL);
CREATE TABLE hire_rooms (id serial PRIMARY KEY, venue_id int NOT NULL REFERENCES venues(id),
  room_kind text NOT NULL
    CHECK (room_kind IN ('boardroom', 'huddle_room', 'ballroom', 'training_room', 'hot_desk')),
  seating_capacity integer NOT NULL CHECK (seating_capacity > 0),
  floor_area_sqft numeric(9,1) NOT NULL);
CREATE TABLE community_events (id serial PRIMARY KEY,
  event_category text NOT NULL
    CHECK (event_category IN
      ('quiz_night', 'fun_run', 'concert', 'wine_tasting', 'silent_auction')),
  max_attendees integer NOT NULL CHECK (max_attendees > 0));
CREATE TABLE varietals (id serial PRIMARY KEY, varietal_name varchar(40) NOT NULL UNIQUE,
  skin_colour varchar(5) NOT NULL CHECK (skin_colour IN ('noir', 'blanc', 'gris')));
CREATE TABLE hops (id serial PRIMARY KEY, name text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('aroma', 'bittering', 'dual_purpose')));
"""

RED = ("merlot", "pinot noir", "syrah", "malbec", "tempranillo", "cabernet sauvignon", "gamay")
WHITE = ("chardonnay", "riesling", "sauvignon blanc", "viognier", "chenin blanc", "muscat")


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    tables = {"varietals": {"rows": 40}, "hops": {"rows": 30}}
    config = {"generate": {"rows": 400}, "tables": tables}
    with loaded_database(pg_cluster, SCHEMA, config, seed=5) as conninfo:
        yield conninfo


def test_a_container_holds_what_its_type_holds(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE container_type
             WHEN 'wheelie_bin' THEN nominal_volume_litres BETWEEN 60 AND 360
             WHEN 'communal_bin' THEN nominal_volume_litres BETWEEN 660 AND 1280
             WHEN 'skip' THEN nominal_volume_litres BETWEEN 1500 AND 14000
             WHEN 'roll_off' THEN nominal_volume_litres BETWEEN 4000 AND 30000 END)
           FROM waste_containers""",
    )
    assert applies > 100 and held >= 0.98, held


def test_a_vessel_holds_its_kind_in_hectolitres(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE vessel_type
             WHEN 'fermenter' THEN capacity_hl BETWEEN 10 AND 1000
             WHEN 'brite_tank' THEN capacity_hl BETWEEN 5 AND 200
             WHEN 'oak_barrel' THEN capacity_hl BETWEEN 2 AND 7
             WHEN 'keg' THEN capacity_hl BETWEEN 0.2 AND 0.6 END) FROM brew_vessels""",
    )
    assert applies > 100 and held >= 0.98, held


def test_seated_and_standing_add_up_to_what_the_body_carries(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             seated_capacity > 0 AND seated_capacity + standing_capacity = total_capacity
             AND CASE body_type
               WHEN 'minibus' THEN total_capacity BETWEEN 8 AND 24
                 AND overall_length_mm BETWEEN 4800 AND 6900
               WHEN 'trolleybus' THEN total_capacity BETWEEN 60 AND 150
                 AND overall_length_mm BETWEEN 11800 AND 18500
               WHEN 'bi_articulated' THEN total_capacity BETWEEN 160 AND 230
                 AND overall_length_mm BETWEEN 23000 AND 25000
               WHEN 'tram' THEN total_capacity BETWEEN 100 AND 430
                 AND overall_length_mm BETWEEN 18000 AND 55000 END) FROM fleet_models""",
    )
    assert applies > 100 and held >= 0.98, held


def test_a_rooms_floor_is_its_seats_floor(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE room_kind
             WHEN 'hot_desk' THEN seating_capacity = 1
               AND floor_area_sqft / 10.7639 BETWEEN 2.5 AND 9
             WHEN 'boardroom' THEN floor_area_sqft / 10.7639 / seating_capacity BETWEEN 1.7 AND 4.6
             WHEN 'huddle_room' THEN seating_capacity BETWEEN 2 AND 6
               AND floor_area_sqft / 10.7639 / seating_capacity BETWEEN 1.7 AND 4.6
             WHEN 'training_room' THEN floor_area_sqft / 10.7639 / seating_capacity
               BETWEEN 1.7 AND 4.6
             WHEN 'ballroom' THEN seating_capacity BETWEEN 100 AND 1200
               AND floor_area_sqft / 10.7639 / seating_capacity BETWEEN 0.9 AND 3.1 END)
           FROM hire_rooms""",
    )
    assert applies > 100 and held >= 0.98, held


def test_an_event_takes_what_its_category_takes(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE event_category
             WHEN 'quiz_night' THEN max_attendees BETWEEN 10 AND 300
             WHEN 'fun_run' THEN max_attendees BETWEEN 50 AND 10000
             WHEN 'concert' THEN max_attendees BETWEEN 50 AND 20000
             WHEN 'wine_tasting' THEN max_attendees BETWEEN 4 AND 60
             WHEN 'silent_auction' THEN max_attendees BETWEEN 20 AND 800 END)
           FROM community_events""",
    )
    assert applies > 100 and held >= 0.98, held


def test_varietals_are_real_grapes_with_their_skin_colour(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE
              (lower(varietal_name) IN {RED} AND skin_colour = 'noir')
              OR (lower(varietal_name) IN {WHITE} AND skin_colour = 'blanc')
              OR lower(varietal_name) NOT IN {RED + WHITE})
            FROM varietals""",
    )
    assert applies > 10 and held == 1.0, held
    _, real = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE lower(varietal_name) IN {RED + WHITE})
            FROM varietals""",
    )
    assert real > 0.05, real


def test_hops_are_real_hops_with_their_purpose(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             (name IN ('Cascade', 'Citra', 'Saaz', 'Fuggle') AND purpose = 'aroma')
             OR (name IN ('Magnum', 'Warrior', 'Columbus') AND purpose = 'bittering')
             OR (name IN ('Centennial', 'Simcoe', 'Chinook') AND purpose = 'dual_purpose')
             OR name NOT IN ('Cascade', 'Citra', 'Saaz', 'Fuggle', 'Magnum', 'Warrior',
                             'Columbus', 'Centennial', 'Simcoe', 'Chinook')) FROM hops""",
    )
    assert applies > 10 and held == 1.0, held
    _, real = share(loaded, "SELECT count(*), count(*) FILTER (WHERE name = 'Citra') FROM hops")
    assert real > 0, real
