"""A row whose status says it is over has ended by the run's clock, also where its parent came
to be only hours ago, on a schema of our own (a tailoring workshop: orders taken, the
fittings and alterations of each order in a window with a lifecycle), checked in SQL on what a
real PostgreSQL holds, with the run's clock pinned:

- a done work slot (its window from `slot_start` to `slot_end`, its length drawn by its kind)
  ended by now; one booked has not started more than a day ago; none lies more than 90 days
  ahead. An order placed this morning cannot have a slot that is over: that slot is still
  under way, so its status says it is booked (rules/stage_clock.py: a done row that cannot
  move back far enough to end by now takes the status of one under way, where its status
  decides no other column)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE tailors (id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE orders (id bigserial PRIMARY KEY, customer_name text NOT NULL,
  taken_at timestamptz NOT NULL, completed_at timestamptz, cancelled_at timestamptz,
  status text NOT NULL DEFAULT 'taken'
    CHECK (status IN ('taken', 'in_progress', 'completed', 'cancelled')));
CREATE TABLE work_slots (id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id), tailor_id int REFERENCES tailors(id),
  slot_kind text NOT NULL CHECK (slot_kind IN ('fitting', 'alteration', 'pressing')),
  slot_start timestamptz NOT NULL, slot_end timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'booked' CHECK (state IN ('booked', 'done', 'cancelled')),
  CHECK (slot_end >= slot_start));
"""


def _loaded(pg_cluster, seed: int):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
            "tables": {"tailors": {"rows": 30}},
        },
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=seed)
    return name, conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    name, conninfo = _loaded(pg_cluster, request.param)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_a_done_slot_ended_by_now_and_a_booked_one_is_not_stale(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE slot_start <= :now + interval '90 days'"
        " AND CASE state WHEN 'done' THEN slot_end <= :now"
        " WHEN 'booked' THEN slot_start >= :now - interval '1 day' ELSE true END)"
        " FROM work_slots",
    )
    assert applies > 800 and share >= 0.99, share


def test_a_slot_of_an_order_taken_this_morning_is_not_over(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE s.state <> 'done' OR s.slot_end <= :now)"
        " FROM work_slots s JOIN orders o ON o.id = s.order_id"
        " WHERE o.taken_at > :now - interval '1 day'",
    )
    assert applies >= 1 and share == 1.0, share
