"""A register's day lies in the period its group runs in, on a weekday, on a schema of our own
(a swimming club: seasons with a start and an end, squads of a season with no dates of their
own, swimmers placed in squads, and a training register of a lesson day per squad and swimmer,
written down when it was logged). Nothing but structure says when a register row can be:

- the squad has no time of its own and runs in its season (`starts_on`/`ends_on`), so the
  lesson day lies in the season, and by the run's clock (rules/within.py: the period a
  timeless parent runs in; a squad whose season had not begun has no lessons yet);
- the lesson day is one of the register's UNIQUE (squad, swimmer, day): the unique plan checks
  that key whole, so the time rules may move the day (constraints/unique/plan._check_by);
- a lesson is a thing people attend: on a weekday (rules/span.py, `workday`);
- `logged_at` says when the row was written down: soon after the lesson (rules/timeline.py).

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE mark AS ENUM ('present', 'late', 'absent', 'excused');
CREATE TABLE clubs (id serial PRIMARY KEY, name text NOT NULL, country char(2) NOT NULL);
CREATE TABLE seasons (id serial PRIMARY KEY,
  club_id int NOT NULL REFERENCES clubs(id),
  name text NOT NULL,
  starts_on date NOT NULL, ends_on date NOT NULL,
  CHECK (ends_on > starts_on));
CREATE TABLE squads (id serial PRIMARY KEY,
  season_id int NOT NULL REFERENCES seasons(id),
  squad_code varchar(8) NOT NULL,
  lane_count smallint NOT NULL CHECK (lane_count > 0));
CREATE TABLE swimmers (id serial PRIMARY KEY,
  club_id int NOT NULL REFERENCES clubs(id),
  full_name text NOT NULL, born_on date NOT NULL);
CREATE TABLE training_register (id bigserial PRIMARY KEY,
  squad_id int NOT NULL REFERENCES squads(id),
  swimmer_id int NOT NULL REFERENCES swimmers(id),
  lesson_date date NOT NULL,
  attendance mark NOT NULL,
  logged_at timestamptz,
  UNIQUE (squad_id, swimmer_id, lesson_date));
"""

IN_SEASON = """
SELECT count(*), count(*) FILTER (WHERE r.lesson_date BETWEEN s.starts_on
                                  AND least(s.ends_on, (:now)::date))
FROM training_register r
JOIN squads q ON q.id = r.squad_id
JOIN seasons s ON s.id = q.season_id
"""
WEEKDAY = """
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM lesson_date) <= 5)
FROM training_register
"""
LOGGED = """
SELECT count(*), count(*) FILTER (WHERE logged_at >= lesson_date
                                    AND logged_at < lesson_date + 4)
FROM training_register WHERE logged_at IS NOT NULL
"""

# the run's clock, pinned: a Friday, when a season with a weekday or two (Friday to Sunday)
# leaves a repeated lesson day no other weekday in it (constraints/unique/verify._fix_time)
NOW = "2026-12-04 17:00"
SETTINGS = {
    "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
    "tables": {"public.clubs": {"rows": 4}, "public.seasons": {"rows": 24}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_lesson_is_held_in_its_squads_season_by_now(loaded: str) -> None:
    applies, holds = share(loaded, IN_SEASON, NOW)
    assert applies >= 550
    assert holds >= 0.98


def test_a_lesson_is_on_a_weekday(loaded: str) -> None:
    applies, holds = share(loaded, WEEKDAY)
    assert applies >= 550
    assert holds >= 0.98


def test_a_register_row_is_logged_soon_after_its_lesson(loaded: str) -> None:
    applies, holds = share(loaded, LOGGED)
    assert applies >= 100
    assert holds >= 0.98
