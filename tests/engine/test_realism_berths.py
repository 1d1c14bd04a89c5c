"""Scale by context on schemas of our own (names unlike the suite's), checked in SQL on what a
real PostgreSQL holds:

- a cruise line: a cabin category of a ship sleeps a few (`max_guests`; a cabin under a ship,
  not a classroom), a booking's party (`adults`, `children`, `pax`) is a few people, at
  least one adult, and fits its category's `max_guests`; a `daily_prices` table keyed by its
  sailing date prices a night, and a ship's ordered `tier` (budget … luxury) makes each step
  dearer by about the same ratio;
- a booking's cabin is one of the category it booked (a ship's cabin categories are a scope
  the booking's and the cabin's keys meet at), so the party fits the cabin it sleeps in;
- a cabin's number is its deck followed by a two-digit index (cabin 712 on deck 7), unique
  per ship;
- a room's capacity takes its sense from its ancestors' nouns: a hostel's rooms sleep a few,
  a school's rooms seat a class;
- a contractor's pay reads its period from its words: `yearly_salary_gross` is a year's pay,
  `weekly_wage` a week's, `hourly_wage` an hour's, at the scale a person is paid in its row's
  currency, not at a price's."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

CRUISES = """
CREATE TYPE ship_tier AS ENUM ('budget', 'standard', 'premium', 'luxury');
CREATE TABLE cruise_lines (id serial PRIMARY KEY, brand varchar(60) NOT NULL);
CREATE TABLE ships (id serial PRIMARY KEY, line_id int NOT NULL REFERENCES cruise_lines(id),
  ship_name varchar(60) NOT NULL, tier ship_tier NOT NULL,
  currency_code char(3) NOT NULL DEFAULT 'USD' CHECK (currency_code IN ('USD', 'EUR')));
CREATE TABLE cabin_categories (id serial PRIMARY KEY, ship_id int NOT NULL REFERENCES ships(id),
  category_code varchar(6) NOT NULL, max_guests smallint NOT NULL CHECK (max_guests > 0));
CREATE TABLE cabins (id serial PRIMARY KEY, ship_id int NOT NULL REFERENCES ships(id),
  category_id int NOT NULL REFERENCES cabin_categories(id),
  deck smallint NOT NULL CHECK (deck BETWEEN 1 AND 18), cabin_no varchar(8) NOT NULL,
  UNIQUE (ship_id, cabin_no));
CREATE TABLE daily_prices (category_id int NOT NULL REFERENCES cabin_categories(id),
  sail_date date NOT NULL, price numeric(10,2) NOT NULL CHECK (price >= 0),
  PRIMARY KEY (category_id, sail_date));
CREATE TABLE voyage_bookings (id serial PRIMARY KEY,
  category_id int NOT NULL REFERENCES cabin_categories(id), booked_on date NOT NULL,
  adults smallint NOT NULL DEFAULT 2, children smallint NOT NULL DEFAULT 0,
  CHECK (adults >= 0 AND children >= 0));
CREATE TABLE cabin_assignments (id serial PRIMARY KEY,
  booking_id int NOT NULL REFERENCES voyage_bookings(id),
  cabin_id int NOT NULL REFERENCES cabins(id));
CREATE TABLE shore_tours (id serial PRIMARY KEY, ship_id int NOT NULL REFERENCES ships(id),
  pax integer NOT NULL);
CREATE TABLE hostels (id serial PRIMARY KEY, hostel_name varchar(60) NOT NULL);
CREATE TABLE hostel_rooms (id serial PRIMARY KEY, hostel_id int NOT NULL REFERENCES hostels(id),
  capacity smallint NOT NULL);
CREATE TABLE schools (id serial PRIMARY KEY, school_name varchar(60) NOT NULL);
CREATE TABLE school_rooms (id serial PRIMARY KEY, school_id int NOT NULL REFERENCES schools(id),
  capacity smallint NOT NULL);
