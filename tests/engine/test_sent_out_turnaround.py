"""Work sent out and received back takes the days such work takes: a camera shop's repairs
shipped to a partner workshop (`shipped_at`) and back (`received_at`, NULL while still out)
come back half a day to three weeks later, not minutes after nor a year on
(rules/turnaround.py). On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE partner_workshop (workshop_id int PRIMARY KEY, workshop_name varchar(80) NOT NULL,
  city varchar(60) NOT NULL);
CREATE TABLE shop_customer (customer_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE camera_repair (
  repair_id bigint PRIMARY KEY,
  customer_id int NOT NULL REFERENCES shop_customer(customer_id),
  workshop_id int NOT NULL REFERENCES partner_workshop(workshop_id),
  fault_note varchar(200),
  shipped_at timestamptz NOT NULL,
  received_at timestamptz);
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

TURNAROUND = """
SELECT count(*)::int, count(*) FILTER (WHERE received_at - shipped_at
  BETWEEN interval '12 hours' AND interval '21 days' AND received_at <= :now)::int
FROM camera_repair WHERE received_at IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_work_sent_out_comes_back_days_later(loaded: str) -> None:
    applies, holds = share(loaded, TURNAROUND, now=NOW)
    assert applies >= 400
    assert holds >= 0.98
