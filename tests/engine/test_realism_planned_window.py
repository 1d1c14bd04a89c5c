"""A booking's planned window and a label of a thing handed over, on a schema of our own (a
laundry service: customers, and pick-up orders with a planned pick-up time, a drop-off said as
a plan, `dropoff_due_at`, and a lifecycle confirmed → picked_up → delivered), checked in SQL
on what a real PostgreSQL holds, with the run's clock pinned:

- `pickup_at`/`dropoff_due_at` is the order's window (kinds/windows.py reads `dropoff_due`
  as the bare `dropoff`): a NOT NULL planned time, set whatever the order's stage, not the
  record of its 'picked_up' stage, so orders still confirmed and cancelled ones exist;
- 'picked_up' is under way (vocab/outcomes.UNDER_WAY): a picked-up order was picked up by
  now, one still confirmed waits for a pick-up from about now on, a delivered one was
  picked up in the past."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE order_status AS ENUM ('confirmed', 'picked_up', 'delivered', 'cancelled');
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE pickup_orders (id bigserial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id),
  bags smallint NOT NULL, status order_status NOT NULL,
  created_at timestamptz NOT NULL, pickup_at timestamptz NOT NULL,
  dropoff_due_at timestamptz NOT NULL, cancelled_at timestamptz,
  CHECK (dropoff_due_at > pickup_at));
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}, REPO / "sandbox.toml"
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=request.param)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_a_planned_pickup_leaves_every_stage_open(loaded: str) -> None:
    # orders still to be picked up and cancelled ones are there: the planned time does not
    # make every order one that was picked up
    applies, waiting = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE status IN ('confirmed', 'cancelled'))"
        " FROM pickup_orders",
    )
    assert applies == 1000 and waiting >= 0.03, waiting


def test_an_order_s_stage_agrees_with_the_clock(loaded: str) -> None:
    applies, holds = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE created_at <= :now AND created_at <= pickup_at"
        " AND CASE status"
        " WHEN 'confirmed' THEN pickup_at > :now - interval '1 day'"
        " WHEN 'picked_up' THEN pickup_at <= :now AND pickup_at > :now - interval '90 days'"
        " WHEN 'delivered' THEN pickup_at < :now"
        " ELSE cancelled_at IS NOT NULL AND cancelled_at >= created_at END)"
        " FROM pickup_orders",
    )
    assert applies == 1000 and holds >= 0.98, holds
