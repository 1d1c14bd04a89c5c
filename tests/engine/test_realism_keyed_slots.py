"""A bookable run of a thing, held unique per thing by its start, keeps its hours, on a schema
of our own (karting: venues in their time zones, tracks with the length of a race in
`duration_minutes`, and each track's heats, UNIQUE (track_id, starts_at)), checked in SQL on
a real PostgreSQL at three seeds, on a pinned clock:

- a heat starts on a quarter hour in the waking day of its venue's time zone (rules/
  kept_hours.TIMETABLE: 07:00-20:00): the start of a row's own span that a key holds unique
  with its parent's key is no longer numbered by the unique plan (constraints/unique/plan.py,
  an ordinal per parent at any second of any hour) but placed by the time rules and the key
  checked whole (its repair moves a repeat by whole days, keeping the hour);
- no two heats of a track share a start (the key holds: the load would fail else);
- a heat lasts about its track's race length (rules/nominal.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE venues (venue_id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL, time_zone text NOT NULL, opened_on date NOT NULL);
CREATE TABLE tracks (track_id serial PRIMARY KEY,
  venue_id int NOT NULL REFERENCES venues(venue_id),
  label text NOT NULL, duration_minutes smallint NOT NULL CHECK (duration_minutes > 0),
  opened_on date NOT NULL);
CREATE TABLE heats (heat_id bigserial PRIMARY KEY,
  track_id int NOT NULL REFERENCES tracks(track_id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'full', 'withdrawn')),
  CHECK (ends_at > starts_at),
  UNIQUE (track_id, starts_at));
"""
SETTINGS = {
    "generate": {"rows": 900, "now": NOW.replace(" ", "T")},
    "tables": {"venues": {"rows": 30}, "tracks": {"rows": 80}},
}

HOURS = """
WITH h AS (SELECT h.starts_at AT TIME ZONE z.name AS local_start
           FROM heats h JOIN tracks t USING (track_id) JOIN venues v USING (venue_id)
           JOIN pg_timezone_names z ON z.name = v.time_zone)
SELECT count(*), count(*) FILTER (WHERE local_start::time BETWEEN time '07:00' AND time '20:00'
    AND extract(minute FROM local_start)::int % 15 = 0 AND extract(second FROM local_start) = 0)
FROM h
"""
LENGTH = """
SELECT count(*), count(*) FILTER (WHERE abs(extract(epoch FROM ends_at - starts_at) / 60
    - t.duration_minutes) <= greatest(30, 0.25 * t.duration_minutes))
FROM heats h JOIN tracks t USING (track_id)
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(("query", "least"), [(HOURS, 700), (LENGTH, 700)], ids=["hours", "length"])
def test_a_keyed_start_keeps_its_hours(loaded: str, query: str, least: int) -> None:
    rows, held = share(loaded, query, NOW)
    assert rows >= least
    assert held >= 0.98, f"{held:.1%} of {rows} rows"
