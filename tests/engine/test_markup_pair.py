"""Two money columns of one row naming one amount from the two sides of a trade keep a
markup, on a schema of our own (a nurse staffing agency): a shift's `hourly_bill_rate` to the
hospital is 1.15-1.9 times the nurse's `hourly_pay_rate`, and a catalogue item's
`unit_price` a markup over its `unit_cost`. Before, each side was drawn on its own: a bill
rate below the pay rate on a third of the shifts."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE hospitals (id serial PRIMARY KEY, hospital_name text NOT NULL,
  ccy char(3) NOT NULL);
CREATE TABLE nurses (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE shifts (id bigserial PRIMARY KEY,
  hospital_id int NOT NULL REFERENCES hospitals(id),
  nurse_id int NOT NULL REFERENCES nurses(id),
  starts_at timestamptz NOT NULL,
  hourly_pay_rate numeric(8,2) NOT NULL CHECK (hourly_pay_rate > 0),
  hourly_bill_rate numeric(8,2) NOT NULL CHECK (hourly_bill_rate > 0));
CREATE TABLE supplies (id serial PRIMARY KEY, item_name text NOT NULL,
  unit_cost numeric(10,2) NOT NULL, unit_price numeric(10,2) NOT NULL);
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 600}}, seed=request.param) as c:
        yield c


def test_the_bill_rate_is_a_markup_over_the_pay_rate(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE hourly_bill_rate
                BETWEEN 1.1 * hourly_pay_rate AND 2.0 * hourly_pay_rate) FROM shifts""",
    )
    assert applies > 100 and held >= 0.98, (applies, held)


def test_the_price_is_a_markup_over_the_cost(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE unit_price
                BETWEEN 1.1 * unit_cost AND 2.0 * unit_cost) FROM supplies""",
    )
    assert applies > 10 and held >= 0.98, (applies, held)
