"""A register read twice in one row is one reading interval, and only the interval chain places
its end: a tool-hire shop's generator goes out at one hour-meter reading and comes back at a
later one (`hourmeter_out`/`hourmeter_in`). Before, the end reading (`_in` is no word of a
pair's end to a single reading) was also taken for a register of its own and put back on the
generator's curve after the chain, so a hire could come back below the reading it went out
at. Checked in SQL on what a real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from tests.engine.loading import count, loaded_database

SCHEMA = """
CREATE TABLE generators (id serial PRIMARY KEY, serial_no text NOT NULL,
    hourmeter numeric(10,1) NOT NULL DEFAULT 0);
CREATE TABLE generator_hires (id serial PRIMARY KEY,
    generator_id int NOT NULL REFERENCES generators(id),
    hired_at timestamptz NOT NULL, returned_at timestamptz,
    hourmeter_out numeric(10,1) NOT NULL, hourmeter_in numeric(10,1));
"""

ROWS = {"generators": 40, "generator_hires": 1200}


def test_a_hire_comes_back_at_or_above_the_reading_it_went_out_at(pg_cluster) -> None:
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    settings = {"generate": {"rows": 500}, "tables": tables}
    with (
        loaded_database(pg_cluster, SCHEMA, settings, seed=4) as conninfo,
        psycopg.connect(conninfo, autocommit=True) as conn,
    ):
        assert count(conn, "SELECT count(*) FROM generator_hires WHERE hourmeter_in IS NOT NULL")
        assert not count(
            conn, "SELECT count(*) FROM generator_hires WHERE hourmeter_in < hourmeter_out"
        )
        # in time order per generator, each hire goes out at or above the last reading
        assert not count(
            conn,
            "SELECT count(*) FROM (SELECT hourmeter_out, lag(coalesce(hourmeter_in, "
            "hourmeter_out)) OVER (PARTITION BY generator_id ORDER BY hired_at, id) AS prev "
            "FROM generator_hires) h WHERE hourmeter_out < prev",
        )
