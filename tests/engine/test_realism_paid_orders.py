"""An order paid once it leaves the labels that wait for payment, on a schema of our own (a
kayak hire: paddlers, their hire bookings with a status and a total, and the card charges
of a booking with an outcome of their own), checked in SQL on what a real PostgreSQL holds
(rules/settle.py picks which bookings have charges, rules/bill_payments.py and
load/bill_load.py set their amounts):

- a hire still awaiting its payment (`awaiting_payment`) or called off has no charge that
  went through; one confirmed, out on the water or returned was paid in full: its charges
  that went through add up to its total.
Before, only a bill (draft, issued, paid) was paid in full: a booking's charges were drawn at
any amount and half of the paid bookings had none (a Zipf-like fan-out)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE paddlers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE hire_bookings (id bigserial PRIMARY KEY,
  paddler_id int NOT NULL REFERENCES paddlers(id), booked_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('awaiting_payment', 'confirmed', 'on_water',
    'returned', 'cancelled')),
  total_amount numeric(10,2) NOT NULL CHECK (total_amount > 0));
CREATE TABLE card_charges (id bigserial PRIMARY KEY,
  booking_id bigint NOT NULL REFERENCES hire_bookings(id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0), charged_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('succeeded', 'declined')));
"""

SETTINGS = {"generate": {"rows": 600}}

PAID = """
WITH c AS (SELECT booking_id, sum(amount) FILTER (WHERE outcome = 'succeeded') AS s
           FROM card_charges GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE CASE WHEN b.status IN ('awaiting_payment', 'cancelled')
  THEN coalesce(c.s, 0) = 0 ELSE c.s = b.total_amount END)
FROM hire_bookings b LEFT JOIN c ON c.booking_id = b.id
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_booking_past_payment_is_paid_in_full(loaded: str) -> None:
    applies, holds = share(loaded, PAID)
    assert applies == 600 and holds >= 0.98, holds
