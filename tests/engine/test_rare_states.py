"""A status's rare labels, the time a unit left service, and a party's person side, on a
schema of our own (a scooter-sharing fleet: its scooters, its docking kiosks, its clients), at
three seeds, on a pinned clock. On s21land (76259c8):

- a status with a DEFAULT (`fleet_state DEFAULT 'in_service'`) left its other labels 15 % of
  the rows in a Zipf skew, whatever they said: `damaged` on about 8 %; a status without one
  drew `malfunction` like any label. A label of an exception befalling the thing (`damaged`,
  `stolen`, `malfunction`) is rare, one saying it left service (`scrapped`, `removed`) a few
  in a hundred (vocab/exceptions.exception_state, left_service; generators/pools.kind_weights);
- the time a unit left service (`disposed_on`, `removed_at`) was drawn on its own, set on
  rows in service and missing on scrapped ones: it is set exactly where the status says the
  unit left, after it came into service and not after the clock (rules/left_service.py);
- a client `segment` of `household` and `corporate` gave a date of birth to either: of two
  labels one naming organisations, the other is the people's side (rules/party.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE depot (depot_id int PRIMARY KEY, city text NOT NULL);
CREATE TABLE scooter (scooter_id bigint PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  frame_code text NOT NULL,
  fleet_state text NOT NULL DEFAULT 'in_service'
    CHECK (fleet_state IN ('in_service', 'damaged', 'stolen', 'scrapped')),
  commissioned_on date NOT NULL,
  disposed_on date);
CREATE TABLE kiosk (kiosk_id bigint PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  status text NOT NULL CHECK (status IN ('working', 'malfunction', 'removed')),
  installed_at timestamptz NOT NULL,
  removed_at timestamptz);
CREATE TABLE client (client_id bigint PRIMARY KEY,
  segment text NOT NULL CHECK (segment IN ('household', 'corporate')),
  first_name text, last_name text, organisation_name text,
  birth_date date,
  signed_up_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

SCOOTERS = """
SELECT count(*),
       count(*) FILTER (WHERE damaged <= 0.03 AND stolen <= 0.03 AND scrapped <= 0.05
                          AND CASE fleet_state WHEN 'scrapped'
                                THEN disposed_on >= commissioned_on AND disposed_on <= :now
                                ELSE disposed_on IS NULL END)
FROM (SELECT *, avg((fleet_state = 'damaged')::int) OVER () AS damaged,
             avg((fleet_state = 'stolen')::int) OVER () AS stolen,
             avg((fleet_state = 'scrapped')::int) OVER () AS scrapped FROM scooter) s
"""
KIOSKS = """
SELECT count(*),
       count(*) FILTER (WHERE broken <= 0.03 AND gone <= 0.05
                          AND CASE status WHEN 'removed'
                                THEN removed_at > installed_at AND removed_at <= :now
                                ELSE removed_at IS NULL END)
FROM (SELECT *, avg((status = 'malfunction')::int) OVER () AS broken,
             avg((status = 'removed')::int) OVER () AS gone FROM kiosk) k
"""
CLIENTS = """
SELECT count(*),
       count(*) FILTER (WHERE CASE segment
           WHEN 'household' THEN date_part('year', age(signed_up_at::date, birth_date))
                                 BETWEEN 18 AND 100
           ELSE birth_date IS NULL END)
FROM client
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query", [SCOOTERS, KIOSKS, CLIENTS], ids=["scooter_states", "kiosk_states", "clients"]
)
def test_rare_states(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
