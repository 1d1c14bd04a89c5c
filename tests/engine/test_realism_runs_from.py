"""An owner's first window of validity runs from the owner's start (rules/runs_from.py), on a
schema of our own (a chain of climbing gyms): a gym's first price for a pass type is in force
from the day the gym opened, so a pass sold in its first months is sold under a price valid
that day. No word of these tables is in the code. On 6b04aa8 the first price of each gym and
pass type began some time inside the gym's life and the passes sold before it named a price
not yet valid. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE gyms (id serial PRIMARY KEY, town text NOT NULL, opened_on date NOT NULL);
CREATE TABLE pass_types (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE pass_prices (id serial PRIMARY KEY,
  gym_id int NOT NULL REFERENCES gyms(id),
  pass_type_id int NOT NULL REFERENCES pass_types(id),
  amount numeric(8,2) NOT NULL CHECK (amount > 0),
  valid_from date NOT NULL, valid_to date,
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE TABLE passes_sold (id bigserial PRIMARY KEY,
  pass_price_id int NOT NULL REFERENCES pass_prices(id),
  sold_at timestamptz NOT NULL);
"""

FIRST_FROM_OPENING = """
SELECT count(*), count(*) FILTER (WHERE first_from <= opened_on)
FROM (SELECT g.opened_on, min(p.valid_from) AS first_from
      FROM pass_prices p JOIN gyms g ON g.id = p.gym_id
      GROUP BY p.gym_id, p.pass_type_id, g.opened_on) x
"""
SOLD_UNDER_VALID = """
SELECT count(*), count(*) FILTER (WHERE s.sold_at::date >= p.valid_from
    AND (p.valid_to IS NULL OR s.sold_at::date <= p.valid_to))
FROM passes_sold s JOIN pass_prices p ON p.id = s.pass_price_id
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.gyms": {"rows": 8},
        "public.pass_types": {"rows": 5},
        "public.pass_prices": {"rows": 120},
        "public.passes_sold": {"rows": 2000},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_gyms_first_price_is_in_force_from_its_opening(loaded: str) -> None:
    applies, holds = share(loaded, FIRST_FROM_OPENING, now=NOW)
    assert applies >= 20
    assert holds >= 0.95


def test_a_pass_is_sold_under_a_price_valid_that_day(loaded: str) -> None:
    applies, holds = share(loaded, SOLD_UNDER_VALID, now=NOW)
    assert applies == 2000
    assert holds >= 0.98
