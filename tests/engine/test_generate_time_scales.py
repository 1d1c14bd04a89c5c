"""Durations at the scale the name says, one clock, series that climb, on schemas of our own
(a driving school, a conference organiser, a tender platform, a chain of shops), at three
seeds on a pinned clock:

- a duration in minutes written `duration_min` (`min` after a word of a length is minutes:
  vocab/data/abbreviations.tsv) in a table of appointments written `appt` lasts what an
  appointment lasts (rules/elapsed.py `lasts`, rules/span.SCALES), not 1-600 anything;
- a session of a thing held over a period of its own (`conference_sessions` of a conference
  with its starts_on/ends_on) is a block of its programme, an hour to a working day
  (rules/span.PROGRAMME), not a client's 30-120 minute appointment;
- the offers on a tender climb with time: each tops the one before (rules/rising.py);
- a chain of shops still trading: each shop's latest till receipt is days old, not years
  (rules/ongoing.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE school (school_id int PRIMARY KEY, school_name varchar(80) NOT NULL,
  street varchar(120) NOT NULL, city varchar(80) NOT NULL, postcode varchar(10));
CREATE TABLE instructor (instructor_id int PRIMARY KEY, first_name varchar(40) NOT NULL,
  last_name varchar(40) NOT NULL, school_id int NOT NULL REFERENCES school(school_id));
CREATE TABLE learner (learner_id int PRIMARY KEY, first_name varchar(40) NOT NULL,
  last_name varchar(40) NOT NULL, email varchar(120));
CREATE TABLE driving_appt (appt_id int PRIMARY KEY,
  school_id int NOT NULL REFERENCES school(school_id),
  instructor_id int NOT NULL REFERENCES instructor(instructor_id),
  learner_id int NOT NULL REFERENCES learner(learner_id),
  booked_for timestamptz NOT NULL,
  duration_min integer NOT NULL CHECK (duration_min > 0),
  notes text);

CREATE TABLE conference (conference_id int PRIMARY KEY, title text NOT NULL,
  venue_city varchar(80) NOT NULL,
  starts_on date NOT NULL, ends_on date NOT NULL, CHECK (ends_on >= starts_on));
CREATE TABLE conference_sessions (session_id int PRIMARY KEY,
  conference_id int NOT NULL REFERENCES conference(conference_id),
  track varchar(40), starts_at timestamptz NOT NULL, ends_at timestamptz);

CREATE TABLE buyer_org (org_id int PRIMARY KEY, org_name varchar(120) NOT NULL);
CREATE TABLE tender (tender_id int PRIMARY KEY,
  org_id int NOT NULL REFERENCES buyer_org(org_id), reference varchar(20) NOT NULL,
  budget numeric(14,2) NOT NULL, published_at timestamptz NOT NULL);
CREATE TABLE supplier (supplier_id int PRIMARY KEY, company_name varchar(120) NOT NULL,
  vat_number varchar(20));
CREATE TABLE tender_offers (offer_id bigint PRIMARY KEY,
  tender_id int NOT NULL REFERENCES tender(tender_id),
  supplier_id int NOT NULL REFERENCES supplier(supplier_id),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  submitted_at timestamptz NOT NULL);

CREATE TABLE shop (shop_id int PRIMARY KEY, shop_name varchar(80) NOT NULL,
  street varchar(120) NOT NULL, city varchar(80) NOT NULL, postcode varchar(10),
  opened_on date);
CREATE TABLE till_receipts (receipt_id bigint PRIMARY KEY,
  shop_id int NOT NULL REFERENCES shop(shop_id), till_no smallint NOT NULL,
  issued_at timestamptz NOT NULL, total numeric(10,2) NOT NULL);
"""
# as many shops as receipts: a shop's few receipts of the table, its latest among them
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
            "tables": {"shop": {"rows": 500}}}  # fmt: skip

APPOINTMENT_MINUTES = """
SELECT count(*), count(*) FILTER (WHERE duration_min BETWEEN 30 AND 480) FROM driving_appt
"""
SESSION_HOURS = """
SELECT count(*), count(*) FILTER (WHERE ends_at - starts_at BETWEEN interval '1 hour'
  AND interval '8 hours') FROM conference_sessions WHERE ends_at IS NOT NULL
"""
OFFERS_CLIMB = """
WITH q AS (SELECT amount, lag(amount) OVER (PARTITION BY tender_id ORDER BY submitted_at,
  offer_id) AS before FROM tender_offers)
SELECT count(*), count(*) FILTER (WHERE amount > before) FROM q WHERE before IS NOT NULL
"""
SHOPS_TRADE_TO_NOW = """
SELECT count(*), count(*) FILTER (WHERE last <= :now AND last >= :now - interval '30 days')
FROM (SELECT shop_id, max(issued_at) AS last FROM till_receipts GROUP BY shop_id) s
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_appointments_duration_min_is_minutes_of_an_appointment(loaded: str) -> None:
    applies, holds = share(loaded, APPOINTMENT_MINUTES, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


def test_a_session_of_a_conference_is_a_block_of_its_programme(loaded: str) -> None:
    applies, holds = share(loaded, SESSION_HOURS, now=NOW)
    assert applies >= 500
    assert holds >= 0.98


def test_offers_on_a_tender_climb_with_time(loaded: str) -> None:
    applies, holds = share(loaded, OFFERS_CLIMB, now=NOW)
    assert applies >= 200
    assert holds >= 0.98


def test_each_shops_latest_receipt_is_recent(loaded: str) -> None:
    applies, holds = share(loaded, SHOPS_TRADE_TO_NOW, now=NOW)
    assert applies >= 200
    assert holds >= 0.98
