"""A visit at a site that states its own hours starts and ends within them, the same local
day, in the site's own time zone: a veterinary group's practices (each with its opening and
closing time of day and an IANA zone) and the consultations booked at them, a start and an
end each. The start alone in the hours is not enough: the end moves with it and ends by the
practice's closing (rules/opening.py, rules/day_end.py). On a schema of our own, at three
seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE practice (
  practice_id int PRIMARY KEY,
  practice_name varchar(80) NOT NULL,
  country_code char(2) NOT NULL,
  timezone varchar(40) NOT NULL,
  opening_time time NOT NULL,
  closing_time time NOT NULL,
  CHECK (closing_time > opening_time));
CREATE TABLE pet_owner (owner_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120));
CREATE TABLE consultation (
  consultation_id bigint PRIMARY KEY,
  practice_id int NOT NULL REFERENCES practice(practice_id),
  owner_id int NOT NULL REFERENCES pet_owner(owner_id),
  pet_name varchar(40) NOT NULL,
  visit_start timestamptz NOT NULL,
  visit_end timestamptz NOT NULL,
  CHECK (visit_end > visit_start));
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

WITHIN = """
SELECT count(*)::int, count(*) FILTER (WHERE
      (c.visit_start AT TIME ZONE p.timezone)::time >= p.opening_time
  AND (c.visit_end AT TIME ZONE p.timezone)::time <= p.closing_time
  AND (c.visit_start AT TIME ZONE p.timezone)::date = (c.visit_end AT TIME ZONE p.timezone)::date
  )::int
FROM consultation c JOIN practice p USING (practice_id)
"""
LENGTH = """
SELECT count(*)::int, count(*) FILTER (WHERE visit_end - visit_start
  BETWEEN interval '5 minutes' AND interval '4 hours')::int FROM consultation
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_visit_starts_and_ends_in_its_sites_stated_hours(loaded: str) -> None:
    applies, holds = share(loaded, WITHIN, now=NOW)
    assert applies == 800
    assert holds >= 0.98


def test_a_visit_keeps_a_visits_length(loaded: str) -> None:
    applies, holds = share(loaded, LENGTH, now=NOW)
    assert applies == 800
    assert holds >= 0.95
