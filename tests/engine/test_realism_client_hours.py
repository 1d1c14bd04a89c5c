"""A row a company makes is made in its office hours, in its own local time
(rules/client_hours.py): on a schema of our own, a firm's purchase requests
(`purchase_requests.submitted_at`, the firm a table of companies by its `trading_name` and
`vat_no`, its `nation` a key to `countries.iso_code`) are submitted on a weekday between 08:00
and 17:00 in the firm's country's time (before: 27 %, any hour of any day), while a shopper's
web orders (a person's: a first and a last name) keep coming at any hour."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import psycopg
import pytest

from tests.engine.loading import loaded_database
from workbench.generate.rules.local_time import country_zone

SCHEMA = """
CREATE TABLE countries (iso_code char(2) PRIMARY KEY, country_name text NOT NULL,
  dialling_prefix varchar(5) NOT NULL);
CREATE TABLE firms (id serial PRIMARY KEY, trading_name text NOT NULL, vat_no varchar(16),
  nation char(2) NOT NULL REFERENCES countries(iso_code), phone varchar(20));
CREATE TABLE purchase_requests (id bigserial PRIMARY KEY,
  firm_id int NOT NULL REFERENCES firms(id),
  submitted_at timestamptz NOT NULL, wanted_by date,
  state text NOT NULL CHECK (state IN ('open', 'approved', 'rejected')));
CREATE TABLE shoppers (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  country char(2) NOT NULL REFERENCES countries(iso_code));
CREATE TABLE web_orders (id bigserial PRIMARY KEY,
  shopper_id int NOT NULL REFERENCES shoppers(id), placed_at timestamptz NOT NULL);
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 500, "now": NOW},
        "tables": {"countries": {"rows": 8}, "firms": {"rows": 80}, "shoppers": {"rows": 120}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def _office_share(conninfo: str, sql: str) -> tuple[int, float]:
    with psycopg.connect(conninfo) as conn:
        rows = conn.execute(sql).fetchall()
    judged = held = 0
    for at, code in rows:
        zone = country_zone(code)
        if not zone:
            continue
        local: datetime = at.astimezone(ZoneInfo(zone))
        judged += 1
        minute = local.hour * 60 + local.minute
        held += local.isoweekday() <= 5 and 8 * 60 <= minute <= 17 * 60
    return judged, held / max(judged, 1)


def test_firms_submit_in_office_hours(loaded: str) -> None:
    judged, share = _office_share(
        loaded,
        "SELECT r.submitted_at, f.nation FROM purchase_requests r JOIN firms f ON f.id = r.firm_id",
    )
    assert judged >= 400 and share >= 0.98


def test_shoppers_order_at_any_hour(loaded: str) -> None:
    judged, share = _office_share(
        loaded,
        "SELECT o.placed_at, s.country FROM web_orders o JOIN shoppers s ON s.id = o.shopper_id",
    )
    assert judged >= 400 and share <= 0.80
