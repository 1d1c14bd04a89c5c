"""A charge for lateness is the days late times the daily rate its record reaches, capped, on
a schema of our own (a tool library): a `late` penalty on a tool loan checked back in is the
days between the local dates of its due time and its check-in (the depot's time zone) times
its member's tier's `late_fee_per_day`, at most the tier's `max_late_fee`; the penalty types
keep their counts (rules/late_fee.py, load/late_fee_load.py). Checked in SQL on what a real
PostgreSQL holds, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, depot_name text NOT NULL,
  timezone varchar(40) NOT NULL);
CREATE TABLE tiers (tier_code varchar(8) PRIMARY KEY, tier_name text NOT NULL,
  late_fee_per_day numeric(6,2) NOT NULL DEFAULT 0 CHECK (late_fee_per_day >= 0),
  max_late_fee numeric(8,2));
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL,
  tier_code varchar(8) NOT NULL REFERENCES tiers(tier_code));
CREATE TABLE tools (id serial PRIMARY KEY, tool_name text NOT NULL);
CREATE TABLE tool_loans (id serial PRIMARY KEY,
  tool_id int NOT NULL REFERENCES tools(id),
  member_id int NOT NULL REFERENCES members(id),
  depot_id int NOT NULL REFERENCES depots(id),
  borrowed_at timestamptz NOT NULL,
  due_back_at timestamptz NOT NULL,
  checked_in_at timestamptz,
  CHECK (due_back_at > borrowed_at));
CREATE TABLE penalties (id serial PRIMARY KEY,
  tool_loan_id int NOT NULL REFERENCES tool_loans(id),
  penalty_type varchar(12) NOT NULL CHECK (penalty_type IN ('damage', 'late', 'lost_tool')),
  amount numeric(8,2) NOT NULL CHECK (amount > 0),
  raised_at timestamptz NOT NULL);
"""

AMOUNT = """
SELECT count(*), count(*) FILTER (WHERE p.amount = least(t.max_late_fee,
    t.late_fee_per_day * greatest(0, (l.checked_in_at AT TIME ZONE d.timezone)::date
                                     - (l.due_back_at AT TIME ZONE d.timezone)::date)))
FROM penalties p
JOIN tool_loans l ON l.id = p.tool_loan_id
JOIN members m ON m.id = l.member_id
JOIN tiers t ON t.tier_code = m.tier_code
JOIN depots d ON d.id = l.depot_id
WHERE p.penalty_type = 'late' AND l.checked_in_at IS NOT NULL
"""
LATE_ONES = "SELECT count(*), count(*) FILTER (WHERE penalty_type = 'late') FROM penalties"
SETTINGS = {
    "generate": {"rows": 200, "now": NOW.replace(" ", "T")},
    "tables": {"public.tool_loans": {"rows": 1500}, "public.penalties": {"rows": 600}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_late_penalty_is_the_days_late_times_the_tiers_daily_fee_capped(loaded: str) -> None:
    applies, holds = share(loaded, AMOUNT, now=NOW)
    assert applies >= 5
    assert holds >= 0.98


def test_the_penalty_types_keep_a_share_of_late_ones(loaded: str) -> None:
    applies, late = share(loaded, LATE_ONES, now=NOW)
    assert applies == 600
    assert 0.0 < late < 0.9
