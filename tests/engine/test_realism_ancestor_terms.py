"""A row used on a date uses what was in force on that date, along every way up, on schemas of
our own, checked in SQL at three seeds:

- the terms of every ancestor (rules/within.py): a school's lesson that was not called off
  falls on a day its timetable was valid and the teaching contract the timetable belongs to
  (a term: its status says active and expired) ran;
- the status of the thing used (rules/held_status.py): a climbing-gym visit made on a pass
  uses a pass valid that day whose status says it came into force, not one still pending
  or cancelled;
- a thing in place on the day (rules/valid_any.py): an extinguisher checked on an inspection
  round was installed by the round's day and not yet removed, of any building where none of
  its own building's was;
- two owners and a date (rules/owned_pair.py): a gym membership's price row
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

MEMBERSHIPS = """
CREATE TABLE clubs (club_id serial PRIMARY KEY, club_name text NOT NULL,
  city text NOT NULL);
CREATE TABLE tiers (tier_id serial PRIMARY KEY, tier_name text NOT NULL);
CREATE TABLE plans (plan_id serial PRIMARY KEY,
  club_id int NOT NULL REFERENCES clubs(club_id),
  tier_id int NOT NULL REFERENCES tiers(tier_id),
  plan_label text NOT NULL);
CREATE TABLE fee_rows (fee_id serial PRIMARY KEY,
  club_id int NOT NULL REFERENCES clubs(club_id),
  tier_id int NOT NULL REFERENCES tiers(tier_id),
  monthly_fee numeric(8,2) NOT NULL CHECK (monthly_fee > 0),
  valid_from date NOT NULL,
  valid_to date,
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE TABLE members (member_id serial PRIMARY KEY,
  first_name text NOT NULL, last_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE memberships (membership_id bigserial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(member_id),
  club_id int NOT NULL REFERENCES clubs(club_id),
  plan_id int NOT NULL REFERENCES plans(plan_id),
  fee_id int NOT NULL REFERENCES fee_rows(fee_id),
  signed_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL);
"""
MEMBERSHIP_FEE = """
SELECT count(*), count(*) FILTER (
  WHERE f.club_id = p.club_id AND f.tier_id = p.tier_id
    AND m.signed_at::date >= f.valid_from
    AND (f.valid_to IS NULL OR m.signed_at::date <= f.valid_to))
FROM memberships m
JOIN fee_rows f ON f.fee_id = m.fee_id
JOIN plans p ON p.plan_id = m.plan_id
"""

CHECKS = """
CREATE TABLE buildings (building_id serial PRIMARY KEY, building_name text NOT NULL,
  street text NOT NULL);
CREATE TABLE models (model_id serial PRIMARY KEY, model_name text NOT NULL);
CREATE TABLE extinguishers (extinguisher_id serial PRIMARY KEY,
  building_id int NOT NULL REFERENCES buildings(building_id),
  model_id int NOT NULL REFERENCES models(model_id),
  serial_number text NOT NULL,
  installed_on date NOT NULL,
  removed_on date);
CREATE TABLE inspectors (inspector_id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE inspection_rounds (round_id bigserial PRIMARY KEY,
  inspector_id int NOT NULL REFERENCES inspectors(inspector_id),
  round_date date NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  CHECK (finished_at IS NULL OR finished_at >= started_at));
CREATE TABLE checks (round_id bigint NOT NULL REFERENCES inspection_rounds(round_id),
  check_seq int NOT NULL,
  extinguisher_id int NOT NULL REFERENCES extinguishers(extinguisher_id),
  checked_at timestamptz NOT NULL,
  result text NOT NULL CHECK (result IN ('ok', 'recharged', 'replaced', 'missing')),
  PRIMARY KEY (round_id, check_seq));
"""
CHECK_IN_PLACE = """
SELECT count(*), count(*) FILTER (
  WHERE e.installed_on <= r.round_date AND (e.removed_on IS NULL OR e.removed_on >= r.round_date))
FROM checks c
JOIN inspection_rounds r ON r.round_id = c.round_id
JOIN extinguishers e ON e.extinguisher_id = c.extinguisher_id
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
    "checks": (
        CHECKS,
        {"public.buildings": {"rows": 40}, "public.models": {"rows": 6},
         "public.extinguishers": {"rows": 400}, "public.inspection_rounds": {"rows": 300},
         "public.checks": {"rows": 1500}},
        CHECK_IN_PLACE,
    ),
    "memberships": (
        MEMBERSHIPS,
        {"public.clubs": {"rows": 6}, "public.tiers": {"rows": 10}, "public.plans": {"rows": 60},
         "public.fee_rows": {"rows": 90}, "public.memberships": {"rows": 1500}},
        MEMBERSHIP_FEE,
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
