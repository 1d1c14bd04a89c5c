"""Numbered dues fall a month apart, on a schema of our own (a driving school: enrolments whose
fee is paid in parts, each part numbered per enrolment with the date it is payable by, and
when it was paid). Nothing in the schema states a cadence: an instalment plan is monthly by
default (rules/dues.py), the first part payable on the day of the enrolment, each next one a
calendar month later (25 to 35 days); a part paid was paid after the enrolment and not after
the run's clock. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE students (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE enrolments (id bigserial PRIMARY KEY,
  student_id int NOT NULL REFERENCES students(id),
  course text NOT NULL CHECK (course IN ('car', 'motorbike', 'truck')),
  enrolled_on date NOT NULL, fee numeric(10,2) NOT NULL CHECK (fee > 0));
CREATE TABLE fee_parts (id bigserial PRIMARY KEY,
  enrolment_id bigint NOT NULL REFERENCES enrolments(id),
  part_number int NOT NULL, payable_by date NOT NULL,
  amount numeric(10,2) NOT NULL CHECK (amount > 0),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled', 'defaulted')),
  settled_at timestamptz,
  UNIQUE (enrolment_id, part_number));
"""

DUES = """
WITH p AS (
    SELECT p.*, e.enrolled_on,
           row_number() OVER w AS rn, lag(p.payable_by) OVER w AS prev_due
    FROM fee_parts p JOIN enrolments e ON e.id = p.enrolment_id
    WINDOW w AS (PARTITION BY p.enrolment_id ORDER BY p.part_number))
SELECT count(*), count(*) FILTER (WHERE part_number = rn AND payable_by >= enrolled_on
    AND (prev_due IS NULL OR payable_by - prev_due BETWEEN 25 AND 35)
    AND (settled_at IS NULL OR (settled_at::date >= enrolled_on AND settled_at <= :now)))
FROM p
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_numbered_dues_fall_a_month_apart(pg_cluster, seed: int) -> None:
    settings = {
        "generate": {"rows": 900, "now": NOW},
        "tables": {"public.students": {"rows": 200}, "public.enrolments": {"rows": 300}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(conninfo, DUES, now=NOW)
        assert judged >= 450 and held >= 0.98, held
