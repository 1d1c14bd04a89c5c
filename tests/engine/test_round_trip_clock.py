"""A time in the present tense is a timetable (rules/timetable.py), and a trip that departs
and returns is one outing of hours (rules/span.py ROUND_TRIP, kinds/windows.OCCURRENCE). A
sailing school's charters each have a NOT NULL `departs_at` and a `returns_at` once back. On
6b04aa8 the NOT NULL `departs_at` was read as the stamp of the label `departed`, so the
status rule took every charter to departed or completed (no scheduled or cancelled charter
left), and `returns_at` was a free time weeks later, set on charters still out. On a schema
of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE harbour (harbour_id int PRIMARY KEY, harbour_name text NOT NULL);
CREATE TABLE yacht (yacht_id int PRIMARY KEY,
  harbour_id int NOT NULL REFERENCES harbour(harbour_id),
  yacht_name text NOT NULL, berths smallint NOT NULL CHECK (berths > 0));
CREATE TABLE charter (charter_id bigint PRIMARY KEY,
  yacht_id int NOT NULL REFERENCES yacht(yacht_id),
  sail_date date NOT NULL,
  departs_at timestamptz NOT NULL,
  returns_at timestamptz,
  state text NOT NULL DEFAULT 'scheduled'
    CHECK (state IN ('scheduled', 'departed', 'completed', 'cancelled')),
  guests smallint NOT NULL DEFAULT 0);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# every label is left, and a charter's return fits its label
LABELS = "SELECT 4, count(DISTINCT state) FROM charter"
FITS = """
SELECT count(*), count(*) FILTER (WHERE CASE state
    WHEN 'completed' THEN returns_at <= :now
         AND returns_at BETWEEN departs_at + interval '1 hour' AND departs_at + interval '12 hours'
    WHEN 'scheduled' THEN returns_at IS NULL AND departs_at > :now
    ELSE returns_at IS NULL END)
FROM charter WHERE state <> 'departed'
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_planned_departure_leaves_every_label(loaded: str) -> None:
    _, share_left = share(loaded, LABELS, now=NOW)
    assert share_left == 1.0


def test_a_charter_returns_hours_after_it_departs_once_done(loaded: str) -> None:
    applies, holds = share(loaded, FITS, now=NOW)
    assert applies >= 500
    assert holds >= 0.95
