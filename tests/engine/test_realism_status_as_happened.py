"""A status agrees with what happened and with the clock, on a schema of our own (a museum's
conservation studio: objects and the numbered conservation jobs done on them, loan requests
from other museums, print orders for the catalogue shipped in parcels, and incidents staff
report), checked in SQL on what a real PostgreSQL holds, at three seeds, on a pinned clock:

- a job's status agrees with its actual begin and finish (kinds/recorded.py: named as the
  actual side of the event, no label named after it): planned has neither, underway began by
  today and has not finished, finished has both by today; the jobs of an object are laid one
  after another, and the status follows where that puts them (rules/as_happened.py);
- a loan request still pending has no decision time and was made lately; an approved,
  declined or withdrawn one was decided after it was made, by now (`decided_at` closes the
  request however it went);
- a print order's status agrees with its parcels (rules/parent_reach.py, happened.cover_first):
  a quoted, accepted or cancelled order has nothing dispatched, a dispatched one a parcel under
  way, a delivered one a delivered parcel, each after the order was placed, by now;
- an incident still open was reported in the last 60 days, even where its reporter has left
  since (rules/timeline.py keeps it recent; the reporter is picked again)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE currencies (code char(3) PRIMARY KEY, minor_units smallint NOT NULL);
CREATE TABLE staff (staff_id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL, left_on date);
CREATE TABLE museum_objects (object_id serial PRIMARY KEY, accession_no text NOT NULL UNIQUE,
  title text NOT NULL, acquired_on date NOT NULL);
CREATE TABLE conservation_jobs (job_id bigserial PRIMARY KEY,
  object_id int NOT NULL REFERENCES museum_objects(object_id),
  step_no int NOT NULL,
  status text NOT NULL DEFAULT 'planned'
    CHECK (status IN ('planned', 'underway', 'finished')),
  planned_start date NOT NULL, planned_end date NOT NULL,
  actual_begin date, actual_finish date,
  UNIQUE (object_id, step_no));
CREATE TABLE loan_requests (request_id serial PRIMARY KEY,
  object_id int NOT NULL REFERENCES museum_objects(object_id),
  borrower text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
  requested_at timestamptz NOT NULL, decided_at timestamptz);
CREATE TABLE print_orders (print_order_id bigserial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  placed_at timestamptz NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  status text NOT NULL DEFAULT 'quoted'
    CHECK (status IN ('quoted', 'accepted', 'dispatched', 'delivered', 'cancelled')),
  total numeric(10,2) NOT NULL);
CREATE TABLE parcels (parcel_id bigserial PRIMARY KEY,
  print_order_id bigint NOT NULL REFERENCES print_orders(print_order_id),
  tracking_no text NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  postage numeric(8,2) NOT NULL,
  status text NOT NULL DEFAULT 'packing'
    CHECK (status IN ('packing', 'in_transit', 'delivered', 'lost')),
  dispatched_at timestamptz, delivered_at timestamptz);
CREATE TABLE incidents (incident_id serial PRIMARY KEY,
  reported_by int REFERENCES staff(staff_id),
  summary text NOT NULL,
  status text NOT NULL CHECK (status IN ('new', 'investigating', 'resolved', 'closed')),
  reported_at timestamptz NOT NULL, resolved_at timestamptz);
"""
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"currencies": {"rows": 6}},
}

JOBS = """
SELECT count(*), count(*) FILTER (WHERE planned_end >= planned_start AND CASE status
    WHEN 'planned' THEN actual_begin IS NULL AND actual_finish IS NULL
    WHEN 'underway' THEN actual_begin <= :now::date AND actual_finish IS NULL
    WHEN 'finished' THEN actual_begin <= actual_finish AND actual_finish <= :now::date END)
FROM conservation_jobs
"""
DECIDED = """
SELECT count(*), count(*) FILTER (WHERE requested_at <= :now AND CASE status
    WHEN 'pending' THEN decided_at IS NULL AND requested_at >= :now - interval '120 days'
    ELSE decided_at >= requested_at AND decided_at <= :now END)
FROM loan_requests
"""
PARCELS = """
WITH o AS (
  SELECT o.print_order_id, o.status,
         count(p.parcel_id) FILTER (WHERE p.dispatched_at IS NOT NULL) AS sent,
         count(p.parcel_id) FILTER (WHERE p.status = 'delivered'
                                    AND p.delivered_at IS NOT NULL) AS delivered,
         count(p.parcel_id) FILTER (WHERE p.dispatched_at < o.placed_at
             OR p.delivered_at < p.dispatched_at OR p.dispatched_at > :now
             OR p.delivered_at > :now) AS bad
  FROM print_orders o LEFT JOIN parcels p ON p.print_order_id = o.print_order_id
  GROUP BY 1, 2)
SELECT count(*), count(*) FILTER (WHERE bad = 0 AND CASE status
    WHEN 'dispatched' THEN sent > 0 AND delivered = 0
    WHEN 'delivered' THEN delivered > 0
    ELSE sent = 0 END)
FROM o
"""
OPEN_RECENT = """
SELECT count(*), count(*) FILTER (WHERE reported_at >= :now - interval '60 days'
                                    AND reported_at <= :now AND resolved_at IS NULL)
FROM incidents WHERE status IN ('new', 'investigating')
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("query", "least"),
    [(JOBS, 100), (DECIDED, 100), (PARCELS, 100), (OPEN_RECENT, 10)],
    ids=["jobs_as_happened", "decided_clock", "order_parcels", "open_recent"],
)
def test_a_status_agrees_with_what_happened(loaded: str, query: str, least: int) -> None:
    applies, holds = share(loaded, query, NOW)
    assert applies >= least
    assert holds >= 0.98
