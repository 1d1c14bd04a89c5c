"""What a thing planned ahead yields is known once it is done (rules/measured.py, YIELDS): an
orchard's picking rounds scheduled or called off have no crates counted and no weight yet, and
the completed ones have both; a bakery's production runs likewise have their loaves counted
only once finished. On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 900, "now": NOW.replace(" ", "T")}}
SCHEMA = """
CREATE TYPE round_state AS ENUM ('scheduled', 'in_progress', 'completed', 'called_off');
CREATE TABLE orchard_block (block_id int PRIMARY KEY, block_name varchar(40) NOT NULL,
  hectares numeric(6,2) NOT NULL);
CREATE TABLE picking_round (round_id bigint PRIMARY KEY,
  block_id int NOT NULL REFERENCES orchard_block(block_id),
  picking_day date NOT NULL,
  state round_state NOT NULL,
  crate_count int CHECK (crate_count >= 0),
  net_weight_kg numeric(10,1),
  noted_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE production_run (run_id bigint PRIMARY KEY,
  block_id int NOT NULL REFERENCES orchard_block(block_id),
  run_on date NOT NULL,
  status varchar(12) NOT NULL CHECK (status IN ('planned', 'running', 'finished',
    'cancelled')),
  loaf_count int);
"""
PICKED = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE state
  WHEN 'completed' THEN crate_count IS NOT NULL AND net_weight_kg IS NOT NULL
  ELSE crate_count IS NULL AND net_weight_kg IS NULL END
  AND :now::timestamptz IS NOT NULL)::int
FROM picking_round WHERE state <> 'in_progress'
"""
BAKED = """
SELECT count(*)::int, count(*) FILTER (WHERE (status = 'finished') = (loaf_count IS NOT NULL)
  AND :now::timestamptz IS NOT NULL)::int
FROM production_run WHERE status <> 'running'
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_picking_round_has_its_yield_once_completed(loaded: str) -> None:
    applies, holds = share(loaded, PICKED, NOW)
    assert applies >= 100
    assert holds >= 0.98


def test_a_production_run_has_its_count_once_finished(loaded: str) -> None:
    applies, holds = share(loaded, BAKED, NOW)
    assert applies >= 100
    assert holds >= 0.98
