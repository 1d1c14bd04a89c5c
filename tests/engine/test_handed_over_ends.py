"""A lifecycle no label of which says done ends where the thing is handed over, when only a
call-off may follow (vocab/handover.py): a repair job `ready_for_pickup` then `picked_up` is
done when picked up, so most jobs are picked up over the shop's whole history and only the
few still in the workshop are recent. On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE job_state AS ENUM ('booked_in', 'diagnosing', 'awaiting_parts',
  'ready_for_pickup', 'picked_up', 'cancelled');
CREATE TABLE bike_owner (owner_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  phone varchar(20));
CREATE TABLE repair_job (job_id int PRIMARY KEY,
  owner_id int NOT NULL REFERENCES bike_owner(owner_id),
  brought_in_at timestamptz NOT NULL,
  state job_state NOT NULL DEFAULT 'booked_in',
  quoted_price numeric(8,2));
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

PICKED_UP = "SELECT count(*)::int, count(*) FILTER (WHERE state = 'picked_up')::int FROM repair_job"
OLD_WHEN_DONE = """
SELECT count(*)::int, count(*) FILTER (WHERE brought_in_at < :now - interval '7 days')::int
FROM repair_job WHERE state = 'picked_up'
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_job_picked_up_is_done_and_spread_over_history(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, held = share(conninfo, PICKED_UP, now=NOW)
        assert applies == 300 and held >= 0.6
        applies, old = share(conninfo, OLD_WHEN_DONE, now=NOW)
        assert applies > 0 and old >= 0.8
