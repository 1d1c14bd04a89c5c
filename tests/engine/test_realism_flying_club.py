"""A row used on a date by another row is valid on that date, on a schema of our own (a flying
club): (a) a flight names its rate card, its insurance policy, its landing-fee schedule and
its oil lot by key, and departs within each one's validity, whatever the spelling
(`effective_from`/`effective_to` with open ends, `starts_on`/`expires_on`, `valid_from`/
`valid_until` as timestamps, a lot's `received_on`/`expires_on`); (b) a flight and an
airworthiness review share the aircraft, with no key between them, and the aircraft departs
only under an annual review passed on or before the day and valid through it (valid for at
most a year); the pilot flies only under a licence and a medical certificate (timestamps, a
boolean result) valid that day (rules/certified.py, load/certified_load.py). Checked in SQL
on what a real PostgreSQL holds, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE review_outcome AS ENUM ('airworthy', 'airworthy_with_notes', 'grounded');
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL, joined_on date NOT NULL);
CREATE TABLE aircraft (id serial PRIMARY KEY,
  registration varchar(8) NOT NULL UNIQUE,
  type_name varchar(40) NOT NULL,
  seats smallint NOT NULL CHECK (seats BETWEEN 1 AND 6));
CREATE TABLE airworthiness_reviews (id serial PRIMARY KEY,
  aircraft_id int NOT NULL REFERENCES aircraft(id),
  review_kind varchar(12) NOT NULL CHECK (review_kind IN ('annual', 'post_repair', 'import')),
  reviewed_on date NOT NULL,
  expires_on date,
  outcome review_outcome NOT NULL,
  reviewer varchar(60) NOT NULL,
  CHECK (expires_on IS NULL OR expires_on >= reviewed_on));
CREATE TABLE pilot_licences (id serial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(id),
  licence_no varchar(16) NOT NULL,
  issued_on date NOT NULL,
  expires_on date NOT NULL,
  CHECK (expires_on > issued_on));
CREATE TABLE medical_certificates (id serial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(id),
  examined_at timestamptz NOT NULL,
  valid_through timestamptz,
  fit_to_fly boolean NOT NULL,
  examiner varchar(60) NOT NULL);
CREATE TABLE rate_cards (id serial PRIMARY KEY,
  aircraft_id int NOT NULL REFERENCES aircraft(id),
  effective_from date NOT NULL,
  effective_to date,
  hourly_rate numeric(8,2) NOT NULL CHECK (hourly_rate > 0),
  CHECK (effective_to IS NULL OR effective_to > effective_from));
CREATE TABLE insurance_policies (id serial PRIMARY KEY,
  policy_no varchar(20) NOT NULL UNIQUE,
  insurer varchar(60) NOT NULL,
  starts_on date NOT NULL,
  expires_on date NOT NULL,
  CHECK (expires_on > starts_on));
CREATE TABLE landing_fee_schedules (id serial PRIMARY KEY,
  airfield varchar(40) NOT NULL,
  valid_from timestamptz NOT NULL,
  valid_until timestamptz,
  fee numeric(8,2) NOT NULL CHECK (fee >= 0));
CREATE TABLE oil_lots (id serial PRIMARY KEY,
  lot_no varchar(20) NOT NULL,
  received_on date NOT NULL,
  expires_on date NOT NULL,
  CHECK (expires_on > received_on));
CREATE TABLE flights (id serial PRIMARY KEY,
  aircraft_id int NOT NULL REFERENCES aircraft(id),
  pilot_id int NOT NULL REFERENCES members(id),
  rate_card_id int NOT NULL REFERENCES rate_cards(id),
  policy_id int NOT NULL REFERENCES insurance_policies(id),
  fee_schedule_id int NOT NULL REFERENCES landing_fee_schedules(id),
  oil_lot_id int NOT NULL REFERENCES oil_lots(id),
  departure_at timestamptz NOT NULL,
  arrival_at timestamptz,
  CHECK (arrival_at IS NULL OR arrival_at > departure_at));
CREATE TABLE maintenance_jobs (id serial PRIMARY KEY,
  aircraft_id int NOT NULL REFERENCES aircraft(id),
  opened_on date NOT NULL,
  closed_on date,
  hours numeric(6,1));
"""

