"""A row's copy of an attribute of where it is agrees with the parent it is at, and a
counterparty elsewhere keeps its own (kinds/whereabouts, rules/at_place.py,
rules/party_currency.py, the place rule's parents). On a schema of our own (an orchard
cooperative: its districts, orchards, supply deals, warehouses in towns, bank desks and their
accounts, field offices and their staff, training centres and their classes, and freight to
other countries), at three seeds on a pinned clock.

- an orchard's country is its district's (the district a key to a table of countries, the
  orchard's country plain text): no orchard abroad;
- a deal of an orchard is in the currency of the orchard's country (the deal's currency and
  the countries' currencies plain text), while it also references its buyer and its fruit;
- a warehouse's country is its town's (its own text), and so is a packhouse's (a key to the
  table of countries, re-picked for the town's country where that table holds it); an
  account's currency its desk's country's, a field worker's time zone its office's, a
  class's language its training centre's;
- freight leaving a warehouse for a destination country, and a run of a warehouse's truck to
  a destination country, are not forced into the warehouse's country: a good share goes
  abroad."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE nations (iso2 char(2) PRIMARY KEY, nation_name varchar(80) NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE districts (district_no int PRIMARY KEY,
  country_code char(2) NOT NULL REFERENCES nations(iso2), label varchar(80) NOT NULL);
CREATE TABLE orchards (orchard_no int PRIMARY KEY,
  district_no int NOT NULL REFERENCES districts(district_no),
  country_code char(2) NOT NULL, orchard_name varchar(100) NOT NULL,
  contact_email varchar(120), hectares numeric(8,1) NOT NULL);
CREATE TABLE fruit_buyers (buyer_no int PRIMARY KEY, buyer_name varchar(100) NOT NULL,
  country_code char(2) NOT NULL);
CREATE TABLE fruits (fruit_no int PRIMARY KEY, fruit_name varchar(60) NOT NULL UNIQUE);
CREATE TABLE supply_deals (deal_no int PRIMARY KEY,
  orchard_no int NOT NULL REFERENCES orchards(orchard_no),
  buyer_no int NOT NULL REFERENCES fruit_buyers(buyer_no),
  fruit_no int NOT NULL REFERENCES fruits(fruit_no),
  currency_code char(3) NOT NULL, price_per_tonne numeric(10,2) NOT NULL,
  agreed_on date NOT NULL);
CREATE TABLE towns (town_no int PRIMARY KEY, town_name varchar(80) NOT NULL,
  country_code char(2) NOT NULL);
CREATE TABLE warehouses (warehouse_no int PRIMARY KEY,
  town_no int NOT NULL REFERENCES towns(town_no),
  warehouse_name varchar(80) NOT NULL, country char(2) NOT NULL);
CREATE TABLE packhouses (packhouse_no int PRIMARY KEY,
  town_no int NOT NULL REFERENCES towns(town_no),
  country_code char(2) NOT NULL REFERENCES nations(iso2), packhouse_name varchar(80) NOT NULL);
CREATE TABLE bank_desks (desk_no int PRIMARY KEY, desk_name varchar(80) NOT NULL,
  country_code char(2) NOT NULL);
CREATE TABLE member_accounts (account_no int PRIMARY KEY,
  desk_no int NOT NULL REFERENCES bank_desks(desk_no),
  currency char(3) NOT NULL, balance numeric(14,2) NOT NULL);
CREATE TABLE field_offices (office_no int PRIMARY KEY, city varchar(80) NOT NULL,
  country_code char(2) NOT NULL, timezone varchar(40) NOT NULL);
CREATE TABLE field_workers (worker_no int PRIMARY KEY,
  office_no int NOT NULL REFERENCES field_offices(office_no),
  full_name varchar(100) NOT NULL, timezone varchar(40) NOT NULL);
CREATE TABLE training_centres (centre_no int PRIMARY KEY, centre_name varchar(80) NOT NULL,
  language_code char(2) NOT NULL);
CREATE TABLE training_classes (class_no int PRIMARY KEY,
  centre_no int NOT NULL REFERENCES training_centres(centre_no),
  topic varchar(80) NOT NULL, language_code char(2) NOT NULL);
CREATE TABLE consignees (consignee_no int PRIMARY KEY, consignee_name varchar(100) NOT NULL,
  country_code char(2) NOT NULL);
CREATE TABLE freight (freight_no int PRIMARY KEY,
  origin_warehouse_no int NOT NULL REFERENCES warehouses(warehouse_no),
  consignee_no int NOT NULL REFERENCES consignees(consignee_no),
  destination_country char(2) NOT NULL, shipped_at timestamptz NOT NULL);
CREATE TABLE truck_runs (run_no int PRIMARY KEY,
  warehouse_no int NOT NULL REFERENCES warehouses(warehouse_no),
  destination_country char(2) NOT NULL, departed_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

AGREE = {
    "an orchard is in its district's country": """
        SELECT count(*)::int, count(*) FILTER (WHERE o.country_code = d.country_code)::int
        FROM orchards o JOIN districts d USING (district_no)""",
    "a deal is in the currency of its orchard's country": """
        SELECT count(*)::int, count(*) FILTER (WHERE s.currency_code = n.currency_code)::int
        FROM supply_deals s JOIN orchards o USING (orchard_no)
        JOIN nations n ON n.iso2 = o.country_code""",
    "a warehouse is in its town's country": """
        SELECT count(*)::int, count(*) FILTER (WHERE w.country = t.country_code)::int
        FROM warehouses w JOIN towns t USING (town_no)""",
    "a packhouse's key to its nation is its town's country": """
        SELECT count(*) FILTER (WHERE t.country_code IN (SELECT iso2 FROM nations))::int,
          count(*) FILTER (WHERE p.country_code = t.country_code)::int
        FROM packhouses p JOIN towns t USING (town_no)""",
    "an account is in its desk's country's currency": """
        SELECT count(*)::int, count(*) FILTER (WHERE a.currency = n.currency_code)::int
        FROM member_accounts a JOIN bank_desks d USING (desk_no)
        JOIN nations n ON n.iso2 = d.country_code""",
    "a field worker keeps the office's time zone": """
        SELECT count(*)::int, count(*) FILTER (WHERE w.timezone = o.timezone)::int
        FROM field_workers w JOIN field_offices o USING (office_no)""",
    "a class is taught in its centre's language": """
        SELECT count(*)::int, count(*) FILTER (WHERE c.language_code = t.language_code)::int
        FROM training_classes c JOIN training_centres t USING (centre_no)""",
}
ABROAD = {
    "freight leaves for another country than its origin warehouse's": """
        SELECT count(*)::int, count(*) FILTER (WHERE f.destination_country <> w.country)::int
        FROM freight f JOIN warehouses w ON w.warehouse_no = f.origin_warehouse_no""",
    "a truck run heads for another country than its warehouse's": """
        SELECT count(*)::int, count(*) FILTER (WHERE r.destination_country <> w.country)::int
        FROM truck_runs r JOIN warehouses w USING (warehouse_no)""",
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("name", sorted(AGREE))
def test_a_row_agrees_with_the_place_it_is_at(loaded: str, name: str) -> None:
    applies, holds = share(loaded, AGREE[name], now=NOW)
    assert applies > 0, name
    assert holds >= 0.99, (name, holds)


@pytest.mark.parametrize("name", sorted(ABROAD))
def test_a_counterparty_elsewhere_keeps_its_own_country(loaded: str, name: str) -> None:
    applies, holds = share(loaded, ABROAD[name], now=NOW)
    assert applies > 0, name
    assert holds >= 0.2, (name, holds)
