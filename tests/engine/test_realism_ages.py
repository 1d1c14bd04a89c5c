"""A person's date of birth agrees with the events of their life, on a schema of our own (a
language school: learners who are private people or companies sending staff, tutors hired
one after another under a mentor), checked in SQL on a real PostgreSQL with the clock pinned,
at seeds 1, 2 and 7:

- a private learner has a date of birth and was an adult when the account was opened; a
  corporate learner, a company, has none (rules/party.py, then rules/born.py);
- a tutor was of an age any employer admits (21 to 62) on the day hired, and no tutor was
  hired after the run's clock, though a mentor's hiring comes first (rules/self_tree.py) and
  a status of no known lifecycle meaning (`sabbatical`) says nothing about when they were
  hired: such tutors were not all taken on in the last days (rules/recent.py)."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-04-20 10:00:00+00"
SCHEMA = """
CREATE TABLE schools (id serial PRIMARY KEY, city text NOT NULL, opened_on date NOT NULL);
CREATE TABLE learners (id bigserial PRIMARY KEY, school_id int NOT NULL REFERENCES schools(id),
  account_kind text NOT NULL CHECK (account_kind IN ('private', 'corporate')),
  first_name text, last_name text, company_name text, email text NOT NULL,
  birth_date date, created_at timestamptz NOT NULL);
CREATE TABLE tutors (id serial PRIMARY KEY, school_id int NOT NULL REFERENCES schools(id),
  mentor_id int REFERENCES tutors(id), full_name text NOT NULL, birth_date date NOT NULL,
  hire_date date NOT NULL, left_on date,
  status text NOT NULL CHECK (status IN ('current', 'sabbatical', 'terminated')),
  hourly_fee numeric(8,2) NOT NULL);
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
            "tables": {"schools": {"rows": 8}},
        },
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=request.param)
    yield conninfo
    pg_cluster.drop_database(name)


def _rows(conninfo: str, query: str) -> list[tuple]:
    with psycopg.connect(conninfo) as conn:
        return conn.execute(query.replace(":now", f"'{NOW}'::timestamptz")).fetchall()


def test_a_private_learner_is_an_adult_with_a_birth_date(loaded: str) -> None:
    rows = _rows(
        loaded,
        "SELECT account_kind, count(*), count(*) FILTER (WHERE birth_date IS NOT NULL"
        " AND date_part('year', age(created_at::date, birth_date)) BETWEEN 18 AND 100),"
        " count(birth_date) FROM learners GROUP BY 1",
    )
    by = {kind: (applies, holds, births) for kind, applies, holds, births in rows}
    applies, holds, _ = by["private"]
    assert applies > 100 and holds == applies, by
    assert by["corporate"][2] == 0, by  # a company is not born


def test_a_tutor_was_hired_of_working_age_and_by_the_clock(loaded: str) -> None:
    ((applies, holds),) = _rows(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE hire_date <= :now::date"
        " AND date_part('year', age(hire_date, birth_date)) BETWEEN 21 AND 67) FROM tutors",
    )
    assert applies > 500 and holds == applies, (applies, holds)


def test_a_status_of_no_known_meaning_says_nothing_of_the_hiring(loaded: str) -> None:
    ((applies, recent),) = _rows(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE hire_date >= :now::date - 14)"
        " FROM tutors WHERE status = 'sabbatical'",
    )
    assert applies >= 10 and recent < applies / 2, (applies, recent)