CREATE TABLE contractors (id serial PRIMARY KEY, currency char(3) NOT NULL DEFAULT 'EUR'
  CHECK (currency IN ('EUR', 'GBP')), yearly_salary_gross numeric(12,2),
  weekly_wage numeric(9,2), hourly_wage numeric(7,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def cruises(pg_cluster):
    settings = {"generate": {"rows": 600}, "tables": {"public.ships": {"rows": 40}}}
    with loaded_database(pg_cluster, CRUISES, settings) as conninfo:
        yield conninfo


def test_a_cabin_sleeps_a_few_and_the_party_fits_it(cruises: str) -> None:
    applies, held = share(
        cruises, "SELECT count(*), count(*) FILTER (WHERE max_guests BETWEEN 1 AND 6) "
        "FROM cabin_categories"
    )  # fmt: skip
    assert applies > 0 and held == 1.0
    applies, held = share(
        cruises,
        """SELECT count(*), count(*) FILTER (WHERE b.adults >= 1
                  AND b.adults + b.children <= c.max_guests)
           FROM voyage_bookings b JOIN cabin_categories c ON c.id = b.category_id""",
    )
    assert applies > 0 and held == 1.0
    # a few people, mostly one or two adults, mostly no children
    applies, held = share(
        cruises, "SELECT count(*), count(*) FILTER (WHERE adults <= 2 AND children = 0) "
        "FROM voyage_bookings"
    )  # fmt: skip
    assert held > 0.6
    applies, held = share(
        cruises, "SELECT count(*), count(*) FILTER (WHERE pax BETWEEN 1 AND 6) FROM shore_tours"
    )
    assert applies > 0 and held == 1.0


def test_a_daily_price_is_a_night_and_follows_the_ship_tier(cruises: str) -> None:
    with_tiers = """WITH p AS (
        SELECT s.tier, d.price FROM daily_prices d
        JOIN cabin_categories c ON c.id = d.category_id JOIN ships s ON s.id = c.ship_id)
      SELECT tier, percentile_cont(0.5) WITHIN GROUP (ORDER BY price) FROM p
      GROUP BY tier ORDER BY tier"""
    with psycopg.connect(cruises) as conn:
        medians = [float(m) for _, m in conn.execute(with_tiers).fetchall()]
    assert len(medians) >= 3
    assert medians == sorted(medians)  # each step dearer
    assert medians[-1] > 2.5 * medians[0]
    # a night of a mid-tier cabin costs tens to hundreds, not a few units
    applies, held = share(
        cruises, "SELECT count(*), count(*) FILTER (WHERE price BETWEEN 15 AND 2000) "
        "FROM daily_prices"
    )  # fmt: skip
    assert applies > 0 and held >= 0.98


def test_a_room_sleeps_or_seats_by_its_ancestors(cruises: str) -> None:
    applies, held = share(
        cruises, "SELECT count(*), count(*) FILTER (WHERE capacity BETWEEN 1 AND 4) "
        "FROM hostel_rooms"
    )  # fmt: skip
    assert applies > 0 and held == 1.0
    applies, held = share(
        cruises, "SELECT count(*), count(*) FILTER (WHERE capacity BETWEEN 10 AND 40) "
        "FROM school_rooms"
    )  # fmt: skip
    assert applies > 0 and held == 1.0


@pytest.mark.parametrize(
    ("column", "lo", "hi", "mean_lo", "mean_hi"),
    [
        ("yearly_salary_gross", 8_000, 600_000, 25_000, 150_000),
        ("weekly_wage", 150, 12_000, 500, 3_000),
        ("hourly_wage", 4, 300, 12, 80),
    ],
)
def test_pay_is_at_the_scale_of_its_period(
    cruises: str, column: str, lo: float, hi: float, mean_lo: float, mean_hi: float
) -> None:
    applies, held = share(
        cruises,
        f"""SELECT count(*), CASE WHEN avg({column}) BETWEEN {mean_lo} AND {mean_hi}
                THEN count(*) FILTER (WHERE {column} BETWEEN {lo} AND {hi}) ELSE 0 END
            FROM contractors WHERE {column} IS NOT NULL""",
    )
    assert applies > 0 and held >= 0.98


def test_a_cabin_number_starts_with_its_deck(cruises: str) -> None:
    applies, held = share(
        cruises,
        """SELECT count(*), count(*) FILTER (WHERE cabin_no ~ ('^' || deck::text || '[0-9]{2}$')
                  AND right(cabin_no, 2)::int >= 1) FROM cabins""",
    )
    assert applies > 0 and held == 1.0
    applies, held = share(
        cruises, "SELECT count(DISTINCT ship_id), count(DISTINCT ship_id) FILTER "
        "(WHERE cabin_no = '101') FROM cabins"
    )  # fmt: skip
    assert held > 0.5  # every ship starts from cabin 101 on deck 1


def test_the_assigned_cabin_is_of_the_booked_category(cruises: str) -> None:
    applies, held = share(
        cruises,
        """SELECT count(*), count(*) FILTER (WHERE c.category_id = b.category_id
                  AND b.adults + b.children <= k.max_guests)
           FROM cabin_assignments a JOIN voyage_bookings b ON b.id = a.booking_id
           JOIN cabins c ON c.id = a.cabin_id JOIN cabin_categories k ON k.id = c.category_id""",
    )
    assert applies > 0 and held >= 0.98
