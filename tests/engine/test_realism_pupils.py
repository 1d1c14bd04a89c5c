"""A pupil's age follows the school grade, on a schema of our own (a tutoring agency: pupils
in year groups 1-13, tutors on pay grades 1-12), checked in SQL on what a real PostgreSQL
holds with the run's clock pinned: a pupil in year group n is n + 5 years old (year 1 at six),
while a tutor's pay grade (a bare `grade`) says nothing about their age: adults."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-06-01 12:00:00+00"
SCHEMA = """
CREATE TABLE pupils (id serial PRIMARY KEY, full_name text NOT NULL, date_of_birth date NOT NULL,
  year_group smallint NOT NULL CHECK (year_group BETWEEN 1 AND 13),
  created_at timestamptz NOT NULL);
CREATE TABLE tutors (id serial PRIMARY KEY, full_name text NOT NULL, dob date NOT NULL,
  grade smallint NOT NULL CHECK (grade BETWEEN 1 AND 12), hired_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}, REPO / "sandbox.toml"
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_a_pupil_is_as_old_as_the_year_group(loaded: str) -> None:
    n, share = _share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE date_part('year', age(:now, date_of_birth))
                                              = year_group + 5) FROM pupils""",
    )
    assert n == 400 and share == 1.0


def test_a_pay_grade_is_no_school_grade(loaded: str) -> None:
    n, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE age(hired_at, dob) >= '18 years') FROM tutors",
    )
    assert n == 400 and share >= 0.98
