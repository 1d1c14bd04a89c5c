"""A site lies in its city's country, on a schema of our own (a chain of climbing gyms whose
`gyms` name their city by a key to `towns` and carry a country key, a street, a postcode and
a phone of their own), checked in SQL on what a real PostgreSQL holds: the gym's country is
its town's (the two paths to countries agree), so its postcode and phone are that country's
too. A row with a street but no key to a place (a member's home) keeps its own country."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (iso char(2) PRIMARY KEY, country_name text NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE towns (id serial PRIMARY KEY, iso char(2) NOT NULL REFERENCES countries(iso),
  town_name text NOT NULL);
CREATE TABLE gyms (id serial PRIMARY KEY, gym_name text NOT NULL,
  town_id int NOT NULL REFERENCES towns(id), iso char(2) NOT NULL REFERENCES countries(iso),
  street text NOT NULL, postcode varchar(10), phone varchar(20) NOT NULL);
CREATE TABLE climbers (id serial PRIMARY KEY, full_name text NOT NULL,
  home_gym_id int NOT NULL REFERENCES gyms(id), iso char(2) REFERENCES countries(iso),
  street text);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 300}}) as conninfo:
        yield conninfo


def test_a_site_lies_in_its_towns_country(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE g.iso = t.iso)
           FROM gyms g JOIN towns t ON t.id = g.town_id""",
    )
    assert applies >= 5 and held == 1.0
    # the gym's own locale follows: a UK postcode and +44 in GB, five digits and +49 in DE
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE g.iso
                 WHEN 'GB' THEN g.phone LIKE '+44%' AND g.postcode ~ '^[A-Z]{1,2}[0-9]'
                 WHEN 'DE' THEN g.phone LIKE '+49%' AND g.postcode ~ '^[0-9]{5}$'
                 WHEN 'US' THEN g.phone LIKE '+1%' AND g.postcode ~ '^[0-9]{5}' END)
           FROM gyms g WHERE g.iso IN ('GB', 'DE', 'US')""",
    )
    assert held == 1.0 or applies == 0


def test_a_member_with_a_street_keeps_a_country_of_his_own(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE c.iso <> g.iso)
           FROM climbers c JOIN gyms g ON g.id = c.home_gym_id WHERE c.iso IS NOT NULL""",
    )
    assert applies > 100 and held > 0.0  # the odd climber abroad
