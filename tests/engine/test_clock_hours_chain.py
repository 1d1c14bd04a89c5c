"""A home-care agency's records, three patterns of time and flags (rules/within.py,
rules/elapsed.py, rules/present.py, rules/sequence.py with rules/period_chain.py and
rules/sequence_parents.py). Missed on 040ff51:

- clock: a visit's `planned_start`/`planned_end` are planned times a shift may take past the
  clock, so a completed visit moved into its plan's validity lay in the future; and a plan's
  `duration_minutes` counted the minutes of its validity (`valid_from`..`valid_to`: months);
- hours: a review the client's family attended (`family_present`) is an appointment, on a
  weekday in office hours in the branch's own time zone (reached through the client);
- chain: a package's monthly bills, read per package by an index (not a unique key), void ones
  standing beside the bill that replaced them, follow one another within the package's term.

On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE country (iso_code char(2) PRIMARY KEY, country_name text NOT NULL);
CREATE TABLE branch (branch_id int PRIMARY KEY, branch_name text NOT NULL, city text NOT NULL,
  country_code char(2) NOT NULL REFERENCES country(iso_code), time_zone text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE care_client (client_id int PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, branch_id int NOT NULL REFERENCES branch(branch_id),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE carer (carer_id int PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE care_package (package_id int PRIMARY KEY,
  client_id int NOT NULL REFERENCES care_client(client_id),
  status text NOT NULL CHECK (status IN ('draft', 'active', 'ended')),
  start_date date NOT NULL, end_date date, monthly_charge numeric(10,2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE visit_plan (plan_id int PRIMARY KEY,
  package_id int NOT NULL REFERENCES care_package(package_id),
  visit_kind text NOT NULL
    CHECK (visit_kind IN ('personal_care', 'meals', 'medication', 'companionship')),
  start_time time NOT NULL, duration_minutes int NOT NULL CHECK (duration_minutes > 0),
  valid_from date NOT NULL, valid_to date);
CREATE TABLE home_visit (visit_id int PRIMARY KEY,
  plan_id int NOT NULL REFERENCES visit_plan(plan_id),
  client_id int NOT NULL REFERENCES care_client(client_id),
  carer_id int REFERENCES carer(carer_id),
  planned_start timestamptz NOT NULL, planned_end timestamptz NOT NULL,
  status text NOT NULL
    CHECK (status IN ('scheduled', 'in_progress', 'completed', 'missed', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE care_review (review_id int PRIMARY KEY,
  client_id int NOT NULL REFERENCES care_client(client_id),
  reviewer_id int NOT NULL REFERENCES carer(carer_id),
  reviewed_at timestamptz NOT NULL, score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
  family_present boolean NOT NULL DEFAULT false, summary text);
CREATE TABLE package_bill (bill_id int PRIMARY KEY,
  package_id int NOT NULL REFERENCES care_package(package_id),
  bill_status text NOT NULL CHECK (bill_status IN ('draft', 'sent', 'settled', 'overdue', 'void')),
  period_start date NOT NULL, period_end date NOT NULL, sent_on date, due_on date,
  amount numeric(10,2) NOT NULL, CHECK (period_end >= period_start));
CREATE UNIQUE INDEX package_bill_package_period_idx ON package_bill (package_id, period_start);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

CLOCK = """
WITH s AS (SELECT status, planned_start, planned_end,
  max(planned_start) FILTER (WHERE status IN ('completed', 'in_progress')) OVER () AS last_worked
  FROM home_visit)
SELECT count(*), count(*) FILTER (WHERE last_worked >= :now - interval '7 days' AND CASE status
  WHEN 'scheduled' THEN planned_start > :now - interval '1 hour'
                        AND planned_start <= :now + interval '120 days'
  WHEN 'in_progress' THEN planned_start <= :now AND planned_end >= :now - interval '2 hours'
  WHEN 'completed' THEN planned_start <= :now AND planned_end <= :now + interval '1 hour'
  WHEN 'missed' THEN planned_start <= :now ELSE true END) FROM s
"""
# a visit plan's length is a visit's (minutes to hours), not its validity's
LENGTH = "SELECT count(*), count(*) FILTER (WHERE duration_minutes <= 720) FROM visit_plan"
HOURS = """
WITH r AS (SELECT r.reviewed_at AT TIME ZONE b.time_zone AS local_ts
  FROM care_review r JOIN care_client c USING (client_id) JOIN branch b USING (branch_id)
  WHERE r.family_present)
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM local_ts) <= 5
  AND local_ts::time BETWEEN '07:00' AND '19:00') FROM r
"""
CHAIN = """
WITH i AS (SELECT b.period_start, b.period_end, p.start_date, p.end_date,
  lag(b.period_end) OVER (PARTITION BY b.package_id ORDER BY b.period_start, b.bill_id) AS prev_end
  FROM package_bill b JOIN care_package p USING (package_id) WHERE b.bill_status <> 'void')
SELECT count(*), count(*) FILTER (WHERE period_end - period_start <= 30
  AND period_start >= start_date AND (end_date IS NULL OR period_end <= end_date)
  AND (prev_end IS NULL OR period_start = prev_end + 1)) FROM i
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_visits_are_a_history_reaching_now(loaded: str) -> None:
    applies, holds = share(loaded, CLOCK, now=NOW)
    assert applies >= 500
    assert holds >= 0.98


def test_a_plan_counts_a_visit_s_minutes_not_its_validity(loaded: str) -> None:
    applies, holds = share(loaded, LENGTH)
    assert applies >= 500
    assert holds >= 0.98


def test_a_review_the_family_attended_is_in_office_hours_locally(loaded: str) -> None:
    applies, holds = share(loaded, HOURS, now=NOW)
    assert applies >= 30
    assert holds >= 0.98


def test_a_package_s_bills_follow_one_another(loaded: str) -> None:
    applies, holds = share(loaded, CHAIN, now=NOW)
    assert applies >= 500
    assert holds >= 0.98
