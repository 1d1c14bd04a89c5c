"""Usage counters bounded by an allowance, on a schema of our own (a coworking space's hour
bundles and a phone shop's prepaid minute packs), checked in SQL on what a real PostgreSQL
holds (rules/allowance.py, load/allowance_load.py, load/running_load.py):

- a desk session's `hours_running_total` is the bundle's previous one plus the session's
  `hours_logged`, in time order, from zero (the bundle was bought inside the data: no
  history before it), and never passes the `hours_quota` of the bundle's kind (an allowance
  two hops away: session -> bundle -> bundle kind) wherever the bundle's sessions do not
  outnumber it (each adds at least an hour);
- a call's `minutes_cumulative` runs the same way under its pack, and stays within the pack's
  own `minutes_allowance`;
- the steps only add (no session takes hours back), and they keep their CHECK (> 0)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE bundle_kinds (id serial PRIMARY KEY, label text NOT NULL,
  hours_quota integer NOT NULL CHECK (hours_quota > 0), price numeric(8,2) NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE bundles (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members,
  bundle_kind_id int NOT NULL REFERENCES bundle_kinds, bought_at timestamptz NOT NULL,
  valid_through date NOT NULL);
CREATE TABLE desk_sessions (id bigserial PRIMARY KEY,
  bundle_id int NOT NULL REFERENCES bundles, booked_at timestamptz NOT NULL,
  hours_logged integer NOT NULL CHECK (hours_logged > 0),
  hours_running_total integer NOT NULL);
CREATE TABLE subscribers (id serial PRIMARY KEY, msisdn text NOT NULL,
  signed_up_at timestamptz NOT NULL);
CREATE TABLE minute_packs (id serial PRIMARY KEY,
  subscriber_id int NOT NULL REFERENCES subscribers,
  minutes_allowance integer NOT NULL CHECK (minutes_allowance > 0),
  activated_at timestamptz NOT NULL);
CREATE TABLE calls (id bigserial PRIMARY KEY, minute_pack_id int NOT NULL REFERENCES minute_packs,
  started_at timestamptz NOT NULL, minutes integer NOT NULL CHECK (minutes > 0),
  minutes_cumulative integer NOT NULL);
"""

ROWS = 600


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": ROWS, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {"bundle_kinds": {"rows": 8}, "members": {"rows": 200},
                   "bundles": {"rows": 300}, "subscribers": {"rows": 200},
                   "minute_packs": {"rows": 300}},
    }  # fmt: skip
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


HOURS = """
WITH s AS (
    SELECT s.bundle_id AS key, s.hours_logged AS step, s.hours_running_total AS run,
           k.hours_quota AS cap,
           lag(s.hours_running_total) OVER (PARTITION BY s.bundle_id
                                            ORDER BY s.booked_at, s.id) AS prev
    FROM desk_sessions s JOIN bundles b ON b.id = s.bundle_id
    JOIN bundle_kinds k ON k.id = b.bundle_kind_id)
"""
MINUTES = """
WITH s AS (
    SELECT c.minute_pack_id AS key, c.minutes AS step, c.minutes_cumulative AS run,
           p.minutes_allowance AS cap,
           lag(c.minutes_cumulative) OVER (PARTITION BY c.minute_pack_id
                                           ORDER BY c.started_at, c.id) AS prev
    FROM calls c JOIN minute_packs p ON p.id = c.minute_pack_id)
"""


@pytest.mark.parametrize("counted", [HOURS, MINUTES], ids=["grandparent", "parent"])
def test_a_usage_counter_starts_at_zero_and_only_adds(loaded: str, counted: str) -> None:
    applies, holds = share(
        loaded,
        counted + "SELECT count(*), count(*) FILTER (WHERE run = coalesce(prev, 0) + step"
        " AND step > 0) FROM s",
    )
    assert applies == ROWS and holds == 1.0, holds


@pytest.mark.parametrize("counted", [HOURS, MINUTES], ids=["grandparent", "parent"])
def test_a_usage_counter_stays_within_its_allowance(loaded: str, counted: str) -> None:
    # wherever a parent's rows do not outnumber its allowance (each adds at least one),
    # every count stays within it
    applies, holds = share(
        loaded,
        counted + ", f AS (SELECT *, count(*) OVER (PARTITION BY key) AS n FROM s)"
        " SELECT count(*), count(*) FILTER (WHERE run <= cap) FROM f WHERE n <= cap",
    )
    assert applies > 0.8 * ROWS and holds == 1.0, (applies, holds)
    # the allowance is used, not only touched: some parents use most of theirs
    _, most = share(
        loaded, counted + "SELECT count(*), count(*) FILTER (WHERE run >= 0.3 * cap) FROM s"
    )
    assert most > 0.2, most
