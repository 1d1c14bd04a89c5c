"""A booking's planned window lasts what the thing booked lasts, and what happens at a site
stays before the row's next event, on a schema of our own (a tool hire depot: tools hired
from a depot with its opening hours, for a window booked_from..booked_until):

- a tool rental is booked for days, not minutes: a table named after a hire or a rental
  whose only start and end are its planned window (rules/span.py spans it as it spans a
  start/end pair; before, the window was any length the CHECK allowed);
- its start is in the depot's hours (rules/opening.py) and still before its end."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, name text NOT NULL, opens_at time NOT NULL,
  closes_at time NOT NULL, time_zone text NOT NULL);
CREATE TABLE tools (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE tool_rentals (id bigserial PRIMARY KEY, tool_id int NOT NULL REFERENCES tools(id),
  depot_id int NOT NULL REFERENCES depots(id),
  booked_from timestamptz NOT NULL, booked_until timestamptz NOT NULL,
  CHECK (booked_until > booked_from));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 1000}, "tables": {"depots": {"rows": 20}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=13) as conninfo:
        yield conninfo


def test_hires_are_booked_for_days(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE booked_until - booked_from
             BETWEEN interval '20 hours' AND interval '15 days') FROM tool_rentals""",
    )
    assert judged == 1000 and held >= 0.98


def test_hires_start_in_the_depots_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE booked_from < booked_until
             AND (r.booked_from AT TIME ZONE d.time_zone)::time BETWEEN d.opens_at AND d.closes_at
             AND extract(isodow FROM r.booked_from AT TIME ZONE d.time_zone) <> 7)
           FROM tool_rentals r JOIN depots d ON d.id = r.depot_id""",
    )
    assert judged == 1000 and held >= 0.98
