"""Hours recorded for one day are a day's hours on the grid they are billed in, on a schema
of our own (a design studio: designers, briefs, timesheet lines of a designer on a brief on a
day): a line's `logged_hrs` lies between a tenth and twelve hours in tenths, its amount
is hours × rate; a designer's `weekly_hours` (a longer period) is no day's."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.rules.day_hours import day_hours

SCHEMA = """
CREATE TABLE designers (id serial PRIMARY KEY, full_name text NOT NULL,
  weekly_hours numeric(5,2) NOT NULL, started_on date NOT NULL);
CREATE TABLE briefs (id serial PRIMARY KEY, title text NOT NULL, opened_at timestamptz NOT NULL);
CREATE TABLE timesheet_lines (id bigserial PRIMARY KEY,
  designer_id int NOT NULL REFERENCES designers(id), brief_id int NOT NULL REFERENCES briefs(id),
  day date NOT NULL, logged_hrs numeric(5,2) NOT NULL CHECK (logged_hrs > 0),
  rate numeric(8,2) NOT NULL, amount numeric(10,2) NOT NULL, note text,
  entered_at timestamptz NOT NULL DEFAULT now());
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_days_logged_hours_are_billing_units_of_one_day(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 600}, "tables": {"public.designers": {"rows": 20}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE logged_hrs BETWEEN 0.1 AND 12 "
            "AND logged_hrs * 10 = trunc(logged_hrs * 10)) FROM timesheet_lines",
        )
        assert judged >= 550 and held == 1.0, (judged, held)
        spread, _ = share(conninfo, "SELECT count(DISTINCT logged_hrs), 1 FROM timesheet_lines")
        assert spread >= 20, spread


def test_which_hours_are_a_days() -> None:
    assert day_hours("hours") and day_hours("logged_hrs") and day_hours("billableHours")
    assert not day_hours("weekly_hours") and not day_hours("annual_target_hours")
    assert not day_hours("total_hours") and not day_hours("rate")
