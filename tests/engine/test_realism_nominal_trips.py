"""Trips named in short forms and timed by their way's planned length, on a schema of our
own (an intercity coach operator: depots, coaches, lines between two stops with a planned
duration, and the journeys a coach runs over a line). The journey's times are written in
short forms (`sched_dep_ts`/`sched_arr_ts`, `act_dep_ts`/`act_arr_ts`): they are a window all
the same (kinds/events.SPELLED). Two indexes read the journeys by a key and the departure,
the line's and the coach's: the coach is the vehicle, the one whose other key (the line)
leads between two places (rules/rotation.py). A line's `planned_duration_mins` sets how long
its journeys take (rules/nominal.py), and an actual journey lasts about as long as planned
(rules/actual.py): a coach's journeys then follow one another. Checked in SQL on what a
real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE journey_state AS ENUM ('planned', 'running', 'completed', 'called_off');
CREATE TABLE stops (stop_id serial PRIMARY KEY, stop_name text NOT NULL,
  latitude numeric(8,5), longitude numeric(8,5));
CREATE TABLE coaches (coach_id serial PRIMARY KEY, fleet_no varchar(8) NOT NULL UNIQUE,
  seats smallint NOT NULL CHECK (seats > 0), bought_on date NOT NULL);
CREATE TABLE lines (line_id serial PRIMARY KEY, line_code varchar(8) NOT NULL UNIQUE,
  origin_stop_id int NOT NULL REFERENCES stops(stop_id),
  destination_stop_id int NOT NULL REFERENCES stops(stop_id),
  planned_duration_mins int NOT NULL CHECK (planned_duration_mins > 0),
  CHECK (origin_stop_id <> destination_stop_id));
CREATE TABLE journeys (journey_id bigserial PRIMARY KEY,
  line_id int NOT NULL REFERENCES lines(line_id),
  coach_id int NOT NULL REFERENCES coaches(coach_id),
  sched_dep_ts timestamptz NOT NULL, sched_arr_ts timestamptz NOT NULL,
  act_dep_ts timestamptz, act_arr_ts timestamptz,
  state journey_state NOT NULL DEFAULT 'planned',
  CHECK (sched_arr_ts > sched_dep_ts));
CREATE INDEX journeys_line_dep ON journeys (line_id, sched_dep_ts);
CREATE INDEX journeys_coach_dep ON journeys (coach_id, sched_dep_ts);
"""

# a journey's planned length is about its line's planned duration; an actual one near it
AS_PLANNED = """
SELECT count(*), count(*) FILTER (WHERE
  extract(epoch FROM j.sched_arr_ts - j.sched_dep_ts) / 60
    BETWEEN 0.75 * l.planned_duration_mins AND 1.5 * l.planned_duration_mins
  AND (j.act_dep_ts IS NULL OR j.act_arr_ts IS NULL
       OR extract(epoch FROM j.act_arr_ts - j.act_dep_ts) / 60
          BETWEEN 0.6 * l.planned_duration_mins AND 3 * l.planned_duration_mins))
FROM journeys j JOIN lines l USING (line_id) WHERE j.state <> 'called_off'
"""
# a coach runs one journey at a time: each departs after the previous one was due in
IN_TURN = """
WITH k AS (
  SELECT sched_dep_ts, lag(sched_arr_ts) OVER w AS prev_arr
  FROM journeys WHERE state <> 'called_off'
  WINDOW w AS (PARTITION BY coach_id ORDER BY sched_dep_ts, journey_id))
SELECT count(*) FILTER (WHERE prev_arr IS NOT NULL),
       count(*) FILTER (WHERE prev_arr IS NOT NULL AND sched_dep_ts >= prev_arr)
FROM k
"""

SETTINGS = {
    "generate": {"rows": 800},
    "tables": {
        "public.coaches": {"rows": 60},
        "public.stops": {"rows": 40},
        "public.lines": {"rows": 80},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_journey_lasts_its_lines_planned_duration(loaded: str) -> None:
    applies, holds = share(loaded, AS_PLANNED)
    assert applies > 500
    assert holds >= 0.98


def test_a_coachs_journeys_follow_one_another(loaded: str) -> None:
    applies, holds = share(loaded, IN_TURN)
    assert applies > 500
    assert holds >= 0.98
