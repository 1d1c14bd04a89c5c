"""A row used under a term picks one in force at its time (rules/valid_then.py), on a schema
of our own (a swimming club): a swim is made on one of the swimmer's season tickets valid that
day. A term (a status that says in force and one that says it ran out: `active`, `expired`)
is a window of validity though its columns read as a thing taking place (`starts_on`/
`ends_on`), so a swim the locker's window and the clock keep outside its ticket takes another
ticket of the same swimmer valid then. No word of these tables is in the code. On 6b04aa8:
98.5 / 98.0 / 97.4 % (seeds 1, 2, 7); here 99.8 / 99.3 / 99.0 %. Checked in SQL on what a
real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE swimmers (id serial PRIMARY KEY, full_name text NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE season_tickets (id serial PRIMARY KEY,
  swimmer_id int NOT NULL REFERENCES swimmers(id),
  starts_on date NOT NULL, ends_on date NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'expired', 'cancelled')),
  CHECK (ends_on >= starts_on));
CREATE TABLE lockers (id serial PRIMARY KEY, label text NOT NULL,
  commissioned_on date NOT NULL, retired_on date);
CREATE TABLE swims (id bigserial PRIMARY KEY,
  swimmer_id int NOT NULL REFERENCES swimmers(id),
  locker_id int NOT NULL REFERENCES lockers(id),
  season_ticket_id int REFERENCES season_tickets(id),
  lane smallint NOT NULL CHECK (lane BETWEEN 1 AND 8),
  entered_at timestamptz NOT NULL, left_at timestamptz,
  status text NOT NULL CHECK (status IN ('in_progress', 'completed', 'cancelled')),
  CHECK (left_at IS NULL OR left_at > entered_at));
"""

ON_A_VALID_TICKET = """
SELECT count(*), count(*) FILTER (WHERE t.swimmer_id = s.swimmer_id
    AND s.entered_at::date BETWEEN t.starts_on AND t.ends_on)
FROM swims s JOIN season_tickets t ON t.id = s.season_ticket_id
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.swimmers": {"rows": 150},
        "public.season_tickets": {"rows": 900},
        "public.lockers": {"rows": 20},
        "public.swims": {"rows": 2000},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_swim_is_made_on_a_ticket_of_the_swimmer_valid_that_day(loaded: str) -> None:
    applies, holds = share(loaded, ON_A_VALID_TICKET, now=NOW)
    assert applies >= 1000
    assert holds >= 0.988
