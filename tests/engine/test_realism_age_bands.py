"""A type code that names an age band agrees with the date of birth on the day the row is
about, on schemas of our own (names unlike the suite's):

- a cinema's tickets: `adult`/`child`/`senior`/`student` beside the holder's birth date, the
  day the screening's (the ticket's parent's) start: a child under 12, a senior 65 or over,
  an adult 12 to 64; `student` names no age and binds nothing;
- a tour operator's travellers, each on an order whose legs run on departures: the day is
  the first departure of the traveller's order (the order's other children's parent), and
  the codes are `INFANT`/`CHILD`/`YOUTH`/`ADULT` (an infant under 2, a child 2 to 11, a youth
  12 to 17, an adult 18 or over)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

CINEMA = """
CREATE TABLE screenings (id serial PRIMARY KEY, title text NOT NULL,
  starts_at timestamptz NOT NULL);
CREATE TABLE tickets (id serial PRIMARY KEY, screening_id int NOT NULL REFERENCES screenings(id),
  ticket_type text NOT NULL CHECK (ticket_type IN ('adult', 'child', 'senior', 'student')),
  holder_birth_date date NOT NULL);
"""

TOURS = """
CREATE TABLE departures (id serial PRIMARY KEY, code varchar(8) NOT NULL,
  departs_at timestamptz NOT NULL);
CREATE TABLE tour_orders (id serial PRIMARY KEY, placed_at timestamptz NOT NULL);
CREATE TABLE order_legs (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES tour_orders(id),
  departure_id int NOT NULL REFERENCES departures(id), leg_no smallint NOT NULL);
CREATE TABLE travellers (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES tour_orders(id),
  full_name text NOT NULL, birth_date date NOT NULL,
  age_code varchar(8) NOT NULL CHECK (age_code IN ('INFANT', 'CHILD', 'YOUTH', 'ADULT')));
"""


@pytest.fixture(scope="module")
def cinema(pg_cluster):
    with loaded_database(pg_cluster, CINEMA, {"generate": {"rows": 400}}) as conninfo:
        yield conninfo


@pytest.fixture(scope="module")
def tours(pg_cluster):
    with loaded_database(pg_cluster, TOURS, {"generate": {"rows": 400}}) as conninfo:
        yield conninfo


def test_a_tickets_type_fits_the_holders_age_on_the_screenings_day(cinema: str) -> None:
    applies, held = share(
        cinema,
        "SELECT count(*), count(*) FILTER (WHERE CASE t.ticket_type "
        "WHEN 'child' THEN age(s.starts_at::date, t.holder_birth_date) < interval '12 years' "
        "WHEN 'senior' THEN age(s.starts_at::date, t.holder_birth_date) >= interval '65 years' "
        "WHEN 'adult' THEN age(s.starts_at::date, t.holder_birth_date) "
        "  BETWEEN interval '12 years' AND interval '65 years' END "
        "AND t.holder_birth_date <= s.starts_at::date) "
        "FROM tickets t JOIN screenings s ON s.id = t.screening_id "
        "WHERE t.ticket_type <> 'student'",
    )
    assert applies > 200 and held == 1.0


def test_a_travellers_code_fits_their_age_on_the_first_departure(tours: str) -> None:
    applies, held = share(
        tours,
        "WITH p AS (SELECT tr.age_code, tr.birth_date, min(d.departs_at)::date AS first_day "
        "FROM travellers tr JOIN order_legs l ON l.order_id = tr.order_id "
        "JOIN departures d ON d.id = l.departure_id GROUP BY tr.id) "
        "SELECT count(*), count(*) FILTER (WHERE birth_date <= first_day AND CASE age_code "
        "WHEN 'INFANT' THEN age(first_day, birth_date) < interval '2 years' "
        "WHEN 'CHILD' THEN age(first_day, birth_date) >= interval '2 years' "
        "  AND age(first_day, birth_date) < interval '12 years' "
        "WHEN 'YOUTH' THEN age(first_day, birth_date) >= interval '12 years' "
        "  AND age(first_day, birth_date) < interval '18 years' "
        "WHEN 'ADULT' THEN age(first_day, birth_date) >= interval '18 years' END) FROM p",
    )
    assert applies > 150 and held == 1.0
