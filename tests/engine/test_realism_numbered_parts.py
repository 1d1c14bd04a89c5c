"""A parent's numbered parts: as many as the parent says it has, numbered 1..n, a second
index over 1..n as well, and, where the parts are worked one after another with a start and
a finish of their own, each starting after the one before finished.

- plan/counted.py: a quiz whose CHECK allows 5, 10 or 20 questions has that many, numbered
  1..n, and its counter says so (on s27land a quiz drew its questions as a document's lines or
  any fan-out, 1-8 or none, and kept a drawn count its CHECK allows: none agreed); a survey of
  2 to 4 sections (a CHECK's range) has 2 to 4; a tower's `floors` (a bare plural naming its
  numbered floors, kinds/totals.py) counts them, 3 or more as its CHECK says;
- rules/permuted.py: the questions' display order is a permutation of 1..n per quiz, across
  batches of rows (on s27land any small number);
- rules/apart.py: the steps of a job, laid one after another within its window, each then
  moved to a slot of its own day by the hours a timetabled task keeps (rules/opening.py),
  keep their order (on s27land a sixth of them started before the one before ended).

On schemas of our own, at two seeds, on a pinned clock."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-12-07 09:30:00+00"

PARTS = """
CREATE TABLE quiz (quiz_id int PRIMARY KEY, title varchar(120) NOT NULL,
  question_count smallint NOT NULL CHECK (question_count IN (5, 10, 20)),
  created_at timestamptz NOT NULL);
CREATE TABLE quiz_question (quiz_question_id int PRIMARY KEY,
  quiz_id int NOT NULL REFERENCES quiz(quiz_id),
  question_no smallint NOT NULL,
  display_order smallint NOT NULL,
  prompt text NOT NULL,
  UNIQUE (quiz_id, question_no));
CREATE TABLE survey (survey_id int PRIMARY KEY, name varchar(80) NOT NULL,
  number_of_sections smallint NOT NULL CHECK (number_of_sections BETWEEN 2 AND 4));
CREATE TABLE survey_section (survey_section_id int PRIMARY KEY,
  survey_id int NOT NULL REFERENCES survey(survey_id),
  section_no smallint NOT NULL,
  heading text NOT NULL,
  UNIQUE (survey_id, section_no));
CREATE TABLE tower (tower_id int PRIMARY KEY, name varchar(80) NOT NULL,
  floors smallint NOT NULL CHECK (floors BETWEEN 3 AND 12));
CREATE TABLE tower_floors (tower_floor_id int PRIMARY KEY,
  tower_id int NOT NULL REFERENCES tower(tower_id),
  floor_no smallint NOT NULL, area_m2 numeric(8,2),
  UNIQUE (tower_id, floor_no));
"""
# batches of a few hundred rows: a quiz's questions fall in two batches now and then
PARTS_SETTINGS = {"generate": {"rows": 300, "batch_rows": 500, "now": NOW.replace(" ", "T")}}

COUNTED = """
SELECT count(*), count(*) FILTER (WHERE q.n = z.question_count AND q.lo = 1
                                    AND q.hi = z.question_count AND q.orders = q.n
                                    AND q.order_lo = 1 AND q.order_hi = q.n)
FROM quiz z CROSS JOIN LATERAL (
  SELECT count(*) AS n, min(question_no) AS lo, max(question_no) AS hi,
         count(DISTINCT display_order) AS orders, min(display_order) AS order_lo,
         max(display_order) AS order_hi
  FROM quiz_question WHERE quiz_id = z.quiz_id) q
"""
SECTIONS = """
SELECT count(*), count(*) FILTER (WHERE s.n = v.number_of_sections AND s.lo = 1
                                    AND s.hi = s.n AND s.n BETWEEN 2 AND 4)
FROM survey v CROSS JOIN LATERAL (
  SELECT count(*) AS n, min(section_no) AS lo, max(section_no) AS hi
  FROM survey_section WHERE survey_id = v.survey_id) s
