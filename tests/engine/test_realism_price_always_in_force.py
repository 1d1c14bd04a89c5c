"""A line's price is what its place charges for its item, from a price list always in force
(no window of validity) that the line does not name: a workshop's class bookings each charge
the price the booking's studio asks for the line's course (kinds/list_prices.py,
rules/list_price.py). The list is keyed by its keys to the studio and the course; the line
reaches the studio through its booking. On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {
        "studios": {"rows": 9},
        "courses": {"rows": 20},
        "studio_course_fees": {"rows": 150},
    },
}

SCHEMA = """
CREATE TABLE studios (studio_id int PRIMARY KEY, studio_name text NOT NULL, town text NOT NULL);
CREATE TABLE courses (course_id int PRIMARY KEY, title text NOT NULL, level text NOT NULL);
CREATE TABLE studio_course_fees (studio_id int NOT NULL REFERENCES studios,
  course_id int NOT NULL REFERENCES courses, fee numeric(8,2) NOT NULL CHECK (fee > 0),
  PRIMARY KEY (studio_id, course_id));
CREATE TABLE learners (learner_id int PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE bookings (booking_id int PRIMARY KEY, studio_id int NOT NULL REFERENCES studios,
  learner_id int NOT NULL REFERENCES learners, booked_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('requested', 'attended', 'cancelled')));
CREATE TABLE booking_items (item_id int PRIMARY KEY, booking_id int NOT NULL REFERENCES bookings,
  course_id int NOT NULL REFERENCES courses, fee numeric(8,2) NOT NULL);
"""

PRICED = """
SELECT count(*), count(*) FILTER (WHERE f.fee = i.fee)
FROM booking_items i JOIN bookings b USING (booking_id)
JOIN studio_course_fees f ON f.studio_id = b.studio_id AND f.course_id = i.course_id
"""
LISTED = """
SELECT count(*), count(f.fee)
FROM booking_items i JOIN bookings b USING (booking_id)
LEFT JOIN studio_course_fees f ON f.studio_id = b.studio_id AND f.course_id = i.course_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_line_charges_its_places_price_for_its_item(loaded: str) -> None:
    applies, holds = share(loaded, PRICED, now=NOW)
    assert applies > 300 and holds >= 0.98, (applies, holds)


def test_a_line_takes_an_item_its_place_prices(loaded: str) -> None:
    applies, holds = share(loaded, LISTED, now=NOW)
    assert applies == 800 and holds >= 0.98, (applies, holds)
