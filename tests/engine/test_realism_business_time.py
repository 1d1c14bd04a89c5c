"""Business time over record time, on a schema of our own (a car-sharing service: vehicles in
service between their commissioning and decommissioning, odometer logs taken at `logged_at`
and written at `created_at`, rentals agreed under a price plan on offer from/until), checked
in SQL on what a real PostgreSQL holds:

- a log's business time (`logged_at`: a participle, not a record time) is the time it uses its
  vehicle at: by now, while the vehicle is in service; its record (`created_at`) is written at
  or a little after it, by now;
- the odometer (a bare value with its unit, `value_km`, in a table of logs) never goes down
  per vehicle in `logged_at` order, though the table has a record time besides;
- a rental takes its price plan at the moment it was agreed (`agreed_at` beside its own
  `starts_on`/`ends_on`): agreed while the plan was on offer, by now, and it starts within a
  lead after it."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, on_clock

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE price_plans (id serial PRIMARY KEY, title text NOT NULL,
  per_minute numeric(6,2) NOT NULL, available_from date NOT NULL, available_until date,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE members (id serial PRIMARY KEY, email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE vehicles (id serial PRIMARY KEY, plate varchar(12) NOT NULL,
  commissioned_on date, decommissioned_on date, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE odometer_logs (id bigserial PRIMARY KEY,
  vehicle_id int NOT NULL REFERENCES vehicles(id), logged_at timestamptz NOT NULL,
  value_km numeric(9,1) NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE rentals (id bigserial PRIMARY KEY, member_id int NOT NULL REFERENCES members(id),
  vehicle_id int NOT NULL REFERENCES vehicles(id), plan_id int NOT NULL REFERENCES price_plans(id),
  agreed_at timestamptz NOT NULL, starts_on date NOT NULL, ends_on date,
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on IS NULL OR ends_on >= starts_on));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(
        pg_cluster, SCHEMA, {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}, seed=7
    ) as conninfo:
        yield conninfo


def _row(conninfo: str, query: str) -> tuple:
    """The one row of a query, `:now` in it the run's clock."""
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(on_clock(query, NOW)).fetchone()
    assert row is not None
    return tuple(row)


def test_a_log_is_taken_by_now_while_its_vehicle_is_in_service(loaded: str) -> None:
    n, holds = _row(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE l.logged_at <= :now
               AND v.commissioned_on IS NOT NULL AND l.logged_at >= v.commissioned_on
               AND (v.decommissioned_on IS NULL OR l.logged_at <= v.decommissioned_on))
           FROM odometer_logs l JOIN vehicles v ON v.id = l.vehicle_id""",
    )
    assert n == 800 and holds / n >= 0.98


def test_a_log_is_recorded_at_or_soon_after_it_was_taken(loaded: str) -> None:
    n, holds = _row(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE created_at >= logged_at
               AND created_at <= logged_at + interval '3 days' AND created_at <= :now)
           FROM odometer_logs""",
    )
    assert n == 800 and holds / n >= 0.98


def test_the_odometer_never_goes_down(loaded: str) -> None:
    n, holds = _row(
        loaded,
        """WITH l AS (SELECT value_km, lag(value_km) OVER (PARTITION BY vehicle_id
                          ORDER BY logged_at, id) AS prev FROM odometer_logs)
           SELECT count(*) FILTER (WHERE prev IS NOT NULL),
                  count(*) FILTER (WHERE prev IS NOT NULL AND value_km >= prev) FROM l""",
    )
    assert n > 100 and holds == n


def test_a_rental_is_agreed_while_its_plan_is_on_offer_and_starts_after(loaded: str) -> None:
    n, on_offer, lead = _row(
        loaded,
        """SELECT count(*),
                  count(*) FILTER (WHERE r.agreed_at::date >= p.available_from
                      AND (p.available_until IS NULL OR r.agreed_at::date <= p.available_until)
                      AND r.agreed_at <= :now),
                  count(*) FILTER (WHERE r.starts_on BETWEEN r.agreed_at::date - 1
                      AND r.agreed_at::date + 365)
           FROM rentals r JOIN price_plans p ON p.id = r.plan_id""",
    )
    assert n == 800 and on_offer / n >= 0.95 and lead / n >= 0.95


def test_a_rental_is_recorded_after_it_was_agreed_and_by_now(loaded: str) -> None:
    n, holds = _row(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE created_at >= agreed_at
               AND created_at <= :now AND updated_at >= created_at) FROM rentals""",
    )
    assert n == 800 and holds / n >= 0.98
