"""A kind's labels by what they are, not where they were declared: the two sides of a flow (a
container yard's gate-ins and gate-outs) are each about as common as the other and together
the main labels, a move within the yard the rarer one; a catch-all label (`other`) is the
least common, even declared first. On a schema of our own, at three seeds."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE yard_move_kind AS ENUM ('relocation', 'gate_in', 'gate_out');
CREATE TABLE depot (depot_id int PRIMARY KEY, depot_name varchar(80) NOT NULL);
CREATE TABLE yard_move (
  move_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  move_kind yard_move_kind NOT NULL,
  cargo_class varchar(12) NOT NULL CHECK (cargo_class IN ('other', 'dry', 'reefer', 'tank')),
  container_no varchar(11) NOT NULL,
  moved_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}

SHARES = """
SELECT avg((move_kind = 'gate_in')::int)::float, avg((move_kind = 'gate_out')::int)::float,
       avg((move_kind = 'relocation')::int)::float,
       avg((cargo_class = 'other')::int)::float, avg((cargo_class = 'dry')::int)::float
FROM yard_move
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_both_sides_of_a_flow_are_main_and_a_catch_all_is_least(pg_cluster, seed: int) -> None:
    with (
        loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo,
        psycopg.connect(conninfo) as conn,
    ):
        row = conn.execute(SHARES).fetchone()
    assert row is not None
    gate_in, gate_out, relocation, other, dry = row
    assert gate_in >= 0.3 and gate_out >= 0.3, row
    assert abs(gate_in - gate_out) <= 0.15, row
    assert relocation < min(gate_in, gate_out), row
    assert other < dry and other <= 0.2, row
