"""A row that began lives on a parent that is no longer ahead, on a schema of our own (a
bike-locker business: branches planned, active or closed, the lockers of a branch, and
locker rentals naming both their branch and their locker, booked, active, ended or
cancelled), checked in SQL on what a real PostgreSQL holds (rules/agree.py):

- an active or ended rental is at no branch still planned (one that has not opened cannot
  have rented a locker out), and an active one is at an active branch;
- its locker stays one of its branch's (the locker picked again among the new branch's).
Before, the rental's branch was never moved, being the key its locker meets: a planned
branch drawn for a sixth of the rentals kept them, their dates pushed past its opening."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE branches (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL,
  opened_on date NOT NULL,
  status text NOT NULL CHECK (status IN ('planned', 'active', 'closed')));
CREATE TABLE lockers (id serial PRIMARY KEY, branch_id int NOT NULL REFERENCES branches(id),
  code text NOT NULL, size_litres int NOT NULL CHECK (size_litres > 0));
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE locker_rentals (id bigserial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id),
  branch_id int NOT NULL REFERENCES branches(id),
  locker_id int NOT NULL REFERENCES lockers(id),
  status text NOT NULL CHECK (status IN ('booked', 'active', 'ended', 'cancelled')),
  starts_on date NOT NULL, ends_on date, CHECK (ends_on >= starts_on));
"""

SETTINGS = {
    "generate": {"rows": 600},
    "tables": {"public.branches": {"rows": 10}, "public.lockers": {"rows": 120}},
}

BEGUN = """
SELECT count(*), count(*) FILTER (WHERE b.status <> 'planned'
  AND (r.status <> 'active' OR b.status = 'active') AND l.branch_id = r.branch_id)
FROM locker_rentals r JOIN branches b ON b.id = r.branch_id JOIN lockers l ON l.id = r.locker_id
WHERE r.status IN ('active', 'ended')
"""

PLANNED = "SELECT count(*), count(*) FILTER (WHERE status = 'planned') FROM branches"


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_rental_that_began_is_at_a_branch_that_opened(loaded: str) -> None:
    branches, planned = share(loaded, PLANNED)
    assert branches == 10 and planned > 0, planned  # a branch not open yet to stay away from
    applies, holds = share(loaded, BEGUN)
    assert applies > 300 and holds >= 0.98, holds
