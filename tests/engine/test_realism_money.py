"""Money in its currency, currencies that agree with the parent, addresses in their owner's
country: checked in SQL on what a real PostgreSQL holds after loading the shipped example,
pagila15 and a shop schema written here (currency columns named four ways, a currency two
foreign keys away, a country that is a lone char(2))."""

from __future__ import annotations

import re
import statistics
from collections import defaultdict
from pathlib import Path

import psycopg
import pytest

from tests.conftest import REPO, shared_schema
from tests.engine.loading import load_schema
from tests.engine.test_coherence import POSTAL
from workbench.config.file import load_config, parse_config
from workbench.schema.parse import parse_schema_file, parse_schema_text

# ISO 4217: currencies without a minor unit (written here, not read from the generator)
ZERO_DECIMAL = {"JPY", "KRW", "VND", "CLP", "ISK", "UGX", "PYG", "XOF", "XAF", "RWF"}
# countries the generator has cities for, and their calling codes (ITU-T E.164)
DIAL = {
    "US": "+1", "CA": "+1", "GB": "+44", "DE": "+49", "FR": "+33", "ES": "+34", "IT": "+39",
    "NL": "+31", "IN": "+91", "BR": "+55", "JP": "+81", "AU": "+61", "SE": "+46",
    "PL": "+48", "IE": "+353",
}  # fmt: skip
# phones.py keeps no fictional range for Italy (its numbers keep the trunk 0): not dialled
DIALLED = {cc: code for cc, code in DIAL.items() if cc != "IT"}
CURRENCIES = "('USD', 'EUR', 'GBP', 'JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX')"

SHOP = f"""
CREATE TABLE customers (id serial PRIMARY KEY, email text NOT NULL, country char(2) NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE addresses (id serial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id), line1 text NOT NULL,
  city varchar(80) NOT NULL, postal_code varchar(16) NOT NULL, country_code char(2) NOT NULL,
  phone varchar(32));
CREATE TABLE products (id serial PRIMARY KEY, name text NOT NULL,
  price numeric(10,2) NOT NULL CHECK (price > 0),
  currency_iso char(3) NOT NULL CHECK (currency_iso IN {CURRENCIES}));
CREATE TABLE orders (id serial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id),
  currency char(3) NOT NULL CHECK (currency IN {CURRENCIES}),
  total numeric(14,2) NOT NULL, placed_at timestamptz NOT NULL);
CREATE TABLE order_lines (id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id int NOT NULL REFERENCES products(id), currency_code char(3) NOT NULL,
  quantity int NOT NULL CHECK (quantity BETWEEN 1 AND 9),
  unit_price numeric(10,2) NOT NULL, line_total numeric(12,2) NOT NULL);
CREATE TABLE invoices (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES orders(id),
  issued_on date NOT NULL);
CREATE TABLE invoice_fees (id serial PRIMARY KEY,
  invoice_id int NOT NULL REFERENCES invoices(id), ccy char(3) NOT NULL,
  fee numeric(8,2) NOT NULL);
CREATE TABLE gift_cards (id serial PRIMARY KEY, currency char(3) NOT NULL
  CHECK (currency IN ('JPY', 'KRW', 'USD')), balance numeric(8,2) NOT NULL
  CHECK (balance BETWEEN 1 AND 500));
"""


def _rows(conninfo: str, query: str) -> list[tuple]:
    with psycopg.connect(conninfo) as conn:
        return conn.execute(query).fetchall()


def _one(conninfo: str, query: str) -> int:
    return int(_rows(conninfo, query)[0][0])


@pytest.fixture(scope="module")
def shop(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 600}, "tables": {"public.order_lines": {"rows": 2400}}},
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SHOP, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


