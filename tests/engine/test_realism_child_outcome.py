"""A child's own outcomes stay its own where the only time it has named after its parent's
labels is the parent's failure, on a schema of our own (a climbing gym's class sessions and
the places members reserve on them, checked in at the door), checked in SQL on what a real
PostgreSQL holds, at three seeds, on a pinned clock.

A reservation's `cancelled_at` is named after a session's `cancelled` label, yet records no
stage the session reached: rules/parent_reach.py leaves such a child to its status rules, so
a finished session keeps reservations of more than one outcome (attended, cancelled, missed),
not every one relabelled "attended" because the session was finished, and a reservation of a
cancelled session is cancelled, not one still "reserved" for a class that will never run."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE session_status AS ENUM ('scheduled', 'running', 'finished', 'cancelled');
CREATE TYPE reservation_status AS ENUM ('reserved', 'confirmed', 'attended', 'cancelled',
  'no_show');
CREATE TABLE members (member_id serial PRIMARY KEY, full_name text NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE class_sessions (session_id bigserial PRIMARY KEY, title text NOT NULL,
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  status session_status NOT NULL DEFAULT 'scheduled');
CREATE TABLE reservations (reservation_id bigserial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(member_id),
  session_id bigint NOT NULL REFERENCES class_sessions(session_id),
  status reservation_status NOT NULL DEFAULT 'reserved',
  created_at timestamptz NOT NULL DEFAULT now(), cancelled_at timestamptz);
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

OF_CANCELLED = """
SELECT count(*), count(*) FILTER (WHERE r.status = 'cancelled')
FROM reservations r JOIN class_sessions s ON s.session_id = r.session_id
WHERE s.status = 'cancelled' AND :now::timestamptz IS NOT NULL
"""
OUTCOMES_OF_FINISHED = """
SELECT count(DISTINCT r.status), 1
FROM reservations r JOIN class_sessions s ON s.session_id = r.session_id
WHERE s.status = 'finished' AND :now::timestamptz IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_reservations_of_a_cancelled_session_are_cancelled(loaded: str) -> None:
    applies, holds = share(loaded, OF_CANCELLED, NOW)
    assert applies >= 10
    assert holds >= 0.98


def test_a_finished_session_keeps_its_reservations_outcomes(loaded: str) -> None:
    labels, _ = share(loaded, OUTCOMES_OF_FINISHED, NOW)
    assert labels >= 2
