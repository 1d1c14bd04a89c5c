"""Whose country decides the currency of a money row (rules/party_currency.py). On a schema of
our own (a cycling business: a repair desk billing its clients, a web shop and a trade
counter selling abroad, bike stores in towns), at three seeds on a pinned clock.

- a local business with no currency of its own bills each client in the client's country's
  money (a call-out bill: no DEFAULT currency, no priced catalogue);
- a web shop whose order currency DEFAULTs to the euro bills a customer from a country of
  another money (a Pole, a Czech) in the shop's currencies, not the customer's;
- a trade order whose lines are priced from a parts list stating its currency is not forced
  into the buyer's money either;
- a sale at a bike store is in the store's country's money, not its customer's, even with the
  customer's key declared first and the sale's currency DEFAULTing to the euro."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.vocab.countries import LEADING_CURRENCIES

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE nations (iso2 char(2) PRIMARY KEY, nation_name varchar(80) NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE riders (rider_no int PRIMARY KEY, full_name varchar(100) NOT NULL,
  email varchar(160), country_code char(2) NOT NULL);
CREATE TABLE callout_bills (bill_no int PRIMARY KEY,
  rider_no int NOT NULL REFERENCES riders(rider_no),
  currency char(3) NOT NULL, amount numeric(10,2) NOT NULL, billed_on date NOT NULL);
CREATE TABLE web_orders (order_no int PRIMARY KEY,
  rider_no int NOT NULL REFERENCES riders(rider_no),
  currency char(3) NOT NULL DEFAULT 'EUR', total numeric(10,2) NOT NULL,
  placed_at timestamptz NOT NULL);
CREATE TABLE parts (part_no int PRIMARY KEY, part_name varchar(80) NOT NULL,
  list_price numeric(10,2) NOT NULL, price_currency char(3) NOT NULL);
CREATE TABLE trade_orders (trade_no int PRIMARY KEY,
  rider_no int NOT NULL REFERENCES riders(rider_no),
  currency_code char(3) NOT NULL, total numeric(10,2) NOT NULL, ordered_at timestamptz NOT NULL);
CREATE TABLE trade_lines (trade_no int NOT NULL REFERENCES trade_orders(trade_no),
  line_no int NOT NULL, part_no int NOT NULL REFERENCES parts(part_no),
  quantity int NOT NULL, PRIMARY KEY (trade_no, line_no));
CREATE TABLE bike_stores (store_no int PRIMARY KEY, store_name varchar(80) NOT NULL,
  city varchar(80) NOT NULL, country_code char(2) NOT NULL);
CREATE TABLE store_sales (sale_no int PRIMARY KEY,
  rider_no int NOT NULL REFERENCES riders(rider_no),
  store_no int NOT NULL REFERENCES bike_stores(store_no),
  currency char(3) NOT NULL DEFAULT 'EUR', amount numeric(10,2) NOT NULL,
  sold_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}
LEADING = ", ".join(f"'{c}'" for c in LEADING_CURRENCIES)

FOLLOWS = {
    "a call-out bill is in its client's country's money": """
        SELECT count(*)::int, count(*) FILTER (WHERE b.currency = n.currency_code)::int
        FROM callout_bills b JOIN riders r USING (rider_no)
        JOIN nations n ON n.iso2 = r.country_code""",
    "a store's sale is in its store's country's money": """
        SELECT count(*)::int, count(*) FILTER (WHERE s.currency = n.currency_code)::int
        FROM store_sales s JOIN bike_stores b USING (store_no)
        JOIN nations n ON n.iso2 = b.country_code""",
}
# orders of buyers paying in another money than the leading ones: how many take the buyer's
NOT_FORCED = {
    "a web order is in the shop's money": f"""
        SELECT count(*)::int, count(*) FILTER (WHERE o.currency = n.currency_code)::int
        FROM web_orders o JOIN riders r USING (rider_no)
        JOIN nations n ON n.iso2 = r.country_code
        WHERE n.currency_code NOT IN ({LEADING})""",
    "a trade order is in its parts list's money": f"""
        SELECT count(*)::int, count(*) FILTER (WHERE o.currency_code = n.currency_code)::int
        FROM trade_orders o JOIN riders r USING (rider_no)
        JOIN nations n ON n.iso2 = r.country_code
        WHERE n.currency_code NOT IN ({LEADING})""",
    "a store's sale is not in its customer's money": f"""
        SELECT count(*)::int, count(*) FILTER (WHERE s.currency = n.currency_code)::int
        FROM store_sales s JOIN riders r USING (rider_no)
        JOIN bike_stores b USING (store_no)
        JOIN nations n ON n.iso2 = r.country_code
        WHERE n.currency_code NOT IN ({LEADING}) AND b.country_code <> r.country_code""",
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("name", sorted(FOLLOWS))
def test_a_local_business_and_a_store_bill_in_their_country_money(loaded: str, name: str) -> None:
    applies, holds = share(loaded, FOLLOWS[name], now=NOW)
    assert applies > 0, name
    assert holds >= 0.98, (name, holds)


@pytest.mark.parametrize("name", sorted(NOT_FORCED))
def test_a_business_with_a_currency_of_its_own_keeps_it(loaded: str, name: str) -> None:
    applies, holds = share(loaded, NOT_FORCED[name], now=NOW)
    assert applies > 0, name
    assert holds <= 0.5, (name, holds)
