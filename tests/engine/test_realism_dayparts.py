"""A time clock's punches, a pause that grows with the span and a label naming a part of the
day, on a schema of our own (a nursing rota: wards in their own time zones, nurses, and the
duties they punched in and out of, each on a morning, afternoon or night rota, with the
minutes of rest taken), checked in SQL with the run's clock pinned:

- `punched_in`/`punched_out` are a start and an end (lexicon.PUNCHES), a span of work
  (lexicon.WORK: 2 to 12 hours, rules/span.py): a completed duty lasts that long;
- the rest (`rest_mins`, lexicon.PAUSES) is at least 30 minutes beyond six hours worked and 45
  beyond nine, and shorter than the duty (rules/pause.py);
- an open duty (no punch out) began within the hours before the clock, none lies ahead, and the
  punches are the recent past (kinds/events.punched: the last year);
- the punch in, in the ward's local time, fits the rota: morning 07-10, afternoon 12-15, night
  21-23 (rules/daypart.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE wards (id serial PRIMARY KEY, ward_name text NOT NULL, tz text NOT NULL);
CREATE TABLE nurses (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE duty_log (id bigserial PRIMARY KEY,
  nurse_id int NOT NULL REFERENCES nurses(id),
  ward_id int NOT NULL REFERENCES wards(id),
  rota text NOT NULL CHECK (rota IN ('morning', 'afternoon', 'night')),
  punched_in timestamptz NOT NULL, punched_out timestamptz,
  rest_mins smallint NOT NULL DEFAULT 0 CHECK (rest_mins >= 0));
"""

NOW = "2026-03-10 09:00:00+00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"wards": {"rows": 12}, "nurses": {"rows": 200}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=11) as conninfo:
        yield conninfo


def test_a_duty_lasts_a_working_day_with_its_rest(loaded: str) -> None:
    judged, held = share(
        loaded,
        """WITH d AS (SELECT extract(epoch FROM punched_out - punched_in) / 60 AS span,
                             rest_mins AS rest FROM duty_log WHERE punched_out IS NOT NULL)
           SELECT count(*), count(*) FILTER (WHERE span BETWEEN 120 AND 720 AND rest < span
             AND (span - rest <= 360 OR rest >= 30) AND (span - rest <= 540 OR rest >= 45))
           FROM d""",
    )
    assert judged > 800 and held >= 0.98


def test_open_duties_began_lately_and_none_lies_ahead(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE punched_in <= :now
             AND punched_in >= :now - interval '400 days'
             AND CASE WHEN punched_out IS NULL THEN punched_in > :now - interval '12 hours'
                      ELSE punched_out <= :now END) FROM duty_log""",
        now=NOW,
    )
    assert judged == 1000 and held >= 0.98
    opened, _ = share(loaded, "SELECT count(*) FILTER (WHERE punched_out IS NULL), 0 FROM duty_log")
    assert opened > 0


def test_the_punch_in_fits_the_rota_in_local_time(loaded: str) -> None:
    judged, held = share(
        loaded,
        """WITH d AS (SELECT l.rota, extract(hour FROM l.punched_in AT TIME ZONE w.tz) AS h
                      FROM duty_log l JOIN wards w ON w.id = l.ward_id
                      WHERE w.tz IN (SELECT name FROM pg_timezone_names))
           SELECT count(*), count(*) FILTER (WHERE CASE rota
             WHEN 'morning' THEN h BETWEEN 7 AND 10 WHEN 'afternoon' THEN h BETWEEN 12 AND 15
             WHEN 'night' THEN h BETWEEN 21 AND 23 END) FROM d""",
    )
    assert judged > 900 and held >= 0.98
    zones, _ = share(loaded, "SELECT count(DISTINCT tz), 0 FROM wards")
    assert zones > 1


# a call centre: agents log in and out of sessions on a morning, afternoon or evening slot,
# at centres known only by their country (the zone is the country's largest city's)
CALLS = """
CREATE TABLE centres (id serial PRIMARY KEY, centre_name text NOT NULL,
  country_code char(2) NOT NULL CHECK (country_code IN ('JP', 'GB', 'US')));
CREATE TABLE agents (id serial PRIMARY KEY, display_name text NOT NULL);
CREATE TABLE agent_sessions (id bigserial PRIMARY KEY,
  agent_id int NOT NULL REFERENCES agents(id),
  centre_id int NOT NULL REFERENCES centres(id),
  slot varchar(12) NOT NULL CHECK (slot IN ('morning', 'afternoon', 'evening')),
  log_in timestamptz NOT NULL, log_out timestamptz);
"""


@pytest.fixture(scope="module")
def calls(pg_cluster):
    settings = {
        "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
        "tables": {"centres": {"rows": 9}, "agents": {"rows": 80}},
    }
    with loaded_database(pg_cluster, CALLS, settings, seed=5) as conninfo:
        yield conninfo


def test_a_slot_starts_in_its_country_s_local_hours(calls: str) -> None:
    judged, held = share(
        calls,
        """WITH z(cc, tz) AS (VALUES ('JP', 'Asia/Tokyo'), ('GB', 'Europe/London'),
                                    ('US', 'America/New_York')),
           s AS (SELECT a.slot, extract(hour FROM a.log_in AT TIME ZONE z.tz) AS h
                 FROM agent_sessions a JOIN centres c ON c.id = a.centre_id
                 JOIN z ON z.cc = c.country_code)
           SELECT count(*), count(*) FILTER (WHERE CASE slot
             WHEN 'morning' THEN h BETWEEN 7 AND 10 WHEN 'afternoon' THEN h BETWEEN 12 AND 15
             WHEN 'evening' THEN h BETWEEN 17 AND 19 END) FROM s""",
    )
    assert judged == 600 and held >= 0.98
    judged, held = share(
        calls,
        """SELECT count(*), count(*) FILTER (WHERE log_in <= :now
             AND (log_out IS NULL AND log_in > :now - interval '12 hours'
                  OR log_out > log_in AND log_out <= :now)) FROM agent_sessions""",
        now=NOW,
    )
    assert judged == 600 and held >= 0.98
