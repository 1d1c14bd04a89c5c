"""Rare outcomes read by their meaning, on a schema of our own (a kayak hire: its rentals; a
craft brewery: its brew batches; a water utility: its tap-water samples), at three seeds, on a
pinned clock. On main (92f5d73):

- a hire whose kayak was never given back (`kayak_not_returned`) took 2 % of the rentals, the
  share of any failure (vocab/outcomes.FAILED_EACH): a loss the business writes off is rarer
  (vocab/outcomes.NOT_GIVEN_BACK_SHARE, 0.4 %);
- a batch the brewery planned itself (`planned`, then brewing, completed or cancelled) was
  called off as often as a customer's booking, some 4.4 % of the batches past their date
  (vocab/outcomes.CANCELLED_PLANNED: 2 %);
- a test's finding (`lead_detected boolean DEFAULT false`, `coliform_positive boolean`) was
  true on 7.5 % and 50 % of the samples (kinds/defaults.SHARE, a coin toss): a screening
  finds what it looks for on a few samples in a thousand (rules/finding_flag.py,
  vocab/findings.py). A `is_positive` of nothing tested is no finding and keeps its draw."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE kayak (kayak_id int PRIMARY KEY, hull_code text NOT NULL);
CREATE TABLE rental (rental_id bigint PRIMARY KEY,
  kayak_id int NOT NULL REFERENCES kayak(kayak_id),
  rented_at timestamptz NOT NULL,
  status text NOT NULL
    CHECK (status IN ('on_water', 'finished', 'cancelled', 'kayak_not_returned')));
CREATE TABLE brew_batch (batch_id bigint PRIMARY KEY,
  recipe_name text NOT NULL,
  scheduled_on date NOT NULL,
  started_at timestamptz,
  ended_at timestamptz,
  status text NOT NULL DEFAULT 'planned'
    CHECK (status IN ('planned', 'brewing', 'completed', 'cancelled')));
CREATE TABLE tap_sample (sample_id bigint PRIMARY KEY,
  taken_at timestamptz NOT NULL,
  lead_detected boolean NOT NULL DEFAULT false,
  coliform_positive boolean,
  is_positive boolean);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

NOT_RETURNED = """
SELECT count(*), count(*) FILTER (WHERE lost <= 0.01 AND done >= 0.80)
FROM (SELECT avg((status = 'kayak_not_returned')::int) OVER () AS lost,
             avg((status = 'finished')::int) OVER () AS done FROM rental) r
"""
PLANNED = """
SELECT count(*), count(*) FILTER (WHERE called_off <= 0.035 AND status <> 'planned')
FROM (SELECT status, avg((status = 'cancelled')::int) OVER () AS called_off
      FROM brew_batch WHERE scheduled_on < :now::date) b
"""
FOUND = """
SELECT count(*), count(*) FILTER (WHERE lead <= 0.01 AND coliform <= 0.01)
FROM (SELECT avg(lead_detected::int) OVER () AS lead,
             avg(coalesce(coliform_positive, false)::int) OVER () AS coliform
      FROM tap_sample) s
"""
NOT_A_TEST = """
SELECT count(*), count(*) FILTER (WHERE positive BETWEEN 0.2 AND 0.8)
FROM (SELECT avg(is_positive::int) OVER () AS positive FROM tap_sample
      WHERE is_positive IS NOT NULL) s
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query",
    [NOT_RETURNED, PLANNED, FOUND, NOT_A_TEST],
    ids=["not_returned", "planned", "found", "not_a_test"],
)
def test_rare_outcomes_are_rare(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
