"""Verdicts, counters and work sessions read by meaning, on schemas of our own: a laundry
chain's washing machines and their wash cycles, a print shop's jobs and their press runs.

- A verdict named in verbs' base forms (`pass`, `fail`, `abort`) reads as its participles do:
  the success is common and the failures rare, however many (vocab/outcomes.py).
- A counter or a running number the unique plan numbers per parent (`UNIQUE (washer_id,
  run_counter)`, `UNIQUE (washer_id, ticket_no)`) counts the parent's rows in their time
  order: it strictly grows with the cycles' start, the service calls' opening
  (rules/counter.py).
- A job's status follows its press runs (rules/worked.py, load/worked_load.py): an estimate
  has no run done, a started job a run waiting or done, a delivered one a run done and none
  waiting, a cancelled one none waiting.

Checked in SQL on what a real PostgreSQL holds, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE wash_verdict_t AS ENUM ('pass', 'fail', 'abort');
CREATE TYPE job_state AS ENUM ('estimate', 'started', 'delivered', 'cancelled');
CREATE TYPE press_run_state AS ENUM ('scheduled', 'running', 'done', 'cancelled');
CREATE TABLE laundromats (id serial PRIMARY KEY, shop_name varchar(80) NOT NULL,
  city varchar(60) NOT NULL, opened_on date NOT NULL);
CREATE TABLE washers (id serial PRIMARY KEY,
  laundromat_id int NOT NULL REFERENCES laundromats(id),
  serial_no varchar(30) NOT NULL UNIQUE,
  drum_kg numeric(4,1) NOT NULL,
  installed_on date NOT NULL);
CREATE TABLE wash_cycles (id bigserial PRIMARY KEY,
  washer_id int NOT NULL REFERENCES washers(id),
  run_counter int NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  water_l numeric(5,1),
  verdict wash_verdict_t NOT NULL,
  UNIQUE (washer_id, run_counter));
CREATE INDEX wash_cycles_washer_started ON wash_cycles (washer_id, started_at);
CREATE TABLE service_calls (id serial PRIMARY KEY,
  washer_id int NOT NULL REFERENCES washers(id),
  ticket_no int NOT NULL,
  opened_at timestamptz NOT NULL,
  fault_text text,
  UNIQUE (washer_id, ticket_no));
CREATE TABLE print_customers (id serial PRIMARY KEY, company varchar(80) NOT NULL,
  email varchar(120) NOT NULL);
CREATE TABLE print_jobs (id serial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES print_customers(id),
  title varchar(120) NOT NULL,
  copies int NOT NULL CHECK (copies > 0),
  state job_state NOT NULL DEFAULT 'estimate',
  created_at timestamptz NOT NULL);
CREATE TABLE press_runs (id serial PRIMARY KEY,
  job_id int NOT NULL REFERENCES print_jobs(id),
  press_no smallint NOT NULL,
  scheduled_start timestamptz NOT NULL,
  sheets int NOT NULL,
  status press_run_state NOT NULL DEFAULT 'scheduled');
"""

FAILURES_RARE = """
SELECT count(*), CASE WHEN count(*) FILTER (WHERE verdict IN ('fail', 'abort')) <= 0.05 * count(*)
  THEN count(*) ELSE 0 END
FROM wash_cycles
"""
COUNTER_GROWS = """
WITH o AS (SELECT run_counter, lag(run_counter) OVER (PARTITION BY washer_id
                                                      ORDER BY started_at, id) AS prev
           FROM wash_cycles)
SELECT count(*), count(*) FILTER (WHERE run_counter > prev) FROM o WHERE prev IS NOT NULL
"""
TICKETS_IN_ORDER = """
WITH o AS (SELECT ticket_no, lag(ticket_no) OVER (PARTITION BY washer_id
                                                  ORDER BY opened_at, id) AS prev
           FROM service_calls)
SELECT count(*), count(*) FILTER (WHERE ticket_no > prev) FROM o WHERE prev IS NOT NULL
"""
JOB_FOLLOWS_RUNS = """
WITH k AS (
  SELECT j.id, j.state,
         count(r.id) FILTER (WHERE r.status = 'done') AS n_done,
         count(r.id) FILTER (WHERE r.status IN ('scheduled', 'running')) AS n_wait
  FROM print_jobs j LEFT JOIN press_runs r ON r.job_id = j.id
  GROUP BY j.id, j.state)
SELECT count(*), count(*) FILTER (WHERE
     (state = 'estimate' AND n_done = 0)
  OR (state = 'started' AND n_done + n_wait > 0)
  OR (state = 'delivered' AND n_done > 0 AND n_wait = 0)
  OR (state = 'cancelled' AND n_wait = 0))
FROM k
"""
DELIVERED = "SELECT count(*), count(*) FILTER (WHERE state = 'delivered') FROM print_jobs"
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.laundromats": {"rows": 20},
        "public.washers": {"rows": 80},
        "public.wash_cycles": {"rows": 1500},
        "public.press_runs": {"rows": 700},
        "public.service_calls": {"rows": 600},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_verdicts_failures_are_rare(loaded: str) -> None:
    applies, holds = share(loaded, FAILURES_RARE, now=NOW)
    assert applies == 1500
    assert holds >= 0.98


def test_a_run_counter_grows_with_the_cycles_start(loaded: str) -> None:
    applies, holds = share(loaded, COUNTER_GROWS, now=NOW)
    assert applies >= 1000
    assert holds >= 0.98


def test_a_running_number_per_parent_follows_time(loaded: str) -> None:
    applies, holds = share(loaded, TICKETS_IN_ORDER, now=NOW)
    assert applies >= 400
    assert holds >= 0.98


def test_a_jobs_status_follows_its_press_runs(loaded: str) -> None:
    applies, holds = share(loaded, JOB_FOLLOWS_RUNS, now=NOW)
    assert applies == 300
    assert holds >= 0.98


def test_many_jobs_are_delivered(loaded: str) -> None:
    _, delivered = share(loaded, DELIVERED, now=NOW)
    assert delivered >= 0.3
