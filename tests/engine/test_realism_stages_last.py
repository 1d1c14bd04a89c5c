"""A row still at one of its stages, whose steps another table numbers, each lasting to an end
it may not have reached yet, has been at it for a while (rules/recent.py, chained.steps_last),
on a schema of our own (a brewery's brews and their brewing steps), at three seeds, on a pinned
clock: a brew still brewing or conditioning began weeks back, not all in the last four days
(where its steps, laid one after another up to now, would be squeezed into hours)."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE breweries (id int PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE brews (
  id int PRIMARY KEY,
  brewery_id int NOT NULL REFERENCES breweries(id),
  batch_code text NOT NULL,
  litres numeric(8,1) NOT NULL CHECK (litres > 0),
  status text NOT NULL DEFAULT 'brewing'
    CHECK (status IN ('brewing', 'conditioning', 'canned', 'contaminated')),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE brew_steps (
  id bigint PRIMARY KEY,
  brew_id int NOT NULL REFERENCES brews(id),
  step_no int NOT NULL,
  step_kind text NOT NULL CHECK (step_kind IN ('mashing', 'boiling', 'fermentation',
                                               'conditioning', 'canning')),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  UNIQUE (brew_id, step_no));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

OPEN_BREWS = f"""
SELECT count(*), avg((created_at < timestamptz '{NOW}' - interval '4 days')::int)
FROM brews WHERE status IN ('brewing', 'conditioning')
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_brew_still_at_its_stages_began_weeks_back(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        row = conn.execute(OPEN_BREWS).fetchone()
    assert row is not None
    still, older = row
    assert still > 0
    assert older >= 0.5
