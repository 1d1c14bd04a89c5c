"""A row with no time of its own uses a thing valid over a period at the time of what it
belongs to, on a schema of our own (a concert promoter's ticket lines): a ticket line has no
time, its order was written at `created_at`, and the concert the order is for starts at
`starts_at`; the line's price list (valid_from / valid_until) is one valid on the concert's
day, and of the concert's hall (price_lists.hall_id = concerts.hall_id:
rules/valid_for.py). Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE halls (hall_id serial PRIMARY KEY, hall_name text NOT NULL, seats int NOT NULL);
CREATE TABLE price_lists (price_list_id serial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls(hall_id),
  list_code varchar(12) NOT NULL,
  amount numeric(8,2) NOT NULL,
  valid_from date NOT NULL,
  valid_until date,
  CHECK (valid_until IS NULL OR valid_until >= valid_from));
CREATE TABLE concerts (concert_id bigserial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls(hall_id),
  artist text NOT NULL,
  starts_at timestamptz NOT NULL);
CREATE TABLE fans (fan_id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE orders (order_id bigserial PRIMARY KEY,
  fan_id int NOT NULL REFERENCES fans(fan_id),
  concert_id bigint NOT NULL REFERENCES concerts(concert_id),
  created_at timestamptz NOT NULL);
CREATE TABLE ticket_lines (order_id bigint NOT NULL REFERENCES orders(order_id),
  line_no smallint NOT NULL,
  price_list_id int NOT NULL REFERENCES price_lists(price_list_id),
  amount numeric(8,2) NOT NULL,
  PRIMARY KEY (order_id, line_no));
"""

VALID_THEN = """
SELECT count(*), count(*) FILTER (
  WHERE c.starts_at::date >= p.valid_from
    AND (p.valid_until IS NULL OR c.starts_at::date <= p.valid_until))
FROM ticket_lines l
JOIN price_lists p ON p.price_list_id = l.price_list_id
JOIN orders o ON o.order_id = l.order_id
JOIN concerts c ON c.concert_id = o.concert_id
"""
SAME_HALL = """
SELECT count(*), count(*) FILTER (WHERE p.hall_id = c.hall_id)
FROM ticket_lines l
JOIN price_lists p ON p.price_list_id = l.price_list_id
JOIN orders o ON o.order_id = l.order_id
JOIN concerts c ON c.concert_id = o.concert_id
"""

SETTINGS = {
    "generate": {"rows": 500},
    "tables": {
        "public.halls": {"rows": 8},
        "public.price_lists": {"rows": 400},
        "public.ticket_lines": {"rows": 1200},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_lines_price_list_is_valid_on_its_concerts_day(loaded: str) -> None:
    rows, held = share(loaded, VALID_THEN)
    assert rows == 1200
    assert held >= 0.98


def test_a_lines_price_list_is_of_its_concerts_hall(loaded: str) -> None:
    rows, held = share(loaded, SAME_HALL)
    assert rows == 1200
    assert held >= 0.85  # where no list of the hall is valid then, one of another hall