@pytest.fixture(scope="module")
def example(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    load_schema(conninfo, parsed, load_config(REPO / "sandbox.toml"))
    yield conninfo
    pg_cluster.drop_database(name)


# --- 1. money in its currency --------------------------------------------------------------


def _no_cents(conninfo: str, table: str, money: str, currency: str) -> None:
    zero = "(" + ", ".join(f"'{c}'" for c in sorted(ZERO_DECIMAL)) + ")"
    where = f"{currency} IN {zero}"
    assert _one(conninfo, f"SELECT count(*) FROM {table} WHERE {where}") > 0, table
    bad = f"SELECT count(*) FROM {table} WHERE {where} AND {money} <> trunc({money})"
    assert _one(conninfo, bad) == 0, (table, money)


def _medians(conninfo: str, query: str) -> dict[str, float]:
    by: dict[str, list[float]] = defaultdict(list)
    for code, value in _rows(conninfo, query):
        by[code.strip()].append(float(value))
    return {code: statistics.median(values) for code, values in by.items()}


def test_zero_decimal_currencies_carry_no_cents_and_a_plausible_scale(shop: str) -> None:
    _no_cents(shop, "products", "price", "currency_iso")
    _no_cents(shop, "orders", "total", "currency")
    _no_cents(shop, "order_lines", "unit_price", "currency_code")
    _no_cents(shop, "order_lines", "line_total", "currency_code")
    _no_cents(shop, "invoice_fees", "fee", "ccy")
    prices = _medians(shop, "SELECT currency_iso, price FROM products")
    # a yen price is some hundred times a dollar one, a won price about a thousand times
    assert 40 < prices["JPY"] / prices["USD"] < 600, prices
    assert 300 < prices["KRW"] / prices["USD"] < 5000, prices
    assert prices["VND"] / prices["USD"] > 5000, prices
    assert 0.3 < prices["EUR"] / prices["USD"] < 3, prices
    # dollars still have cents
    assert _one(shop, "SELECT count(*) FROM products WHERE price <> trunc(price)") > 0


def test_line_prices_are_the_products_converted_at_one_rate(shop: str) -> None:
    joined = "order_lines l JOIN products p ON p.id = l.product_id"
    same = f"SELECT count(*) FROM {joined} WHERE l.currency_code = p.currency_iso"
    assert _one(shop, same) > 20
    assert _one(shop, f"{same} AND l.unit_price <> p.price") == 0
    # across currencies: one fixed rate per pair (rounding aside)
    ratios: dict[tuple[str, str], list[float]] = defaultdict(list)
    query = f"SELECT p.currency_iso, l.currency_code, p.price, l.unit_price FROM {joined}"
    for source, target, price, unit in _rows(shop, query):
        if source != target and float(unit) >= 100:
            ratios[(source, target)].append(float(unit) / float(price))
    checked = 0
    for pair, values in ratios.items():
        if len(values) >= 3:
            mid = statistics.median(values)
            assert all(abs(v / mid - 1) < 0.02 for v in values), (pair, values[:5])
            checked += 1
    assert checked >= 10
    # line totals and the order's total follow, in the order's currency
    assert (
        _one(shop, "SELECT count(*) FROM order_lines WHERE line_total <> quantity * unit_price")
        == 0
    )
    totals = (
        "SELECT count(*) FROM orders o JOIN (SELECT order_id, sum(line_total) s "
        "FROM order_lines GROUP BY order_id) l ON l.order_id = o.id WHERE o.total <> l.s"
    )
    assert _one(shop, totals) == 0


def test_a_check_that_rejects_the_scaled_amount_keeps_a_valid_one(shop: str) -> None:
    # 1..500 holds a dollar balance, rarely a yen one: the row keeps a valid value, and
    # yen and won stay whole even then
    assert _one(shop, "SELECT count(*) FROM gift_cards WHERE balance NOT BETWEEN 1 AND 500") == 0
    _no_cents(shop, "gift_cards", "balance", "currency")
    assert _one(shop, "SELECT count(*) FROM gift_cards WHERE currency = 'USD'") > 0


# --- 2. currencies agree with the parent ------------------------------------------------------


def test_every_currency_column_agrees_with_its_parent(shop: str) -> None:
    line = "order_lines l JOIN orders o ON o.id = l.order_id"
    assert _one(shop, f"SELECT count(*) FROM {line} WHERE l.currency_code <> o.currency") == 0
    # two foreign keys away: invoice_fees → invoices → orders
    fee = "invoice_fees f JOIN invoices i ON i.id = f.invoice_id JOIN orders o ON o.id = i.order_id"
    assert _one(shop, f"SELECT count(*) FROM {fee} WHERE f.ccy <> o.currency") == 0
    # the order (the owning parent), not the product, decides the line's currency
    joined = "order_lines l JOIN products p ON p.id = l.product_id"
    assert _one(shop, f"SELECT count(*) FROM {joined} WHERE l.currency_code <> p.currency_iso") > 0
    assert _one(shop, "SELECT count(DISTINCT currency) FROM orders") >= 5


# --- 3. addresses in their owner's country ------------------------------------------------------


def _share_home(conninfo: str, joined: str, child: str, parent: str) -> float:
    known = "(" + ", ".join(f"'{c}'" for c in DIAL) + ")"
    rows = _rows(
        conninfo,
        f"SELECT count(*) FILTER (WHERE {child} = {parent}), count(*) FROM {joined} "
        f"WHERE {parent} IN {known}",
    )
    home, total = rows[0]
    assert total > 100
    return home / total


def _coherent_places(conninfo: str, table: str, country: str) -> None:
    for cc, pattern in POSTAL.items():
        bad = (
            f"SELECT count(*) FROM {table} WHERE {country} = '{cc}' AND postal_code !~ '{pattern}'"
        )
        assert _one(conninfo, bad) == 0, (table, cc)
    split = (
        f"SELECT count(*) FROM (SELECT city FROM {table} GROUP BY city "
        f"HAVING count(DISTINCT {country}) > 1) x"
    )
    assert _one(conninfo, split) == 0


def test_addresses_follow_their_customers_country(shop: str) -> None:
    joined = "addresses a JOIN customers c ON c.id = a.customer_id"
    share = _share_home(shop, joined, "a.country_code", "c.country")
    assert 0.93 <= share < 1.0, share  # a few addresses abroad, documented
    _coherent_places(shop, "addresses", "country_code")
    # the phone dials the address's own country, abroad or not
    for cc, code in DIALLED.items():
        bad = (
            f"SELECT count(*) FROM addresses WHERE country_code = '{cc}' AND phone IS NOT NULL "
            f"AND phone NOT LIKE '{code} %' AND phone NOT LIKE '{code}-%'"
            f" AND phone !~ '^\\{code}[0-9]{{6,}}$'"  # or stored E.164
        )
        assert _one(shop, bad) == 0, cc
    assert _one(shop, "SELECT count(*) FROM addresses WHERE phone IS NOT NULL") > 100


def test_the_example_shop(example: str) -> None:
    joined = "addresses a JOIN customers c ON c.id = a.customer_id"
    assert _share_home(example, joined, "a.country_code", "c.country_code") >= 0.93
    _coherent_places(example, "addresses", "country_code")
    _no_cents(example, "products", "price", "currency")
    _no_cents(example, "orders", "total_amount", "currency")
    items = "order_items i JOIN orders o ON o.id = i.order_id"
    _no_cents(example, items, "i.unit_price", "o.currency")
    pays = "payments p JOIN orders o ON o.id = p.order_id"
    _no_cents(example, pays, "p.amount", "o.currency")
    assert _one(example, f"SELECT count(*) FROM {pays} WHERE p.amount <> o.total_amount") == 0
    for cc, code in DIALLED.items():
        bad = (
            f"SELECT count(*) FROM customers WHERE country_code = '{cc}' AND phone IS NOT NULL "
            f"AND phone NOT LIKE '{code} %' AND phone NOT LIKE '{code}-%'"
            f" AND phone !~ '^\\{code}[0-9]{{6,}}$'"  # or stored E.164
        )
        assert _one(example, bad) == 0, cc


# Cities of the generator's place table and their countries, as an atlas says
ATLAS = {
    "United States": ["New York", "Chicago", "Austin", "Seattle", "Denver", "Boston",
                      "Portland", "Atlanta", "San Diego", "Minneapolis"],
    "United Kingdom": ["London", "Manchester", "Edinburgh", "Bristol"],
    "Germany": ["Berlin", "Munich", "Hamburg", "Cologne"],
    "France": ["Paris", "Lyon", "Bordeaux"], "Canada": ["Toronto", "Vancouver", "Montreal"],
    "Spain": ["Madrid", "Barcelona"], "Italy": ["Milan", "Rome"],
    "Netherlands": ["Amsterdam", "Utrecht"], "India": ["Bengaluru", "Mumbai"],
    "Brazil": ["São Paulo"], "Japan": ["Tokyo", "Osaka"], "Australia": ["Sydney", "Melbourne"],
    "Sweden": ["Stockholm"], "Poland": ["Warsaw"], "Ireland": ["Dublin"],
}  # fmt: skip


def test_pagila_cities_lie_in_their_country(fresh_db: str, tmp_path: Path) -> None:
    parsed = parse_schema_file(shared_schema("pagila15.sql"))
    config = parse_config({"generate": {"rows": 1000}}, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parsed, config)
    city_of = {city: country for country, cities in ATLAS.items() for city in cities}
    rows = [
        (city, country.replace(" of America", ""))
        for city, country in _rows(
            fresh_db, "SELECT ci.city, co.country FROM city ci JOIN country co USING (country_id)"
        )
    ]
    known = [(city, country) for city, country in rows if country in ATLAS]
    assert len(known) > 15
    home = sum(city_of.get(city) == country for city, country in known)
    # a city table has no country column of its own: no city abroad
    assert home / len(known) >= 0.99, known[:10]
    # an address's postal code (two foreign keys from its country) has that country's shape
    query = (
        "SELECT a.postal_code, co.country FROM address a JOIN city ci USING (city_id) "
        "JOIN country co USING (country_id) WHERE a.postal_code IS NOT NULL"
    )
    codes = {"United States": "US", "United States of America": "US", "Japan": "JP",
             "Germany": "DE", "France": "FR", "Netherlands": "NL", "Brazil": "BR"}  # fmt: skip
    checked = shaped = 0
    for postal, country in _rows(fresh_db, query):
        if country in codes:
            checked += 1
            shaped += re.match(POSTAL[codes[country]], postal) is not None
    assert checked > 10 and shaped / checked >= 0.93


def test_northwind_ships_to_the_customers_country(fresh_db: str, tmp_path: Path) -> None:
    # orders reference customers, employees and shippers; the ship-to place follows the
    # customer (a party), not the employee who took the order
    parsed = parse_schema_file(shared_schema("northwind.sql"))
    config = parse_config({"generate": {"rows": 800}}, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parsed, config)
    joined = "orders o JOIN customers c ON c.customer_id = o.customer_id"
    rows = _rows(fresh_db, f"SELECT o.ship_country, c.country FROM {joined}")
    names = {"United States", "United Kingdom", "Germany", "France", "Canada", "Spain", "Italy",
             "Netherlands", "India", "Brazil", "Japan", "Australia", "Sweden", "Poland",
             "Ireland"}  # fmt: skip
    known = [(ship, country) for ship, country in rows if country in names and ship]
    assert len(known) > 200
    assert sum(ship == country for ship, country in known) / len(known) >= 0.93


STAFFED = """
CREATE TABLE employees (id serial PRIMARY KEY, name text NOT NULL, country char(2) NOT NULL);
CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, country char(2) NOT NULL);
CREATE TABLE deliveries (id serial PRIMARY KEY,
  employee_id int NOT NULL REFERENCES employees(id),
  customer_id int NOT NULL REFERENCES customers(id),
  city text NOT NULL, postal_code text NOT NULL, country_code char(2) NOT NULL);
"""


def test_the_customer_wins_over_the_employee_declared_first(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 500}}, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parse_schema_text(STAFFED, "schema.sql"), config)
    customer = "deliveries d JOIN customers c ON c.id = d.customer_id"
    assert _share_home(fresh_db, customer, "d.country_code", "c.country") >= 0.93
    employee = "deliveries d JOIN employees e ON e.id = d.employee_id"
    assert _share_home(fresh_db, employee, "d.country_code", "e.country") < 0.8


