"""Re-adding the foreign keys set aside for a load: a violation names the key and its table; a
statement stopped on the server (a cancel, a timeout) stays a stop, so the CLI and the TUI
record a cancelled run as cancelled, not as rows that break their key (seen when a quit's
SIGTERM reached a generate while its keys were being validated)."""

from __future__ import annotations

import psycopg
import pytest

from workbench.generate.load.detach import ReattachFailed, detach_fks, reattach_fks

SCHEMA = """
CREATE TABLE parent (id integer PRIMARY KEY);
CREATE TABLE child (id integer PRIMARY KEY, parent_id integer REFERENCES parent (id));
INSERT INTO parent SELECT g FROM generate_series(1, 200000) g;
"""


def test_a_broken_key_is_named(fresh_db: str) -> None:
    with psycopg.connect(fresh_db) as conn:
        conn.execute(SCHEMA)
        detached = detach_fks(conn, "public.child")
        conn.execute("INSERT INTO child VALUES (1, -5)")
        with pytest.raises(ReattachFailed, match=r"child_parent_id_fkey.*does not hold"):
            reattach_fks(conn, detached)


def test_a_stopped_validation_stays_a_stop(fresh_db: str) -> None:
    with psycopg.connect(fresh_db) as conn:
        conn.execute(SCHEMA)
        detached = detach_fks(conn, "public.child")
        conn.execute("INSERT INTO child SELECT g, g FROM generate_series(1, 200000) g")
        conn.execute("SET statement_timeout = 1")  # stops the validation as a cancel would
        with pytest.raises(psycopg.errors.QueryCanceled):
            reattach_fks(conn, detached)
