"""A child's whole window lies inside the validity of the parent it is used under, on a
schema of our own (a touring theatre company): a production opens and closes while its
director is with the company (joined_on..left_on), not only opens then. No word of these
tables is in the code (rules/within.py: `_room`, the row's own window's end). On 76259c8 the
productions' openings lie inside but ~3 % close after their director left. Checked in SQL on
what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE directors (id serial PRIMARY KEY, full_name text NOT NULL,
  joined_on date NOT NULL, left_on date,
  CHECK (left_on IS NULL OR left_on >= joined_on));
CREATE TABLE productions (id bigserial PRIMARY KEY,
  director_id int NOT NULL REFERENCES directors(id),
  title text NOT NULL,
  opens_on date NOT NULL, closes_on date NOT NULL,
  CHECK (closes_on >= opens_on));
"""

WITH_THE_COMPANY = """
SELECT count(*), count(*) FILTER (WHERE d.joined_on <= p.opens_on
    AND (d.left_on IS NULL OR d.left_on >= p.closes_on))
FROM productions p JOIN directors d ON d.id = p.director_id
"""
RUNS = "SELECT count(*), count(*) FILTER (WHERE closes_on > opens_on) FROM productions"
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"public.directors": {"rows": 60}, "public.productions": {"rows": 1500}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_production_opens_and_closes_while_its_director_is_with_the_company(
    loaded: str,
) -> None:
    applies, holds = share(loaded, WITH_THE_COMPANY, now=NOW)
    assert applies == 1500
    assert holds >= 0.99
    _, running = share(loaded, RUNS, now=NOW)
    assert running >= 0.9  # the windows keep their length
