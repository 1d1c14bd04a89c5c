"""A term's lifecycle against one clock, on a schema of our own (a letting agency: tenants,
branches that open and close, rent schedules valid for a while, tenancies offered, secured (a
holding deposit paid) and run through a fixed term, and the occupants named on each with the
date they have lived in the area since):

- a tenancy runs a term of its thing's length (`tenancies`: a tenancy, months to years), not a
  day (rules/span.py reads the plural);
- its status agrees with the clock and its stage dates (rules/status.py, stage_clock.py,
  within.py, still_after.py): offered in the past, an offer at most 60 days old and not secured;
  secured ones secured between the offer and now; secured ones start ahead, active ones are in
  force today (they use branches and schedules in force now), expired ones ended before today
  (a term that ran out), and an expired or cancelled one was secured first (an ending after
  the state it ran in); only cancelled ones carry a cancellation date, after it was secured and
  not ahead;
- an occupant has lived there since before the tenancy starts (`resident_since`: a state held
  since, before its parent's time; rules/timeline.py).

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE tenants (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE branches (id serial PRIMARY KEY, name text NOT NULL, opened_on date NOT NULL,
  closed_on date);
CREATE TABLE rent_schedules (id serial PRIMARY KEY, branch_id int NOT NULL REFERENCES branches(id),
  valid_from date NOT NULL, valid_to date, monthly_rent numeric(10,2) NOT NULL);
CREATE TABLE tenancies (id serial PRIMARY KEY,
  tenant_id int NOT NULL REFERENCES tenants(id),
  branch_id int NOT NULL REFERENCES branches(id),
  schedule_id int NOT NULL REFERENCES rent_schedules(id),
  status text NOT NULL DEFAULT 'offered'
    CHECK (status IN ('offered', 'secured', 'active', 'expired', 'cancelled', 'lapsed')),
  offered_at timestamptz NOT NULL DEFAULT now(),
  secured_at timestamptz,
  start_date date NOT NULL, end_date date NOT NULL,
  cancelled_on date,
  CHECK (end_date > start_date));
CREATE TABLE occupants (id serial PRIMARY KEY,
  tenancy_id int NOT NULL REFERENCES tenancies(id),
  first_name text NOT NULL, date_of_birth date NOT NULL,
  resident_since date NOT NULL);
"""

CLOCK = """
SELECT count(*), count(*) FILTER (WHERE offered_at <= :now
    AND (cancelled_on IS NOT NULL) = (status = 'cancelled')
    AND CASE status
        WHEN 'offered' THEN secured_at IS NULL AND offered_at >= :now - interval '60 days'
        ELSE secured_at IS NOT NULL AND secured_at BETWEEN offered_at AND :now
             AND CASE status
                 WHEN 'secured' THEN start_date > :now::date
                 WHEN 'active' THEN start_date <= :now::date AND end_date >= :now::date
                 WHEN 'expired' THEN end_date < :now::date
                 WHEN 'cancelled' THEN cancelled_on BETWEEN secured_at::date AND :now::date
                                       AND cancelled_on <= end_date
                 WHEN 'lapsed' THEN start_date <= :now::date
                 ELSE false END
        END)
FROM tenancies
"""
TERM = "SELECT count(*), count(*) FILTER (WHERE end_date - start_date >= 28) FROM tenancies"
SINCE = """
SELECT count(*), count(*) FILTER (WHERE o.resident_since <= t.start_date)
FROM occupants o JOIN tenancies t ON t.id = o.tenancy_id
"""

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"public.branches": {"rows": 30}, "public.rent_schedules": {"rows": 200}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_tenancy_runs_months_to_years(loaded: str) -> None:
    applies, holds = share(loaded, TERM)
    assert applies >= 700
    assert holds >= 0.99


def test_a_tenancys_status_agrees_with_the_clock(loaded: str) -> None:
    applies, holds = share(loaded, CLOCK, now=NOW)
    assert applies >= 700
    assert holds >= 0.97


def test_an_occupant_lived_there_since_before_the_start(loaded: str) -> None:
    applies, holds = share(loaded, SINCE)
    assert applies >= 700
    assert holds >= 0.99
