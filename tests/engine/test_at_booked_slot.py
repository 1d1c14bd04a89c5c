"""What happened at a booked slot happens within minutes of it (rules/timeline.py): a pet
clinic's appointment (booked ahead, a scheduled start) has at most one triage and one
consultation; the triage is taken shortly before the consultation it clears and the
consultation begins shortly after the slot, not hours to days later. On a schema of our own,
at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE owner (owner_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL);
CREATE TABLE pet (pet_id int PRIMARY KEY, owner_id int NOT NULL REFERENCES owner(owner_id),
  pet_name varchar(40) NOT NULL, species varchar(20) NOT NULL);
CREATE TABLE vet_appointment (appointment_id int PRIMARY KEY,
  pet_id int NOT NULL REFERENCES pet(pet_id),
  scheduled_start timestamptz NOT NULL, booked_at timestamptz NOT NULL,
  reason varchar(120));
CREATE TABLE triage (triage_id int PRIMARY KEY,
  appointment_id int NOT NULL UNIQUE REFERENCES vet_appointment(appointment_id),
  weight_kg numeric(5,1), assessed_at timestamptz NOT NULL);
CREATE TABLE consultation (consultation_id int PRIMARY KEY,
  appointment_id int NOT NULL UNIQUE REFERENCES vet_appointment(appointment_id),
  began_at timestamptz NOT NULL, notes text);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

TRIAGE_CLEARS_CONSULTATION = """
SELECT count(*)::int, count(*) FILTER (WHERE t.assessed_at <= c.began_at
  AND t.assessed_at >= c.began_at - interval '3 hours')::int
FROM consultation c JOIN triage t ON t.appointment_id = c.appointment_id
"""
CONSULTATION_AT_THE_SLOT = """
SELECT count(*)::int, count(*) FILTER (WHERE c.began_at >= a.scheduled_start
  AND c.began_at <= a.scheduled_start + interval '3 hours')::int
FROM consultation c JOIN vet_appointment a ON a.appointment_id = c.appointment_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_the_triage_comes_shortly_before_the_consultation(loaded: str) -> None:
    applies, holds = share(loaded, TRIAGE_CLEARS_CONSULTATION, now=NOW)
    assert applies > 300
    assert holds >= 0.95


def test_the_consultation_begins_at_the_slot(loaded: str) -> None:
    applies, holds = share(loaded, CONSULTATION_AT_THE_SLOT, now=NOW)
    assert applies > 300
    assert holds >= 0.95
