"""A place's operating status is not a case's workflow, on a schema of our own (a city's
libraries and their story-time sessions). A library that is 'open' runs (vocab/operating.py):
most libraries are open, a few under renovation, opening soon or closed for good. Before,
'open' read as a case still on its way and 'permanently_closed' as the happy end, so nine
libraries in ten were closed, the open few had opened in the last days, and the sessions
followed their libraries' lives: those 'scheduled' lay in a closed library's past.

The sessions are a timetable (kinds/timetable.py: scheduled, in progress, completed): their
history is the last year, so completed ones lie within it; one in progress spans the run's
clock (rules/stage_clock.py, rules/opening.py keep it under way in the hours it has).
Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2025-03-12 15:00:00+00"  # a Wednesday afternoon

SCHEMA = """
CREATE TABLE libraries (id serial PRIMARY KEY, name text NOT NULL,
  street text NOT NULL, city text NOT NULL, time_zone text NOT NULL,
  email text, opened_on date, closed_on date,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('opening_soon', 'open', 'under_renovation', 'permanently_closed')),
  CHECK (closed_on IS NULL OR opened_on IS NULL OR closed_on >= opened_on));
CREATE TABLE storytellers (id serial PRIMARY KEY, library_id int NOT NULL REFERENCES libraries,
  first_name text NOT NULL, last_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE story_sessions (id bigserial PRIMARY KEY,
  library_id int NOT NULL REFERENCES libraries,
  storyteller_id int REFERENCES storytellers,
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled')),
  CHECK (ends_at > starts_at));
"""

OPEN = "SELECT count(*), count(*) FILTER (WHERE status = 'open') FROM libraries"
ON_THE_CLOCK = """
SELECT count(*), count(*) FILTER (WHERE CASE status
  WHEN 'scheduled' THEN starts_at > :now AND starts_at <= :now + interval '120 days'
  WHEN 'in_progress' THEN starts_at <= :now AND ends_at > :now
  WHEN 'completed' THEN ends_at <= :now AND starts_at >= :now - interval '5 years'
  WHEN 'cancelled' THEN starts_at BETWEEN :now - interval '5 years' AND :now + interval '120 days'
  END)
FROM story_sessions
"""
UNDER_WAY = "SELECT count(*), count(*) FROM story_sessions WHERE status = 'in_progress'"

SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T").replace("+00", "Z")},
    "tables": {"public.libraries": {"rows": 300}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_most_libraries_are_open(loaded: str) -> None:
    libraries, open_share = share(loaded, OPEN)
    assert libraries == 300
    assert 0.8 <= open_share < 1.0


def test_story_sessions_agree_with_the_clock(loaded: str) -> None:
    under_way, _ = share(loaded, UNDER_WAY)
    assert under_way >= 10
    sessions, holds = share(loaded, ON_THE_CLOCK, now=NOW)
    assert sessions == 800
    assert holds >= 0.98
