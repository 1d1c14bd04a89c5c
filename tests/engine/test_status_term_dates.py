"""A status of a row that runs over a term of its own (start_date..end_date: a membership, a
permit, a contract; not a validity) agrees with the clock and with its termination date: a
row waiting for its term (pending, declared before the steady label) starts after today, an
active one runs today, a finished one ended before today, and one ended early (cancelled,
revoked, terminated) has its time of that name within the term and not after today, the only
rows to have one. On a schema of our own (a gym's memberships, a city's parking permits), at
three seeds, on a pinned clock."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import count, loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE membership_state AS ENUM ('pending', 'active', 'completed', 'cancelled');
CREATE TYPE permit_state AS ENUM ('pending', 'active', 'ended', 'revoked');
CREATE TABLE club (club_id int PRIMARY KEY, club_name varchar(80) NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE member (member_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL, joined_at timestamptz NOT NULL);
CREATE TABLE membership (
  membership_id int PRIMARY KEY,
  club_id int NOT NULL REFERENCES club(club_id),
  member_id int NOT NULL REFERENCES member(member_id),
  plan_name varchar(40) NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  cancelled_on date,
  status membership_state NOT NULL DEFAULT 'pending',
  monthly_fee numeric(8,2) NOT NULL,
  CHECK (end_date > start_date));
CREATE TABLE resident (resident_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  street_address varchar(120) NOT NULL);
CREATE TABLE parking_permit (
  permit_id int PRIMARY KEY,
  resident_id int NOT NULL REFERENCES resident(resident_id),
  permit_no varchar(20) NOT NULL UNIQUE,
  start_date date NOT NULL,
  end_date date NOT NULL,
  revoked_on date,
  status permit_state NOT NULL,
  fee numeric(8,2) NOT NULL,
  CHECK (end_date > start_date));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}


def agrees(table: str, done: str, ended_early: str, stamp: str) -> str:
    return f"""
SELECT count(*)::int, count(*) FILTER (WHERE CASE status::text
    WHEN 'pending' THEN {stamp} IS NULL AND start_date > :now::date
    WHEN 'active' THEN {stamp} IS NULL AND start_date <= :now::date AND end_date >= :now::date
    WHEN '{done}' THEN {stamp} IS NULL AND end_date < :now::date
    WHEN '{ended_early}' THEN {stamp} IS NOT NULL AND {stamp} <= :now::date
                            AND {stamp} BETWEEN start_date AND end_date
    ELSE false END)::int FROM {table}
"""


LABELS = "SELECT count(DISTINCT status) FROM {}"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("table", "done", "ended_early", "stamp"),
    [
        ("membership", "completed", "cancelled", "cancelled_on"),
        ("parking_permit", "ended", "revoked", "revoked_on"),
    ],
)
def test_status_agrees_with_the_term_and_the_clock(
    loaded: str, table: str, done: str, ended_early: str, stamp: str
) -> None:
    applies, holds = share(loaded, agrees(table, done, ended_early, stamp), now=NOW)
    assert applies == 1000
    assert holds >= 0.98
    with psycopg.connect(loaded) as conn:
        assert count(conn, LABELS.format(table)) == 4  # every label still drawn, not all one
