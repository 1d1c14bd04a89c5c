"""A person named on a parent's row is of age at the parent's start, and a licence they hold
dates from their licensing age up to that start (rules/held_since.py). On a schema of our own (a
yacht charter's crew: each crew member of a charter has a birth date and a skipper's
`licence_date`; the charter runs from `starts_on` to `ends_on`). Before, a crew member's age
was drawn at the run's clock (a charter years back had crew of 14) and the licence was dated
after the charter began."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE clients (id serial PRIMARY KEY, full_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE charters (id serial PRIMARY KEY, client_id int NOT NULL REFERENCES clients(id),
  starts_on date NOT NULL, ends_on date NOT NULL, CHECK (ends_on > starts_on));
CREATE TABLE charter_crew (id serial PRIMARY KEY,
  charter_id int NOT NULL REFERENCES charters(id),
  full_name text NOT NULL, birth_date date NOT NULL, licence_date date NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 500}}, seed=6) as conninfo:
        yield conninfo


def test_crew_are_of_age_and_licensed_before_the_charter_starts(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             date_part('year', age(c.starts_on, w.birth_date)) BETWEEN 17 AND 95
             AND w.licence_date >= (w.birth_date + interval '16 years')::date
             AND w.licence_date <= c.starts_on)
           FROM charter_crew w JOIN charters c ON c.id = w.charter_id""",
    )
    assert applies > 300 and held >= 0.98, held
