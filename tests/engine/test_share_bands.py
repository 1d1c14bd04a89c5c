"""A percentage is the share its kind is of its base, on a schema of our own (an executive
search firm, a music-lesson marketplace and a café): a search fee on a hire's base salary is
a recruiter's 12-30 % and its amount that share of the salary, a platform's fee rate held as
a fraction (numeric(5,4)) is 1-30 % of the lesson price, a tip 5-25 % of the bill, a
supplier's markup 10-100 % (rules/share_band.py, vocab/data/shares.tsv), never any number
from 0 to 100. Checked in SQL at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE clients (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE hires (id serial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(id),
  hired_on date NOT NULL,
  base_salary numeric(12,2) NOT NULL CHECK (base_salary > 0),
  search_fee_pct numeric(5,2) NOT NULL CHECK (search_fee_pct > 0),
  search_fee_amount numeric(12,2) NOT NULL);
CREATE TABLE lessons (id serial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(id),
  lesson_price numeric(8,2) NOT NULL,
  platform_fee_rate numeric(5,4) NOT NULL,
  booked_at timestamptz NOT NULL);
CREATE TABLE tabs (id serial PRIMARY KEY,
  bill_total numeric(8,2) NOT NULL,
  tip_percent smallint NOT NULL,
  supplier_markup_pct numeric(6,2) NOT NULL);
"""
HIRES = """
SELECT count(*), count(*) FILTER (WHERE search_fee_pct BETWEEN 12 AND 30
    AND abs(search_fee_amount - base_salary * search_fee_pct / 100) <= 0.01) FROM hires
"""
LESSONS = (
    "SELECT count(*), count(*) FILTER (WHERE platform_fee_rate BETWEEN 0.01 AND 0.30) FROM lessons"
)
TABS = """
SELECT count(*), count(*) FILTER (WHERE tip_percent BETWEEN 5 AND 25
    AND supplier_markup_pct BETWEEN 10 AND 100) FROM tabs
"""
SETTINGS = {"generate": {"rows": 300}, "tables": {"public.clients": {"rows": 20}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("query", [HIRES, LESSONS, TABS], ids=["fee", "fraction", "tip"])
def test_a_percentage_is_its_kinds_share(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query)
    assert applies >= 250
    assert holds >= 0.98
