"""A job a crew is sent to lasts a working day's hours, on a schema of our own (a city's street
lighting: work orders on lamps, a planned slot, the times the crew started and ended, and the
minutes billed for it):

- the planned slot lasts 1 to 12 hours: `work_orders` is an order of work (rules/span.py reads
  the table name's last two words when the last names nothing), and `planned_end` is a plan's
  end, not a thing that happened (it was spanned as a few minutes' job before);
- a done order took 1 to 12 hours between started_at and ended_at, even where the start moved
  close to the planned one (rules/actual.py moves the end with it);
- the billed minutes are time worked: the elapsed minutes times the hands on it (one to three),
  busy 60-100 % of it (rules/elapsed.py), not any number of minutes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE order_state AS ENUM ('planned', 'under_way', 'finished', 'cancelled');
CREATE TABLE lamps (id serial PRIMARY KEY, street text NOT NULL, installed_on date NOT NULL);
CREATE TABLE work_orders (id bigserial PRIMARY KEY,
  lamp_id int NOT NULL REFERENCES lamps(id),
  state order_state NOT NULL DEFAULT 'planned',
  planned_start timestamptz NOT NULL, planned_end timestamptz NOT NULL,
  started_at timestamptz, ended_at timestamptz,
  billable_minutes int,
  CHECK (planned_end > planned_start),
  CHECK (ended_at IS NULL OR ended_at >= started_at));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 1000}, "tables": {"lamps": {"rows": 200}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_planned_slot_is_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE planned_end - planned_start
             BETWEEN interval '1 hour' AND interval '12 hours') FROM work_orders""",
    )
    assert judged == 1000 and held >= 0.99


def test_done_work_took_hours_and_billed_its_time(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             ended_at - started_at BETWEEN interval '1 hour' AND interval '12 hours'
             AND billable_minutes BETWEEN 0.5 * extract(epoch FROM ended_at - started_at) / 60
                                      AND 3 * extract(epoch FROM ended_at - started_at) / 60)
           FROM work_orders WHERE ended_at IS NOT NULL""",
    )
    assert judged > 300 and held >= 0.98