def test_chinook_bills_in_the_customers_country_not_the_reps(fresh_db: str, tmp_path: Path) -> None:
    # an invoice's billing place follows its customer; the customer's own address does not
    # follow the employee who supports them (neither a party nor an owner of the customer)
    parsed = parse_schema_file(shared_schema("chinook.sql"))
    config = parse_config({"generate": {"rows": 600}}, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parsed, config)
    names = {"United States", "United Kingdom", "Germany", "France", "Canada", "Spain", "Italy",
             "Netherlands", "India", "Brazil", "Japan", "Australia", "Sweden", "Poland",
             "Ireland"}  # fmt: skip

    def share(joined: str, child: str, parent: str) -> float:
        rows = _rows(fresh_db, f"SELECT {child}, {parent} FROM {joined}")
        known = [(a, b) for a, b in rows if a and b in names]
        assert len(known) > 100
        return sum(a == b for a, b in known) / len(known)

    invoice = "invoice i JOIN customer c USING (customer_id)"
    assert share(invoice, "i.billing_country", "c.country") >= 0.93
    rep = "customer c JOIN employee e ON e.employee_id = c.support_rep_id"
    assert share(rep, "c.country", "e.country") < 0.8


LEDGER = """
CREATE TYPE currency_t AS ENUM ('JPY', 'USD', 'EUR', 'KWD');
CREATE TYPE other_currency_t AS ENUM ('GBP', 'CHF');
CREATE TABLE accounts (id serial PRIMARY KEY, currency_code currency_t NOT NULL,
  opened_at timestamptz NOT NULL);
CREATE TABLE ledger_entries (id serial PRIMARY KEY,
  account_id int NOT NULL REFERENCES accounts(id), currency currency_t NOT NULL,
  amount numeric(14,3) NOT NULL, booked_at timestamptz NOT NULL);
CREATE TABLE entry_lines (id serial PRIMARY KEY,
  ledger_entry_id int NOT NULL REFERENCES ledger_entries(id), quantity int NOT NULL
  CHECK (quantity BETWEEN 1 AND 20), unit_price numeric(12,3) NOT NULL,
  line_total numeric(14,3) NOT NULL);
CREATE TABLE fees (id serial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id),
  charge money NOT NULL, rate real NOT NULL, price real NOT NULL);
CREATE TABLE transfers (id serial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id),
  ccy varchar(3) NOT NULL, fee numeric(6,2) NOT NULL CHECK (fee BETWEEN 0 AND 99),
  legacy_currency other_currency_t NOT NULL);
"""


