"""A person joins terms whose age range holds them, on a schema of our own (a swimming
school: pupils enrol on class levels, each level open from a `minimum_age` to a
`maximum_age`). rules/age_fit.py picks for each enrolment a level whose range holds the
pupil's age, and rules/age_limit.py with load/age_load.py moves a date of birth that still
misses a range on the enrolment's day inside it: a highest age is an upper bound as the least
age is a lower one. On the session's base the highest age was read nowhere (a 70-year-old in
a level for 4 to 12) and a pupil enrolled on levels whose ranges do not meet. Checked in SQL
on what a real PostgreSQL holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE pupils (pupil_id bigserial PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, date_of_birth date NOT NULL,
  signed_up_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE class_levels (level_id serial PRIMARY KEY, title text NOT NULL,
  minimum_age smallint NOT NULL DEFAULT 0, maximum_age smallint,
  fee numeric(8,2) NOT NULL CHECK (fee >= 0));
CREATE TABLE enrolments (enrolment_id bigserial PRIMARY KEY,
  pupil_id bigint NOT NULL REFERENCES pupils,
  level_id int NOT NULL REFERENCES class_levels,
  enrolled_on date NOT NULL);
"""
NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")},
            "tables": {"public.class_levels": {"rows": 40}}}  # fmt: skip

FITS = """
WITH a AS (
  SELECT l.minimum_age, l.maximum_age,
         extract(year FROM age(e.enrolled_on, p.date_of_birth))::int AS years,
         extract(year FROM age(:now, p.date_of_birth))::int AS today
  FROM enrolments e JOIN pupils p USING (pupil_id) JOIN class_levels l USING (level_id))
SELECT count(*), count(*) FILTER (WHERE years >= minimum_age
  AND (maximum_age IS NULL OR years <= maximum_age) AND today BETWEEN 4 AND 100)
FROM a
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_pupil_is_within_the_ages_of_each_level(loaded: str) -> None:
    applies, holds = share(loaded, FITS, now=NOW)
    assert applies >= 500
    assert holds >= 0.98
