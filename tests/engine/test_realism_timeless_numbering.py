"""A parent with no time of its own still has its numbered rows in time order, on a schema of
our own (a piano tuner's round: pianos have no date, or only one that may be NULL; each
piano's tunings are numbered, planned to start at a time, then started and stopped or not yet,
by their state), checked in SQL on what a real PostgreSQL holds, with the run's clock pinned:

- a piano's tunings are numbered 1, 2, 3 in the order they were planned to start;
- each starts once the one before it stopped.

Before, rules/sequence.py needed the parent's window or a time it came to be; a piano without
one had its tunings numbered in no order of time (13 % in order). Within one batch of rows
(20,000 by default); across batches a row keeps its parent's order where it can move after
the earlier batches' rows by the run's clock (rules/numbered.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE tuning_state AS ENUM ('booked', 'under_way', 'finished', 'called_off');
CREATE TABLE pianos (piano_ref serial PRIMARY KEY, maker text NOT NULL,
  serial_code varchar(20) NOT NULL, built_year smallint, restored_on date);
CREATE TABLE tunings (id serial PRIMARY KEY,
  piano_ref int NOT NULL REFERENCES pianos(piano_ref), tuning_seq int NOT NULL,
  planned_start timestamp NOT NULL, started_at timestamp, stopped_at timestamp,
  state tuning_state NOT NULL, remarks text,
  UNIQUE (piano_ref, tuning_seq), CHECK (tuning_seq > 0),
  CHECK (stopped_at IS NULL OR stopped_at >= started_at));
"""
IN_ORDER = """
WITH t AS (
  SELECT tuning_seq, started_at,
         row_number() OVER w AS rn, lag(stopped_at) OVER w AS prev_stopped
  FROM tunings WINDOW w AS (PARTITION BY piano_ref ORDER BY planned_start, id))
SELECT count(*), count(*) FILTER (WHERE tuning_seq = rn
    AND (started_at IS NULL OR prev_stopped IS NULL OR started_at >= prev_stopped))
FROM t
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1200, "now": NOW.replace(" ", "T")},
        "tables": {"pianos": {"rows": 150}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_a_pianos_tunings_are_numbered_in_the_order_planned(loaded: str) -> None:
    judged, held = share(loaded, IN_ORDER, now=NOW)
    assert judged == 1200
    assert held >= 0.98


def test_the_tunings_keep_their_spread(loaded: str) -> None:
    # the numbers follow the times, the times do not pile up: a busy piano's tunings still
    # spread over the months they were planned in
    _, held = share(
        loaded,
        """SELECT 1, (min(n) >= 8)::int FROM (
             SELECT count(DISTINCT date_trunc('month', planned_start)) AS n FROM tunings
             GROUP BY piano_ref ORDER BY count(*) DESC LIMIT 3) busy""",
    )
    assert held == 1
