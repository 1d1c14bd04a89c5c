"""Someone in force during a period a row accounts for, on a schema of our own (a cleaning
agency: contractors joining and leaving, monthly invoice runs over a period, one invoice per
contractor and run, and timesheets per billing week). Nothing but structure says who may be on
a run: the run accounts for a period (`period_start`/`period_end`), the contractor has a
window of validity (`joined_on`/`left_on`), and the row between them has no time of its
own but when it was written (`created_at`). rules/throughout.py re-picks the contractor among
those in force at some time in the period, also where a UNIQUE (run, contractor) built the
pair (a pair taken twice keeps its own pick; the key is checked per batch). Checked in SQL on
what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE agencies (id serial PRIMARY KEY, name text NOT NULL, country char(2) NOT NULL);
CREATE TABLE contractors (id bigserial PRIMARY KEY,
  agency_id int NOT NULL REFERENCES agencies(id),
  full_name text NOT NULL,
  joined_on date NOT NULL, left_on date,
  CHECK (left_on IS NULL OR left_on >= joined_on));
CREATE TABLE invoice_runs (id serial PRIMARY KEY,
  agency_id int NOT NULL REFERENCES agencies(id),
  period_start date NOT NULL, period_end date NOT NULL,
  CHECK (period_end >= period_start));
CREATE TABLE contractor_invoices (id bigserial PRIMARY KEY,
  invoice_run_id int NOT NULL REFERENCES invoice_runs(id),
  contractor_id bigint NOT NULL REFERENCES contractors(id),
  amount numeric(10,2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_run_id, contractor_id));
CREATE TABLE billing_weeks (id serial PRIMARY KEY,
  billing_start date NOT NULL, billing_end date NOT NULL);
CREATE TABLE timesheets (id bigserial PRIMARY KEY,
  billing_week_id int NOT NULL REFERENCES billing_weeks(id),
  contractor_id bigint NOT NULL REFERENCES contractors(id),
  hours numeric(5,2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
"""

INVOICED = """
SELECT count(*), count(*) FILTER (WHERE c.joined_on <= r.period_end
                                    AND (c.left_on IS NULL OR c.left_on >= r.period_start))
FROM contractor_invoices i
JOIN invoice_runs r ON r.id = i.invoice_run_id
JOIN contractors c ON c.id = i.contractor_id
"""
TIMESHEETS = """
SELECT count(*), count(*) FILTER (WHERE c.joined_on <= w.billing_end
                                    AND (c.left_on IS NULL OR c.left_on >= w.billing_start))
FROM timesheets t
JOIN billing_weeks w ON w.id = t.billing_week_id
JOIN contractors c ON c.id = t.contractor_id
"""

SETTINGS = {
    "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
    "tables": {"public.agencies": {"rows": 5}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_invoice_run_bills_contractors_on_its_books_in_its_period(loaded: str) -> None:
    applies, holds = share(loaded, INVOICED)
    assert applies >= 550
    assert holds >= 0.98


def test_a_timesheet_is_for_a_contractor_on_the_books_that_week(loaded: str) -> None:
    applies, holds = share(loaded, TIMESHEETS)
    assert applies == 600
    assert holds >= 0.98
