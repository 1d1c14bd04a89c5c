"""A row's results part by part add up to it: a child table whose primary key is its key to
the row and a key to the part holds one result per part, and the row's count of the parts
done (`<parts>_<done>`) is the number of its results and its `total_<what>` the sum of their
`<what>`. On a schema of our own (an exam's sittings, each answering questions: `answers`
keyed by sitting and question, a sitting's `questions_answered` and `total_marks`), checked
in SQL on what a real PostgreSQL holds.

Before, neither name read as a rollup (no `_count`, and the answers read as no document's
lines): both were drawn on their own (golf_clubs: a round's holes_played and total_strokes
agreed with its hole scores on 0.5 % of the rounds)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE exams (id serial PRIMARY KEY, title text NOT NULL);
CREATE TABLE candidates (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE questions (id serial PRIMARY KEY, exam_id int NOT NULL REFERENCES exams(id),
  prompt text NOT NULL, max_marks smallint NOT NULL);
CREATE TABLE sittings (id serial PRIMARY KEY, exam_id int NOT NULL REFERENCES exams(id),
  candidate_id int NOT NULL REFERENCES candidates(id), sat_on date NOT NULL,
  questions_answered smallint NOT NULL, total_marks integer);
CREATE TABLE answers (sitting_id int NOT NULL REFERENCES sittings(id),
  question_id int NOT NULL REFERENCES questions(id), marks smallint NOT NULL,
  answered_in_seconds int, PRIMARY KEY (sitting_id, question_id));
"""
ROWS = {"exams": 20, "candidates": 300, "questions": 400, "sittings": 500}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {name: {"rows": n} for name, n in ROWS.items()},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=4) as conninfo:
        yield conninfo


def test_a_sitting_counts_and_sums_its_answers(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE s.questions_answered = a.n
                                              AND s.total_marks = coalesce(a.total, 0))
           FROM sittings s CROSS JOIN LATERAL (SELECT count(*) AS n, sum(marks) AS total
                                              FROM answers WHERE sitting_id = s.id) a""",
    )
    assert judged == ROWS["sittings"]
    assert held >= 0.98


def test_most_sittings_have_several_answers(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE n >= 2)
           FROM (SELECT count(a.sitting_id) AS n FROM sittings s
                 LEFT JOIN answers a ON a.sitting_id = s.id GROUP BY s.id) x""",
    )
    assert judged == ROWS["sittings"]
    assert held >= 0.3
