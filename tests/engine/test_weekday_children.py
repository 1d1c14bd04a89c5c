"""A parent that recurs on a day of the week dates its rows on that day, whole weeks apart: a
bakery's standing orders (a `dow` 0-6, Sunday 0) and their drops, one a day at most (UNIQUE
(order, day): the unique plan numbers them), and a swimming course's weekly slot (ISO
`day_of_week` 1-7) and its lessons (a free date, after the row was booked). On a schema of
our own, at three seeds, one database per seed for every check."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE cafe (cafe_id int PRIMARY KEY, cafe_name varchar(80) NOT NULL);
CREATE TABLE standing_order (
  standing_order_id int PRIMARY KEY,
  cafe_id int NOT NULL REFERENCES cafe(cafe_id),
  dow smallint NOT NULL CHECK (dow BETWEEN 0 AND 6),
  loaves smallint NOT NULL CHECK (loaves > 0));
CREATE TABLE bread_drop (
  drop_id int PRIMARY KEY,
  standing_order_id int NOT NULL REFERENCES standing_order(standing_order_id),
  drop_date date NOT NULL,
  crates smallint NOT NULL,
  UNIQUE (standing_order_id, drop_date));
CREATE TABLE swim_course (
  course_id int PRIMARY KEY,
  title varchar(80) NOT NULL,
  day_of_week smallint NOT NULL CHECK (day_of_week BETWEEN 1 AND 7));
CREATE TABLE swim_lesson (
  lesson_id int PRIMARY KEY,
  course_id int NOT NULL REFERENCES swim_course(course_id),
  booked_at timestamptz NOT NULL,
  lesson_date date NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

DROPS = """
WITH x AS (SELECT d.drop_date, o.dow,
  d.drop_date - lag(d.drop_date) OVER (PARTITION BY d.standing_order_id ORDER BY d.drop_date) AS gap
  FROM bread_drop d JOIN standing_order o USING (standing_order_id))
SELECT count(*)::int, count(*) FILTER (WHERE extract(dow FROM drop_date) = dow)::int,
       count(gap)::int, count(*) FILTER (WHERE gap > 0 AND gap % 7 = 0)::int FROM x
"""
LESSONS = """
WITH x AS (SELECT l.lesson_date, c.day_of_week, l.booked_at,
  l.lesson_date - lag(l.lesson_date) OVER (PARTITION BY l.course_id ORDER BY l.lesson_date) AS gap
  FROM swim_lesson l JOIN swim_course c USING (course_id))
SELECT count(*)::int, count(*) FILTER (WHERE extract(isodow FROM lesson_date) = day_of_week)::int,
       count(gap)::int, count(*) FILTER (WHERE gap > 0 AND gap % 7 = 0)::int,
       count(*) FILTER (WHERE lesson_date >= booked_at::date)::int FROM x
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_rows_of_a_weekly_parent_fall_on_its_weekday_weeks_apart(pg_cluster, seed: int) -> None:
    with (
        loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo,
        psycopg.connect(conninfo) as conn,
    ):
        drops = conn.execute(DROPS).fetchone()
        lessons = conn.execute(LESSONS).fetchone()
    assert drops is not None and lessons is not None
    rows, on_day, gaps, weekly = drops
    assert on_day >= 0.98 * rows and gaps > 20 and weekly >= 0.98 * gaps, drops
    rows, on_day, gaps, weekly, after = lessons
    assert on_day >= 0.95 * rows and gaps > 20 and weekly >= 0.9 * gaps, lessons
    assert after >= 0.98 * rows, lessons
