"""A timetable of operations agrees with its status and the clock, on a schema of our own (an
operating theatre's surgery list: theatres, surgeries planned from a start to a finish, with
the times they actually started and finished, a lifecycle status and a reason only where
one was called off), checked in SQL on what a real PostgreSQL holds, with the run's clock
pinned:

- the status decides the actual times (`actual_start` from 'started' on, `actual_finish`
  from 'finished' on: kinds/events.py reads `actual_start` as the event 'started' names) and
  the reason (`cancel_reason` exactly on 'canceled' rows);
- the clock: what is queued lies ahead, what is being prepared starts within the hour around
  now, what started is under way now (started by now, planned to finish lately or later),
  what finished did by now; the list spans about a year back, not the whole history;
- exceptions are rare: a few cancellations (the 4 % drawn and the stale open rows that
  failed), almost no rerouted ones;
- a surgery of the last year is in a theatre not decommissioned years before (rules/alive.py
  re-picks it among the theatres still open when the list's history began)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE surgery_state AS ENUM ('queued', 'prepping', 'started', 'finished', 'rerouted',
  'canceled');
CREATE TABLE theatres (id serial PRIMARY KEY, name text NOT NULL, opened_on date NOT NULL,
  decommissioned_on date);
CREATE TABLE surgeries (id bigserial PRIMARY KEY, theatre_id int NOT NULL REFERENCES theatres(id),
  planned_start timestamptz NOT NULL, planned_finish timestamptz NOT NULL,
  actual_start timestamptz, actual_finish timestamptz,
  state surgery_state NOT NULL DEFAULT 'queued', cancel_reason text,
  CHECK (planned_finish > planned_start));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"theatres": {"rows": 80}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=7) as conninfo:
        yield conninfo


def test_the_status_decides_the_actual_times_and_the_reason(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE state
             WHEN 'queued' THEN actual_start IS NULL AND actual_finish IS NULL
             WHEN 'prepping' THEN actual_start IS NULL AND actual_finish IS NULL
             WHEN 'started' THEN actual_start IS NOT NULL AND actual_finish IS NULL
             WHEN 'finished' THEN actual_finish > actual_start
             WHEN 'rerouted' THEN actual_start IS NOT NULL
             WHEN 'canceled' THEN actual_start IS NULL AND actual_finish IS NULL
           END AND (state = 'canceled') = (cancel_reason IS NOT NULL)) FROM surgeries""",
    )
    assert judged == 1000 and held >= 0.98


def test_each_status_lies_where_the_clock_says(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE
             planned_start BETWEEN :now - interval '730 days' AND :now + interval '366 days'
             AND CASE state
             WHEN 'queued' THEN planned_start > :now
             WHEN 'prepping' THEN planned_start BETWEEN :now - interval '3 hours'
                                                    AND :now + interval '1 hour'
             WHEN 'started' THEN actual_start <= :now
                                 AND planned_finish > :now - interval '12 hours'
             WHEN 'finished' THEN actual_finish <= :now
             ELSE actual_start IS NULL OR actual_start <= :now
           END) FROM surgeries"""
    )
    assert judged == 1000 and held >= 0.98
    # every state is there, the ones on the day a few
    judged, held = judge(
        """SELECT 1, (count(DISTINCT state) FILTER (WHERE state <> 'rerouted') = 5
             AND count(*) FILTER (WHERE state IN ('prepping', 'started')) < 200)::int
           FROM surgeries"""
    )
    assert held == 1


def test_exceptions_are_rare(loaded: str) -> None:
    _, held = share(
        loaded,
        now=NOW,
        query="""WITH past AS (SELECT state FROM surgeries
                             WHERE planned_start < :now - interval '1 day')
           SELECT 1, (count(*) FILTER (WHERE state = 'canceled') BETWEEN 0.003 * count(*)
                                                                     AND 0.08 * count(*)
             AND count(*) FILTER (WHERE state = 'rerouted') <= 0.01 * count(*))::int
           FROM past""",
    )
    assert held == 1


def test_a_surgery_names_a_theatre_still_there_in_its_year(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    # some theatres closed long ago: the question is real
    _, held = judge(
        "SELECT 1, (count(*) FILTER (WHERE decommissioned_on < :now - interval '400 days') > 0)"
        "::int"
        " FROM theatres"
    )
    assert held == 1
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE t.decommissioned_on IS NULL
             OR t.decommissioned_on >= (:now - interval '366 days')::date)
           FROM surgeries s JOIN theatres t ON t.id = s.theatre_id"""
    )
    assert judged == 1000 and held >= 0.99
