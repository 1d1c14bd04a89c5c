"""A breakdown of a parent by a choice (a roasted lot's bags by quality grade, a member's
roles): the key (parent, choice) is enumerated pass by pass over the parents, each parent
taking its choices in a weighted order of its own, so the choice keeps the shares it has
elsewhere instead of an even third each (constraints/unique/fill.by_passes); and a ladder of
quality grades is mostly its top grade (vocab/grades.py). On a schema of our own, 3 seeds."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import count, loaded_database, share

SCHEMA = """
CREATE TYPE cup_grade AS ENUM ('standard', 'premium', 'reject');
CREATE TYPE member_kind AS ENUM ('regular', 'associate', 'honorary');
CREATE TABLE roastery (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE roast_lot (id int PRIMARY KEY, roastery_id int NOT NULL REFERENCES roastery(id),
  roasted_on date NOT NULL);
CREATE TABLE lot_grading (lot_id int NOT NULL REFERENCES roast_lot(id), grade cup_grade NOT NULL,
  bags int NOT NULL CHECK (bags >= 0), PRIMARY KEY (lot_id, grade));
CREATE TABLE club (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE club_membership (club_id int NOT NULL REFERENCES club(id),
  kind member_kind NOT NULL, fee numeric(8,2), UNIQUE (club_id, kind));
"""
SETTINGS = {"generate": {"rows": 1000, "now": "2026-03-10T09:00:00+00:00"}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_grade_breakdown_is_mostly_its_top_grade(loaded: str) -> None:
    applies, top = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE grade = 'premium') FROM lot_grading"
    )
    assert applies == 1000
    assert 0.75 <= top <= 0.95
    _, reject = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE grade = 'reject') FROM lot_grading"
    )
    assert 0.0 < reject <= 0.1


def test_a_choice_in_a_key_keeps_its_shares_and_its_key_distinct(loaded: str) -> None:
    # a category with no grade words keeps the leading label's share (pools.zipf_weights)
    _, first = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE kind = 'regular') FROM club_membership"
    )
    assert first >= 0.6
    with psycopg.connect(loaded) as conn:
        assert count(conn, "SELECT count(DISTINCT (lot_id, grade)) FROM lot_grading") == 1000
        assert count(conn, "SELECT count(*) FROM club_membership") == 1000
