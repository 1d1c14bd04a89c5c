"""Rows in sequence hand their place on (rules/relay.py): a cycling tour's stages, numbered
per tour, each set off from the town the stage before it reached, the first from the tour's
own start town, in the same country as that town; no stage ends where it set off. Missed on
e3bf686 (the towns of each stage were drawn per row: the departure of stage 2 was any town).

On a schema of our own (no word of the dev domain where the pattern was seen), at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE rider (rider_id int PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE cycling_tour (tour_id int PRIMARY KEY,
  rider_id int NOT NULL REFERENCES rider(rider_id),
  tour_name text NOT NULL,
  start_town text NOT NULL, start_country char(2) NOT NULL,
  end_town text NOT NULL, end_country char(2) NOT NULL,
  begins_on date NOT NULL);
CREATE TABLE tour_stage (stage_id int PRIMARY KEY,
  tour_id int NOT NULL REFERENCES cycling_tour(tour_id),
  stage_number int NOT NULL CHECK (stage_number > 0),
  departure_town text NOT NULL, departure_country char(2) NOT NULL,
  arrival_town text NOT NULL, arrival_country char(2) NOT NULL,
  ridden_km numeric(6,1),
  UNIQUE (tour_id, stage_number));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

CHAIN = """
WITH s AS (SELECT s.*, lag(arrival_town) OVER w AS prev_town,
                  lag(arrival_country) OVER w AS prev_country,
                  row_number() OVER w AS rn
           FROM tour_stage s WINDOW w AS (PARTITION BY tour_id ORDER BY stage_number))
SELECT count(*), count(*) FILTER (WHERE departure_town = prev_town
  AND departure_country = prev_country) FROM s WHERE rn > 1
"""
FIRST = """
WITH s AS (SELECT s.*, row_number() OVER (PARTITION BY tour_id ORDER BY stage_number) AS rn
           FROM tour_stage s)
SELECT count(*), count(*) FILTER (WHERE s.departure_town = t.start_town
  AND s.departure_country = t.start_country)
FROM s JOIN cycling_tour t USING (tour_id) WHERE rn = 1
"""
MOVES = """
SELECT count(*), count(*) FILTER (WHERE departure_town <> arrival_town) FROM tour_stage
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_each_stage_sets_off_where_the_previous_one_arrived(loaded: str) -> None:
    applies, holds = share(loaded, CHAIN)
    assert applies >= 200
    assert holds >= 0.98


def test_the_first_stage_sets_off_from_the_tour_s_start(loaded: str) -> None:
    applies, holds = share(loaded, FIRST)
    assert applies >= 200
    assert holds >= 0.98


def test_no_stage_ends_where_it_set_off(loaded: str) -> None:
    applies, holds = share(loaded, MOVES)
    assert applies >= 500
    assert holds >= 0.97
