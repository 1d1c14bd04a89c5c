"""A repair job's status agrees with its stage times, and its log entries go through the
repair's steps in order. The status enum opens with a word that elsewhere ends a lifecycle
(`received`) and declares `ready` (a word of an early stage elsewhere) after the work under
way: the declared order is the job's course, so a job just received or being repaired has no
ready or collected time, a ready one a ready time but no collection, a collected one both in
order (rules/stamp_words.by_declaration). The log's `action` is the step each numbered entry
records: entry 1 the first step, later entries later times and later steps (rules/steps.py).
On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE job_state AS ENUM ('received', 'being_repaired', 'ready', 'collected', 'abandoned');
CREATE TYPE repair_action AS ENUM ('checked_in', 'inspected', 'parts_ordered', 'repaired',
  'tested', 'handed_back');
CREATE TABLE workshop (workshop_id int PRIMARY KEY, name varchar(60) NOT NULL);
CREATE TABLE bike (bike_id int PRIMARY KEY, frame_no varchar(20) NOT NULL UNIQUE,
  brand varchar(40) NOT NULL);
CREATE TABLE repair_job (
  job_id bigint PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshop(workshop_id),
  bike_id int NOT NULL REFERENCES bike(bike_id),
  received_at timestamptz NOT NULL,
  ready_at timestamptz,
  collected_at timestamptz,
  status job_state NOT NULL DEFAULT 'received');
CREATE TABLE bike_part (part_code varchar(12) PRIMARY KEY, label varchar(60) NOT NULL);
CREATE TABLE job_part (
  job_part_id bigint PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES repair_job(job_id),
  part_code varchar(12) NOT NULL REFERENCES bike_part(part_code),
  line_no smallint NOT NULL CHECK (line_no > 0),
  UNIQUE (job_id, line_no));
CREATE TABLE job_log (
  log_id bigint PRIMARY KEY,
  job_part_id bigint NOT NULL REFERENCES job_part(job_part_id),
  entry_no smallint NOT NULL CHECK (entry_no > 0),
  action repair_action NOT NULL,
  logged_at timestamptz NOT NULL,
  UNIQUE (job_part_id, entry_no));
"""
SETTINGS = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}

STAMPS = """
SELECT count(*)::int, count(*) FILTER (WHERE coalesce(
  (ready_at IS NULL OR ready_at >= received_at) AND CASE status::text
    WHEN 'received' THEN ready_at IS NULL AND collected_at IS NULL
    WHEN 'being_repaired' THEN ready_at IS NULL AND collected_at IS NULL
    WHEN 'ready' THEN ready_at IS NOT NULL AND collected_at IS NULL
    WHEN 'collected' THEN ready_at IS NOT NULL AND collected_at >= ready_at
    ELSE collected_at IS NULL END, false))::int FROM repair_job
"""
STEPS = """
WITH e AS (SELECT action::text AS action, action AS step, logged_at,
  row_number() OVER (PARTITION BY job_part_id ORDER BY entry_no) AS rn,
  lag(logged_at) OVER (PARTITION BY job_part_id ORDER BY entry_no) AS prev_at,
  lag(action) OVER (PARTITION BY job_part_id ORDER BY entry_no) AS prev_step
  FROM job_log)
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN rn = 1 THEN action = 'checked_in'
  ELSE logged_at > prev_at AND step >= prev_step END)::int FROM e
"""
SHARE_NOT_FIRST = """
SELECT count(*)::int, count(*) FILTER (WHERE action <> 'checked_in')::int FROM job_log
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_status_and_stamps_follow_the_declared_course_and_log_steps_in_order(loaded: str) -> None:
    applies, holds = share(loaded, STAMPS, now=NOW)
    assert applies > 0
    assert holds >= 0.98
    applies, holds = share(loaded, STEPS, now=NOW)
    assert applies > 0
    assert holds >= 0.98
    applies, later = share(loaded, SHARE_NOT_FIRST, now=NOW)
    assert applies > 0 and later > 0  # entries past the first went on to later steps
