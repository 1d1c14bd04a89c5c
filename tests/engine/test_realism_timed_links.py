"""Children in sequence that carry a plan beside what happened (rules/link_times.py), on
a schema of our own: a parcel's hops through the sorting centres, each expected at a time and
reached and left when the parcel got there (not yet for the hops still ahead), and a
surgery's stages, each scheduled and then begun and ended. Per parent, the links are numbered
1, 2, 3 without gaps, their plans strictly follow their numbers, a link is reached only once
the parcel left every earlier one and left only after it was reached; checked in SQL on what
a real PostgreSQL holds, at three seeds, with the run's clock pinned."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE hop_state AS ENUM ('scanned', 'held', 'misrouted');
CREATE TABLE consignments (cons_ref serial PRIMARY KEY, shipper text NOT NULL,
  booked_on date NOT NULL, weight_kg numeric(8,2));
CREATE TABLE consignment_hops (cons_ref int NOT NULL REFERENCES consignments(cons_ref),
  hop_nbr smallint NOT NULL CHECK (hop_nbr > 0), hub_code varchar(6) NOT NULL,
  expected_ts timestamptz NOT NULL, reached_ts timestamptz, left_ts timestamptz,
  state hop_state, PRIMARY KEY (cons_ref, hop_nbr));
CREATE TABLE surgeries (surgery_id serial PRIMARY KEY, theatre text NOT NULL,
  surgery_day date NOT NULL);
CREATE TABLE surgery_stages (surgery_id int NOT NULL REFERENCES surgeries(surgery_id),
  stage_ordinal int NOT NULL, scheduled_time timestamp NOT NULL,
  began_at timestamp, ended_at timestamp, note text,
  UNIQUE (surgery_id, stage_ordinal));
"""
CHAIN = """
WITH s AS (
  SELECT h.{num} AS num, h.{plan} AS plan, h.{arr} AS arr, h.{dep} AS dep,
         row_number() OVER w AS rn, lag(h.{plan}) OVER w AS prev_plan,
         max(h.{dep}) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_dep
    FROM {table} h
  WINDOW w AS (PARTITION BY h.{parent} ORDER BY h.{num}))
SELECT count(*), count(*) FILTER (WHERE num = rn
    AND (rn = 1 OR plan > prev_plan)
    AND (arr IS NULL OR prev_dep IS NULL OR arr >= prev_dep)
    AND (dep IS NULL OR (arr IS NOT NULL AND dep >= arr)))
  FROM s
"""
HOPS = CHAIN.format(table="consignment_hops", parent="cons_ref", num="hop_nbr", plan="expected_ts",
                    arr="reached_ts", dep="left_ts")  # fmt: skip
STAGES = CHAIN.format(table="surgery_stages", parent="surgery_id", num="stage_ordinal",
                      plan="scheduled_time", arr="began_at", dep="ended_at")  # fmt: skip


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request: pytest.FixtureRequest, pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"consignments": {"rows": 400}, "surgeries": {"rows": 300}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_parcels_hops_are_expected_reached_and_left_in_their_order(loaded: str) -> None:
    judged, held = share(loaded, HOPS, now=NOW)
    assert judged == 1000 and held >= 0.98


def test_a_surgerys_stages_are_scheduled_begun_and_ended_in_their_order(loaded: str) -> None:
    judged, held = share(loaded, STAGES, now=NOW)
    assert judged == 1000 and held >= 0.98


def test_every_plan_strictly_follows_the_one_before(loaded: str) -> None:
    """The plans alone, each against the one numbered before it (no tie, no step back)."""
    for table, parent, num, plan in (("consignment_hops", "cons_ref", "hop_nbr", "expected_ts"),
                                     ("surgery_stages", "surgery_id", "stage_ordinal",
                                      "scheduled_time")):  # fmt: skip
        judged, held = share(
            loaded,
            f"""SELECT count(*), count(*) FILTER (WHERE prev IS NULL OR {plan} > prev)
                  FROM (SELECT {plan}, lag({plan}) OVER (PARTITION BY {parent} ORDER BY {num})
                               AS prev FROM {table}) x""",
            now=NOW,
        )
        assert judged == 1000 and held >= 0.99, table