def test_enum_currencies_and_three_decimals(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 500}}, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parse_schema_text(LEDGER, "schema.sql"), config)
    entries = "ledger_entries l JOIN accounts a ON a.id = l.account_id"
    assert (
        _one(fresh_db, f"SELECT count(*) FROM {entries} WHERE l.currency <> a.currency_code") == 0
    )
    transfers = "transfers t JOIN accounts a ON a.id = t.account_id"
    assert (
        _one(fresh_db, f"SELECT count(*) FROM {transfers} WHERE t.ccy <> a.currency_code::text")
        == 0
    )
    # another enum type cannot hold the parent's labels: left as drawn, loaded fine
    assert _one(fresh_db, "SELECT count(DISTINCT legacy_currency) FROM transfers") == 2
    _no_cents(fresh_db, "ledger_entries", "amount", "currency::text")
    _no_cents(fresh_db, "transfers", "fee", "ccy")
    # a Kuwaiti dinar has three decimals, a dollar two
    dinars = "SELECT count(*) FROM ledger_entries WHERE currency = 'KWD'"
    assert _one(fresh_db, f"{dinars} AND amount * 100 <> trunc(amount * 100)") > 0
    dollars = "SELECT count(*) FROM ledger_entries WHERE currency = 'USD'"
    assert _one(fresh_db, f"{dollars} AND amount * 100 <> trunc(amount * 100)") == 0
    assert _one(fresh_db, "SELECT count(*) FROM transfers WHERE fee NOT BETWEEN 0 AND 99") == 0
    # PostgreSQL's money type and a real price follow the account's currency too
    fees = "fees f JOIN accounts a ON a.id = f.account_id"
    _no_cents(fresh_db, fees, "f.charge::numeric", "a.currency_code::text")
    _no_cents(fresh_db, fees, "f.price", "a.currency_code::text")
    # lines in dinars keep their mils: the line total is exactly quantity × unit price
    lines = "entry_lines e JOIN ledger_entries l ON l.id = e.ledger_entry_id"
    assert _one(fresh_db, f"SELECT count(*) FROM {lines} WHERE l.currency = 'KWD'") > 20
    bad = f"SELECT count(*) FROM {lines} WHERE e.line_total <> e.quantity * e.unit_price"
    assert _one(fresh_db, bad) == 0
    _no_cents(fresh_db, lines, "e.unit_price", "l.currency::text")
