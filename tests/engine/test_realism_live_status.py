"""A status agrees with its own stamp and with the one record of its outcome, on a schema of
our own (a padel club: court hours, the reservations members hold on them, the match played
on a reservation), checked in SQL on what a real PostgreSQL holds, at three seeds, on a
pinned clock.

1. One live reservation per court hour (`UNIQUE (hour_id) WHERE state NOT IN ('voided',
   'refused')`): the rows take distinct hours (constraints/unique/live.py), so the index
   holds without turning every second reservation of an hour into a voided one that has no
   time it was voided at; voided rows stay the few a lifecycle's failure takes.
2. The match is the one record of a reservation's outcome (kinds/outcome.py): it exists only
   for reservations fulfilled, and its own status follows them (rules/record_status.py): a
   match of a fulfilled reservation is over, its end time set, not one still being played or
   called off with no end."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE courts (court_no integer PRIMARY KEY, surface text NOT NULL);
CREATE TABLE court_hours (hour_id bigint PRIMARY KEY,
  court_no integer NOT NULL REFERENCES courts(court_no),
  begins timestamptz NOT NULL, finishes timestamptz NOT NULL,
  CHECK (finishes > begins));
CREATE TABLE members (member_no bigint PRIMARY KEY, full_name text NOT NULL,
  joined timestamptz NOT NULL);
CREATE TABLE reservations (reservation_no bigint PRIMARY KEY,
  member_no bigint NOT NULL REFERENCES members(member_no),
  hour_id bigint NOT NULL REFERENCES court_hours(hour_id),
  state text NOT NULL DEFAULT 'requested',
  made_at timestamptz NOT NULL, voided_at timestamptz,
  CHECK (state IN ('requested', 'accepted', 'fulfilled', 'voided', 'refused')));
CREATE UNIQUE INDEX reservations_one_live ON reservations (hour_id)
  WHERE state NOT IN ('voided', 'refused');
CREATE TABLE matches (match_no bigint PRIMARY KEY,
  reservation_no bigint NOT NULL UNIQUE REFERENCES reservations(reservation_no),
  began_at timestamptz NOT NULL, finished_at timestamptz,
  stage text NOT NULL DEFAULT 'running',
  CHECK (stage IN ('running', 'finished', 'abandoned')));
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

VOIDED_STAMPED = """
SELECT count(*), count(*) FILTER (WHERE (state = 'voided') = (voided_at IS NOT NULL))
FROM reservations WHERE :now::timestamptz IS NOT NULL
"""
VOIDED_FEW = """
SELECT 1, CASE WHEN count(*) FILTER (WHERE state = 'voided') <= 0.15 * count(*) THEN 1 ELSE 0 END
FROM reservations WHERE :now::timestamptz IS NOT NULL
"""
FULFILLED_MATCH_OVER = """
SELECT count(*), count(*) FILTER (WHERE m.stage = 'finished' AND m.finished_at IS NOT NULL)
FROM matches m JOIN reservations r ON r.reservation_no = m.reservation_no
WHERE r.state = 'fulfilled' AND :now::timestamptz IS NOT NULL
"""
MATCH_ONLY_WHEN_FULFILLED = """
SELECT count(*), count(*) FILTER (WHERE r.state = 'fulfilled')
FROM matches m JOIN reservations r ON r.reservation_no = m.reservation_no
WHERE :now::timestamptz IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_voided_reservation_has_its_stamp(loaded: str) -> None:
    applies, holds = share(loaded, VOIDED_STAMPED, NOW)
    assert applies >= 100
    assert holds >= 0.98


def test_voided_reservations_stay_few(loaded: str) -> None:
    _, holds = share(loaded, VOIDED_FEW, NOW)
    assert holds == 1.0


def test_the_match_of_a_fulfilled_reservation_is_over(loaded: str) -> None:
    applies, holds = share(loaded, FULFILLED_MATCH_OVER, NOW)
    assert applies >= 100
    assert holds >= 0.98


def test_matches_exist_only_for_fulfilled_reservations(loaded: str) -> None:
    applies, holds = share(loaded, MATCH_ONLY_WHEN_FULFILLED, NOW)
    assert applies >= 100
    assert holds >= 0.98
