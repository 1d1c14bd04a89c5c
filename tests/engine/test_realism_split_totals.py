"""A parent's sums split by a label on the row its lines reference, on a telecom's bills of our
own (tariff items of a kind charge, discount or info; bills with items): a bill's total charges
sum its items whose tariff item is a charge, its total discounts those that are a discount
(by size, whatever the sign), its net due is the one less the other, and an item of neither
kind counts in none; discounts take at most 45 % of the charges (a bill of discounts alone
starts with a charge), each item's amount still units × rate; a statement's lines split the
same way by a text kind a CHECK lists; a sum to date beside them (`charges_to_date`) is no
bill's own sum (it runs over the subscriber's bills)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE item_kind AS ENUM ('charge', 'discount', 'info');
CREATE TABLE subscriber (id serial PRIMARY KEY, msisdn text NOT NULL);
CREATE TABLE tariff_item (sku varchar(12) PRIMARY KEY, title text NOT NULL,
  kind item_kind NOT NULL);
CREATE TABLE bill (id bigserial PRIMARY KEY,
  subscriber_id integer NOT NULL REFERENCES subscriber(id),
  total_charges numeric(12,2) NOT NULL, total_discounts numeric(12,2) NOT NULL,
  net_due numeric(12,2) NOT NULL, charges_to_date numeric(14,2), issued_on date NOT NULL);
CREATE TABLE bill_item (bill_id bigint NOT NULL REFERENCES bill(id), seq smallint NOT NULL,
  sku varchar(12) NOT NULL REFERENCES tariff_item(sku), units numeric(8,2),
  unit_rate numeric(10,4), amount numeric(12,2) NOT NULL, PRIMARY KEY (bill_id, seq));
CREATE TABLE adjustment_code (code text PRIMARY KEY,
  line_type text NOT NULL CHECK (line_type IN ('charge', 'rebate', 'memo')));
CREATE TABLE statement (id serial PRIMARY KEY, total_charges numeric(12,2),
  total_rebates numeric(12,2), net_value numeric(12,2));
CREATE TABLE statement_line (id serial PRIMARY KEY,
  statement_id integer NOT NULL REFERENCES statement(id),
  code text NOT NULL REFERENCES adjustment_code(code), line_amount numeric(10,2) NOT NULL);
"""

SUMS = """
WITH s AS (
  SELECT i.bill_id,
         coalesce(sum(i.amount) FILTER (WHERE t.kind = 'charge'), 0) AS charges,
         coalesce(sum(abs(i.amount)) FILTER (WHERE t.kind = 'discount'), 0) AS discounts
  FROM bill_item i JOIN tariff_item t ON t.sku = i.sku GROUP BY i.bill_id)
SELECT count(*), count(*) FILTER (WHERE {cond}) FROM bill b JOIN s ON s.bill_id = b.id
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 800}}) as ci:
        yield ci


@pytest.mark.parametrize(
    "cond",
    [
        "b.total_charges = s.charges",
        "b.total_discounts = s.discounts",
        "b.net_due = b.total_charges - b.total_discounts",
    ],
)
def test_a_bills_sums_split_by_its_items_kind(loaded: str, cond: str) -> None:
    applies, held = share(loaded, SUMS.format(cond=cond))
    assert applies >= 200 and held == 1.0


def test_discounts_take_a_share_of_the_charges(loaded: str) -> None:
    applies, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE total_discounts <= 0.45 * total_charges + 0.01"
        " AND net_due >= 0) FROM bill WHERE total_charges > 0 OR total_discounts > 0",
    )
    assert applies >= 200 and held == 1.0  # a bill of discounts alone starts with a charge


def test_an_items_amount_is_units_times_rate_after_scaling(loaded: str) -> None:
    applies, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE abs(amount - round(units * unit_rate, 2))"
        " <= 0.01) FROM bill_item WHERE units IS NOT NULL AND unit_rate IS NOT NULL",
    )
    assert applies >= 200 and held == 1.0


def test_a_check_list_of_kinds_splits_too(loaded: str) -> None:
    applies, held = share(
        loaded,
        "WITH s AS (SELECT l.statement_id,"
        " coalesce(sum(l.line_amount) FILTER (WHERE a.line_type = 'charge'), 0) AS charges,"
        " coalesce(sum(abs(l.line_amount)) FILTER (WHERE a.line_type = 'rebate'), 0) AS rebates"
        " FROM statement_line l JOIN adjustment_code a USING (code) GROUP BY 1)"
        " SELECT count(*), count(*) FILTER (WHERE t.total_charges = s.charges"
        " AND t.total_rebates = s.rebates AND t.net_value = s.charges - s.rebates)"
        " FROM statement t JOIN s ON s.statement_id = t.id",
    )
    assert applies >= 200 and held == 1.0


def test_items_of_every_kind_are_drawn(loaded: str) -> None:
    applies, _ = share(
        loaded, "SELECT count(DISTINCT t.kind), 0 FROM bill_item i JOIN tariff_item t USING (sku)"
    )
    assert applies == 3


def test_a_running_total_is_no_bills_own_sum(loaded: str) -> None:
    applies, same = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE b.charges_to_date = b.total_charges)"
        " FROM bill b WHERE b.charges_to_date IS NOT NULL AND b.total_charges > 0",
    )
    assert applies >= 100 and same < 0.95  # a subscriber's later bills carry the earlier ones
