"""A row made under a price list of its site is made while that price list is in force, on a
schema of our own (a car hire firm: branches that opened over the years, each with a handful
of rate cards valid for a while, and rentals picked up at a branch under one of its rate
cards), checked in SQL on what a real PostgreSQL holds, with the run's clock pinned:

- a rental's pick-up day lies in its rate card's validity and after its branch opened, though
  the rental's times are placed by the clock (a car returned long ago, a booking for next
  week) and the rate card drawn before they were;
- a branch's rate cards come into force at any time since it opened, not all in its first
  months, and the one it brought in last is still in force."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-04-20 12:00:00+00"
SCHEMA = """
CREATE TYPE rental_state AS ENUM ('booked', 'on_rent', 'returned', 'cancelled', 'no_show');
CREATE TABLE branches (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE rate_cards (id serial PRIMARY KEY, branch_id int NOT NULL REFERENCES branches(id),
  card_name text NOT NULL, valid_from date NOT NULL, valid_to date,
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE TABLE customers (id bigserial PRIMARY KEY, full_name text NOT NULL, email text,
  created_at timestamptz NOT NULL);
CREATE TABLE rentals (id bigserial PRIMARY KEY,
  branch_id int NOT NULL REFERENCES branches(id),
  customer_id bigint NOT NULL REFERENCES customers(id),
  rate_card_id int NOT NULL REFERENCES rate_cards(id),
  booked_at timestamptz NOT NULL, pickup_date date NOT NULL, return_date date NOT NULL,
  state rental_state NOT NULL, CHECK (return_date > pickup_date));
"""


@pytest.fixture(scope="module")
def measured(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"public.branches": {"rows": 12}, "public.rate_cards": {"rows": 90}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield partial(share, conninfo, now=NOW)


def test_a_rental_is_picked_up_while_its_rate_card_is_in_force(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE r.pickup_date >= p.valid_from
               AND (p.valid_to IS NULL OR r.pickup_date <= p.valid_to)
               AND r.pickup_date >= b.opened_on AND p.branch_id = r.branch_id)
           FROM rentals r JOIN rate_cards p ON p.id = r.rate_card_id
           JOIN branches b ON b.id = r.branch_id"""
    )
    assert applies == 1000 and held >= 0.98


def test_rate_cards_start_over_a_branchs_life(measured) -> None:
    # a branch open for years brought in its rate cards over those years, not all in its
    # first two months
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE p.valid_from > b.opened_on + 60)
           FROM rate_cards p JOIN branches b ON b.id = p.branch_id
           WHERE b.opened_on < :now::date - 730"""
    )
    assert applies >= 20 and held >= 0.75


def test_every_branch_has_a_rate_card_in_force_today(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM rate_cards p
               WHERE p.branch_id = b.id AND p.valid_from <= :now::date
               AND (p.valid_to IS NULL OR p.valid_to >= :now::date)))
           FROM branches b WHERE b.opened_on < :now::date - 60
             AND EXISTS (SELECT 1 FROM rate_cards p WHERE p.branch_id = b.id)"""
    )
    assert applies >= 8 and held == 1.0