"""
FLOORS = """
SELECT count(*), count(*) FILTER (WHERE f.n = t.floors AND f.lo = 1 AND f.hi = f.n)
FROM tower t CROSS JOIN LATERAL (
  SELECT count(*) AS n, min(floor_no) AS lo, max(floor_no) AS hi
  FROM tower_floors WHERE tower_id = t.tower_id) f
"""

STEPS = """
CREATE TABLE depot (depot_id int PRIMARY KEY, depot_name varchar(80) NOT NULL,
  city varchar(60) NOT NULL, country_code char(2) NOT NULL, tz_name varchar(40) NOT NULL);
CREATE TABLE technician (technician_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  full_name varchar(80) NOT NULL, hired_on date NOT NULL, left_on date);
CREATE TABLE task_kind (task_kind_id int PRIMARY KEY, label varchar(60) NOT NULL,
  standard_hours numeric(4,2) NOT NULL CHECK (standard_hours > 0));
CREATE TABLE job (job_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  opened_at timestamptz NOT NULL, closed_at timestamptz,
  status varchar(12) NOT NULL CHECK (status IN ('open', 'working', 'done', 'cancelled')));
CREATE TABLE job_step (job_step_id int PRIMARY KEY,
  job_id int NOT NULL REFERENCES job(job_id),
  step_no smallint NOT NULL,
  task_kind_id int NOT NULL REFERENCES task_kind(task_kind_id),
  technician_id int REFERENCES technician(technician_id),
  hours_booked numeric(5,2) NOT NULL CHECK (hours_booked >= 0),
  started_at timestamptz, finished_at timestamptz,
  UNIQUE (job_id, step_no));
"""
STEPS_SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

IN_ORDER = """
WITH s AS (
  SELECT s.*, j.opened_at,
         row_number() OVER (PARTITION BY s.job_id ORDER BY s.step_no) AS rn,
         lag(s.finished_at) OVER (PARTITION BY s.job_id ORDER BY s.step_no) AS before_end
  FROM job_step s JOIN job j USING (job_id))
SELECT count(*), count(*) FILTER (WHERE step_no = rn AND (started_at IS NULL OR (
  started_at >= opened_at AND (rn = 1 OR (before_end IS NOT NULL AND started_at >= before_end)))))
FROM s
"""
CHAINED = "SELECT count(*) FROM (SELECT job_id FROM job_step GROUP BY 1 HAVING count(*) > 1) j"


@pytest.fixture(scope="module", params=[1, 2])
def parts(request, pg_cluster):
    with loaded_database(pg_cluster, PARTS, PARTS_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2])
def steps(request, pg_cluster):
    with loaded_database(pg_cluster, STEPS, STEPS_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_parent_has_the_parts_its_count_allows_numbered_and_ordered(parts: str) -> None:
    applies, holds = share(parts, COUNTED)
    assert applies == 300
    assert holds == 1.0
    with psycopg.connect(parts) as conn:
        row = conn.execute("SELECT count(DISTINCT question_count) FROM quiz").fetchone()
    assert row is not None and row[0] == 3  # each count the CHECK allows is drawn


def test_a_count_within_a_range_gives_as_many_parts(parts: str) -> None:
    applies, holds = share(parts, SECTIONS)
    assert applies == 300
    assert holds == 1.0


def test_a_bare_plural_counts_the_numbered_parts_it_names(parts: str) -> None:
    applies, holds = share(parts, FLOORS)
    assert applies == 300
    assert holds == 1.0


def test_steps_in_hours_keep_their_order(steps: str) -> None:
    applies, holds = share(steps, IN_ORDER)
    assert applies == 1000
    assert holds >= 0.99
    with psycopg.connect(steps) as conn:
        row = conn.execute(CHAINED).fetchone()
    assert row is not None and row[0] >= 100  # jobs of several steps: the order is tested
