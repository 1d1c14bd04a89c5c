"""A row at a site takes the site's country's calling code and money, and a counterparty
elsewhere keeps its own (rules/phone.py, rules/site_money_keys.py, rules/place_keys.py). On a
schema of our own (climbing halls in towns, their staff, tickets and workshops; a freight
forwarder's depots shipping abroad), at three seeds on a pinned clock.

- a hall's staff member dials the calling code of the hall's country (the hall a place by
  its shape: a town and a time zone of its own, no site by its name);
- a day ticket and a workshop of a hall are in the currency of the hall's country (the
  currency a key to a table of currencies);
- a shipment leaving a depot is charged in the depot's country's money, while its
  destination country (a key to the table of countries) is not forced into the depot's
  country, nor its charge into the destination's money: a good share goes abroad."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE currencies (currency_code char(3) PRIMARY KEY, currency_name varchar(60) NOT NULL);
CREATE TABLE countries (iso char(2) PRIMARY KEY, country_name varchar(80) NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(currency_code),
  calling_code varchar(6) NOT NULL);
CREATE TABLE climbing_halls (hall_id int PRIMARY KEY, hall_name varchar(80) NOT NULL,
  town varchar(80) NOT NULL, timezone varchar(40) NOT NULL,
  country_iso char(2) NOT NULL REFERENCES countries(iso), opened_on date NOT NULL);
CREATE TABLE hall_staff (staff_id int PRIMARY KEY,
  hall_id int NOT NULL REFERENCES climbing_halls(hall_id),
  full_name varchar(100) NOT NULL, mobile varchar(24), hired_on date NOT NULL);
CREATE TABLE day_tickets (ticket_id int PRIMARY KEY,
  hall_id int NOT NULL REFERENCES climbing_halls(hall_id),
  price numeric(8,2) NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(currency_code),
  sold_at timestamptz NOT NULL);
CREATE TABLE workshops (workshop_id int PRIMARY KEY,
  hall_id int NOT NULL REFERENCES climbing_halls(hall_id),
  coach_id int NOT NULL REFERENCES hall_staff(staff_id),
  topic varchar(80) NOT NULL, fee numeric(8,2) NOT NULL,
  fee_currency char(3) NOT NULL REFERENCES currencies(currency_code),
  starts_at timestamptz NOT NULL);
CREATE TABLE depots (depot_id int PRIMARY KEY, depot_name varchar(80) NOT NULL,
  city varchar(80) NOT NULL, country_iso char(2) NOT NULL REFERENCES countries(iso));
CREATE TABLE shipments (shipment_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(depot_id),
  destination_depot_id int NOT NULL REFERENCES depots(depot_id),
  destination_country char(2) NOT NULL REFERENCES countries(iso),
  charge numeric(10,2) NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(currency_code),
  shipped_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

AGREE = {
    "a hall's staff dial the hall's country": """
        SELECT count(*)::int, count(*) FILTER (
            WHERE regexp_replace(s.mobile, '[^0-9+]', '', 'g')
                  LIKE '+' || ltrim(c.calling_code, '+') || '%')::int
        FROM hall_staff s JOIN climbing_halls h USING (hall_id)
        JOIN countries c ON c.iso = h.country_iso
        WHERE s.mobile IS NOT NULL""",
    "a day ticket is in its hall's country's money": """
        SELECT count(*)::int, count(*) FILTER (WHERE t.currency_code = c.currency_code)::int
        FROM day_tickets t JOIN climbing_halls h USING (hall_id)
        JOIN countries c ON c.iso = h.country_iso""",
    "a workshop is in its hall's country's money": """
        SELECT count(*)::int, count(*) FILTER (WHERE w.fee_currency = c.currency_code)::int
        FROM workshops w JOIN climbing_halls h USING (hall_id)
        JOIN countries c ON c.iso = h.country_iso""",
    "a shipment is charged in its depot's country's money": """
        SELECT count(*)::int, count(*) FILTER (WHERE s.currency_code = c.currency_code)::int
        FROM shipments s JOIN depots d USING (depot_id)
        JOIN countries c ON c.iso = d.country_iso""",
}
ABROAD = {
    "a shipment is not charged in its destination country's money": """
        SELECT count(*)::int, count(*) FILTER (WHERE s.currency_code <> c.currency_code)::int
        FROM shipments s JOIN countries c ON c.iso = s.destination_country""",
    "a shipment's destination country is another than its depot's": """
        SELECT count(*)::int, count(*) FILTER (WHERE s.destination_country <> d.country_iso)::int
        FROM shipments s JOIN depots d USING (depot_id)""",
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("name", sorted(AGREE))
def test_a_row_at_a_site_takes_its_country_facts(loaded: str, name: str) -> None:
    applies, holds = share(loaded, AGREE[name], now=NOW)
    assert applies > 0, name
    assert holds >= 0.98, (name, holds)


@pytest.mark.parametrize("name", sorted(ABROAD))
def test_a_counterparty_abroad_keeps_its_own_country(loaded: str, name: str) -> None:
    applies, holds = share(loaded, ABROAD[name], now=NOW)
    assert applies > 0, name
    assert holds >= 0.2, (name, holds)
