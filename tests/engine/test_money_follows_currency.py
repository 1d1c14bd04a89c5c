"""A row's amounts stay in its currency when the currency moves after they were scaled, on a
schema of our own (a climbing gym's class bookings paid partly with a gift card): a booking
made hours to days before its class picks a gift card of its member valid
on its day, and its currency follows the card's, so the
fee per head drawn and scaled in the booking's first currency is converted to the card's
(rules/valid_owned.py, money.reconvert), never left as forints read as euros. Checked in SQL
at the fixed rates of generators/currencies.py: 4 to 400 US dollars a head, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE currencies (code char(3) PRIMARY KEY
  CHECK (code IN ('EUR', 'HUF', 'JPY', 'SEK', 'USD', 'CZK')), minor_units smallint NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE gift_cards (id serial PRIMARY KEY,
  card_no text NOT NULL UNIQUE,
  holder_id int REFERENCES members(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  balance numeric(10,2) NOT NULL CHECK (balance >= 0),
  issued_at timestamptz NOT NULL,
  valid_from date NOT NULL,
  valid_until date NOT NULL,
  CHECK (valid_until > valid_from));
CREATE TABLE walls (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE classes (id serial PRIMARY KEY,
  wall_id int NOT NULL REFERENCES walls(id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE class_bookings (id serial PRIMARY KEY,
  class_id int NOT NULL REFERENCES classes(id),
  member_id int NOT NULL REFERENCES members(id),
  gift_card_id int REFERENCES gift_cards(id),
  climbers smallint NOT NULL CHECK (climbers > 0),
  fee_per_head numeric(10,2) NOT NULL,
  total_fee numeric(10,2) NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  booked_at timestamptz NOT NULL);
"""

# units per US dollar, about (generators/currencies.py)
RATES = "('EUR', 0.92), ('HUF', 360), ('JPY', 150), ('SEK', 10.5), ('USD', 1), ('CZK', 23)"
IN_ITS_CURRENCY = f"""
WITH r(code, rate) AS (VALUES {RATES}),
     b AS (SELECT b.fee_per_head / r.rate AS usd FROM class_bookings b
           JOIN r ON r.code = b.currency_code)
SELECT count(*), count(*) FILTER (WHERE usd BETWEEN 4 AND 400) FROM b
"""
FOLLOWED = """
SELECT count(*), count(*) FILTER (WHERE b.currency_code = g.currency_code)
FROM class_bookings b JOIN gift_cards g ON g.id = b.gift_card_id
"""
SETTINGS = {"generate": {"rows": 600}, "tables": {"public.members": {"rows": 80},
            "public.gift_cards": {"rows": 150}, "public.walls": {"rows": 6}}}  # fmt: skip


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_fee_is_in_the_currency_its_booking_ends_up_in(loaded: str) -> None:
    applies, holds = share(loaded, FOLLOWED)
    assert applies >= 50
    applies, holds = share(loaded, IN_ITS_CURRENCY)
    assert applies >= 500
    assert holds >= 0.98
