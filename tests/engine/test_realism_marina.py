"""Bookings for a time to come, on a schema of our own (a marina network: marinas in
countries, tariffs valid for a while, skippers, berth bookings with an arrival and a departure
day, harbour staff, crew cards), checked in SQL on what a real PostgreSQL holds, with the run's
clock pinned:

- a booking's status keeps every label of its lifecycle at a plausible share (most checked
  out, a few cancelled and no-shows, some provisional or confirmed ahead of the clock, some
  guests in house now) and each agrees with the clock: the arrival and departure days are
  planned dates every row has, not the record of a stage it reached;
- a booking lasts days (rules/span.py, on dates too), and its `nights_count` is its departure
  day less its arrival day (rules/elapsed.py);
- a booking's currency is its tariff's, and without a tariff (the key may be NULL) its
  marina's country's: every way to an ancestor that decides the key is tried;
- harbour staff were of working age when hired (rules/born.py);
- a booking's arrival lies within its tariff's validity; one the clock placed after its
  tariff lapsed names no tariff (rules/within.py);
- a crew card's lifetime miles are at least its balance, which is not negative
  (rules/lifetime.py)."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-06-10 09:00:00+00"
SCHEMA = """
CREATE TYPE berth_status AS ENUM ('provisional', 'confirmed', 'checked_in', 'checked_out',
  'cancelled', 'no_show');
CREATE TABLE currencies (code char(3) PRIMARY KEY, name text NOT NULL);
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code));
CREATE TABLE marinas (id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code), opened_on date NOT NULL);
CREATE TABLE tariffs (id serial PRIMARY KEY, marina_id int NOT NULL REFERENCES marinas(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code), title text NOT NULL,
  valid_from date NOT NULL, valid_to date);
CREATE TABLE skippers (id serial PRIMARY KEY, full_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE berth_bookings (id bigserial PRIMARY KEY,
  marina_id int NOT NULL REFERENCES marinas(id), skipper_id int NOT NULL REFERENCES skippers(id),
  tariff_id int REFERENCES tariffs(id), status berth_status NOT NULL,
  booked_at timestamptz NOT NULL, arrival_date date NOT NULL, departure_date date NOT NULL,
  nights_count smallint NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code), cancelled_at timestamptz,
  CHECK (departure_date > arrival_date));
CREATE TABLE harbour_staff (id serial PRIMARY KEY, marina_id int NOT NULL REFERENCES marinas(id),
  full_name text NOT NULL, date_of_birth date NOT NULL, hired_on date NOT NULL);
CREATE TABLE crew_cards (id serial PRIMARY KEY, skipper_id int NOT NULL REFERENCES skippers(id),
  miles_balance int NOT NULL, lifetime_miles int NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
            "tables": {"marinas": {"rows": 12}},
        },
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=7)
    yield conninfo
    pg_cluster.drop_database(name)


def _rows(conninfo: str, query: str) -> list[tuple]:
    with psycopg.connect(conninfo) as conn:
        return conn.execute(query.replace(":now", f"'{NOW}'::timestamptz")).fetchall()


def test_every_status_keeps_a_share_and_agrees_with_the_clock(loaded: str) -> None:
    shares = dict(
        _rows(
            loaded,
            "SELECT status::text, avg(1.0) * count(*) / (SELECT count(*)"
            " FROM berth_bookings) FROM berth_bookings GROUP BY 1",
        )
    )
    assert set(shares) == {"provisional", "confirmed", "checked_in", "checked_out",
                           "cancelled", "no_show"}, shares  # fmt: skip
    assert max(shares, key=lambda s: shares[s]) == "checked_out", shares
    assert 0.03 <= shares["cancelled"] <= 0.4 and shares["no_show"] <= 0.1, shares
    ((applies, holds),) = _rows(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE status"
        " WHEN 'provisional' THEN arrival_date >= :now::date"
        " WHEN 'confirmed' THEN arrival_date >= :now::date"
        " WHEN 'checked_in' THEN arrival_date <= :now::date AND departure_date >= :now::date"
        " WHEN 'checked_out' THEN departure_date <= :now::date"
        " WHEN 'no_show' THEN arrival_date <= :now::date END)"
        " FROM berth_bookings WHERE status <> 'cancelled'",
    )
    assert applies > 800 and holds / applies >= 0.98, holds / applies


def test_nights_are_the_days_between_arrival_and_departure(loaded: str) -> None:
    ((applies, holds),) = _rows(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE nights_count = departure_date - arrival_date"
        " AND nights_count BETWEEN 1 AND 30) FROM berth_bookings",
    )
    assert applies == 1000 and holds / applies >= 0.99, holds / applies


def test_currency_follows_the_marina_where_the_tariff_is_null(loaded: str) -> None:
    rows = _rows(
        loaded,
        "SELECT b.tariff_id IS NULL, count(*), count(*) FILTER (WHERE b.currency_code ="
        " c.currency_code) FROM berth_bookings b JOIN marinas m ON m.id = b.marina_id"
        " JOIN countries c ON c.code = m.country_code GROUP BY 1",
    )
    by = {null: (applies, holds) for null, applies, holds in rows}
    assert by[True][0] > 30 and by[True][1] == by[True][0], by


def test_staff_were_of_working_age_when_hired(loaded: str) -> None:
    ((applies, holds),) = _rows(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE date_part('year', age(hired_on, date_of_birth))"
        " BETWEEN 18 AND 65) FROM harbour_staff",
    )
    assert applies > 500 and holds == applies, (applies, holds)


def test_lifetime_miles_are_at_least_the_balance(loaded: str) -> None:
    ((applies, holds),) = _rows(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE lifetime_miles >= miles_balance"
        " AND miles_balance >= 0) FROM crew_cards",
    )
    assert applies > 500 and holds == applies, (applies, holds)


def test_a_booking_arrives_while_its_tariff_is_valid(loaded: str) -> None:
    ((applies, holds),) = _rows(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE b.arrival_date >= t.valid_from"
        " AND (t.valid_to IS NULL OR b.arrival_date <= t.valid_to))"
        " FROM berth_bookings b JOIN tariffs t ON t.id = b.tariff_id",
    )
    assert applies > 600 and holds == applies, (applies, holds)