# (b) the aircraft holds a passed annual review, dated on or before the day, valid through it
REVIEWED = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
    SELECT 1 FROM airworthiness_reviews r
     WHERE r.aircraft_id = f.aircraft_id
       AND r.review_kind = 'annual'
       AND r.outcome IN ('airworthy', 'airworthy_with_notes')
       AND r.reviewed_on <= f.departure_at::date
       AND r.expires_on >= f.departure_at::date
       AND r.expires_on <= r.reviewed_on + 366))
FROM flights f
"""
LICENSED = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
    SELECT 1 FROM pilot_licences l
     WHERE l.member_id = f.pilot_id
       AND l.issued_on <= f.departure_at::date AND l.expires_on >= f.departure_at::date))
FROM flights f
"""
# a certificate as timestamps, its result a boolean
MEDICAL = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
    SELECT 1 FROM medical_certificates m
     WHERE m.member_id = f.pilot_id AND m.fit_to_fly
       AND m.examined_at::date <= f.departure_at::date
       AND m.valid_through::date >= f.departure_at::date))
FROM flights f
"""
# (a) the rows a flight names by key are valid on its day
RATED = """
SELECT count(*), count(*) FILTER (WHERE f.departure_at::date >= c.effective_from
                                    AND (c.effective_to IS NULL
                                         OR f.departure_at::date <= c.effective_to))
FROM flights f JOIN rate_cards c ON c.id = f.rate_card_id
"""
INSURED = """
SELECT count(*), count(*) FILTER (WHERE f.departure_at::date BETWEEN p.starts_on AND p.expires_on)
FROM flights f JOIN insurance_policies p ON p.id = f.policy_id
"""
FEES = """
SELECT count(*), count(*) FILTER (WHERE f.departure_at >= s.valid_from
                                    AND (s.valid_until IS NULL OR f.departure_at <= s.valid_until))
FROM flights f JOIN landing_fee_schedules s ON s.id = f.fee_schedule_id
"""
OIL = """
SELECT count(*), count(*) FILTER (WHERE f.departure_at::date BETWEEN o.received_on AND o.expires_on)
FROM flights f JOIN oil_lots o ON o.id = f.oil_lot_id
"""
# some reviews still fail: the certificates around the flights are not all of them
GROUNDED = """
SELECT count(*), count(*) FILTER (WHERE outcome = 'grounded') FROM airworthiness_reviews
"""
SETTINGS = {
    "generate": {"rows": 200, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.aircraft": {"rows": 40},
        "public.airworthiness_reviews": {"rows": 600},
        "public.pilot_licences": {"rows": 600},
        "public.medical_certificates": {"rows": 600},
        "public.flights": {"rows": 1500},
        "public.rate_cards": {"rows": 120},
        "public.insurance_policies": {"rows": 30},
        "public.landing_fee_schedules": {"rows": 30},
        "public.oil_lots": {"rows": 60},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_aircraft_departs_under_a_passed_annual_review_valid_that_day(loaded: str) -> None:
    applies, holds = share(loaded, REVIEWED, now=NOW)
    assert applies >= 1400
    assert holds >= 0.98


@pytest.mark.parametrize("query", [LICENSED, MEDICAL], ids=["licence", "medical"])
def test_a_pilot_flies_under_a_licence_and_a_medical_valid_that_day(
    loaded: str, query: str
) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 1400
    assert holds >= 0.98


@pytest.mark.parametrize(
    "query", [RATED, INSURED, FEES, OIL], ids=["rate", "policy", "fees", "oil_lot"]
)
def test_a_flight_departs_within_what_it_names(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 1400
    assert holds >= 0.98


def test_some_reviews_still_ground_the_aircraft(loaded: str) -> None:
    applies, grounded = share(loaded, GROUNDED, now=NOW)
    assert applies >= 580
    assert 0.0 < grounded < 0.3
