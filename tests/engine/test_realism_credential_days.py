"""A party's credentials after loading (rules/credentials.py, load/credentials_load.py), on a
schema of our own: a security firm posts guards to client contracts. A posting has its own day
(`posted_on`, some time into its contract) beside its contract's start, and the guard holds a
licence of every kind valid on both. And the same seed makes the same rows whatever place the
rows have on disk: the pass reads them in key order, not in the order an UPDATE of its first
round left them in (a table filled to the brim moves an updated row to its end, one with room
keeps it on its page), which the load of the machine decides through autovacuum and page
pruning. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE guards (guard_id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL, left_on date, CHECK (left_on IS NULL OR left_on >= hired_on));
CREATE TABLE contracts (contract_id serial PRIMARY KEY, client_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), start_date date, end_date date,
  CHECK (end_date >= start_date));
CREATE TABLE postings (posting_id bigserial PRIMARY KEY,
  contract_id int NOT NULL REFERENCES contracts(contract_id),
  guard_id int NOT NULL REFERENCES guards(guard_id),
  posted_on date NOT NULL, shift_notes text){storage};
CREATE TABLE guard_licences (licence_id serial PRIMARY KEY,
  guard_id int NOT NULL REFERENCES guards(guard_id),
  licence_kind text NOT NULL CHECK (licence_kind IN ('door_supervision', 'cctv', 'first_aid')),
  licence_no text NOT NULL, valid_from date NOT NULL, valid_to date NOT NULL,
  CHECK (valid_to >= valid_from)){storage};
"""
SETTINGS = {
    "generate": {"rows": 600, "now": "2026-12-07T09:30:00Z"},
    "tables": {"public.guards": {"rows": 150}, "public.contracts": {"rows": 80}},
}

HELD = """
SELECT count(*), count(*) FILTER (WHERE (SELECT count(DISTINCT c.licence_kind)
    FROM guard_licences c WHERE c.guard_id = p.guard_id
      AND p.posted_on BETWEEN c.valid_from AND c.valid_to) = 3)
FROM postings p
"""
ROWS = (
    "SELECT array_agg(row(guard_id, licence_kind, valid_from, valid_to)::text ORDER BY licence_id)"
    " FROM guard_licences",
    "SELECT array_agg(row(posting_id, guard_id, posted_on)::text ORDER BY posting_id)"
    " FROM postings",
)


@pytest.fixture(scope="module", params=[1, 2, 7])
def seed(request) -> int:
    return int(request.param)


def _rows(conninfo: str) -> list[object]:
    with psycopg.connect(conninfo) as conn:
        return [conn.execute(q).fetchone() for q in ROWS]


def test_a_posting_is_under_a_licence_of_every_kind_on_its_own_day(pg_cluster, seed) -> None:
    with loaded_database(pg_cluster, SCHEMA.format(storage=""), SETTINGS, seed) as conninfo:
        applies, held = share(conninfo, HELD)
    assert applies > 500 and held >= 0.99, held


def test_the_same_seed_makes_the_same_rows_wherever_they_lie_on_disk(pg_cluster, seed) -> None:
    made = []
    for storage in ("", " WITH (fillfactor = 40)"):
        with loaded_database(pg_cluster, SCHEMA.format(storage=storage), SETTINGS, seed) as c:
            made.append(_rows(c))
    assert made[0] == made[1]
