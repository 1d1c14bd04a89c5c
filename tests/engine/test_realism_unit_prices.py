"""Declared DEFAULTs as the value most rows hold, money per unit from the unit a name gives,
and unrecognised numbers on a sane magnitude, on a telecom of our own (names unlike the
suite's):

- a plan's `roaming_multiplier DEFAULT 1`, `contract_months DEFAULT 24`, `billing_cycle
  DEFAULT 'monthly'`, `auto_renew DEFAULT true` and a market's `currency_code DEFAULT 'EUR'`
  hold on most rows, and the other rows still vary; a subscription's `status DEFAULT
  'pending'` starts a lifecycle and is not what most rows hold; its `failed_top_ups DEFAULT
  0` is where a count starts (about half the rows), its `balance_due DEFAULT 0` an amount of
  money the default does not decide;
- a plan priced in its market's currency charges a `monthly_fee` of a few tens, a
  `price_per_gb` of a few units, a `per_minute_rate` of cents, a `night_per_minute_rate`
  below it, and an `overage_unit_charge` per the gigabyte the usage is metered in;
- a tower's `beam_skew numeric(8,5)` nobody recognises lies near 1, not near 500."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

TELECOM = """
CREATE TABLE markets (code char(2) PRIMARY KEY, label varchar(60) NOT NULL,
  currency_code char(3) NOT NULL DEFAULT 'EUR');
CREATE TABLE plans (id serial PRIMARY KEY, market_code char(2) NOT NULL REFERENCES markets(code),
  plan_name varchar(60) NOT NULL,
  monthly_fee numeric(10,2) NOT NULL,
  price_per_gb numeric(8,2) NOT NULL,
  per_minute_rate numeric(8,5) NOT NULL,
  night_per_minute_rate numeric(8,5),
  overage_unit_charge numeric(8,3),
  roaming_multiplier numeric(6,2) NOT NULL DEFAULT 1,
  contract_months smallint NOT NULL DEFAULT 24,
  billing_cycle varchar(10) NOT NULL DEFAULT 'monthly'
    CHECK (billing_cycle IN ('monthly', 'annual')),
  auto_renew boolean NOT NULL DEFAULT true);
CREATE TABLE subscriptions (id serial PRIMARY KEY, plan_id int NOT NULL REFERENCES plans(id),
  msisdn varchar(20) NOT NULL,
  balance_due numeric(10,2) NOT NULL DEFAULT 0,
  failed_top_ups smallint NOT NULL DEFAULT 0,
  status varchar(12) NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'active', 'cancelled')));
CREATE TABLE usage_records (id serial PRIMARY KEY,
  subscription_id int NOT NULL REFERENCES subscriptions(id),
  data_gb numeric(10,3) NOT NULL, roamed_gb numeric(10,3));
CREATE TABLE towers (id serial PRIMARY KEY, site_label varchar(40) NOT NULL,
  beam_skew numeric(8,5) NOT NULL);
"""


@pytest.fixture(scope="module")
def telecom(pg_cluster):
    with loaded_database(pg_cluster, TELECOM, {"generate": {"rows": 600}}) as conninfo:
        yield conninfo


def _mostly(conninfo: str, table: str, holds: str) -> float:
    return share(conninfo, f"SELECT count(*), count(*) FILTER (WHERE {holds}) FROM {table}")[1]


def test_a_constant_default_is_what_most_rows_hold_and_the_rest_vary(telecom: str) -> None:
    for table, holds in (
        ("plans", "roaming_multiplier = 1"),
        ("plans", "contract_months = 24"),
        ("plans", "billing_cycle = 'monthly'"),
        ("plans", "auto_renew"),
        ("markets", "currency_code = 'EUR'"),
    ):
        assert 0.7 <= _mostly(telecom, table, holds) <= 0.97, holds
    assert _mostly(telecom, "plans", "roaming_multiplier <> 1") > 0.02


def test_a_default_that_starts_a_lifecycle_is_not_the_majority(telecom: str) -> None:
    assert _mostly(telecom, "subscriptions", "status = 'pending'") < 0.5


def test_a_zero_default_is_where_a_count_starts_and_no_amount_of_money(telecom: str) -> None:
    assert 0.3 <= _mostly(telecom, "subscriptions", "failed_top_ups = 0") <= 0.8
    assert _mostly(telecom, "subscriptions", "balance_due = 0") < 0.2


def test_money_per_unit_takes_the_units_magnitude_in_the_rows_currency(telecom: str) -> None:
    euro = (
        "plans p JOIN markets m ON m.code = p.market_code "
        "WHERE m.currency_code IN ('EUR', 'GBP', 'USD', 'CHF')"
    )
    applies, held = share(
        telecom,
        "SELECT count(*), count(*) FILTER (WHERE monthly_fee BETWEEN 2 AND 300 "
        "AND price_per_gb BETWEEN 0.1 AND 20 AND per_minute_rate BETWEEN 0.003 AND 0.3 "
        "AND (overage_unit_charge IS NULL OR overage_unit_charge BETWEEN 0.1 AND 20)) "
        f"FROM {euro}",
    )
    assert applies > 300 and held >= 0.98
    median = share(
        telecom,
        "SELECT 1, (percentile_cont(0.5) WITHIN GROUP (ORDER BY monthly_fee) "
        f"BETWEEN 10 AND 80)::int FROM {euro}",
    )[1]
    assert median == 1.0


def test_a_cheaper_time_of_use_is_always_below_the_plain_rate(telecom: str) -> None:
    applies, held = share(
        telecom,
        "SELECT count(*), count(*) FILTER (WHERE night_per_minute_rate < per_minute_rate) "
        "FROM plans WHERE night_per_minute_rate IS NOT NULL",
    )
    assert applies > 100 and held >= 0.98


def test_an_unrecognised_decimal_lies_near_one_not_across_its_type(telecom: str) -> None:
    held = share(
        telecom,
        "SELECT 1, (percentile_cont(0.5) WITHIN GROUP (ORDER BY beam_skew) "
        "BETWEEN 0.2 AND 5 AND avg(beam_skew) < 20)::int FROM towers",
    )[1]
    assert held == 1.0
