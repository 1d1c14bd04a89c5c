"""A row in force from a date still to come, on a schema of our own (a climbing gym's
members: joined_on/left_on and a status). Its labels say where each member is: one
'pre_enrolment' (a label whose first word says its thing has not begun: vocab/outcomes.py
reads it as ahead) joins on a day still to come and has not left; an active or frozen one
joined by today; a cancelled one left. rules/recent.py places the window's start of a row
still ahead in the days after now (the validity window's start is the row's anchor, as a
planned start is an occurrence's). Checked in SQL on what a real PostgreSQL holds, at three
seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TYPE membership_state AS ENUM ('pre_enrolment', 'active', 'frozen', 'cancelled');
CREATE TABLE gyms (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE climbers (id bigserial PRIMARY KEY,
  gym_id int NOT NULL REFERENCES gyms(id),
  full_name text NOT NULL,
  joined_on date NOT NULL, left_on date,
  state membership_state NOT NULL DEFAULT 'active',
  CHECK (left_on IS NULL OR left_on >= joined_on));
"""

AGREES = """
SELECT count(*), count(*) FILTER (WHERE CASE state
  WHEN 'pre_enrolment' THEN joined_on > :now::date AND left_on IS NULL
  WHEN 'active' THEN joined_on <= :now::date
  WHEN 'frozen' THEN joined_on <= :now::date
  ELSE true END)
FROM climbers
"""
AHEAD = "SELECT count(*), count(*) FROM climbers WHERE state = 'pre_enrolment'"

SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"public.gyms": {"rows": 6}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_member_still_to_enrol_joins_on_a_day_to_come(loaded: str) -> None:
    waiting, _ = share(loaded, AHEAD)
    assert waiting >= 10
    applies, holds = share(loaded, AGREES, now=NOW)
    assert applies == 800
    assert holds >= 0.98
