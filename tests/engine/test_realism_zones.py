"""Keys that meet along every path, a category repeated across a key, and totals named for
what they sum, on schemas of our own (names unlike any of the suite's):

- a venue's tickets: each ticket's seat and its price band belong to one zone of the venue
  (seat → zone, price band → zone, no key of the ticket to the zone), and the ticket's tier
  is its price band's tier (a CHECK lists the tiers on the bands; the ticket's column is
  plain text);
- a hotel's stays: a stay's room_total is the sum of its nights' room_rate, and its
  grand_total is room_total + levy_total + fees_total (no `subtotal` anywhere)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

TICKETS = """
CREATE TABLE venues (id serial PRIMARY KEY, title text NOT NULL);
CREATE TABLE zones (id serial PRIMARY KEY, venue_id int NOT NULL REFERENCES venues(id),
  label text NOT NULL);
CREATE TABLE seats (id serial PRIMARY KEY, zone_id int NOT NULL REFERENCES zones(id),
  seat_label varchar(8) NOT NULL);
CREATE TABLE price_bands (id serial PRIMARY KEY, zone_id int NOT NULL REFERENCES zones(id),
  tier varchar(12) NOT NULL CHECK (tier IN ('standard', 'premium', 'box', 'restricted')),
  price numeric(8,2) NOT NULL);
CREATE TABLE tickets (id serial PRIMARY KEY, seat_id int NOT NULL REFERENCES seats(id),
  price_band_id int NOT NULL REFERENCES price_bands(id), tier varchar(20) NOT NULL,
  sold_at timestamptz NOT NULL);
"""

STAYS = """
CREATE TABLE guests (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE stays (id serial PRIMARY KEY, guest_id int NOT NULL REFERENCES guests(id),
  currency char(3) NOT NULL, room_total numeric(12,2) NOT NULL,
  levy_total numeric(12,2) NOT NULL, fees_total numeric(12,2) NOT NULL,
  grand_total numeric(12,2) NOT NULL);
CREATE TABLE stay_nights (id serial PRIMARY KEY, stay_id int NOT NULL REFERENCES stays(id),
  night_of date NOT NULL, room_rate numeric(10,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def tickets(pg_cluster):
    settings = {"generate": {"rows": 400}, "tables": {"public.venues": {"rows": 4},
                "public.zones": {"rows": 30}, "public.price_bands": {"rows": 90}}}  # fmt: skip
    with loaded_database(pg_cluster, TICKETS, settings) as conninfo:
        yield conninfo


@pytest.fixture(scope="module")
def stays(pg_cluster):
    with loaded_database(pg_cluster, STAYS, {"generate": {"rows": 300}}) as conninfo:
        yield conninfo


def test_a_tickets_seat_and_price_band_are_of_one_zone(tickets: str) -> None:
    applies, held = share(
        tickets,
        "SELECT count(*), count(*) FILTER (WHERE s.zone_id = b.zone_id) FROM tickets t "
        "JOIN seats s ON s.id = t.seat_id JOIN price_bands b ON b.id = t.price_band_id",
    )
    assert applies == 400 and held == 1.0


def test_a_tickets_tier_is_its_price_bands(tickets: str) -> None:
    applies, held = share(
        tickets,
        "SELECT count(*), count(*) FILTER (WHERE t.tier = b.tier) FROM tickets t "
        "JOIN price_bands b ON b.id = t.price_band_id",
    )
    assert applies == 400 and held == 1.0


def test_a_stays_totals_add_up_as_named(stays: str) -> None:
    applies, held = share(
        stays,
        "SELECT count(*), count(*) FILTER (WHERE abs(s.room_total - n.rates) <= 0.01 "
        "AND abs(s.grand_total - (s.room_total + s.levy_total + s.fees_total)) <= 0.01) "
        "FROM stays s JOIN (SELECT stay_id, sum(room_rate) AS rates FROM stay_nights "
        "GROUP BY stay_id) n ON n.stay_id = s.id",
    )
    assert applies > 100 and held == 1.0


def test_a_stay_pays_a_levy_on_most_rows(stays: str) -> None:
    """The levy is the row's tax (a rate of the room total), not a copy of the total."""
    applies, held = share(
        stays,
        "SELECT count(*), count(*) FILTER (WHERE levy_total > 0 AND levy_total < room_total) "
        "FROM stays WHERE room_total > 0",
    )
    assert applies > 100 and held > 0.6
