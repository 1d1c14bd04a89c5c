"""A row's date needs a check of its party passed and valid that day, the check a sibling under
the same party with no key between the two, on a schema of our own (a courier firm): a
driver's shift starts, and a driver signs up for a route (`registered_at`), only under a
medical check of the same driver passed on or before the day and valid through it. The check
is a table named for one (`medical_checks`: rules/certified.CHECK_WORDS), its result an enum
with a passing label; the sign-up is a use by the one time it enrols its party
(certified.ENROLS). Checked in SQL on what a real PostgreSQL holds, at three seeds, on a
pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE check_outcome AS ENUM ('passed', 'failed', 'deferred');
CREATE TABLE depots (id serial PRIMARY KEY, name varchar(60) NOT NULL, city varchar(60) NOT NULL);
CREATE TABLE drivers (id serial PRIMARY KEY,
  full_name text NOT NULL,
  hired_on date NOT NULL,
  licence_class varchar(4) NOT NULL);
CREATE TABLE medical_checks (id serial PRIMARY KEY,
  driver_id int NOT NULL REFERENCES drivers(id),
  checked_on date NOT NULL,
  valid_until date NOT NULL,
  outcome check_outcome NOT NULL,
  examiner varchar(60),
  CHECK (valid_until >= checked_on));
CREATE TABLE shifts (id serial PRIMARY KEY,
  driver_id int NOT NULL REFERENCES drivers(id),
  depot_id int NOT NULL REFERENCES depots(id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE route_signups (id serial PRIMARY KEY,
  driver_id int NOT NULL REFERENCES drivers(id),
  depot_id int NOT NULL REFERENCES depots(id),
  registered_at timestamptz NOT NULL,
  note text);
"""


def _covered(table: str, when: str) -> str:
    return f"""
SELECT count(*), count(*) FILTER (WHERE EXISTS (
    SELECT 1 FROM medical_checks m
     WHERE m.driver_id = u.driver_id AND m.outcome = 'passed'
       AND m.checked_on <= u.{when}::date AND m.valid_until >= u.{when}::date))
FROM {table} u
"""


# some checks still fail or are deferred: the checks around the uses are not all of them
NOT_PASSED = "SELECT count(*), count(*) FILTER (WHERE outcome <> 'passed') FROM medical_checks"
SETTINGS = {
    "generate": {"rows": 100, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.drivers": {"rows": 150},
        "public.medical_checks": {"rows": 1200},
        "public.shifts": {"rows": 1500},
        "public.route_signups": {"rows": 600},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("table", "when", "rows"),
    [("shifts", "starts_at", 1500), ("route_signups", "registered_at", 600)],
    ids=["shift", "signup"],
)
def test_a_driver_works_under_a_passed_medical_check_valid_that_day(
    loaded: str, table: str, when: str, rows: int
) -> None:
    applies, holds = share(loaded, _covered(table, when), now=NOW)
    assert applies >= rows * 0.95
    assert holds >= 0.98


def test_some_checks_still_fail(loaded: str) -> None:
    applies, failed = share(loaded, NOT_PASSED, now=NOW)
    assert applies >= 1100
    assert 0.0 < failed < 0.3
