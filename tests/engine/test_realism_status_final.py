"""What a status decides about its row's times is final, on a schema of our own (a window
cleaner's rounds and a first-aid school's trainees), checked in SQL on what a real PostgreSQL
holds, with the run's clock pinned, at three seeds:

- a house's cleans are numbered in order (rules/sequence.py lays a house's chain out again
  inside its contract);
  a completed clean keeps both its start and its finish, a booked or cancelled one neither
  (rules/decided.py: whichever path of the status rule set them, stage words included);
- a trainee's `completed_on` is named after one label: a withdrawn trainee, which the
  lifecycle ranks after `completed`, never has it (rules/stamp_words.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE houses (id serial PRIMARY KEY, street text NOT NULL, town text NOT NULL,
  contract_start timestamptz NOT NULL, contract_end timestamptz);
CREATE TABLE cleans (id bigserial PRIMARY KEY,
  house_id int NOT NULL REFERENCES houses(id),
  clean_no int NOT NULL CHECK (clean_no > 0),
  state text NOT NULL CHECK (state IN ('booked', 'completed', 'cancelled')),
  booked_for timestamptz NOT NULL, started_at timestamptz, ended_at timestamptz,
  minutes_spent int, UNIQUE (house_id, clean_no));
CREATE TABLE trainees (id bigserial PRIMARY KEY, full_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('registered', 'attending', 'completed',
    'withdrawn')),
  registered_on date NOT NULL, completed_on date);
"""
CLEANS = """
SELECT count(*), count(*) FILTER (WHERE CASE state
  WHEN 'completed' THEN started_at IS NOT NULL AND ended_at IS NOT NULL
  ELSE started_at IS NULL AND ended_at IS NULL END)
FROM cleans
"""
TRAINEES = """
SELECT count(*), count(*) FILTER (WHERE (status = 'completed') = (completed_on IS NOT NULL))
FROM trainees WHERE status IN ('completed', 'withdrawn')
"""
WITHDRAWN = """
SELECT count(*), count(*) FILTER (WHERE completed_on IS NULL)
FROM trainees WHERE status = 'withdrawn'
"""
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"public.houses": {"rows": 120}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_withdrawn_trainee_never_completed(loaded: str) -> None:
    applies, holds = share(loaded, TRAINEES)
    assert applies >= 50
    assert holds >= 0.98
    withdrawn, held = share(loaded, WITHDRAWN)
    assert withdrawn >= 5
    assert held == 1.0
