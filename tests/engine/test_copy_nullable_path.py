"""A value copied through a key that may be NULL (rules/money.py): a driving school's invoice
is in the currency of the lesson it bills where it bills one, and where it bills no lesson (a
theory pack, a test fee: `lesson_id` NULL) still in the currency of its school's country,
reached by keys that may not be NULL. Missed on e3bf686: the first path ranked (the lesson's
currency, one hop) was the only one, so an invoice without a lesson kept a currency drawn at
random.

On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE nation (iso2 char(2) PRIMARY KEY, nation_name text NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE school (school_id int PRIMARY KEY, school_name text NOT NULL,
  iso2 char(2) NOT NULL REFERENCES nation(iso2));
CREATE TABLE learner (learner_id int PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE lesson (lesson_id int PRIMARY KEY,
  school_id int NOT NULL REFERENCES school(school_id),
  learner_id int NOT NULL REFERENCES learner(learner_id),
  starts_at timestamptz NOT NULL, fee numeric(8,2) NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE invoice (invoice_id int PRIMARY KEY,
  school_id int NOT NULL REFERENCES school(school_id),
  learner_id int NOT NULL REFERENCES learner(learner_id),
  lesson_id int REFERENCES lesson(lesson_id),
  currency_code char(3) NOT NULL, amount numeric(10,2) NOT NULL,
  issued_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

NO_LESSON = """
SELECT count(*), count(*) FILTER (WHERE i.currency_code = n.currency_code)
FROM invoice i JOIN school s USING (school_id) JOIN nation n USING (iso2)
WHERE i.lesson_id IS NULL
"""
WITH_LESSON = """
SELECT count(*), count(*) FILTER (WHERE i.currency_code = l.currency_code)
FROM invoice i JOIN lesson l USING (lesson_id)
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_invoice_without_a_lesson_is_in_its_school_s_currency(loaded: str) -> None:
    applies, holds = share(loaded, NO_LESSON)
    assert applies >= 100
    assert holds >= 0.98


def test_an_invoice_for_a_lesson_is_in_the_lesson_s_currency(loaded: str) -> None:
    applies, holds = share(loaded, WITH_LESSON)
    assert applies >= 100
    assert holds >= 0.98
