"""An event under a term falls inside the term's window (kinds/terms.py, rules/early_end.py),
on schemas of our own: faults under appliance warranties that can be voided early, and gym
visits under memberships that can be cancelled. A warranty's and a membership's start/end are
named as an occurrence's (`start_date`/`end_date`), their status says they run out (`active`,
`expired`): in force from start to end, or to the day they were voided, lasting months to
years; an early end lies inside the window and by the clock."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"

WARRANTIES = """
CREATE TABLE appliances (id serial PRIMARY KEY, serial_no text NOT NULL, model text NOT NULL);
CREATE TABLE warranties (id bigserial PRIMARY KEY,
  appliance_id int NOT NULL REFERENCES appliances(id),
  status text NOT NULL DEFAULT 'active'
    CHECK (status IN ('pending', 'active', 'expired', 'voided')),
  sold_at timestamptz NOT NULL DEFAULT now(),
  start_date date NOT NULL, end_date date NOT NULL, voided_on date,
  CHECK (end_date > start_date));
CREATE TABLE faults (id bigserial PRIMARY KEY,
  warranty_id bigint NOT NULL REFERENCES warranties(id),
  occurred_at timestamptz NOT NULL, registered_at timestamptz NOT NULL,
  symptom text NOT NULL);
"""

MEMBERSHIPS = """
CREATE TABLE gyms (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE memberships (id bigserial PRIMARY KEY, gym_id int NOT NULL REFERENCES gyms(id),
  member_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('applied', 'active', 'frozen', 'cancelled', 'expired')),
  signed_up_at timestamptz NOT NULL,
  start_date date NOT NULL, end_date date NOT NULL, cancellation_date date,
  CHECK (end_date >= start_date));
CREATE TABLE visits (id bigserial PRIMARY KEY,
  membership_id bigint NOT NULL REFERENCES memberships(id),
  visited_at timestamptz NOT NULL, minutes int NOT NULL CHECK (minutes > 0));
"""


@pytest.fixture(scope="module")
def warranties(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 1000, "now": NOW}, "tables": {"appliances": {"rows": 300}}}
    with loaded_database(pg_cluster, WARRANTIES, settings, seed=3) as conninfo:
        yield conninfo


@pytest.fixture(scope="module")
def memberships(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 1000, "now": NOW}, "tables": {"gyms": {"rows": 20}}}
    with loaded_database(pg_cluster, MEMBERSHIPS, settings, seed=5) as conninfo:
        yield conninfo


def test_faults_fall_inside_their_warranty(warranties: str) -> None:
    judged, held = share(
        warranties,
        """SELECT count(*), count(*) FILTER (WHERE
             f.occurred_at::date BETWEEN w.start_date
                 AND least(w.end_date, coalesce(w.voided_on, w.end_date))
             AND f.registered_at >= f.occurred_at AND f.registered_at <= :now)
           FROM faults f JOIN warranties w ON w.id = f.warranty_id""",
        NOW,
    )
    assert judged > 500 and held >= 0.9


def test_warranties_last_and_void_inside(warranties: str) -> None:
    judged, held = share(
        warranties,
        """SELECT count(*), count(*) FILTER (WHERE end_date - start_date >= 30
             AND (voided_on IS NULL OR voided_on BETWEEN start_date AND end_date))
           FROM warranties""",
    )
    assert judged > 100 and held >= 0.95


def test_visits_fall_inside_their_membership(memberships: str) -> None:
    judged, held = share(
        memberships,
        """SELECT count(*), count(*) FILTER (WHERE
             v.visited_at::date BETWEEN m.start_date
                 AND least(m.end_date, coalesce(m.cancellation_date, m.end_date))
             AND v.visited_at <= :now)
           FROM visits v JOIN memberships m ON m.id = v.membership_id""",
        NOW,
    )
    assert judged > 500 and held >= 0.9
