"""A price per participant and a price named with a price word are money in the row's currency,
on a schema of our own (a cooking school across Europe): a class charges `fee_per_attendee`
and a `cost_per_table`, neither a name the price generator knows, on a row keyed to a
currency. Both are drawn as money and scaled to the currency (a 30 EUR place is ~130 PLN,
~11000 HUF), a place at an activity at its typical price; before, both were bare decimals,
the same few hundred units in every currency."""

from __future__ import annotations

import numpy as np
import psycopg
import pytest

from tests.engine.loading import loaded_database
from workbench.generate.generators import currencies

SCHEMA = """
CREATE TABLE currencies (iso char(3) PRIMARY KEY, label text NOT NULL);
CREATE TABLE schools (id serial PRIMARY KEY, title text NOT NULL, city text NOT NULL);
CREATE TABLE cooking_classes (id serial PRIMARY KEY,
  school_id int NOT NULL REFERENCES schools(id),
  held_on date NOT NULL,
  ccy char(3) NOT NULL REFERENCES currencies(iso),
  fee_per_attendee numeric(10,2) NOT NULL CHECK (fee_per_attendee > 0),
  cost_per_table numeric(10,2) NOT NULL CHECK (cost_per_table >= 0));
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": 600},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def _rows(conninfo: str, column: str) -> tuple[np.ndarray, np.ndarray]:
    with psycopg.connect(conninfo) as conn:
        got = conn.execute(f"SELECT ccy, {column}::float8 FROM cooking_classes").fetchall()
    rate, _ = currencies.facts(np.array([r[0] for r in got]))
    return np.array([r[1] for r in got], dtype=np.float64), rate


def test_a_place_costs_what_a_place_costs_in_its_currency(loaded: str) -> None:
    fee, rate = _rows(loaded, "fee_per_attendee")
    dollars = fee / rate  # a place at an activity: 12-80 USD, typically 30
    assert fee.size > 50
    assert np.mean((dollars >= 8) & (dollars <= 120)) >= 0.97, np.percentile(dollars, [1, 50, 99])
    assert 20 <= np.median(dollars) <= 45


def test_a_price_named_by_its_price_word_is_scaled_to_its_currency(loaded: str) -> None:
    cost, rate = _rows(loaded, "cost_per_table")
    dollars = cost / rate  # the same magnitude in dollars whatever the currency
    high, low = rate >= 20, rate <= 1.5
    assert high.sum() >= 5 and low.sum() >= 5, (high.sum(), low.sum())
    ratio = np.median(dollars[high]) / np.median(dollars[low])
    assert 0.3 <= ratio <= 3.0, ratio
