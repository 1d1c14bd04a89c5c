"""A place's hours kept day by day in a table of their own, on schemas of our own, checked in
SQL with the run's clock pinned to a Monday morning (rules/week_hours.py, kinds/hours.py):

- a vet practice's surgery hours (a `day_of_week` numbered from Sunday 0, a `closed` flag) and
  a library branch's hours (an ISO `weekday`, no flag): one row per weekday per place (not
  random weekdays repeated), opening 07:00-10:00, closing 14:00-22:00 (a human day: by 22:00
  every day, 16:00 but on a short Sunday), a day off for some;
- the consultations booked at a practice (their start in the practice's own time zone) and
  the rooms booked at a branch (`booked_for`, in its country's time): on a day the place
  opens, at or after its opening and at least 30 minutes before its closing, on a quarter
  hour."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE practices (id serial PRIMARY KEY, name text NOT NULL,
  time_zone text NOT NULL, city text NOT NULL);
CREATE TABLE surgery_hours (id serial PRIMARY KEY,
  practice_id int NOT NULL REFERENCES practices(id),
  day_of_week smallint NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
  opens_at time NOT NULL, closes_at time NOT NULL, is_closed boolean NOT NULL DEFAULT false);
CREATE TABLE consultations (id bigserial PRIMARY KEY,
  practice_id int NOT NULL REFERENCES practices(id),
  appointment_start timestamptz NOT NULL, reason text,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE branches (id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL);
CREATE TABLE branch_hours (id serial PRIMARY KEY,
  branch_id int NOT NULL REFERENCES branches(id),
  weekday smallint NOT NULL CHECK (weekday >= 1 AND weekday <= 7),
  open_from time NOT NULL, open_until time NOT NULL,
  UNIQUE (branch_id, weekday, open_from));
CREATE TABLE room_bookings (id bigserial PRIMARY KEY,
  branch_id int NOT NULL REFERENCES branches(id),
  booked_for timestamptz NOT NULL, attendees int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now());
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 800, "now": NOW},
        "tables": {"practices": {"rows": 25}, "branches": {"rows": 20}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=4) as conninfo:
        yield conninfo


def test_hours_one_row_per_weekday_per_place(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE days = rows_ AND rows_ BETWEEN 6 AND 7)
           FROM (SELECT branch_id, count(*) AS rows_, count(DISTINCT weekday) AS days
                 FROM branch_hours GROUP BY branch_id) b""",
    )
    assert judged == 20 and held == 1.0
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE days = 7 AND rows_ = 7 AND shut <= 1)
           FROM (SELECT practice_id, count(*) AS rows_, count(DISTINCT day_of_week) AS days,
                        count(*) FILTER (WHERE is_closed) AS shut
                 FROM surgery_hours GROUP BY practice_id) p""",
    )
    assert judged == 25 and held == 1.0
    # a day off for some places, not for all
    _, closing = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE n = 6) FROM "
        "(SELECT branch_id, count(*) AS n FROM branch_hours GROUP BY branch_id) b",
    )
    assert 0.1 <= closing <= 0.9


def test_hours_look_like_a_business_day(loaded: str) -> None:
    for table, opens, closes in (
        ("branch_hours", "open_from", "open_until"),
        ("surgery_hours", "opens_at", "closes_at"),
    ):
        judged, held = share(
            loaded,
            f"""SELECT count(*), count(*) FILTER (WHERE {opens} BETWEEN '07:00' AND '10:00'
                 AND {closes} BETWEEN '14:00' AND '22:00') FROM {table}""",
        )
        assert judged > 100 and held == 1.0


def test_rows_at_a_place_fall_in_its_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        """WITH x AS (SELECT c.practice_id, c.appointment_start AT TIME ZONE p.time_zone AS lt
                      FROM consultations c JOIN practices p ON p.id = c.practice_id)
           SELECT count(*), count(*) FILTER (WHERE extract(minute FROM x.lt)::int % 15 = 0
             AND EXISTS (SELECT 1 FROM surgery_hours h WHERE h.practice_id = x.practice_id
               AND NOT h.is_closed AND h.day_of_week = extract(dow FROM x.lt)::int
               AND x.lt::time >= h.opens_at
               AND x.lt::time <= h.closes_at - interval '30 minutes')) FROM x""",
    )
    assert judged == 800 and held >= 0.98


def test_bookings_in_the_branch_country_time(loaded: str) -> None:
    judged, held = share(
        loaded,
        """WITH x AS (SELECT r.branch_id, r.booked_for, r.created_at,
                        r.booked_for AT TIME ZONE (CASE b.country_code
                          WHEN 'US' THEN 'America/New_York' WHEN 'GB' THEN 'Europe/London'
                          ELSE NULL END) AS lt
                      FROM room_bookings r JOIN branches b ON b.id = r.branch_id)
           SELECT count(*), count(*) FILTER (WHERE extract(minute FROM x.lt)::int % 15 = 0
             AND EXISTS (SELECT 1 FROM branch_hours h WHERE h.branch_id = x.branch_id
               AND h.weekday = extract(isodow FROM x.lt)::int AND x.lt::time >= h.open_from
               AND x.lt::time <= h.open_until - interval '30 minutes')) FROM x
           WHERE x.lt IS NOT NULL""",
    )
    assert judged > 0 and held >= 0.98
