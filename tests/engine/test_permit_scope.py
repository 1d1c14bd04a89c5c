"""A permit covers the use for the place and the size the use reaches: a crane lift names its
operator and its job (→ yard, a load in tonnes); the operator holds a permit for that yard,
in force on the day of the lift, whose largest load covers the job's (rules/certified.py with
kinds/licence_scope.py). The lift's time is named by no window, only as something that
happened (`hoisted_at`). On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE crane_operator (operator_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE yard (yard_id int PRIMARY KEY, yard_name varchar(60) NOT NULL);
CREATE TABLE lift_job (job_id int PRIMARY KEY, yard_id int NOT NULL REFERENCES yard(yard_id),
  cargo_ref varchar(20) NOT NULL, load_t numeric(6,1) NOT NULL CHECK (load_t > 0));
CREATE TABLE lift (lift_id int PRIMARY KEY, job_id int NOT NULL REFERENCES lift_job(job_id),
  operator_id int NOT NULL REFERENCES crane_operator(operator_id),
  hoisted_at timestamptz, remarks text);
CREATE TABLE operator_permit (permit_id int PRIMARY KEY,
  operator_id int NOT NULL REFERENCES crane_operator(operator_id),
  yard_id int NOT NULL REFERENCES yard(yard_id),
  max_load_t numeric(6,1) NOT NULL,
  valid_from date NOT NULL, valid_until date NOT NULL, CHECK (valid_until > valid_from));
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"yard": {"rows": 12}, "crane_operator": {"rows": 120}},
}

COVERED = """
SELECT count(*)::int, count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM operator_permit p
  WHERE p.operator_id = l.operator_id AND p.yard_id = j.yard_id
    AND l.hoisted_at::date BETWEEN p.valid_from AND p.valid_until
    AND p.max_load_t >= j.load_t))::int
FROM lift l JOIN lift_job j ON j.job_id = l.job_id WHERE l.hoisted_at IS NOT NULL
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_lift_falls_under_a_permit_for_its_yard_and_load(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, COVERED, now=NOW)
    assert applies >= 100
    assert holds >= 0.9
