"""Labels are read by their meaning, whatever the trade: a lot or a pen of stock `sold` is the
happy end of a sale, one `passed_in` (bought in, unsold) found no buyer, a common failure (a
sale yard or an auction house clears some 70-80 % of what it offers), and `withdrawn` is rare
(vocab/outcomes.py). Read as labels of no meaning, the four took a quarter of the rows each.

A place the business itself has (kinds/meets.business_place: a sale yard, a marina) keeps the
phone number its customers ring on record: a nullable one is never NULL there
(rows/column_specs.py), so its country's dialling code is always there to read.

On a schema of our own (a livestock sale yard), at three seeds, on a pinned clock."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE pen_result AS ENUM ('waiting', 'sold', 'passed_in', 'withdrawn');
CREATE TYPE sale_day_state AS ENUM ('planned', 'open', 'closed', 'cancelled');
CREATE TABLE saleyard (yard_id int PRIMARY KEY, yard_name varchar(80) NOT NULL,
  street varchar(120), city varchar(80) NOT NULL, postcode varchar(12),
  phone varchar(24), country_code char(2) NOT NULL);
CREATE TABLE sale_day (day_id int PRIMARY KEY,
  yard_id int NOT NULL REFERENCES saleyard(yard_id),
  held_on date NOT NULL, state sale_day_state NOT NULL DEFAULT 'planned');
CREATE TABLE pen (pen_id int PRIMARY KEY,
  day_id int NOT NULL REFERENCES sale_day(day_id),
  pen_no int NOT NULL, head_count int NOT NULL CHECK (head_count > 0),
  result pen_result NOT NULL DEFAULT 'waiting', price_per_head numeric(10,2));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# how the pens offered on the days the yard held came out
RESULTS = """
SELECT count(*),
       count(*) FILTER (WHERE result = 'sold'),
       count(*) FILTER (WHERE result = 'passed_in'),
       count(*) FILTER (WHERE result = 'withdrawn')
FROM pen p JOIN sale_day d USING (day_id) WHERE d.state = 'closed'
"""
PHONES = "SELECT count(*), count(phone) FROM saleyard"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_most_pens_sell_some_pass_in_few_are_withdrawn(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        row = conn.execute(RESULTS).fetchone()
    assert row is not None
    n, sold, passed_in, withdrawn = row
    assert n >= 100
    assert sold >= 0.5 * n
    assert 0.05 * n <= passed_in < 0.5 * n
    assert withdrawn <= 0.1 * n


def test_the_yards_phone_is_on_record(loaded: str) -> None:
    applies, holds = share(loaded, PHONES)
    assert applies > 0
    assert holds == 1.0
