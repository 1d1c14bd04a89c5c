"""A parent settled through a paying table is paid in full once its status means done, on
schemas of our own, at three seeds, on a pinned clock (rules/settlement.py,
load/settle_load.py, load/owing.py, load/paid_times_load.py):

- a day spa's sessions whose treatments state only their `price` (no amount, no total on the
  session) and a discount of the session's: a completed session's payments add up to its
  treatments' prices less its discount (a part of them; a tip kept apart on the payment); a
  booked, cancelled or no-show session has none; the payments were made once the session
  ended, by now;
- a garage's repair jobs holding their own total (the sum of their lines) and receipts under
  them, the job named as no order nor bill: a done job's receipts reach its total, a quoted or
  cancelled job has none, a job under way at most part of it, received once it was finished."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
    "tables": {"spas": {"rows": 12}, "garages": {"rows": 10}},
}

SPA = """
CREATE TABLE spas (spa_id serial PRIMARY KEY, spa_name text NOT NULL, city text NOT NULL);
CREATE TABLE guests (guest_id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE treatments (treatment_id serial PRIMARY KEY, treatment_name text NOT NULL,
  duration_min int NOT NULL);
CREATE TABLE spa_sessions (session_id serial PRIMARY KEY,
  spa_id int NOT NULL REFERENCES spas, guest_id int NOT NULL REFERENCES guests,
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  discount numeric(8,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
  status text NOT NULL CHECK (status IN ('booked', 'completed', 'cancelled', 'no_show')));
CREATE TABLE session_treatments (session_id int NOT NULL REFERENCES spa_sessions,
  treatment_id int NOT NULL REFERENCES treatments,
  price numeric(8,2) NOT NULL CHECK (price >= 0), PRIMARY KEY (session_id, treatment_id));
CREATE TABLE payments (payment_id serial PRIMARY KEY,
  session_id int NOT NULL REFERENCES spa_sessions,
  amount numeric(8,2) NOT NULL CHECK (amount > 0), tip numeric(8,2) NOT NULL DEFAULT 0,
  method text NOT NULL CHECK (method IN ('cash', 'card', 'voucher')),
  paid_at timestamptz NOT NULL);
"""

GARAGE = """
CREATE TYPE job_state AS ENUM ('quoted', 'in_progress', 'done', 'cancelled');
CREATE TABLE garages (garage_id int PRIMARY KEY, name text NOT NULL, town text NOT NULL);
CREATE TABLE repair_jobs (job_id int PRIMARY KEY, garage_id int NOT NULL REFERENCES garages,
  opened_at timestamptz NOT NULL, finished_at timestamptz, state job_state NOT NULL,
  total_amount numeric(10,2) NOT NULL DEFAULT 0);
CREATE TABLE job_lines (line_id int PRIMARY KEY, job_id int NOT NULL REFERENCES repair_jobs,
  description text NOT NULL, amount numeric(10,2) NOT NULL);
CREATE TABLE receipts (receipt_id int PRIMARY KEY, job_id int NOT NULL REFERENCES repair_jobs,
  amount numeric(10,2) NOT NULL CHECK (amount > 0), received_at timestamptz NOT NULL,
  method varchar(12) NOT NULL);
"""

SESSION_PAID = """
WITH l AS (SELECT session_id, sum(price) AS charged FROM session_treatments GROUP BY 1),
     p AS (SELECT session_id, sum(amount) AS paid FROM payments GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE coalesce(p.paid, 0) = l.charged - s.discount
  AND s.discount <= 0.3 * l.charged)
FROM spa_sessions s JOIN l USING (session_id) LEFT JOIN p USING (session_id)
WHERE s.status = 'completed'
"""
SESSION_UNPAID = """
SELECT count(*), count(*) FILTER (WHERE NOT EXISTS
  (SELECT 1 FROM payments p WHERE p.session_id = s.session_id))
FROM spa_sessions s WHERE s.status <> 'completed'
"""
SESSION_PAID_AFTER = """
SELECT count(*), count(*) FILTER (WHERE p.paid_at >= s.ends_at AND p.paid_at <= :now)
FROM payments p JOIN spa_sessions s USING (session_id)
"""
JOB_PAID = """
SELECT count(*), count(*) FILTER (WHERE j.total_amount
  = coalesce((SELECT sum(r.amount) FROM receipts r WHERE r.job_id = j.job_id), 0))
FROM repair_jobs j WHERE j.state = 'done'
"""
JOB_UNPAID = """
SELECT count(*), count(*) FILTER (WHERE CASE j.state
  WHEN 'in_progress' THEN coalesce(r.paid, 0) <= j.total_amount ELSE r.paid IS NULL END)
FROM repair_jobs j
LEFT JOIN (SELECT job_id, sum(amount) AS paid FROM receipts GROUP BY 1) r USING (job_id)
WHERE j.state <> 'done'
"""
JOB_PAID_AFTER = """
SELECT count(*), count(*) FILTER (WHERE r.received_at >= j.finished_at AND r.received_at <= :now)
FROM receipts r JOIN repair_jobs j USING (job_id) WHERE j.state = 'done'
"""
JOB_TOTALS = """
SELECT count(*), count(*) FILTER (WHERE total_amount
  = coalesce((SELECT sum(amount) FROM job_lines l WHERE l.job_id = j.job_id), 0))
FROM repair_jobs j
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def spa(request, pg_cluster):
    with loaded_database(pg_cluster, SPA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def garage(request, pg_cluster):
    with loaded_database(pg_cluster, GARAGE, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_completed_session_is_paid_its_treatments_less_its_discount(spa: str) -> None:
    applies, holds = share(spa, SESSION_PAID, now=NOW)
    assert applies > 300 and holds >= 0.98, (applies, holds)


def test_a_session_booked_cancelled_or_missed_has_no_payment(spa: str) -> None:
    applies, holds = share(spa, SESSION_UNPAID, now=NOW)
    assert applies > 30 and holds >= 0.98, (applies, holds)


def test_a_session_is_paid_once_it_ended_and_by_now(spa: str) -> None:
    applies, holds = share(spa, SESSION_PAID_AFTER, now=NOW)
    assert applies > 300 and holds >= 0.98, (applies, holds)


def test_a_done_job_is_paid_its_total(garage: str) -> None:
    applies, holds = share(garage, JOB_PAID, now=NOW)
    assert applies > 300 and holds >= 0.98, (applies, holds)
    _, totals = share(garage, JOB_TOTALS, now=NOW)
    assert totals >= 0.98


def test_a_job_not_done_has_no_receipt_or_part_of_its_total(garage: str) -> None:
    applies, holds = share(garage, JOB_UNPAID, now=NOW)
    assert applies > 30 and holds >= 0.98, (applies, holds)


def test_a_done_job_is_paid_once_finished_and_by_now(garage: str) -> None:
    applies, holds = share(garage, JOB_PAID_AFTER, now=NOW)
    assert applies > 300 and holds >= 0.98, (applies, holds)
