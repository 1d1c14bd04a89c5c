"""An IBAN that follows its holder's country names a holder whose country issues IBANs
(rules/iban_holder.py), on a schema of our own (a charity's donors with direct debits, staff
paid into accounts at their office's country): a donor in a country without IBANs (the
United States, India, Japan) signs no direct debit, so every debit's IBAN carries its donor's
country, one hop (the donor's key to a table of countries) or two (a staff member's office's
country), with valid check digits."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database
from workbench.seed.fiction import IBAN_LENGTHS, iban_valid

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, country_name text NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE donors (id serial PRIMARY KEY, full_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code), email text NOT NULL,
  registered_at timestamptz NOT NULL);
CREATE TABLE direct_debits (id serial PRIMARY KEY, donor_id int NOT NULL REFERENCES donors,
  iban text NOT NULL, debit_reference text NOT NULL, amount numeric(10,2) NOT NULL,
  signed_at timestamptz NOT NULL);
CREATE TABLE offices (id serial PRIMARY KEY, office_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE staff (id serial PRIMARY KEY, office_id int NOT NULL REFERENCES offices,
  full_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE salary_accounts (id serial PRIMARY KEY, staff_id int NOT NULL REFERENCES staff,
  iban text NOT NULL, opened_on date NOT NULL);
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": 600, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {"countries": {"rows": 30}, "offices": {"rows": 40}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def _pairs(conninfo: str, query: str) -> list[tuple[str, str]]:
    with psycopg.connect(conninfo) as conn:
        return [(str(a), str(b)) for a, b in conn.execute(query).fetchall()]


def test_a_direct_debit_iban_is_of_its_donor_country(loaded: str) -> None:
    rows = _pairs(
        loaded,
        "SELECT d.iban, o.country_code FROM direct_debits d JOIN donors o ON o.id = d.donor_id",
    )
    assert len(rows) == 600
    countries = {c for _, c in _pairs(loaded, "SELECT code, code FROM countries")}
    assert countries - set(IBAN_LENGTHS)  # some countries issue no IBANs: the case judged
    assert all(iban_valid(iban) and iban[:2] == country for iban, country in rows)


def test_a_salary_account_iban_is_of_its_office_country(loaded: str) -> None:
    rows = _pairs(
        loaded,
        "SELECT a.iban, o.country_code FROM salary_accounts a JOIN staff s ON s.id = a.staff_id"
        " JOIN offices o ON o.id = s.office_id",
    )
    assert rows
    assert all(iban_valid(iban) and iban[:2] == country for iban, country in rows)
