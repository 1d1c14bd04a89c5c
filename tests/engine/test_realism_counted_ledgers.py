"""Running balances of things other than money, and sums to date, on a schema of our own (a
warehouse's stock book and a sales team's commissions), checked in SQL on what a real
PostgreSQL holds (rules/running.py, load/running_load.py):

- a stock movement's `quantity_after` is the item's previous one plus the movement's quantity,
  in time order, from zero; no type column says which way a movement goes, so most come in and
  some go out, and stock never goes below zero;
- the item's `quantity_on_hand` is its last `quantity_after` (0 for an item never moved), as
  its CHECK (>= 0) asks;
- a rep's `commission_ytd` is the sum of the rep's commissions so far in the calendar year,
  restarting at each year's first one;
- an agent's `amount_ytd` on a payout that happens in a payout run (the payout's own time is
  only its record time) runs in the runs' date order, and restarts with the tax year of the
  paying company's country (6 April in GB, 1 April in IN, 1 July in AU, else 1 January)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, depot_name text NOT NULL, city text NOT NULL);
CREATE TABLE stock_items (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots,
  sku varchar(20) NOT NULL, description text,
  quantity_on_hand integer NOT NULL DEFAULT 0 CHECK (quantity_on_hand >= 0),
  created_at timestamptz NOT NULL);
CREATE TABLE stock_movements (id bigserial PRIMARY KEY,
  stock_item_id int NOT NULL REFERENCES stock_items, moved_at timestamptz NOT NULL,
  quantity integer NOT NULL, quantity_after integer NOT NULL, note text);
CREATE TABLE sales_reps (id serial PRIMARY KEY, full_name text NOT NULL, email text,
  hired_on date NOT NULL);
CREATE TABLE commissions (id serial PRIMARY KEY, sales_rep_id int NOT NULL REFERENCES sales_reps,
  earned_on date NOT NULL, commission numeric(10,2) NOT NULL,
  commission_ytd numeric(12,2) NOT NULL);
CREATE TABLE companies (id serial PRIMARY KEY, company_name text NOT NULL,
  country char(2) NOT NULL);
CREATE TABLE agents (id serial PRIMARY KEY, given_name text NOT NULL, family_name text NOT NULL);
CREATE TABLE payout_runs (id serial PRIMARY KEY, company_id int NOT NULL REFERENCES companies,
  paid_on date NOT NULL);
CREATE TABLE payouts (id serial PRIMARY KEY, payout_run_id int NOT NULL REFERENCES payout_runs,
  agent_id int NOT NULL REFERENCES agents, amount numeric(10,2) NOT NULL,
  amount_ytd numeric(12,2), created_at timestamptz NOT NULL DEFAULT now());
"""

ROWS = 600


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": ROWS},
        "tables": {"depots": {"rows": 5}, "stock_items": {"rows": 200},
                   "sales_reps": {"rows": 40}, "companies": {"rows": 30},
                   "agents": {"rows": 60}, "payout_runs": {"rows": 300}},
    }  # fmt: skip
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


def test_a_stock_book_runs_from_zero_and_never_below(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        WITH m AS (
            SELECT quantity, quantity_after,
                   coalesce(lag(quantity_after) OVER (PARTITION BY stock_item_id
                                                      ORDER BY moved_at, id), 0) AS prev
            FROM stock_movements)
        SELECT count(*), count(*) FILTER (WHERE quantity_after = prev + quantity
                                           AND quantity_after >= 0)
        FROM m
        """,
    )
    assert applies == ROWS and holds == 1.0
    # no type column: most movements come in, some go out
    _, out = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE quantity < 0) FROM stock_movements"
    )
    assert 0.05 < out < 0.4, out


def test_an_item_on_hand_is_its_last_balance(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        WITH l AS (SELECT DISTINCT ON (stock_item_id) stock_item_id, quantity_after
                   FROM stock_movements ORDER BY stock_item_id, moved_at DESC, id DESC)
        SELECT count(*), count(*) FILTER (WHERE i.quantity_on_hand = coalesce(l.quantity_after, 0))
        FROM stock_items i LEFT JOIN l ON l.stock_item_id = i.id
        """,
    )
    assert applies == 200 and holds == 1.0
    _, never_moved = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM stock_movements m"
        " WHERE m.stock_item_id = i.id)) FROM stock_items i",
    )
    assert never_moved > 0  # the 0 case is exercised


def test_a_commission_to_date_restarts_each_year(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        WITH c AS (
            SELECT commission, commission_ytd,
                   lag(commission_ytd) OVER (PARTITION BY sales_rep_id,
                       date_trunc('year', earned_on) ORDER BY earned_on, id) AS prev
            FROM commissions)
        SELECT count(*), count(*) FILTER (WHERE commission_ytd = coalesce(prev, 0) + commission)
        FROM c
        """,
    )
    assert applies == ROWS and holds == 1.0
    _, later = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE commission_ytd > commission) FROM commissions",
    )
    assert later > 0.3  # most reps' commissions run on within a year


def test_a_payout_to_date_runs_in_the_tax_year_of_its_run(loaded: str) -> None:
    query = """
        WITH s AS (
            SELECT p.id, p.agent_id, r.paid_on, p.amount, p.amount_ytd, c.country,
                   CASE c.country WHEN 'GB' THEN make_date(extract(year FROM r.paid_on)::int, 4, 6)
                                  WHEN 'IN' THEN make_date(extract(year FROM r.paid_on)::int, 4, 1)
                                  WHEN 'AU' THEN make_date(extract(year FROM r.paid_on)::int, 7, 1)
                                  ELSE make_date(extract(year FROM r.paid_on)::int, 1, 1) END AS s
            FROM payouts p JOIN payout_runs r ON r.id = p.payout_run_id
            JOIN companies c ON c.id = r.company_id),
        y AS (SELECT *, CASE WHEN paid_on >= s THEN s ELSE (s - interval '1 year')::date END AS ty
              FROM s),
        o AS (SELECT *, lag(amount_ytd) OVER (PARTITION BY agent_id, ty
                                              ORDER BY paid_on, id) AS prev
              FROM y)
        SELECT count(*), count(*) FILTER (WHERE amount_ytd = coalesce(prev, 0) + amount) FROM o
        """
    applies, holds = share(loaded, query)
    assert applies == ROWS and holds == 1.0
    # the countries' own tax years matter: read as calendar years, some rows break
    _, calendar = share(loaded, query.replace("c.country WHEN", "'--' WHEN"))
    assert calendar < 1.0
    # the runs' order, not the payouts' record times: within a year most agents have several
    _, later = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE amount_ytd > amount) FROM payouts"
    )
    assert later > 0.2
