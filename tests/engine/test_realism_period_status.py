"""A status set by the period its row belongs to, on schemas of our own (a training company's
cohorts and a sports club's seasons): a place in a cohort's class is completed once the cohort
ended and in progress while it runs, a withdrawal dated between booking and the cohort's end
and not after today, a result only on the completed places; a squad registration in a season
that ended is finished. Checked in SQL, with no name of our realism suite."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TYPE place_state AS ENUM ('in_progress', 'completed', 'withdrawn');
CREATE TABLE cohorts (id serial PRIMARY KEY, title text NOT NULL,
  starts_on date NOT NULL, ends_on date NOT NULL, CHECK (ends_on > starts_on));
CREATE TABLE classes (id serial PRIMARY KEY, cohort_id int NOT NULL REFERENCES cohorts(id),
  room text);
CREATE TABLE places (id serial PRIMARY KEY, class_id int NOT NULL REFERENCES classes(id),
  trainee text NOT NULL, booked_at timestamptz NOT NULL DEFAULT now(),
  state place_state NOT NULL, withdrawn_on date, score smallint CHECK (score BETWEEN 0 AND 100));
CREATE TABLE seasons (id serial PRIMARY KEY, name text NOT NULL,
  start_date date NOT NULL, end_date date NOT NULL);
CREATE TABLE registrations (id serial PRIMARY KEY, season_id int NOT NULL REFERENCES seasons(id),
  player text NOT NULL, status varchar(10) NOT NULL
  CHECK (status IN ('active', 'finished', 'cancelled')));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    tables = {"public.cohorts": {"rows": 80}, "public.seasons": {"rows": 30}}
    settings = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}, "tables": tables}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=7) as conninfo:
        yield conninfo


def test_a_place_follows_its_cohorts_period(loaded: str) -> None:
    applies, held = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE p.booked_at <= :now
            AND p.booked_at::date <= c.ends_on
            AND CASE p.state
                WHEN 'in_progress' THEN c.ends_on >= :now::date
                                        AND p.score IS NULL AND p.withdrawn_on IS NULL
                WHEN 'completed' THEN c.ends_on < :now::date
                                      AND p.score IS NOT NULL AND p.withdrawn_on IS NULL
                WHEN 'withdrawn' THEN p.score IS NULL
                                      AND p.withdrawn_on >= p.booked_at::date
                                      AND p.withdrawn_on <= least(c.ends_on, :now::date)
            END)
        FROM places p JOIN classes k ON k.id = p.class_id JOIN cohorts c ON c.id = k.cohort_id""",
        now=NOW,
    )
    assert applies == 600 and held >= 0.98


def test_a_registration_follows_its_seasons_period(loaded: str) -> None:
    applies, held = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE CASE r.status
            WHEN 'active' THEN s.end_date >= :now::date
            WHEN 'finished' THEN s.end_date < :now::date
            ELSE true END)
        FROM registrations r JOIN seasons s ON s.id = r.season_id""",
        now=NOW,
    )
    assert applies == 600 and held >= 0.98
