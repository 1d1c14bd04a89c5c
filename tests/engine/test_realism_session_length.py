"""A thing booked as a block of time, and a measure taken within one of its runs, on a schema
of our own (guided trails: each with the minutes it takes, outings along it with a start and
an end, and how many seconds the group took to reach the summit), checked in SQL on a real
PostgreSQL with the run's clock pinned. No word of `trail`, `outing` or `summit` is known:

- a trail's stated length (`length_minutes`, the template its outings run by) is a block
  of people's time, 45 minutes to two hours, on a quarter hour;
- a measure in a unit of time on an outing (`summit_secs`) lies within its trail's length:
  from ten minutes up to all of it, counted in seconds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE trail (id serial PRIMARY KEY, label text NOT NULL, grade smallint NOT NULL,
  length_minutes smallint NOT NULL CHECK (length_minutes > 0));
CREATE TABLE outing (id bigserial PRIMARY KEY, trail_id int NOT NULL REFERENCES trail(id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  walkers smallint NOT NULL CHECK (walkers > 0),
  summit_secs integer CHECK (summit_secs IS NULL OR summit_secs > 0),
  CHECK (ends_at > starts_at));
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"trail": {"rows": 60}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_stated_length_is_a_block_of_peoples_time(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE length_minutes BETWEEN 45 AND 120
             AND length_minutes % 15 = 0) FROM trail""",
        now=NOW,
    )
    assert judged == 60 and held >= 0.98


def test_a_measure_of_a_run_lies_within_its_parents_length(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             o.summit_secs BETWEEN 600 AND t.length_minutes * 60)
           FROM outing o JOIN trail t ON t.id = o.trail_id WHERE o.summit_secs IS NOT NULL""",
        now=NOW,
    )
    assert judged > 300 and held >= 0.98
