"""A parent's status decides its children, on a schema of our own (a furniture shop's orders
and the consignments each is sent in, and a vet's visits with the cages a pet is kept in).
Nothing but names says how far a child got: a consignment's `dispatched_at`/`delivered_at` are
named after the order's labels 'dispatched' and 'delivered', a cage stay's `dropped_off_at`/
`picked_up_at` after the visit's 'dropped_off' and 'picked_up' (rules/parent_stages.py; a
phrasal verb's participle says it happened, by the run's clock: vocab/lexicon.happened). A
delivered order was sent in consignments dispatched and delivered, a dispatched one in
consignments on their way (dispatched, not delivered), an order still placed or cancelled in
none (rules/happened.py covers the parents that got that far, a stay's cage picked after, in
the visit's clinic). Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TYPE order_state AS ENUM ('placed', 'dispatched', 'delivered', 'cancelled');
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE orders (id bigserial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id),
  state order_state NOT NULL DEFAULT 'placed',
  ordered_at timestamptz NOT NULL,
  total numeric(10,2) NOT NULL);
CREATE TABLE consignments (id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id),
  carrier varchar(20) NOT NULL,
  dispatched_at timestamptz, delivered_at timestamptz,
  CHECK (delivered_at IS NULL OR delivered_at >= dispatched_at));
CREATE TYPE visit_state AS ENUM ('booked', 'dropped_off', 'picked_up', 'no_show');
CREATE TABLE clinics (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE cages (id serial PRIMARY KEY, clinic_id int NOT NULL REFERENCES clinics(id),
  label varchar(8) NOT NULL);
CREATE TABLE visits (id bigserial PRIMARY KEY,
  clinic_id int NOT NULL REFERENCES clinics(id),
  pet_name text NOT NULL,
  state visit_state NOT NULL DEFAULT 'booked',
  booked_at timestamptz NOT NULL);
CREATE TABLE cage_stays (id bigserial PRIMARY KEY,
  visit_id bigint NOT NULL REFERENCES visits(id),
  cage_id int NOT NULL REFERENCES cages(id),
  dropped_off_at timestamptz, picked_up_at timestamptz);
"""

# each order's consignments agree with how far it got
ORDERS = """
WITH c AS (
  SELECT order_id, count(*) AS n, count(dispatched_at) AS sent, count(delivered_at) AS done
  FROM consignments GROUP BY order_id)
SELECT count(*), count(*) FILTER (WHERE CASE o.state
  WHEN 'delivered' THEN coalesce(c.n, 0) > 0 AND c.sent = c.n AND c.done = c.n
  WHEN 'dispatched' THEN coalesce(c.n, 0) > 0 AND c.sent = c.n AND c.done = 0
  ELSE coalesce(c.sent, 0) = 0 END)
FROM orders o LEFT JOIN c ON c.order_id = o.id
"""
# a pet picked up was dropped off and picked up; one dropped off is still in; no other was
VISITS = """
WITH s AS (
  SELECT visit_id, count(*) AS n, count(dropped_off_at) AS b, count(picked_up_at) AS c
  FROM cage_stays GROUP BY visit_id)
SELECT count(*), count(*) FILTER (WHERE CASE v.state
  WHEN 'picked_up' THEN coalesce(s.n, 0) > 0 AND s.b = s.n AND s.c = s.n
  WHEN 'dropped_off' THEN coalesce(s.n, 0) > 0 AND s.b = s.n AND s.c = 0
  ELSE coalesce(s.b, 0) = 0 END)
FROM visits v LEFT JOIN s ON s.visit_id = v.id
"""
# what happened did so by now, in order
BY_NOW = """
SELECT count(*), count(*) FILTER (WHERE dispatched_at <= :now
                                    AND (delivered_at IS NULL OR delivered_at <= :now))
FROM consignments WHERE dispatched_at IS NOT NULL
"""
STAYS_BY_NOW = """
SELECT count(*), count(*) FILTER (WHERE dropped_off_at <= :now
                                    AND (picked_up_at IS NULL OR picked_up_at <= :now))
FROM cage_stays WHERE dropped_off_at IS NOT NULL
"""
SAME_CLINIC = """
SELECT count(*), count(*) FILTER (WHERE k.clinic_id = v.clinic_id)
FROM cage_stays s JOIN visits v ON v.id = s.visit_id JOIN cages k ON k.id = s.cage_id
"""

SETTINGS = {
    "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.consignments": {"rows": 800},
        "public.clinics": {"rows": 8},
        "public.cages": {"rows": 80},
        "public.cage_stays": {"rows": 700},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_orders_consignments_follow_how_far_it_got(loaded: str) -> None:
    applies, holds = share(loaded, ORDERS)
    assert applies == 600
    assert holds >= 0.98
    sent, by_now = share(loaded, BY_NOW, now=NOW)
    assert sent > 300
    assert by_now >= 0.98


def test_a_visits_cage_stays_follow_how_far_it_got(loaded: str) -> None:
    applies, holds = share(loaded, VISITS)
    assert applies == 600
    assert holds >= 0.98
    stayed, by_now = share(loaded, STAYS_BY_NOW, now=NOW)
    assert stayed > 300
    assert by_now >= 0.98
    stays, same = share(loaded, SAME_CLINIC)
    assert stays == 700
    assert same >= 0.98
