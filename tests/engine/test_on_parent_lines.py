"""A row that names a parent and a thing, where the parent's lines name things, names one on
its parent's lines: a kitchen ticket fired for a banquet booking cooks a dish on that
booking's menu lines, and stays at the booking's venue (both hold `venue_id`). On a schema of
our own, at three seeds (kinds/membership.lined_pairs, rules/on_lines.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE venue (venue_id int PRIMARY KEY, venue_name varchar(60) NOT NULL);
CREATE TABLE dish (dish_id int PRIMARY KEY, dish_name varchar(60) NOT NULL,
  price numeric(8,2) NOT NULL);
CREATE TABLE banquet_booking (booking_id int PRIMARY KEY,
  venue_id int NOT NULL REFERENCES venue(venue_id),
  booked_at timestamptz NOT NULL, guests int NOT NULL);
CREATE TABLE booking_menu_line (
  booking_id int NOT NULL REFERENCES banquet_booking(booking_id),
  line_no smallint NOT NULL,
  dish_id int NOT NULL REFERENCES dish(dish_id),
  portions int NOT NULL,
  PRIMARY KEY (booking_id, line_no));
CREATE TABLE kitchen_ticket (ticket_id int PRIMARY KEY,
  venue_id int NOT NULL REFERENCES venue(venue_id),
  booking_id int REFERENCES banquet_booking(booking_id),
  dish_id int NOT NULL REFERENCES dish(dish_id),
  fired_at timestamptz NOT NULL);
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"venue": {"rows": 20}, "dish": {"rows": 60}},
}

# tickets of a booking with menu lines: the dish is on them, the venue the booking's
ON_LINES = """
SELECT count(*)::int, count(*) FILTER (WHERE t.venue_id = b.venue_id AND EXISTS (
  SELECT 1 FROM booking_menu_line l WHERE l.booking_id = b.booking_id AND l.dish_id = t.dish_id
))::int
FROM kitchen_ticket t JOIN banquet_booking b ON b.booking_id = t.booking_id
WHERE EXISTS (SELECT 1 FROM booking_menu_line l WHERE l.booking_id = b.booking_id)
"""
# and most tickets of a booking are of one that has lines
LINED = """
SELECT count(*)::int, count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM booking_menu_line l WHERE l.booking_id = t.booking_id))::int
FROM kitchen_ticket t WHERE t.booking_id IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_row_takes_its_thing_from_its_parents_lines(loaded: str) -> None:
    applies, holds = share(loaded, ON_LINES)
    assert applies >= 50
    assert holds >= 0.98
    applies, holds = share(loaded, LINED)
    assert holds >= 0.9
