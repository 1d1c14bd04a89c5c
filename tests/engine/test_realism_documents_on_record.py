"""A party without a window of service holds its documents from the time it came to be up to
now: a hunting club's member joined with a hunting permit already in hand, valid since before
joining and still valid today, and a hunt on the permit falls inside it. Before, a permit under
a parent with no `hired_on`/`left_on` was a window like any other: issued after the member's
record was written, lasting months, and most hunts found it new or lapsed. Checked in SQL on
what a real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from tests.engine.loading import count, loaded_database, on_clock

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL,
    joined_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE hunting_permits (id serial PRIMARY KEY,
    member_id int NOT NULL REFERENCES members(id), permit_number text NOT NULL,
    issued_on date NOT NULL, expires_on date NOT NULL, CHECK (expires_on > issued_on));
CREATE TABLE hunts (id serial PRIMARY KEY,
    permit_id int NOT NULL REFERENCES hunting_permits(id), hunted_at timestamptz NOT NULL);
"""

ROWS = {"members": 300, "hunting_permits": 300, "hunts": 900}


def test_a_members_permit_covers_its_membership_up_to_now(pg_cluster) -> None:
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    settings = {"generate": {"rows": 500, "now": NOW.replace(" ", "T")}, "tables": tables}
    with (
        loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo,
        psycopg.connect(conninfo, autocommit=True) as conn,
    ):
        permits = count(conn, "SELECT count(*) FROM hunting_permits")
        assert permits == 300
        # every member holds one (as many permits as members)
        assert count(conn, "SELECT count(DISTINCT member_id) FROM hunting_permits") == 300
        # issued before the member joined, still valid today, and lasting years
        assert not count(
            conn,
            on_clock(
                "SELECT count(*) FROM hunting_permits p JOIN members m ON m.id = p.member_id "
                "WHERE p.issued_on > m.joined_at::date OR p.expires_on < :now::date - 1 "
                "OR p.expires_on - p.issued_on < 365",
                NOW,
            ),
        )
        # held a while before joining: seldom in its first months
        assert (
            count(
                conn,
                "SELECT count(*) FROM hunting_permits p JOIN members m ON m.id = p.member_id "
                "WHERE p.issued_on > m.joined_at::date - 90",
            )
            < 0.05 * permits
        )
        # a hunt falls inside its permit's validity
        hunts = count(conn, "SELECT count(*) FROM hunts")
        assert (
            count(
                conn,
                "SELECT count(*) FROM hunts h JOIN hunting_permits p ON p.id = h.permit_id "
                "WHERE h.hunted_at::date BETWEEN p.issued_on AND p.expires_on",
            )
            >= 0.98 * hunts
        )
