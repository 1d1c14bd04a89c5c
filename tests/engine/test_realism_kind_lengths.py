"""How long a row lasts is read from what the row is, on a schema of our own (a landscaper's
estimates, a holiday club's care reservations, a crematorium's farewells and a stud book's
horses), checked in SQL on a real PostgreSQL at three seeds:

- a lone length (`duration_minutes`) beside the day and time of an appointment, in a table
  whose name says nothing of its length, lasts an attended appointment's minutes (not 1 to
  600); a kind column with one label naming a call ('video') among others that are not kinds
  of contact ('on_site', 'photo_upload') is no call log: the video estimates last a booked
  call's quarter hour to two, not a call's minute (rules/call_length.py, rules/elapsed.py);
- a kind's own length beats the table's noun: a reservation of 'day_care' (a label read
  whole) lasts hours of one day, one 'overnight' nights (rules/span.label_scales);
- a 'viewing' among rites ('cremation', 'memorial') is a visitation of the dead, half an hour
  to four, not a look round a flat;
- a thing offered lasts what its sessions last: an arena's `duration_minutes` that its
  `match_sessions` follow is a match's 45 minutes to two hours in quarter hours (not 1 to 600:
  rules/offered.py), and a match ends when its time is up, the winning time within it
  (rules/nominal.py);
- an animal's transponder number is an ISO 11784 code: 15 digits opening with a maker's code
  (900-998) or an ISO 3166 numeric country code, no two alike (vocab/data/code_schemes.tsv).
No table or column of a dev domain is named here."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE gardeners (gardener_id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE estimates (estimate_id bigserial PRIMARY KEY,
  gardener_id int REFERENCES gardeners(gardener_id),
  estimate_type text NOT NULL CHECK (estimate_type IN ('on_site', 'video', 'photo_upload')),
  appointment_on date, appointment_time time,
  duration_minutes int CHECK (duration_minutes > 0),
  garden_area_m2 numeric(8,1), created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE club_reservations (reservation_id bigserial PRIMARY KEY,
  care_type text NOT NULL CHECK (care_type IN ('day_care', 'overnight')),
  child_name text, starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE farewells (farewell_id bigserial PRIMARY KEY,
  farewell_kind text NOT NULL CHECK (farewell_kind IN ('viewing', 'cremation', 'memorial')),
  begins_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, mourners int,
  CHECK (ends_at > begins_at));
CREATE TABLE arenas (arena_id serial PRIMARY KEY, name text NOT NULL,
  max_players smallint NOT NULL, duration_minutes smallint NOT NULL CHECK (duration_minutes > 0),
  opened_on date NOT NULL);
CREATE TABLE match_sessions (match_id bigserial PRIMARY KEY,
  arena_id int NOT NULL REFERENCES arenas(arena_id), begins_at timestamptz NOT NULL,
  ends_at timestamptz, won boolean, winning_time_seconds int CHECK (winning_time_seconds > 0));
CREATE TABLE horses (horse_id serial PRIMARY KEY, name text NOT NULL, foaled_on date,
  transponder_number text UNIQUE);
"""
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"gardeners": {"rows": 20}},
}

ESTIMATES = """
SELECT count(*), count(*) FILTER (WHERE duration_minutes BETWEEN 15 AND 180
    AND (estimate_type <> 'video' OR duration_minutes <= 90))
FROM estimates WHERE duration_minutes IS NOT NULL
"""
DAY_CARE = """
SELECT count(*), count(*) FILTER (WHERE CASE care_type
    WHEN 'overnight' THEN ends_at - starts_at BETWEEN interval '20 hours' AND interval '60 days'
    ELSE ends_at - starts_at BETWEEN interval '2 hours' AND interval '13 hours' END)
FROM club_reservations
"""
VIEWINGS = """
SELECT count(*), count(*) FILTER (WHERE ends_at - begins_at
    BETWEEN interval '30 minutes' AND interval '4 hours')
FROM farewells WHERE farewell_kind = 'viewing'
"""
MATCHES = """
SELECT count(*), count(*) FILTER (WHERE a.duration_minutes BETWEEN 45 AND 120
    AND a.duration_minutes % 15 = 0
    AND (m.ends_at IS NULL OR m.ends_at - m.begins_at <= make_interval(mins => a.duration_minutes))
    AND (m.winning_time_seconds IS NULL OR m.winning_time_seconds <= a.duration_minutes * 60))
FROM match_sessions m JOIN arenas a ON a.arena_id = m.arena_id
"""
TRANSPONDERS = """
WITH h AS (SELECT transponder_number AS t, count(*) OVER (PARTITION BY transponder_number) AS n
           FROM horses WHERE transponder_number IS NOT NULL)
SELECT count(*), count(*) FILTER (WHERE t ~ '^[0-9]{15}$' AND n = 1
    AND (left(t, 3)::int BETWEEN 900 AND 998 OR left(t, 3)::int BETWEEN 4 AND 894))
FROM h
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("query", "least"),
    [(ESTIMATES, 300), (DAY_CARE, 300), (VIEWINGS, 50), (MATCHES, 300), (TRANSPONDERS, 300)],
    ids=["estimate_length", "day_care", "viewing_among_rites", "match_length", "transponder"],
)
def test_a_row_lasts_as_what_it_is(loaded: str, query: str, least: int) -> None:
    rows, held = share(loaded, query, NOW)
    assert rows >= least
    assert held >= 0.98, f"{held:.1%} of {rows} rows"
