"""A time a row's status stamps stays as the status says when a later rule lays the row out
again, on a schema of our own (a lift company: buildings, lifts, engineers, and each lift's
numbered inspections), checked in SQL on a real PostgreSQL at three seeds, on a pinned clock:

- a done inspection has begun and ended, however late in its lift's chain of
  numbered inspections it falls (rules/sequence.py lays each lift's inspections one after
  another and leaves the last one of a lift in service under way: not one the status says is
  over; rules/decided.py keeps every stage time the status decides), and its
  `duration_minutes` is the time between;
- a planned or cancelled one has no end."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE buildings (building_id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL CHECK (country_code IN ('NL', 'DE', 'FR', 'IT')),
  built_on date NOT NULL);
CREATE TABLE lifts (lift_id bigserial PRIMARY KEY,
  building_id int NOT NULL REFERENCES buildings(building_id),
  serial_number text NOT NULL UNIQUE, installed_on date NOT NULL, removed_on date);
CREATE TABLE engineers (engineer_id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE lift_inspections (inspection_id bigserial PRIMARY KEY,
  lift_id bigint NOT NULL REFERENCES lifts(lift_id),
  inspection_no smallint NOT NULL CHECK (inspection_no > 0),
  engineer_id int REFERENCES engineers(engineer_id),
  status text NOT NULL CHECK (status IN ('planned', 'done', 'cancelled')),
  planned_for timestamptz NOT NULL,
  started_at timestamptz, finished_at timestamptz,
  duration_minutes int,
  UNIQUE (lift_id, inspection_no));
"""
SETTINGS = {
    "generate": {"rows": 900, "now": NOW.replace(" ", "T")},
    "tables": {"buildings": {"rows": 60}, "lifts": {"rows": 150}, "engineers": {"rows": 40}},
}

OVER = """
SELECT count(*), count(*) FILTER (WHERE started_at IS NOT NULL AND finished_at > started_at
    AND finished_at <= :now
    AND abs(duration_minutes - extract(epoch FROM finished_at - started_at) / 60) <= 1)
FROM lift_inspections WHERE status = 'done'
"""
NOT_OVER = """
SELECT count(*), count(*) FILTER (WHERE finished_at IS NULL)
FROM lift_inspections WHERE status IN ('planned', 'cancelled')
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("query", "least"), [(OVER, 300), (NOT_OVER, 20)], ids=["over_has_ended", "not_over_open"]
)
def test_a_stamped_time_stays_as_the_status_says(loaded: str, query: str, least: int) -> None:
    rows, held = share(loaded, query, NOW)
    assert rows >= least
    assert held >= 0.98, f"{held:.1%} of {rows} rows"
