"""A use row names an event that had a thing of its holder in force at its time, on a schema
of our own (a bakery's kitchens): a run line links a baking run (`baked_at`, a status) to a
flour sack (`received_on` / `expiry_date`), its primary key the pair (run_id, sack_id); every
line's sack had been delivered by the run's day and was not past its expiry date, and is
one of the run's kitchen's. A kitchen whose sacks all ran out of date before a run of its
(sacks bought over its first years, runs up to now) has none at hand then: the line names
another run, one that had (rules/used_then.event_supplied, found by rules/valid_for.py),
not a sack out of date nor another kitchen's. Before (seeds 1, 2, 3): lines of a run whose
kitchen had a sack in date 92.2-93.3 %, lines whose sack was in date 82.4-87.1 %. Checked in
SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE run_state AS ENUM ('planned', 'baked', 'cancelled');
CREATE TABLE kitchens (kitchen_id serial PRIMARY KEY, kitchen_name text NOT NULL,
  opened_on date NOT NULL, closed_on date);
CREATE TABLE flour_sacks (sack_id serial PRIMARY KEY,
  kitchen_id int NOT NULL REFERENCES kitchens(kitchen_id),
  mill_name varchar(60) NOT NULL,
  received_on date NOT NULL,
  expiry_date date NOT NULL);
CREATE TABLE bake_runs (run_id bigserial PRIMARY KEY,
  kitchen_id int NOT NULL REFERENCES kitchens(kitchen_id),
  baker_name text NOT NULL,
  baked_at timestamptz NOT NULL,
  state run_state NOT NULL DEFAULT 'planned');
CREATE TABLE run_sacks (run_id bigint NOT NULL REFERENCES bake_runs(run_id),
  sack_id int NOT NULL REFERENCES flour_sacks(sack_id),
  kg_used numeric(6,2) NOT NULL CHECK (kg_used > 0),
  PRIMARY KEY (run_id, sack_id));
"""

IN_DATE = """
SELECT count(*), count(*) FILTER (
  WHERE s.received_on <= r.baked_at::date AND s.expiry_date >= r.baked_at::date)
FROM run_sacks u
JOIN bake_runs r ON r.run_id = u.run_id
JOIN flour_sacks s ON s.sack_id = u.sack_id
"""
AT_HAND = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM flour_sacks x WHERE x.kitchen_id = r.kitchen_id
     AND x.received_on <= r.baked_at::date AND x.expiry_date >= r.baked_at::date))
FROM run_sacks u
JOIN bake_runs r ON r.run_id = u.run_id
"""
SAME_KITCHEN = """
SELECT count(*), count(*) FILTER (WHERE s.kitchen_id = r.kitchen_id)
FROM run_sacks u
JOIN bake_runs r ON r.run_id = u.run_id
JOIN flour_sacks s ON s.sack_id = u.sack_id
"""

SETTINGS = {
    "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.kitchens": {"rows": 8},
        "public.flour_sacks": {"rows": 400},
        "public.run_sacks": {"rows": 1500},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 3])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_run_line_is_of_a_run_whose_kitchen_had_a_sack_in_date(loaded: str) -> None:
    rows, held = partial(share, loaded, now=NOW)(AT_HAND)
    assert rows >= 1400
    assert held >= 0.99


def test_a_run_lines_sack_was_in_date_on_the_runs_day(loaded: str) -> None:
    # a run that had fewer sacks in date than lines keeps a line's own pick (the pair key)
    rows, held = partial(share, loaded, now=NOW)(IN_DATE)
    assert rows >= 1400
    assert held >= 0.9


def test_a_run_lines_sack_is_its_runs_kitchens(loaded: str) -> None:
    rows, held = partial(share, loaded, now=NOW)(SAME_KITCHEN)
    assert rows >= 1400
    assert held >= 0.98
