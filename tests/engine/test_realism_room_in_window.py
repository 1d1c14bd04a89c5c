"""A row that happened by now lies in its parents' windows (rules/in_service.py: room in a
parent's window; rules/path_meet.py: a parent drawn among a party's that was in force), on a
schema of our own (an appliance service firm: service plans sold at branches, breakdowns
reported on them and handled by the branch's engineers): a breakdown occurred while its plan
was in force (from its start, to its end or its cancellation), on a plan that was sold, and
was reported after it occurred and by the run's clock; its engineer was employed then."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE branches (id serial PRIMARY KEY, code text NOT NULL, branch_name text NOT NULL,
  city text NOT NULL, postcode text, address_line text NOT NULL, phone text NOT NULL,
  email text, country_code char(2) NOT NULL, opened_on date NOT NULL, closed_on date);
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE engineers (id serial PRIMARY KEY, branch_id int NOT NULL REFERENCES branches,
  first_name text NOT NULL, last_name text NOT NULL, hired_on date NOT NULL, left_on date);
CREATE TABLE service_plans (id serial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers, branch_id int NOT NULL REFERENCES branches,
  status text NOT NULL CHECK (status IN ('quoted', 'active', 'expired', 'cancelled')),
  quoted_at timestamptz NOT NULL, start_date date NOT NULL, end_date date NOT NULL,
  cancelled_on date, CHECK (end_date > start_date));
CREATE TABLE breakdowns (id serial PRIMARY KEY,
  plan_id int NOT NULL REFERENCES service_plans, engineer_id int REFERENCES engineers,
  status text NOT NULL
    CHECK (status IN ('reported', 'under_review', 'approved', 'settled', 'rejected')),
  occurred_at timestamptz NOT NULL, reported_at timestamptz NOT NULL, closed_at timestamptz);
"""

IN_COVER = """
SELECT count(*) AS applies,
       count(*) FILTER (WHERE p.status <> 'quoted'
           AND b.occurred_at::date
               BETWEEN p.start_date AND least(p.end_date, coalesce(p.cancelled_on, p.end_date))
           AND b.reported_at >= b.occurred_at AND b.reported_at <= :now
           AND (e.id IS NULL OR b.occurred_at::date
                BETWEEN e.hired_on AND coalesce(e.left_on, 'infinity'))) AS holds
FROM breakdowns b JOIN service_plans p ON p.id = b.plan_id
LEFT JOIN engineers e ON e.id = b.engineer_id
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_breakdown_lies_in_its_plan_cover(pg_cluster, seed: int) -> None:
    settings = {
        "generate": {"rows": 1000, "now": NOW},
        "tables": {"branches": {"rows": 20}, "engineers": {"rows": 120}},
    }
    settings["tables"]["breakdowns"] = {"rows": 1000}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        applies, held = share(conninfo, IN_COVER, NOW)
        assert applies == 1000
        assert held >= 0.995
