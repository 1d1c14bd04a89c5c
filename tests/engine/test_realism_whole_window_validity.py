"""Only a row that takes place over its window lies wholly in its parents' (rules/
whole_window.py); a window of validity or a term only starts under them, and its end is its
own. On a schema of our own (a chain of bakeries): a flour batch is good from receipt to its
best-before date even where its bakery closed sooner, and a catering contract (`active`,
`expired`) keeps its term past the salesperson who signed it. With the whole window cut to
the parents' (s21paths2's 81f3e48) the batches at closed bakeries kept days, not months
(86.9 / 96.5 % at seeds 2, 7). Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE bakeries (id serial PRIMARY KEY, town text NOT NULL,
  opened_on date NOT NULL, closed_on date,
  CHECK (closed_on IS NULL OR closed_on > opened_on));
CREATE TABLE flour_batches (id serial PRIMARY KEY,
  bakery_id int NOT NULL REFERENCES bakeries(id), mill text NOT NULL,
  received_on date NOT NULL, expires_on date NOT NULL);
CREATE TABLE salespeople (id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL, left_on date);
CREATE TABLE catering_contracts (id serial PRIMARY KEY,
  salesperson_id int NOT NULL REFERENCES salespeople(id),
  status text NOT NULL CHECK (status IN ('active', 'expired')),
  start_date date NOT NULL, end_date date NOT NULL, CHECK (end_date > start_date));
"""

SHELF_LIFE = """
SELECT count(*), count(*) FILTER (WHERE expires_on >= received_on + 28) FROM flour_batches
"""
TERM_LENGTH = """
SELECT count(*), count(*) FILTER (WHERE end_date >= start_date + 28) FROM catering_contracts
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.bakeries": {"rows": 12},
        "public.flour_batches": {"rows": 800},
        "public.salespeople": {"rows": 20},
        "public.catering_contracts": {"rows": 800},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_batch_keeps_its_shelf_life_where_its_bakery_closed(loaded: str) -> None:
    applies, holds = share(loaded, SHELF_LIFE, now=NOW)
    assert applies == 800
    assert holds >= 0.98


def test_a_contract_keeps_its_term_past_its_salesperson(loaded: str) -> None:
    applies, holds = share(loaded, TERM_LENGTH, now=NOW)
    assert applies == 800
    assert holds >= 0.98
