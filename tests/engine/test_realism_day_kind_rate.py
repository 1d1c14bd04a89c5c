"""A rate used at a time is one in force that day, for that kind of day, on a schema of our
own (cinemas in their time zones, their screens, the showings of a screen, each recorded when
it was scheduled and held at its show time, the screen's seat prices by kind of day over time,
and the seats sold for a showing at one of those prices): checked in SQL on what a real
PostgreSQL holds.

- a showing is used at its `show_time`, not at its `created_at` (the time it was written
  down): kinds/windows.time_of_use, the one other NOT NULL time of the row; its day is the
  cinema's local one (rules/local_time.py);
- a seat's price is the showing's screen's, in force on the show date (rules/valid_for.py),
  and its `day_kind` holds the show's day of the week (kinds/day_kinds.py: a weekend price
  on a Saturday, an `all_week` one any day); where the screen has none then, the seat names
  no price (the key may be NULL), not another screen's or one out of force.
Before, the price's window was not held (the showing's time read as its record time) and its
kind of day was drawn."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE cinemas (cinema_id serial PRIMARY KEY, name text NOT NULL, timezone text NOT NULL);
CREATE TABLE screens (screen_id serial PRIMARY KEY, label text NOT NULL,
  cinema_id int NOT NULL REFERENCES cinemas(cinema_id));
CREATE TABLE showings (showing_id bigserial PRIMARY KEY,
  screen_id int NOT NULL REFERENCES screens(screen_id),
  created_at timestamptz NOT NULL, show_time timestamptz NOT NULL);
CREATE TABLE seat_prices (seat_price_id serial PRIMARY KEY,
  screen_id int NOT NULL REFERENCES screens(screen_id),
  day_kind text NOT NULL CHECK (day_kind IN ('weekday', 'weekend', 'all_week')),
  valid_from date NOT NULL, valid_to date, amount numeric(6,2) NOT NULL);
CREATE TABLE seats_sold (showing_id bigint NOT NULL REFERENCES showings(showing_id),
  seat_no smallint NOT NULL, seat_price_id int REFERENCES seat_prices(seat_price_id),
  PRIMARY KEY (showing_id, seat_no));
"""

SETTINGS = {"generate": {"rows": 400, "now": "2026-06-01T12:00:00+00:00"},
            "tables": {"cinemas": {"rows": 8}, "screens": {"rows": 20},
                       "seat_prices": {"rows": 200}}}  # fmt: skip

LOCAL = "(s.show_time AT TIME ZONE c.timezone)"
FITS = f"""(p.valid_from <= {LOCAL}::date
  AND (p.valid_to IS NULL OR p.valid_to >= {LOCAL}::date)
  AND (p.day_kind = 'all_week'
       OR (p.day_kind = 'weekend') = (extract(isodow FROM {LOCAL}) IN (6, 7))))"""

HELD = f"""
SELECT count(*), count(*) FILTER (WHERE p.screen_id = s.screen_id AND {FITS})
FROM seats_sold k JOIN showings s ON s.showing_id = k.showing_id
JOIN screens r ON r.screen_id = s.screen_id JOIN cinemas c ON c.cinema_id = r.cinema_id
JOIN seat_prices p ON p.seat_price_id = k.seat_price_id
"""


@pytest.fixture(scope="module", params=[1, 5])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_seat_is_sold_at_its_screens_price_for_that_day(loaded: str) -> None:
    applies, holds = share(loaded, HELD)
    assert applies >= 100 and holds >= 0.99, (applies, holds)  # a day at a window's ends: kept
