"""A trip under way spans the run's clock by what happened, on a schema of our own (a water
taxi service: piers, lines between two piers, taxis, and the hops a taxi makes over a line,
each with planned and actual departure and arrival and a status). A hop that has departed
and not arrived left by now, within the hours before it, however late on its plan: where the
status's stage and the clock disagree, the row under way is placed by its actual departure,
not its planned one (rules/stage_clock.py), so a late departure carried along with the plan
does not land after now; and a taxi's hops taking one another's slots in turn keep it so
(rules/rotation.py). What has arrived arrived by now, and what is booked or boarding departs
no earlier than a few hours ago. An actual departure a minute early on its plan moves with
the plan when the row is moved into its taxi's years of service (rules/within.py), not left
behind as a time before it. Checked in SQL on what a real PostgreSQL holds, at three seeds,
on a pinned clock."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-04 10:00:00+00"

SCHEMA = """
CREATE TYPE hop_state AS ENUM ('booked', 'boarding', 'departed', 'arrived', 'cancelled');
CREATE TABLE piers (pier_id serial PRIMARY KEY, pier_name text NOT NULL,
  harbour varchar(40) NOT NULL);
CREATE TABLE taxi_lines (line_id serial PRIMARY KEY, line_code varchar(8) NOT NULL UNIQUE,
  from_pier_id int NOT NULL REFERENCES piers(pier_id),
  to_pier_id int NOT NULL REFERENCES piers(pier_id),
  opened_on date NOT NULL, closed_on date, CHECK (from_pier_id <> to_pier_id));
CREATE TABLE water_taxis (taxi_id serial PRIMARY KEY, call_sign varchar(10) NOT NULL UNIQUE,
  seats smallint NOT NULL CHECK (seats > 0), in_service_since date NOT NULL);
CREATE TABLE hops (hop_id bigserial PRIMARY KEY,
  line_id int NOT NULL REFERENCES taxi_lines(line_id),
  taxi_id int NOT NULL REFERENCES water_taxis(taxi_id),
  planned_departure timestamptz NOT NULL, planned_arrival timestamptz NOT NULL,
  actual_departure timestamptz, actual_arrival timestamptz,
  hop_status hop_state NOT NULL DEFAULT 'booked',
  CHECK (planned_arrival > planned_departure));
CREATE INDEX hops_taxi_dep ON hops (taxi_id, planned_departure);
"""

UNDER_WAY = """
SELECT count(*), count(*) FILTER (WHERE actual_departure <= :now
  AND actual_departure >= :now - interval '12 hours' AND actual_arrival IS NULL)
FROM hops WHERE hop_status = 'departed'
"""
CLOCK = """
SELECT count(*), count(*) FILTER (WHERE
     (hop_status IN ('booked', 'boarding') AND planned_departure >= :now - interval '6 hours')
  OR (hop_status = 'departed' AND actual_departure <= :now
      AND actual_departure >= :now - interval '2 days')
  OR (hop_status = 'arrived' AND actual_arrival <= :now))
FROM hops WHERE hop_status <> 'cancelled'
"""
# what happened stays with its plan: an actual departure within hours of the planned one,
# an actual hop about as long as the planned one
AS_PLANNED = """
SELECT count(*), count(*) FILTER (WHERE
  actual_departure BETWEEN planned_departure - interval '1 hour'
                       AND planned_departure + interval '9 hours'
  AND (actual_arrival IS NULL OR actual_arrival - actual_departure
       BETWEEN 0.5 * (planned_arrival - planned_departure)
           AND 3 * (planned_arrival - planned_departure)))
FROM hops WHERE actual_departure IS NOT NULL
"""
SETTINGS = {
    "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.piers": {"rows": 30},
        "public.taxi_lines": {"rows": 80},
        "public.water_taxis": {"rows": 60},
        "public.hops": {"rows": 1500},
    },
}
_share = partial(share, now=NOW)


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_hop_under_way_left_by_now(loaded: str) -> None:
    applies, holds = _share(loaded, UNDER_WAY)
    assert applies >= 10
    assert holds >= 0.98


def test_each_hops_status_agrees_with_the_clock(loaded: str) -> None:
    applies, holds = _share(loaded, CLOCK)
    assert applies >= 1000
    assert holds >= 0.99


def test_what_happened_stays_with_its_plan(loaded: str) -> None:
    applies, holds = _share(loaded, AS_PLANNED)
    assert applies >= 1000
    assert holds >= 0.99
