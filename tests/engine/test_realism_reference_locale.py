"""Reference tables and a row's locale on a schema of our own (a mobile operator's roaming
desk: its `nations` list, the subscribers it serves), checked in SQL on what a real
PostgreSQL holds.

- A table of countries whose dialling code a CHECK keeps to digits (no `+`) holds each
  country's real code, written as digits (`49`, `358`), not digits a pattern made up.
- A co-working operator's membership is billed in the currency of the country its desk's
  building stands in (desk → building → country → currency, a key it must have), not in
  that of its optional community manager's office (a nearer path, through a key that may be
  NULL)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE nations (
  alpha2 char(2) PRIMARY KEY CHECK (alpha2 ~ '^[A-Z]{2}$'),
  nation_name varchar(80) NOT NULL,
  currency_iso char(3) NOT NULL,
  dial_code varchar(4) NOT NULL CHECK (dial_code ~ '^[0-9]{1,4}$'));
CREATE TABLE subscribers (
  id serial PRIMARY KEY,
  home_nation char(2) NOT NULL REFERENCES nations(alpha2),
  full_name text NOT NULL);
"""
# the calling codes of a few countries (ITU-T E.164), written here
CALLING = {"DE": "49", "FR": "33", "GB": "44", "US": "1", "FI": "358", "IE": "353", "IN": "91"}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 300}}) as conninfo:
        yield conninfo


def test_a_digits_only_dialling_code_is_the_countrys_own(loaded: str) -> None:
    known = ", ".join(f"('{k}', '{v}')" for k, v in CALLING.items())
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE n.dial_code = k.code)
            FROM nations n JOIN (VALUES {known}) AS k(alpha2, code) USING (alpha2)""",
    )
    assert applies >= 4 and held == 1.0


COWORK = """
CREATE TABLE currencies (code char(3) PRIMARY KEY, label text NOT NULL);
CREATE TABLE countries (iso char(2) PRIMARY KEY, country_name text NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code));
CREATE TABLE buildings (id serial PRIMARY KEY, street text NOT NULL, city text NOT NULL,
  country_iso char(2) NOT NULL REFERENCES countries(iso));
CREATE TABLE desks (id serial PRIMARY KEY, building_id int NOT NULL REFERENCES buildings(id),
  desk_label text NOT NULL);
CREATE TABLE community_managers (id serial PRIMARY KEY, display_name text NOT NULL,
  office_country char(2) NOT NULL REFERENCES countries(iso));
CREATE TABLE memberships (id serial PRIMARY KEY, desk_id int NOT NULL REFERENCES desks(id),
  manager_id int REFERENCES community_managers(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code), monthly_fee numeric(10,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def cowork(pg_cluster):
    with loaded_database(pg_cluster, COWORK, {"generate": {"rows": 400}}) as conninfo:
        yield conninfo


def test_a_membership_is_billed_in_its_buildings_currency(cowork: str) -> None:
    applies, held = share(
        cowork,
        """SELECT count(*), count(*) FILTER (WHERE m.currency_code = c.currency_code)
            FROM memberships m JOIN desks d ON d.id = m.desk_id
            JOIN buildings b ON b.id = d.building_id JOIN countries c ON c.iso = b.country_iso""",
    )
    assert applies >= 300 and held >= 0.98
