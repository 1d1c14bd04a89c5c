"""A row done without a status is done a while after it came to be (rules/turnaround.py), and
the time someone spent on it is minutes to a working day (generators/quantities.py's
`time_spent`). A council's pothole reports: a report raised by a resident (`reported_at`)
is resolved (`resolved_at`, NULL while open) hours to days later, not years; the crew's
`time_spent_mins` is 5 to 480. On the session's base the closing lay anywhere between the
report and the clock and the minutes were any integer. On a schema of our own, at three
seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE ward (ward_id int PRIMARY KEY, ward_name text NOT NULL);
CREATE TABLE resident (resident_id int PRIMARY KEY, full_name text NOT NULL,
  email text NOT NULL, ward_id int NOT NULL REFERENCES ward(ward_id));
CREATE TABLE pothole_report (report_id int PRIMARY KEY,
  resident_id int NOT NULL REFERENCES resident(resident_id),
  street text NOT NULL, depth_cm int,
  reported_at timestamptz NOT NULL,
  time_spent_mins int,
  resolved_at timestamptz);
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

TURNAROUND = """
SELECT count(*), count(*) FILTER (WHERE resolved_at BETWEEN reported_at
  AND least(reported_at + interval '10 days', :now))
FROM pothole_report WHERE resolved_at IS NOT NULL
"""
SPENT = """
SELECT count(*), count(*) FILTER (WHERE time_spent_mins BETWEEN 5 AND 480)
FROM pothole_report WHERE time_spent_mins IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_report_is_resolved_within_days(loaded: str) -> None:
    applies, holds = share(loaded, TURNAROUND, now=NOW)
    assert applies >= 300
    assert holds >= 0.98


def test_time_spent_is_minutes_to_a_working_day(loaded: str) -> None:
    applies, holds = share(loaded, SPENT, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
