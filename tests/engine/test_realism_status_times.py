"""A status agrees with the row's nullable start and finish times whatever its labels, on a
schema of our own (a water utility's meter exchanges: a slot is booked, the fitter is on site,
the exchange is done, called off, or nobody answered the door), checked in SQL on what a real
PostgreSQL holds, with the run's clock pinned:

- a booked or cancelled exchange has neither started nor finished; one on site has started
  and not finished; a done one has both;
- one where nobody answered (`no_answer`: "no" and what did not happen, as a `no_show`) ended
  before the work began: it never finished (vocab/outcomes.py reads it as a failure that ends
  the row undone, rules/status.py stamps it so)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.rules.status import lifecycle
from workbench.generate.vocab import outcomes

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE exchange_state AS ENUM ('booked', 'on_site', 'done', 'cancelled', 'no_answer');
CREATE TABLE premises (premises_id serial PRIMARY KEY, street text NOT NULL,
  town text NOT NULL);
CREATE TABLE meter_exchanges (exchange_id serial PRIMARY KEY,
  premises_id int NOT NULL REFERENCES premises(premises_id),
  slot_start timestamptz NOT NULL, work_started timestamptz, work_finished timestamptz,
  state exchange_state NOT NULL DEFAULT 'booked', fitter_notes text,
  CHECK (work_finished IS NULL OR work_started IS NULL OR work_finished >= work_started));
"""
LABELS = ["booked", "on_site", "done", "cancelled", "no_answer"]


def test_no_and_what_did_not_happen_ends_a_row_undone() -> None:
    assert outcomes.meaning("no_answer") == "failed"
    assert outcomes.ended_undone("no_access") and outcomes.ended_undone("No Show")
    # "no" and a phrase, or a word of a lifecycle, is not such a label
    assert not outcomes.ended_undone("no_fault_found") and not outcomes.ended_undone("done")
    reach = lifecycle(LABELS)
    assert reach["no_answer"] == 0.0 and reach["on_site"] >= 2.0 > reach["booked"]


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1200, "now": NOW.replace(" ", "T")},
        "tables": {"premises": {"rows": 300}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_the_state_agrees_with_the_work_times(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE CASE state
             WHEN 'booked' THEN work_started IS NULL AND work_finished IS NULL
             WHEN 'cancelled' THEN work_started IS NULL AND work_finished IS NULL
             WHEN 'on_site' THEN work_started IS NOT NULL AND work_finished IS NULL
             WHEN 'done' THEN work_started IS NOT NULL AND work_finished IS NOT NULL
             WHEN 'no_answer' THEN work_finished IS NULL
           END) FROM meter_exchanges"""
    )
    assert judged == 1200 and held >= 0.98, held
    # every state is there, the unanswered ones a few
    _, held = judge(
        """SELECT 1, (count(DISTINCT state) = 5
                      AND count(*) FILTER (WHERE state = 'no_answer') BETWEEN 6 AND 120)::int
           FROM meter_exchanges"""
    )
    assert held == 1
