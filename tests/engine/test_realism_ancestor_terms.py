"""A row used on a date uses what was in force on that date, along every way up, on schemas of
our own, checked in SQL at three seeds:

- the terms of every ancestor (rules/within.py): a school's lesson that was not called off
  falls on a day its timetable was valid and the teaching contract the timetable belongs to
  (a term: its status says active and expired) ran;
- the status of the thing used (rules/held_status.py): a climbing-gym visit made on a pass
  uses a pass valid that day whose status says it came into force, not one still pending
  or cancelled;
- two owners and a date (rules/valid_owned.py, held_status.py): a gym membership's price row
  is the one of its club and of its plan's tier, valid on the day it was signed."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

LESSONS = """
CREATE TABLE schools (school_id serial PRIMARY KEY, school_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE teaching_contracts (contract_id serial PRIMARY KEY,
  school_id int NOT NULL REFERENCES schools(school_id),
  reference text NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'active', 'expired', 'terminated')),
  start_date date NOT NULL,
  end_date date,
  created_at timestamptz NOT NULL,
  CHECK (end_date IS NULL OR end_date >= start_date));
CREATE TABLE rooms (room_id serial PRIMARY KEY,
  school_id int NOT NULL REFERENCES schools(school_id), room_label text NOT NULL);
CREATE TABLE timetables (timetable_id serial PRIMARY KEY,
  contract_id int NOT NULL REFERENCES teaching_contracts(contract_id),
  subject text NOT NULL,
  weekly_hours smallint NOT NULL CHECK (weekly_hours > 0),
  valid_from date NOT NULL,
  valid_to date,
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE TABLE lessons (lesson_id bigserial PRIMARY KEY,
  timetable_id int NOT NULL REFERENCES timetables(timetable_id),
  room_id int NOT NULL REFERENCES rooms(room_id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('planned', 'held', 'cancelled')),
  CHECK (ends_at > starts_at));
"""
LESSON_TERMS = """
SELECT count(*), count(*) FILTER (
  WHERE l.starts_at::date >= t.valid_from
    AND (t.valid_to IS NULL OR l.starts_at::date <= t.valid_to)
    AND l.starts_at::date >= c.start_date
    AND (c.end_date IS NULL OR l.starts_at::date <= c.end_date))
FROM lessons l
JOIN timetables t ON t.timetable_id = l.timetable_id
JOIN teaching_contracts c ON c.contract_id = t.contract_id
WHERE l.status <> 'cancelled'
"""

VISITS = """
CREATE TABLE clubs (club_id serial PRIMARY KEY, club_name text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE climbers (climber_id serial PRIMARY KEY,
  first_name text NOT NULL, last_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE passes (pass_id serial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers(climber_id),
  club_id int NOT NULL REFERENCES clubs(club_id),
  pass_kind text NOT NULL CHECK (pass_kind IN ('ten_visit', 'monthly', 'annual')),
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'expired', 'pending', 'cancelled')),
  CHECK (valid_to >= valid_from));
CREATE TABLE visits (visit_id bigserial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers(climber_id),
  club_id int NOT NULL REFERENCES clubs(club_id),
  pass_id int REFERENCES passes(pass_id),
  checked_in_at timestamptz NOT NULL,
  paid_amount numeric(8,2) NOT NULL CHECK (paid_amount >= 0));
"""
VISIT_PASS = """
SELECT count(*), count(*) FILTER (
  WHERE p.pass_id IS NULL
     OR (v.checked_in_at::date BETWEEN p.valid_from AND p.valid_to
         AND p.status IN ('active', 'expired')))
FROM visits v LEFT JOIN passes p ON p.pass_id = v.pass_id
"""

CASES = {
    "lessons": (
        LESSONS,
        {"public.schools": {"rows": 20}, "public.teaching_contracts": {"rows": 200},
         "public.timetables": {"rows": 600}, "public.lessons": {"rows": 1500}},
        LESSON_TERMS,
    ),
    "visits": (
        VISITS,
        {"public.clubs": {"rows": 8}, "public.climbers": {"rows": 300},
         "public.passes": {"rows": 600}, "public.visits": {"rows": 1500}},
        VISIT_PASS,
    ),
}  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2, 7])
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_row_uses_what_every_ancestor_had_in_force(pg_cluster, case: str, seed: int) -> None:
    ddl, tables, query = CASES[case]
    settings = {"generate": {"rows": 500}, "tables": tables}
    with loaded_database(pg_cluster, ddl, settings, seed=seed) as conninfo:
        rows, held = share(conninfo, query)
    assert rows > 0
    assert held >= 0.98, f"{case} at seed {seed}: {held:.1%} of {rows}"
