"""Validity reached along other paths, on schemas of our own, checked in SQL at three seeds:

- a term chosen by the row's owners as well as its date (rules/valid_owned.py): a phone
  call's rate card is valid on the call's day, of the subscriber's region and in the call's
  currency;
- a holding of the party's owner (rules/held.py, kinds/holdings.py): a bike ride's rider
  belongs to an account holding a subscription in force (active or ended, not pending or
  cancelled) on the ride's day, and the rider had joined and not left;
- the time of a third table (rules/valid_for.py): a refund line has no time of its own; its
  voucher, a customer's, was valid (and not yet cancelled) when the line's payment, the same
  customer's, was paid, not at its refund batch's period."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

CALLS = """
CREATE TABLE regions (region_code char(2) PRIMARY KEY, region_name text NOT NULL);
CREATE TABLE currencies (currency_code char(3) PRIMARY KEY, currency_name text NOT NULL);
CREATE TABLE rate_cards (rate_card_id serial PRIMARY KEY,
  region_code char(2) NOT NULL REFERENCES regions(region_code),
  currency_code char(3) NOT NULL REFERENCES currencies(currency_code),
  per_minute numeric(8,4) NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE TABLE subscribers (subscriber_id serial PRIMARY KEY,
  full_name text NOT NULL,
  region_code char(2) NOT NULL REFERENCES regions(region_code),
  created_at timestamptz NOT NULL);
CREATE TABLE calls (call_id bigserial PRIMARY KEY,
  subscriber_id int NOT NULL REFERENCES subscribers(subscriber_id),
  rate_card_id int NOT NULL REFERENCES rate_cards(rate_card_id),
  currency_code char(3) NOT NULL REFERENCES currencies(currency_code),
  called_at timestamptz NOT NULL,
  seconds int NOT NULL CHECK (seconds > 0));
"""
CALL_RATE = """
SELECT count(*), count(*) FILTER (
  WHERE c.called_at::date >= r.valid_from
    AND (r.valid_to IS NULL OR c.called_at::date <= r.valid_to)
    AND r.region_code = s.region_code AND r.currency_code = c.currency_code)
FROM calls c
JOIN rate_cards r ON r.rate_card_id = c.rate_card_id
JOIN subscribers s ON s.subscriber_id = c.subscriber_id
"""

RIDES = """
CREATE TABLE accounts (account_id serial PRIMARY KEY,
  account_name text NOT NULL,
  billing_email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE subscriptions (subscription_id serial PRIMARY KEY,
  account_id int NOT NULL REFERENCES accounts(account_id),
  tier text NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'ended', 'cancelled')),
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE TABLE users (user_id serial PRIMARY KEY,
  account_id int NOT NULL REFERENCES accounts(account_id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  joined_at timestamptz NOT NULL,
  left_at timestamptz);
CREATE TABLE docks (dock_id serial PRIMARY KEY, dock_name text NOT NULL);
CREATE TABLE rides (ride_id bigserial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(user_id),
  dock_id int NOT NULL REFERENCES docks(dock_id),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  CHECK (ended_at IS NULL OR ended_at > started_at));
"""
RIDE_HELD = """
SELECT count(*), count(*) FILTER (
  WHERE u.joined_at <= r.started_at AND (u.left_at IS NULL OR u.left_at >= r.started_at)
    AND EXISTS (SELECT 1 FROM subscriptions s
                WHERE s.account_id = u.account_id AND s.status IN ('active', 'ended')
                  AND r.started_at::date >= s.valid_from
                  AND (s.valid_to IS NULL OR r.started_at::date <= s.valid_to)))
FROM rides r JOIN users u ON u.user_id = r.user_id
"""

REFUNDS = """
CREATE TABLE customers (customer_id bigserial PRIMARY KEY,
  first_name text NOT NULL, last_name text NOT NULL, email text NOT NULL);
CREATE TABLE payments (payment_id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(customer_id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0),
  paid_at timestamptz NOT NULL);
CREATE TABLE vouchers (voucher_id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(customer_id),
  issued_at timestamptz NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  cancelled_at timestamptz);
CREATE TABLE refund_batches (batch_id serial PRIMARY KEY,
  batch_ref text NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  CHECK (period_end >= period_start));
CREATE TABLE refund_lines (line_id bigserial PRIMARY KEY,
  batch_id int NOT NULL REFERENCES refund_batches(batch_id),
  payment_id bigint NOT NULL REFERENCES payments(payment_id),
  voucher_id bigint NOT NULL REFERENCES vouchers(voucher_id),
  refunded numeric(10,2) NOT NULL);
"""
REFUND_VALID = """
SELECT count(*), count(*) FILTER (
  WHERE p.paid_at::date >= v.valid_from
    AND (v.valid_to IS NULL OR p.paid_at::date <= v.valid_to)
    AND (v.cancelled_at IS NULL OR v.cancelled_at > p.paid_at))
FROM refund_lines l
JOIN payments p ON p.payment_id = l.payment_id
JOIN vouchers v ON v.voucher_id = l.voucher_id
WHERE EXISTS (SELECT 1 FROM vouchers w  -- a payment before every voucher has none to take
              WHERE p.paid_at::date >= w.valid_from
                AND (w.valid_to IS NULL OR p.paid_at::date <= w.valid_to)
                AND (w.cancelled_at IS NULL OR w.cancelled_at > p.paid_at))
"""

CASES = {
    "calls": (
        CALLS,
        {"public.regions": {"rows": 6}, "public.currencies": {"rows": 4},
         "public.rate_cards": {"rows": 600}, "public.calls": {"rows": 1500}},
        CALL_RATE,
    ),
    "rides": (
        RIDES,
        {"public.accounts": {"rows": 400}, "public.subscriptions": {"rows": 500},
         "public.users": {"rows": 600}, "public.rides": {"rows": 1500}},
        RIDE_HELD,
    ),
    "refunds": (
        REFUNDS,
        {"public.vouchers": {"rows": 800}, "public.refund_lines": {"rows": 1000}},
        REFUND_VALID,
    ),
}  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2, 7])
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_row_uses_what_was_valid_then(pg_cluster, case: str, seed: int) -> None:
    ddl, tables, query = CASES[case]
    settings = {"generate": {"rows": 500}, "tables": tables}
    with loaded_database(pg_cluster, ddl, settings, seed=seed) as conninfo:
        rows, held = share(conninfo, query)
    assert rows > 0
    assert held >= 0.98, f"{case} at seed {seed}: {held:.1%} of {rows}"
