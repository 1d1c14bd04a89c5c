"""A verdict's shares hold at each site of the business (rules/site_shares.py): the outcome of
a card charge at a car park, reached through the parking session it settles, is approved on
most of each car park's charges and declined on few, as across the business. Drawn row by
row, a car park with three charges showed a decline or a pending charge on a third of them
now and then, and a report per car park found many below its rate.

On a schema of our own (a car park operator), at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE charge_outcome AS ENUM ('approved', 'pending', 'declined', 'reversed');
CREATE TABLE car_park (car_park_id int PRIMARY KEY, name varchar(80) NOT NULL,
  street varchar(120) NOT NULL, city varchar(80) NOT NULL, postcode varchar(12),
  spaces int NOT NULL CHECK (spaces > 0));
CREATE TABLE parking_session (session_id int PRIMARY KEY,
  car_park_id int NOT NULL REFERENCES car_park(car_park_id),
  plate varchar(12) NOT NULL, entered_at timestamptz NOT NULL, left_at timestamptz);
CREATE TABLE card_charge (charge_id int PRIMARY KEY,
  session_id int NOT NULL REFERENCES parking_session(session_id),
  charged_at timestamptz NOT NULL, amount numeric(8,2) NOT NULL,
  outcome charge_outcome NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# per car park: at least 80 % of its charges approved, at most 10 % declined
PER_SITE = """
SELECT count(*), count(*) FILTER (WHERE ok >= 0.8 * n AND declined <= 0.1 * n)
FROM (SELECT s.car_park_id, count(*) AS n,
             count(*) FILTER (WHERE c.outcome = 'approved') AS ok,
             count(*) FILTER (WHERE c.outcome = 'declined') AS declined
        FROM card_charge c JOIN parking_session s USING (session_id)
       GROUP BY s.car_park_id) t
"""
APPROVED = "SELECT count(*), count(*) FILTER (WHERE outcome = 'approved') FROM card_charge"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_each_car_park_approves_most_charges(loaded: str) -> None:
    applies, holds = share(loaded, PER_SITE)
    assert applies >= 50
    assert holds >= 0.98


def test_most_charges_are_approved_and_not_all(loaded: str) -> None:
    applies, approved = share(loaded, APPROVED)
    assert applies == 1000
    assert 0.8 <= approved < 1.0
