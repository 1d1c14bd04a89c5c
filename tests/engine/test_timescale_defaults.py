"""Times, ages and measures at the scale of the thing, by default: a back-office deed's date
(a statement issued beside the customer's settlement) on a working day; a handling begun
(`loaded_at`) and ended by a step no word names (`discharged_at`) minutes to hours apart; a
carriage of goods (`dispatched_at`, `delivered_at`) over by the next day or so; a captain
hired no younger than the role is held at and no older than 65 today; a barge's length,
width and draft in proportion; a chilled box's arrival temperature mostly 1-8 C. On a schema
of our own (a towage and lighterage firm), one generated database per seed, at three
seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE harbour (harbour_id int PRIMARY KEY, name varchar(80) NOT NULL,
  country_code char(2) NOT NULL, timezone varchar(40) NOT NULL);
CREATE TABLE client (client_id int PRIMARY KEY, name varchar(120) NOT NULL,
  country_code char(2) NOT NULL, email varchar(120));
CREATE TABLE captains (captain_id int PRIMARY KEY,
  harbour_id int NOT NULL REFERENCES harbour(harbour_id),
  full_name varchar(80) NOT NULL, date_of_birth date NOT NULL, hired_on date NOT NULL,
  active boolean NOT NULL DEFAULT true);
CREATE TABLE barge (barge_id int PRIMARY KEY,
  harbour_id int NOT NULL REFERENCES harbour(harbour_id),
  name varchar(60) NOT NULL, hull_length_ft numeric(6,1) NOT NULL,
  hull_width_ft numeric(6,1) NOT NULL, draft_ft numeric(5,1));
CREATE TABLE lightering (lightering_id int PRIMARY KEY,
  barge_id int NOT NULL REFERENCES barge(barge_id),
  captain_id int NOT NULL REFERENCES captains(captain_id),
  loaded_at timestamptz, discharged_at timestamptz, tonnes numeric(8,1));
CREATE TABLE statement (statement_id int PRIMARY KEY,
  client_id int NOT NULL REFERENCES client(client_id),
  statement_no varchar(16) NOT NULL UNIQUE, issued_on date NOT NULL, due_on date NOT NULL,
  settled_on date, total numeric(10,2) NOT NULL);
CREATE TABLE consignment (consignment_id int PRIMARY KEY,
  client_id int NOT NULL REFERENCES client(client_id),
  dispatched_at timestamptz, delivered_at timestamptz, cold_packs smallint NOT NULL,
  temp_on_arrival_c numeric(4,1));
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

WEEKDAYS = """
SELECT count(*)::int, count(*) FILTER (WHERE extract(isodow FROM issued_on) <= 5)::int
FROM statement
"""
HANDLING = """
SELECT count(*)::int, count(*) FILTER (WHERE discharged_at - loaded_at
  BETWEEN interval '2 minutes' AND interval '12 hours')::int
FROM lightering WHERE loaded_at IS NOT NULL AND discharged_at IS NOT NULL
"""
CARRIAGE = """
SELECT count(*)::int, count(*) FILTER (WHERE delivered_at - dispatched_at
  BETWEEN interval '1 hour' AND interval '36 hours')::int
FROM consignment WHERE dispatched_at IS NOT NULL AND delivered_at IS NOT NULL
"""
AGES = """
SELECT count(*)::int, count(*) FILTER (WHERE date_part('year', age(hired_on, date_of_birth)) >= 28
  AND date_part('year', age(:now::date, date_of_birth)) <= 65)::int
FROM captains
"""
PROPORTION = """
SELECT count(*)::int, count(*) FILTER (WHERE hull_width_ft > 0
  AND hull_length_ft / hull_width_ft BETWEEN 2.5 AND 10
  AND (draft_ft IS NULL OR draft_ft < hull_width_ft))::int
FROM barge
"""
CHILLED = """
SELECT count(*)::int, count(*) FILTER (WHERE temp_on_arrival_c BETWEEN 0 AND 8)::int
FROM consignment WHERE temp_on_arrival_c IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_times_ages_and_measures_are_at_the_scale_of_the_thing(loaded: str) -> None:
    for query, least in (
        (WEEKDAYS, 1.0),  # a statement issued on a working day, the settlement aside
        (HANDLING, 0.97),  # loaded then discharged: minutes to hours, not days
        (CARRIAGE, 0.9),  # dispatched then delivered: by the next day or so
        (AGES, 1.0),  # a captain hired at 28 or over, 65 at most today
        (PROPORTION, 1.0),  # a barge 2.5-10 times as long as wide, drawing less than its width
        (CHILLED, 0.95),  # a chilled box mostly 0-8 C on arrival
    ):
        applies, holds = share(loaded, query, now=NOW)
        assert applies > 0, query
        assert holds >= least, (query, holds)
