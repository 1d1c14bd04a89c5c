"""Money that adds up and sits at its currency's scale where no name is a known one. A line's
amount is its count times its unit price when the count is no `quantity` but the one plain
number beside the price (`tickets` of a ferry booking's leg: kinds/amount_names.line_count),
the booking's subtotal the sum of its legs, and its total the subtotal plus every charge and
less every deduction its names say by what they are (`crew_tip`, `loyalty_discount`); a
price per a portion is a portion's price in the row's currency (data/unit_prices.tsv), not
any item's; all of it to the currency's minor unit. On a schema of our own (a ferry
operator's bookings in many currencies, amounts wide enough for a dong's, and its caterers),
at three seeds, one database each."""

from __future__ import annotations

import pytest

from tests.engine.loading import count_in, loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE currency (code char(3) PRIMARY KEY, label varchar(40) NOT NULL);
CREATE TABLE caterer (caterer_id int PRIMARY KEY, trading_name varchar(80) NOT NULL,
  currency_iso char(3) NOT NULL REFERENCES currency(code),
  cost_per_portion numeric(8,2) NOT NULL);
CREATE TABLE crossing_booking (booking_id int PRIMARY KEY, booked_at timestamptz NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currency(code),
  subtotal numeric(14,2) NOT NULL, port_fee numeric(12,2) NOT NULL DEFAULT 0,
  crew_tip numeric(12,2) NOT NULL DEFAULT 0, loyalty_discount numeric(12,2) NOT NULL DEFAULT 0,
  grand_total numeric(14,2) NOT NULL CHECK (grand_total >= 0));
CREATE TABLE booking_leg (
  booking_id int NOT NULL REFERENCES crossing_booking(booking_id),
  leg_no smallint NOT NULL,
  sailing_code varchar(12) NOT NULL,
  tickets smallint NOT NULL CHECK (tickets > 0),
  price_each numeric(12,2) NOT NULL,
  line_amount numeric(14,2) NOT NULL,
  PRIMARY KEY (booking_id, leg_no));
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

LINES = """
SELECT count(*)::int, count(*) FILTER (WHERE line_amount = tickets * price_each)::int
FROM booking_leg
"""
SUBTOTALS = """
SELECT count(*)::int, count(*) FILTER (WHERE b.subtotal = s.legs)::int
FROM crossing_booking b
JOIN (SELECT booking_id, sum(line_amount) AS legs FROM booking_leg GROUP BY 1) s USING (booking_id)
"""
TOTALS = """
SELECT count(*)::int, count(*) FILTER (WHERE
  grand_total = subtotal + port_fee + crew_tip - loyalty_discount)::int
FROM crossing_booking
"""
# an amount in a currency of no minor unit holds no cents (ISO 4217: yen, won, dong, …)
CENTS = """
SELECT count(*) FROM crossing_booking b JOIN booking_leg l USING (booking_id)
WHERE b.currency_code IN ('JPY', 'KRW', 'VND', 'CLP', 'ISK', 'GNF', 'BIF', 'UGX', 'PYG', 'XOF',
  'XAF', 'XPF', 'RWF', 'KMF', 'DJF', 'VUV')
  AND (b.grand_total <> round(b.grand_total) OR l.line_amount <> round(l.line_amount)
       OR l.price_each <> round(l.price_each) OR b.port_fee <> round(b.port_fee)
       OR b.crew_tip <> round(b.crew_tip) OR b.loyalty_discount <> round(b.loyalty_discount))
"""
WHOLE_PORTIONS = """
SELECT count(*) FROM caterer WHERE currency_iso IN ('JPY', 'KRW', 'VND', 'CLP', 'ISK', 'XOF',
  'XAF', 'XPF', 'PYG', 'UGX') AND cost_per_portion <> round(cost_per_portion)
"""
CHARGED = """
SELECT count(*) FILTER (WHERE crew_tip > 0) * count(*) FILTER (WHERE loyalty_discount > 0)
FROM crossing_booking
"""
# rough units per US dollar, written here; a portion costs some 3 to 14 dollars anywhere
PORTIONS = """
WITH rate(iso, per_usd) AS (VALUES ('USD', 1.0), ('EUR', 0.92), ('GBP', 0.79), ('CHF', 0.88),
  ('CAD', 1.36), ('AUD', 1.52), ('JPY', 150.0), ('SEK', 10.5), ('NOK', 10.7), ('INR', 83.0),
  ('CNY', 7.2), ('MXN', 17.0), ('BRL', 5.0), ('KRW', 1350.0), ('PLN', 4.0), ('ZAR', 18.5))
SELECT count(*)::int,
       count(*) FILTER (WHERE c.cost_per_portion / r.per_usd BETWEEN 3 AND 14)::int
FROM caterer c JOIN rate r ON r.iso = c.currency_iso
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_amounts_add_up_and_portions_are_priced_in_their_currency(loaded: str) -> None:
    applies, holds = share(loaded, LINES)
    assert applies >= 200
    assert holds == 1.0
    applies, holds = share(loaded, SUBTOTALS)
    assert applies >= 50
    assert holds == 1.0
    applies, holds = share(loaded, TOTALS)  # every charge on, every deduction off the total
    assert applies >= 200
    assert holds == 1.0
    assert count_in(loaded, CHARGED) > 0  # a tip and a discount on some rows, not on none
    assert count_in(loaded, CENTS) == 0
    assert count_in(loaded, WHOLE_PORTIONS) == 0
    applies, holds = share(loaded, PORTIONS)
    assert applies >= 10
    assert holds >= 0.95
