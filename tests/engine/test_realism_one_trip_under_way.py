"""A vehicle is on one trip at a time, and its trips stay a chain around the run's clock, on a
schema of our own: a long-haul barge line (voyages of a barge between two wharves, days
long, over a year of operations). By the barge's voyages in time order, each that took place
starts at the wharf the one before reached, after it ended; a barge has at most one voyage
under way (`under_way`: begun, not over), its latest begun; what is over ended by now and what
is planned starts after it (rules/rotation.py). Checked in SQL on a real PostgreSQL, at three
seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE wharves (id serial PRIMARY KEY, name text NOT NULL,
  latitude numeric(9,6) NOT NULL, longitude numeric(9,6) NOT NULL);
CREATE TABLE barges (id serial PRIMARY KEY, hull_no varchar(10) NOT NULL UNIQUE,
  launched_on date NOT NULL);
CREATE TYPE voyage_state AS ENUM ('planned', 'under_way', 'completed', 'cancelled');
CREATE TABLE voyages (id bigserial PRIMARY KEY,
  barge_id int NOT NULL REFERENCES barges(id),
  from_wharf_id int NOT NULL REFERENCES wharves(id),
  to_wharf_id int NOT NULL REFERENCES wharves(id),
  departs_at timestamptz NOT NULL, arrives_at timestamptz NOT NULL,
  state voyage_state NOT NULL DEFAULT 'planned', tonnes numeric(8,1));
CREATE INDEX voyages_barge_leaves_idx ON voyages (barge_id, departs_at);
"""

CHAIN = """
WITH v AS (
  SELECT departs_at, from_wharf_id,
         lag(to_wharf_id) OVER w AS prev_wharf, lag(arrives_at) OVER w AS prev_end
  FROM voyages WHERE state <> 'cancelled'
  WINDOW w AS (PARTITION BY barge_id ORDER BY departs_at, id))
SELECT count(*) FILTER (WHERE prev_end IS NOT NULL),
       count(*) FILTER (WHERE prev_end IS NOT NULL AND from_wharf_id = prev_wharf
                          AND departs_at >= prev_end)
FROM v
"""
# a barge with voyages under way has one, and it is the latest it began
UNDER_WAY = """
WITH b AS (
  SELECT barge_id, count(*) FILTER (WHERE state = 'under_way') AS sailing,
         max(departs_at) FILTER (WHERE state = 'under_way') AS under,
         max(departs_at) FILTER (WHERE state <> 'cancelled' AND departs_at <= :now) AS began
  FROM voyages GROUP BY barge_id)
SELECT count(*) FILTER (WHERE sailing > 0),
       count(*) FILTER (WHERE sailing = 1 AND under = began)
FROM b
"""
# each state on the clock: completed ended by now, under way straddles it, planned ahead
CLOCK = """
SELECT count(*) FILTER (WHERE state <> 'cancelled'),
       count(*) FILTER (WHERE (state = 'completed' AND arrives_at <= :now)
                           OR (state = 'under_way' AND departs_at <= :now AND arrives_at > :now)
                           OR (state = 'planned' AND departs_at > :now))
FROM voyages
"""

SETTINGS = {
    "generate": {"rows": 900, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.wharves": {"rows": 25},
        "public.barges": {"rows": 45},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_barges_voyages_follow_one_another(loaded: str) -> None:
    applies, holds = share(loaded, CHAIN)
    assert applies > 500
    assert holds >= 0.98


def test_a_barge_has_one_voyage_under_way_its_latest(loaded: str) -> None:
    # 52-56 % on main; a few barges still keep an old voyage 'under_way' months ago, that no
    # rule left so at rotation time (a later rule's label): 90-96 % here, the bar below
    applies, holds = share(loaded, UNDER_WAY, now=NOW)
    assert applies > 10
    assert holds >= 0.98


def test_each_voyage_state_agrees_with_the_clock(loaded: str) -> None:
    applies, holds = share(loaded, CLOCK, now=NOW)
    assert applies > 500
    assert holds >= 0.98
