"""A parent's numbered children in time order, on a schema of our own (a hosting company's
servers and their configuration versions, a landlord's leases and their rent demands, a
carrier's shipments and their depot scans), checked in SQL on what a real PostgreSQL holds,
at three seeds (rules/succession.py through rules/sequence.py):

- a succession: a server's configuration versions are numbered 1, 2, 3 in time order, the
  first starting the moment the server went live (a parent's start named by a word of coming
  into service, `went_live_at`, that may be NULL), each next one the moment the previous one
  stopped, only the last open (its end NULL);
- a frequency: a lease's rent demands fall due on its `rent_frequency` (weekly, monthly,
  quarterly) from its start, demand n (n-1) periods after it, no more than a year's;
- points: a shipment's scans (one time each, no length) numbered 1, 2, 3 without gaps, each
  strictly after the previous, the first not before the dispatch."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE servers (id serial PRIMARY KEY, hostname text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('provisioning', 'running', 'decommissioned')),
  went_live_at timestamptz, decommissioned_at timestamptz);
CREATE TABLE server_config_versions (id bigserial PRIMARY KEY,
  server_id int NOT NULL REFERENCES servers(id), version_no int NOT NULL CHECK (version_no >= 1),
  vcpus int NOT NULL CHECK (vcpus BETWEEN 1 AND 64),
  started_at timestamptz NOT NULL, stopped_at timestamptz,
  UNIQUE (server_id, version_no));
CREATE TABLE leases (id serial PRIMARY KEY, tenant text NOT NULL,
  rent_frequency text NOT NULL CHECK (rent_frequency IN ('weekly', 'monthly', 'quarterly')),
  starts_on date NOT NULL, ends_on date NOT NULL, weekly_rent numeric(8,2) NOT NULL,
  CHECK (ends_on > starts_on));
CREATE TABLE rent_demands (id bigserial PRIMARY KEY,
  lease_id int NOT NULL REFERENCES leases(id), demand_no smallint NOT NULL,
  due_date date NOT NULL, amount numeric(8,2) NOT NULL CHECK (amount >= 0),
  status text NOT NULL CHECK (status IN ('scheduled', 'paid', 'overdue')), paid_at timestamptz,
  UNIQUE (lease_id, demand_no));
CREATE TABLE shipments (id bigserial PRIMARY KEY, reference text NOT NULL,
  dispatched_at timestamptz NOT NULL);
CREATE TABLE shipment_scans (id bigserial PRIMARY KEY,
  shipment_id bigint NOT NULL REFERENCES shipments(id), scan_no int NOT NULL,
  depot text NOT NULL, scanned_at timestamptz NOT NULL,
  UNIQUE (shipment_id, scan_no));
"""

SIZINGS = """
WITH p AS (
  SELECT p.*, s.went_live_at, row_number() OVER w AS rn, lag(p.stopped_at) OVER w AS prev_end,
         lead(p.id) OVER w AS next_id
  FROM server_config_versions p JOIN servers s ON s.id = p.server_id
  WINDOW w AS (PARTITION BY p.server_id ORDER BY p.started_at, p.version_no))
SELECT count(*), count(*) FILTER (WHERE version_no = rn
    AND (rn > 1 OR started_at = went_live_at) AND (rn = 1 OR started_at = prev_end)
    AND (stopped_at IS NULL OR stopped_at > started_at)
    AND (stopped_at IS NOT NULL OR next_id IS NULL))
FROM p
"""
DEMANDS = """
WITH i AS (
  SELECT d.demand_no, d.due_date, l.starts_on, l.rent_frequency,
         row_number() OVER (PARTITION BY d.lease_id ORDER BY d.due_date, d.demand_no) AS rn
  FROM rent_demands d JOIN leases l ON l.id = d.lease_id)
SELECT count(*), count(*) FILTER (WHERE demand_no = rn
    AND demand_no <= CASE rent_frequency WHEN 'weekly' THEN 52 WHEN 'monthly' THEN 12 ELSE 4 END
    AND abs(due_date - CASE rent_frequency
          WHEN 'weekly' THEN starts_on + 7 * (demand_no - 1)
          WHEN 'monthly' THEN (starts_on + make_interval(months => demand_no - 1))::date
          ELSE (starts_on + make_interval(months => 3 * (demand_no - 1)))::date END) <= 5)
FROM i
"""
SCANS = """
WITH m AS (
  SELECT m.scan_no, m.scanned_at, s.dispatched_at, row_number() OVER w AS rn,
         lag(m.scanned_at) OVER w AS prev_at
  FROM shipment_scans m JOIN shipments s ON s.id = m.shipment_id
  WINDOW w AS (PARTITION BY m.shipment_id ORDER BY m.scan_no))
SELECT count(*), count(*) FILTER (WHERE scan_no = rn
    AND CASE WHEN rn = 1 THEN scanned_at >= dispatched_at ELSE scanned_at > prev_at END)
FROM m
"""
# a demand falling due after the clock is not overdue, nor paid without its payment time
AHEAD = """
SELECT count(*), count(*) FILTER (WHERE status <> 'overdue'
    AND (status <> 'paid' OR paid_at IS NOT NULL))
FROM rent_demands WHERE due_date > DATE '2026-03-10'
"""
# more than one row per parent somewhere: the chains are chains, not one row each
CHAINED = """
SELECT count(*), count(*) FILTER (WHERE n > 1)
FROM (SELECT count(*) AS n FROM {table} GROUP BY {fk}) c
"""

SETTINGS = {"generate": {"rows": 800, "now": "2026-03-10T09:00:00+00:00"}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("query", "table", "fk"),
    [
        (SIZINGS, "server_config_versions", "server_id"),
        (DEMANDS, "rent_demands", "lease_id"),
        (SCANS, "shipment_scans", "shipment_id"),
    ],
    ids=["succession", "frequency", "points"],
)
def test_numbered_children_follow_one_another(loaded: str, query: str, table: str,
                                              fk: str) -> None:  # fmt: skip
    applies, holds = share(loaded, query)
    assert applies > 500
    assert holds >= 0.98
    _, several = share(loaded, CHAINED.format(table=table, fk=fk))
    assert several >= 0.2


def test_a_demand_due_later_is_still_ahead(loaded: str) -> None:
    applies, holds = share(loaded, AHEAD)
    assert applies > 0
    assert holds == 1.0
