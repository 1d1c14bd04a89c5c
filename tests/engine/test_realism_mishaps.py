"""What goes wrong happens to few, on a schema of our own (a climbing gym: members, visits,
and the injury reports of a visit), checked in SQL on what a real PostgreSQL holds: a table
named after a mishap with one required key to what it befalls (plan/roles.py, MISHAPS) is
sized as a small share of that table's rows, not one report per visit, so most visits pass
without an injury."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE visits (id bigserial PRIMARY KEY, member_id int NOT NULL REFERENCES members(id),
  checked_in_at timestamptz NOT NULL, checked_out_at timestamptz);
CREATE TABLE injury_reports (id bigserial PRIMARY KEY,
  visit_id bigint NOT NULL REFERENCES visits(id),
  reported_at timestamptz NOT NULL, body_part text, notes text);
"""

SETTINGS = {"generate": {"rows": 1000}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_few_visits_end_in_an_injury(loaded: str) -> None:
    applies, injured = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM injury_reports i"
        " WHERE i.visit_id = v.id)) FROM visits v",
    )
    assert applies == 1000 and 0 < injured <= 0.15, injured
