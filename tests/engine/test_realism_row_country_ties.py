"""What a row's country and kind tie it to, on a schema of our own (a festival organiser:
members paying by SEPA or Bacs mandates, partner companies with VAT numbers, attendees of
orders for events, expeditions with their camps):
- a mandate's scheme decides its details: a SEPA one carries an IBAN of its member's country
  (never NULL), a Bacs one a sort code and an account number and no IBAN
  (rules/scheme_details.py);
- a company in any EU member (one company a country) gives its VAT number in its country's
  shape (EL for Greece; vocab/data/identifier_formats.tsv);
- an attendee's ticket type fits their age on the day of their order's event, the order's
  own parent, not only where a review of the order names the show (kinds/age_bands.event_of);
- a camp with an address of its own lies in its expedition's country: an undertaking with its
  dates and no address places what is done for it (rules/ancestor_keys.py).
Before, a tenth of the SEPA mandates had no IBAN, a Romanian or Czech company a German VAT
number, a child ticket a holder of seventy, and the camps of one expedition lay all over."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code), joined_at timestamptz NOT NULL);
CREATE TABLE mandates (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members(id),
  scheme text NOT NULL CHECK (scheme IN ('sepa_core', 'bacs')), payer_iban text,
  sort_code text, account_number text, signed_at timestamptz NOT NULL);
CREATE TABLE partner_companies (id serial PRIMARY KEY, company_name text NOT NULL,
  country_code char(2) NOT NULL UNIQUE REFERENCES countries(code), vat_number text);
CREATE TABLE shows (id serial PRIMARY KEY, title text NOT NULL,
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL);
CREATE TABLE ticket_orders (id serial PRIMARY KEY, show_id int NOT NULL REFERENCES shows(id),
  member_id int NOT NULL REFERENCES members(id), ordered_at timestamptz NOT NULL);
CREATE TABLE attendees (id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES ticket_orders(id), full_name text NOT NULL,
  ticket_type text NOT NULL CHECK (ticket_type IN ('adult', 'child', 'senior')),
  date_of_birth date);
CREATE TABLE show_reviews (id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES ticket_orders(id), show_id int NOT NULL REFERENCES shows(id),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5), submitted_at timestamptz NOT NULL);
CREATE TABLE expeditions (id serial PRIMARY KEY, title text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code), budget numeric(12,2) NOT NULL,
  start_date date NOT NULL, end_date date NOT NULL);
CREATE TABLE camps (id serial PRIMARY KEY,
  expedition_id int NOT NULL REFERENCES expeditions(id), camp_name text NOT NULL,
  street text NOT NULL, city text NOT NULL, postcode text,
  country_code char(2) NOT NULL REFERENCES countries(code), set_up_on date);
"""
EU = {"AT": "AT", "BE": "BE", "BG": "BG", "HR": "HR", "CY": "CY", "CZ": "CZ", "DK": "DK",
      "EE": "EE", "FI": "FI", "FR": "FR", "DE": "DE", "GR": "EL", "HU": "HU", "IE": "IE",
      "IT": "IT", "LV": "LV", "LT": "LT", "LU": "LU", "MT": "MT", "NL": "NL", "PL": "PL",
      "PT": "PT", "RO": "RO", "SK": "SK", "SI": "SI", "ES": "ES", "SE": "SE"}  # fmt: skip


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": 600, "now": NOW},
        "tables": {
            "countries": {"rows": 60},
            "partner_companies": {"rows": 60},
            "expeditions": {"rows": 12},
        },
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_sepa_mandate_has_an_iban_of_its_members_country(loaded: str) -> None:
    rows, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE m.payer_iban IS NOT NULL"
        " AND left(m.payer_iban, 2) = p.country_code AND m.sort_code IS NULL)"
        " FROM mandates m JOIN members p ON p.id = m.member_id WHERE m.scheme = 'sepa_core'",
    )
    assert rows > 50 and held == 1.0
    rows, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE payer_iban IS NULL AND sort_code IS NOT NULL"
        " AND account_number IS NOT NULL) FROM mandates WHERE scheme = 'bacs'",
    )
    assert rows > 50 and held == 1.0


def test_an_eu_companys_vat_number_has_its_countrys_prefix(loaded: str) -> None:
    eu = ", ".join(f"('{c}', '{p}')" for c, p in EU.items())
    rows, held = share(
        loaded,
        f"WITH eu(code, prefix) AS (VALUES {eu}) SELECT count(*), count(*) FILTER ("
        " WHERE replace(c.vat_number, ' ', '') ~ ('^' || eu.prefix || '[0-9A-Z]{8,12}$'))"
        " FROM partner_companies c JOIN eu ON eu.code = c.country_code"
        " WHERE c.vat_number IS NOT NULL",
    )
    assert rows >= 15 and held == 1.0
    wider = share(
        loaded,
        f"WITH eu(code, prefix) AS (VALUES {eu}) SELECT count(*), count(DISTINCT c.country_code)"
        " FROM partner_companies c JOIN eu ON eu.code = c.country_code"
        " WHERE c.country_code NOT IN ('DE', 'FR', 'NL', 'BE', 'AT', 'ES', 'IT', 'PT', 'PL',"
        " 'SE', 'DK', 'FI', 'LU', 'MT', 'IE')",
    )
    assert wider[0] > 0  # members whose format was missing are part of the judged rows


def test_an_attendee_fits_their_ticket_type_on_the_show_day(loaded: str) -> None:
    rows, held = share(
        loaded,
        "WITH a AS (SELECT t.ticket_type, date_part('year', age(s.starts_at::date,"
        " t.date_of_birth)) AS yrs FROM attendees t JOIN ticket_orders o ON o.id = t.order_id"
        " JOIN shows s ON s.id = o.show_id WHERE t.date_of_birth IS NOT NULL)"
        " SELECT count(*), count(*) FILTER (WHERE CASE ticket_type"
        " WHEN 'child' THEN yrs BETWEEN 0 AND 15 WHEN 'adult' THEN yrs BETWEEN 16 AND 100"
        " WHEN 'senior' THEN yrs BETWEEN 60 AND 105 END) FROM a",
    )
    assert rows > 300 and held == 1.0


def test_a_camp_lies_in_its_expeditions_country(loaded: str) -> None:
    rows, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE c.country_code = e.country_code)"
        " FROM camps c JOIN expeditions e ON e.id = c.expedition_id",
    )
    assert rows > 50 and held >= 0.95
