"""Totals the names state, reached on a schema the engine has not seen: a tour reservation's
total_cost is its guest count times its fee per guest less its discount (a price per a unit the
row counts, the count also the number of its own guest rows), the discount never above the
gross; a franchise payout's royalty_amount is its gross takings times its royalty_rate, the rate
the one its franchise agreement states (a rate copied down from the row its key reaches).
Checked in SQL on a real PostgreSQL at several seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import count_in, loaded_database

SCHEMA = """
CREATE TABLE travellers (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE tours (id serial PRIMARY KEY, title text NOT NULL, departs_at timestamptz NOT NULL);
CREATE TABLE tour_reservations (
    id bigserial PRIMARY KEY,
    tour_id integer NOT NULL REFERENCES tours,
    traveller_id integer NOT NULL REFERENCES travellers,
    guest_count smallint NOT NULL CHECK (guest_count > 0),
    fee_per_guest numeric(9,2) NOT NULL,
    discount_value numeric(9,2) NOT NULL DEFAULT 0,
    total_cost numeric(10,2) NOT NULL,
    CHECK (discount_value >= 0 AND total_cost >= 0));
CREATE TABLE reservation_guests (
    reservation_id bigint NOT NULL REFERENCES tour_reservations,
    seat_no integer NOT NULL,
    guest_name text NOT NULL,
    PRIMARY KEY (reservation_id, seat_no));
CREATE TABLE franchisees (id serial PRIMARY KEY, trading_name text NOT NULL);
CREATE TABLE franchise_agreements (
    id serial PRIMARY KEY,
    franchisee_id integer NOT NULL REFERENCES franchisees,
    royalty_rate numeric(5,2) NOT NULL CHECK (royalty_rate BETWEEN 0 AND 100),
    signed_on date NOT NULL);
CREATE TABLE royalty_payouts (
    id bigserial PRIMARY KEY,
    agreement_id integer NOT NULL REFERENCES franchise_agreements,
    month_start date NOT NULL,
    gross_takings numeric(12,2) NOT NULL,
    royalty_rate numeric(5,2) NOT NULL,
    royalty_amount numeric(12,2) NOT NULL);
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_per_unit_totals_and_rates_copied_down(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 400, "batch_rows": 150, "now": "2026-03-10T09:00:00+00:00"}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        assert count_in(conninfo, "SELECT count(*) FROM tour_reservations") > 100
        wrong = """SELECT count(*) FROM tour_reservations
            WHERE discount_value > guest_count * fee_per_guest
               OR abs(total_cost - (guest_count * fee_per_guest - discount_value)) >= 0.005"""
        assert count_in(conninfo, wrong) == 0
        # not every discount is the whole gross (no free reservations by the arithmetic)
        assert (
            count_in(conninfo, "SELECT count(*) FROM tour_reservations WHERE total_cost = 0") < 40
        )
        payouts = """FROM royalty_payouts p JOIN franchise_agreements a ON a.id = p.agreement_id"""
        assert count_in(conninfo, f"SELECT count(*) {payouts}") > 100
        other = "p.royalty_rate <> a.royalty_rate"
        assert count_in(conninfo, f"SELECT count(*) {payouts} WHERE {other}") == 0
        off = "abs(p.royalty_amount - round(p.gross_takings * p.royalty_rate / 100, 2)) > 0.01"
        assert count_in(conninfo, f"SELECT count(*) {payouts} WHERE {off}") == 0
