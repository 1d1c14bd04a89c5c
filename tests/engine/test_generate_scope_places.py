"""Places that meet at a scope, and stops in the order they are made.

A delivery's van and its two lockers (from and to: two keys into one table) belong to one
courier network: the van places the row in its network, so both lockers are of it, also once
"places apart" draws the second locker again (rules/site_meet.py, rules/link_scope.py). On
main the two keys into one table read as two roles and stayed free (about 0 % held).

A voyage's port calls, numbered 1, 2, 3, are each arrived at and then departed from, one after
another: `arrived_at` listed before `departed_at` is a stop's order, not a trip's
(kinds/windows.py, rules/chain.py). On main each call departed before it arrived (0 %).
A network's bill whose lines each charge one of the network's jobs is for a network that had
jobs (rules/lined_scope.py), and a late line's job stays one of the network's
(rules/sequence_links.py); on main a line charged another network's job about half the time.
On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE networks (id int PRIMARY KEY, name text NOT NULL, launched_on date NOT NULL);
CREATE TABLE lockers (id int PRIMARY KEY, network_id int NOT NULL REFERENCES networks(id),
  code text NOT NULL, street text, latitude numeric(9,6) NOT NULL,
  longitude numeric(9,6) NOT NULL, installed_on date NOT NULL);
CREATE TABLE vans (id int PRIMARY KEY, network_id int NOT NULL REFERENCES networks(id),
  plate text NOT NULL, commissioned_on date NOT NULL);
CREATE TABLE couriers (id int PRIMARY KEY, network_id int NOT NULL REFERENCES networks(id),
  full_name text NOT NULL, email text NOT NULL);
CREATE TABLE customers (id int PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE deliveries (id bigint PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id),
  van_id int NOT NULL REFERENCES vans(id),
  from_locker_id int NOT NULL REFERENCES lockers(id),
  to_locker_id int REFERENCES lockers(id),
  picked_up_at timestamptz NOT NULL, delivered_at timestamptz);
CREATE TABLE jobs (id int PRIMARY KEY, network_id int NOT NULL REFERENCES networks(id),
  started_at timestamptz NOT NULL, finished_at timestamptz, hours numeric(5,1) NOT NULL);
CREATE TABLE network_bills (id int PRIMARY KEY,
  network_id int NOT NULL REFERENCES networks(id), period_start date NOT NULL,
  period_end date NOT NULL, issued_at timestamptz);
CREATE TABLE network_bill_lines (id int PRIMARY KEY,
  bill_id int NOT NULL REFERENCES network_bills(id), line_no int NOT NULL,
  job_id int NOT NULL REFERENCES jobs(id), amount numeric(10,2) NOT NULL,
  UNIQUE (bill_id, line_no));
CREATE TABLE ports (id int PRIMARY KEY, name text NOT NULL, country_code char(2) NOT NULL);
CREATE TABLE ships (id int PRIMARY KEY, name text NOT NULL, built_on date NOT NULL);
CREATE TABLE voyages (id int PRIMARY KEY, ship_id int NOT NULL REFERENCES ships(id),
  started_at timestamptz, ended_at timestamptz);
CREATE TABLE port_calls (id bigint PRIMARY KEY,
  voyage_id int NOT NULL REFERENCES voyages(id), call_no int NOT NULL,
  port_id int NOT NULL REFERENCES ports(id),
  arrived_at timestamptz NOT NULL, departed_at timestamptz, cargo_tonnes int NOT NULL,
  UNIQUE (voyage_id, call_no));
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

SAME_NETWORK = """
SELECT count(*), count(*) FILTER (WHERE v.network_id = a.network_id
  AND (b.id IS NULL OR b.network_id = a.network_id))
FROM deliveries d JOIN vans v ON v.id = d.van_id JOIN lockers a ON a.id = d.from_locker_id
LEFT JOIN lockers b ON b.id = d.to_locker_id
"""
BILLED_JOBS = """
SELECT count(*), count(*) FILTER (WHERE j.network_id = b.network_id)
FROM network_bill_lines l JOIN network_bills b ON b.id = l.bill_id JOIN jobs j ON j.id = l.job_id
"""
CALLS_IN_ORDER = """
WITH c AS (SELECT call_no, arrived_at, departed_at, row_number() OVER w AS rn,
                  lag(departed_at) OVER w AS prev_departed
           FROM port_calls WINDOW w AS (PARTITION BY voyage_id ORDER BY call_no))
SELECT count(*), count(*) FILTER (WHERE call_no = rn
  AND (departed_at IS NULL OR departed_at > arrived_at)
  AND (prev_departed IS NULL OR arrived_at >= prev_departed)) FROM c
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_rows_places_lie_in_the_scope_its_other_key_places_it(loaded: str) -> None:
    applies, holds = share(loaded, SAME_NETWORK)
    assert applies >= 300
    assert holds >= 0.98


def test_a_bills_lines_charge_jobs_of_the_bills_scope(loaded: str) -> None:
    applies, holds = share(loaded, BILLED_JOBS)
    assert applies >= 300
    assert holds >= 0.98


def test_stops_are_arrived_at_then_left_one_after_another(loaded: str) -> None:
    applies, holds = share(loaded, CALLS_IN_ORDER)
    assert applies >= 300
    assert holds >= 0.98
