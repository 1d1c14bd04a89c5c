"""A register read now and then over calendar time (a forklift fleet's hour meters, a pump
house's compressor hour counters), on a schema of our own, checked in SQL on what a real
PostgreSQL holds (rules/counter.py): a machine does not run around the clock, so from one
reading to the next its hour meter grows by at most 0.75 running hours per elapsed hour
(18 a day), never down, whatever the gap between the readings (minutes or months)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE forklifts (id serial PRIMARY KEY, fleet_no text NOT NULL, bought_on date NOT NULL);
CREATE TABLE forklift_checks (id bigserial PRIMARY KEY,
  forklift_id int NOT NULL REFERENCES forklifts, checked_at timestamptz NOT NULL,
  engine_hours numeric(9,1) NOT NULL, remarks text);
CREATE TABLE compressors (id serial PRIMARY KEY, tag text NOT NULL, installed_on date NOT NULL);
CREATE TABLE compressor_logs (id bigserial PRIMARY KEY,
  compressor_id int NOT NULL REFERENCES compressors, noted_at timestamptz NOT NULL,
  run_hours integer NOT NULL);
"""

ROWS = 1500


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": ROWS, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {"forklifts": {"rows": 60}, "compressors": {"rows": 60}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("table", "parent", "at", "meter"),
    [
        ("forklift_checks", "forklift_id", "checked_at", "engine_hours"),
        ("compressor_logs", "compressor_id", "noted_at", "run_hours"),
    ],
)
def test_an_hour_meter_grows_at_most_eighteen_hours_a_day(
    loaded: str, table: str, parent: str, at: str, meter: str
) -> None:
    applies, holds = share(
        loaded,
        f"""
        WITH r AS (
            SELECT {meter} AS v, {at} AS t, lag({meter}) OVER w AS pv, lag({at}) OVER w AS pt
            FROM {table} WINDOW w AS (PARTITION BY {parent} ORDER BY {at}, id))
        SELECT count(*), count(*) FILTER (WHERE pv IS NULL OR (v >= pv
            AND v - pv <= extract(epoch FROM t - pt) / 3600.0 * 0.75))
        FROM r
        """,
    )
    assert applies == ROWS and holds == 1.0, holds
