"""Open records are recent, on a schema of our own (a housing association's repair tickets:
logged against a flat, attended and completed by a member of staff, with no status column),
checked in SQL on what a real PostgreSQL holds, with the run's clock pinned:

- a ticket still open (no `completed_at`: its time of being done, rules/recent.open_end) was
  logged in the last days, not years ago (rules/recent.py places it; rules/within.py keeps it
  there rather than move it into the employment of staff who have left; rules/by_clock.py
  closes one the other rules moved back after all);
- every time lies by the clock, and the tickets of years ago are closed, so the history
  stays where it was: most tickets are old and closed, a few recent ones open;
- an open ticket is with a member of staff employed when it was logged (one who has left
  is picked again, rules/valid_then.py)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE flats (flat_id serial PRIMARY KEY, block_name text NOT NULL,
  door_no varchar(6) NOT NULL);
CREATE TABLE staff (staff_id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL, left_on date, CHECK (left_on IS NULL OR left_on >= hired_on));
CREATE TABLE repair_tickets (ticket_id bigserial PRIMARY KEY,
  flat_id int NOT NULL REFERENCES flats(flat_id), staff_id int REFERENCES staff(staff_id),
  logged_at timestamptz NOT NULL, attended_at timestamptz, completed_at timestamptz,
  summary text);
"""


@pytest.fixture(scope="module")
def judge(pg_cluster):
    settings = {
        "generate": {"rows": 1500, "now": NOW.replace(" ", "T")},
        "tables": {
            "flats": {"rows": 400},
            "staff": {"rows": 40, "columns": {"left_on": {"null_fraction": 0.5}}},
        },
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield partial(share, conninfo, now=NOW)


def test_an_open_ticket_was_logged_lately(judge) -> None:
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE logged_at <= :now
             AND (attended_at IS NULL OR attended_at <= :now)
             AND (completed_at IS NULL OR completed_at <= :now)
             AND (completed_at IS NOT NULL OR logged_at >= :now - interval '14 days'))
           FROM repair_tickets"""
    )
    assert judged == 1500 and held >= 0.98, held


def test_the_history_stays_closed(judge) -> None:
    # some tickets are open, most are closed, and the closed ones span the years before now
    _, held = judge(
        """SELECT 1, (count(*) FILTER (WHERE completed_at IS NULL) BETWEEN 10 AND 300
                      AND count(*) FILTER (WHERE completed_at IS NOT NULL
                                             AND logged_at < :now - interval '1 year') > 500)::int
           FROM repair_tickets"""
    )
    assert held == 1


def test_an_open_ticket_is_with_staff_employed_then(judge) -> None:
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE t.logged_at::date BETWEEN s.hired_on
                                                  AND coalesce(s.left_on, 'infinity'))
           FROM repair_tickets t JOIN staff s USING (staff_id) WHERE t.completed_at IS NULL"""
    )
    assert judged >= 10 and held >= 0.98, (judged, held)
