"""A span booked ahead whose table's name says nothing of what it is, on a schema of our own
(a chain of dog-grooming parlours: parlours with their time zone, groomers, and `grooms` that
name a parlour, an optional groomer, a planned start and end and a state `scheduled`,
`done`, `cancelled`), checked in SQL on a real PostgreSQL with the run's clock pinned. No
word of `grooms` names an appointment, a lesson or a visit; that it is booked ahead (a
plan's start, a state waiting for its time) says people attend it:

- it starts Monday to Friday between 09:00 and 17:00 in its parlour's own time zone, on a
  quarter hour;
- it lasts a quarter hour to two hours."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE parlour (id serial PRIMARY KEY, label text NOT NULL, town text NOT NULL,
  tz text NOT NULL);
CREATE TABLE groomer (id serial PRIMARY KEY, parlour_id int NOT NULL REFERENCES parlour(id),
  first_name text NOT NULL, last_name text NOT NULL);
CREATE TABLE grooms (id bigserial PRIMARY KEY,
  parlour_id int NOT NULL REFERENCES parlour(id),
  groomer_id int REFERENCES groomer(id),
  planned_start timestamptz NOT NULL, planned_end timestamptz NOT NULL,
  dogs smallint NOT NULL CHECK (dogs > 0),
  state text NOT NULL DEFAULT 'scheduled'
    CHECK (state IN ('scheduled', 'done', 'cancelled')),
  CHECK (planned_end > planned_start));
"""
LOCAL = """
WITH l AS (
  SELECT g.*, g.planned_start AT TIME ZONE z.name AS ls
  FROM grooms g JOIN parlour p ON p.id = g.parlour_id
  LEFT JOIN pg_timezone_names z ON z.name = p.tz)
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"parlour": {"rows": 12}, "groomer": {"rows": 60}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_booked_span_starts_in_the_sites_weekday_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        LOCAL
        + """SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM ls) BETWEEN 1 AND 5
               AND ls::time BETWEEN time '09:00' AND time '17:00'
               AND extract(minute FROM ls)::int % 15 = 0 AND extract(second FROM ls) = 0)
             FROM l""",
        now=NOW,
    )
    assert judged == 1000 and held >= 0.98


def test_a_booked_span_lasts_a_quarter_hour_to_two_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE planned_end - planned_start
             BETWEEN interval '15 minutes' AND interval '2 hours') FROM grooms""",
        now=NOW,
    )
    assert judged == 1000 and held >= 0.98
