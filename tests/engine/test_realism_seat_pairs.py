"""Two keys a composite key builds meet at one scope along paths of different lengths, on a
schema of our own (a cinema chain's seat reservations): a reserved seat's PRIMARY KEY
(order_id, seat_id) is built by the unique plan, the seat reaches its auditorium in one hop
(seats.auditorium_id) and the order in two (orders → screenings → auditoriums), and the seat
is one of the auditorium the order's screening is shown in. Few seats per auditorium, so a
pair often needs its order moved to a screening with room (rules/site_meet.py). Checked in
SQL on what a real PostgreSQL holds, at three seeds, with no row lost to the key."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE auditoriums (auditorium_id serial PRIMARY KEY, label varchar(20) NOT NULL,
  capacity int NOT NULL);
CREATE TABLE seats (seat_id serial PRIMARY KEY,
  auditorium_id int NOT NULL REFERENCES auditoriums(auditorium_id),
  seat_row char(1) NOT NULL, seat_no smallint NOT NULL);
CREATE TABLE projector_checks (check_id serial PRIMARY KEY,
  auditorium_id int NOT NULL REFERENCES auditoriums(auditorium_id),
  checked_on date NOT NULL);
CREATE TABLE films (film_id serial PRIMARY KEY, title text NOT NULL, minutes int NOT NULL);
CREATE TABLE screenings (screening_id bigserial PRIMARY KEY,
  auditorium_id int NOT NULL REFERENCES auditoriums(auditorium_id),
  film_id int NOT NULL REFERENCES films(film_id),
  starts_at timestamptz NOT NULL);
CREATE TABLE patrons (patron_id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE orders (order_id bigserial PRIMARY KEY,
  patron_id int NOT NULL REFERENCES patrons(patron_id),
  screening_id bigint NOT NULL REFERENCES screenings(screening_id),
  placed_at timestamptz NOT NULL);
CREATE TABLE reserved_seats (
  order_id bigint NOT NULL REFERENCES orders(order_id),
  seat_id int NOT NULL REFERENCES seats(seat_id),
  price numeric(8,2) NOT NULL,
  PRIMARY KEY (order_id, seat_id));
"""

SAME_AUDITORIUM = """
SELECT count(*), count(*) FILTER (WHERE t.auditorium_id = s.auditorium_id)
FROM reserved_seats r
JOIN seats t ON t.seat_id = r.seat_id
JOIN orders o ON o.order_id = r.order_id
JOIN screenings s ON s.screening_id = o.screening_id
"""

SETTINGS = {
    "generate": {"rows": 500},
    "tables": {
        "public.auditoriums": {"rows": 60},
        "public.seats": {"rows": 150},
        "public.reserved_seats": {"rows": 900},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_reserved_seat_is_in_the_auditorium_of_the_orders_screening(loaded: str) -> None:
    rows, same = share(loaded, SAME_AUDITORIUM)
    assert rows == 900  # no pair dropped as a repeat
    assert same >= 0.98
