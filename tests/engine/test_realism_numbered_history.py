"""A parent's numbered rows follow one another from when the parent came to be, though it has
no window of its own: a boat registered on a date has its services numbered 1, 2, 3 in time
order, each begun once the one before finished, only the last perhaps still under way. Before,
the sequence needed the parent's window or a start named as one (`opened_on`); a boat's
`registered_on` is neither, and its services' numbers followed no time. Checked in SQL on what a
real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from tests.engine.loading import loaded_database, on_clock

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE boats (id serial PRIMARY KEY, name text NOT NULL, registered_on date NOT NULL);
CREATE TABLE boat_services (id serial PRIMARY KEY,
    boat_id int NOT NULL REFERENCES boats(id), service_no smallint NOT NULL,
    started_at timestamptz NOT NULL, finished_at timestamptz,
    UNIQUE (boat_id, service_no));
"""

ROWS = {"boats": 150, "boat_services": 900}
IN_ORDER = """
WITH s AS (
  SELECT s.service_no, s.started_at, s.finished_at, b.registered_on,
         row_number() OVER w AS rn, lag(s.finished_at) OVER w AS prev_finished,
         lead(s.id) OVER w AS next_id
  FROM boat_services s JOIN boats b ON b.id = s.boat_id
  WINDOW w AS (PARTITION BY s.boat_id ORDER BY s.started_at, s.id))
SELECT count(*), count(*) FILTER (WHERE service_no = rn
    AND (rn = 1 OR started_at >= prev_finished)
    AND (finished_at IS NOT NULL OR next_id IS NULL)
    AND started_at::date >= registered_on AND started_at <= :now)
FROM s
"""


def test_a_boats_services_are_numbered_in_time_order(pg_cluster) -> None:
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    settings = {"generate": {"rows": 500, "now": NOW.replace(" ", "T")}, "tables": tables}
    with (
        loaded_database(pg_cluster, SCHEMA, settings, seed=6) as conninfo,
        psycopg.connect(conninfo, autocommit=True) as conn,
    ):
        row = conn.execute(on_clock(IN_ORDER, NOW)).fetchone()
        assert row is not None
        services, in_order = row
        assert services == 900
        assert in_order == services
