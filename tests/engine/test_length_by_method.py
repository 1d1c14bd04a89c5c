"""A treatment's length follows how it was given: a medicine in the feed or the water runs a
course of days (vocab/durations.py), a jab or a dip is over within the day (the table's own
scale), read from a `method` column's labels as from a kind's (rules/span.label_scales). On
a schema of our own (a livestock farm's herds and their treatments), at three seeds, on a
pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE dosing_method AS ENUM ('in_feed', 'in_water', 'injection', 'dip');
CREATE TABLE herd (herd_no int PRIMARY KEY, holding_ref varchar(20) NOT NULL,
  head_count int NOT NULL);
CREATE TABLE herd_treatment (treatment_no bigint PRIMARY KEY,
  herd_no int NOT NULL REFERENCES herd(herd_no), dosing_method dosing_method NOT NULL,
  started_at timestamptz NOT NULL, completed_at timestamptz,
  CHECK (completed_at IS NULL OR completed_at >= started_at));
"""
NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

BY_METHOD = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN dosing_method IN ('in_feed', 'in_water')
  THEN completed_at - started_at BETWEEN interval '4 days' AND interval '15 days'
  ELSE completed_at - started_at <= interval '1 day' END)::int
FROM herd_treatment WHERE completed_at IS NOT NULL
"""
COURSES = """
SELECT count(*)::int, count(*) FILTER (WHERE completed_at - started_at >= interval '4 days')::int
FROM herd_treatment WHERE completed_at IS NOT NULL AND dosing_method IN ('in_feed', 'in_water')
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_treatment_lasts_as_its_method_gives(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, held = share(conninfo, BY_METHOD, now=NOW)
        assert applies > 300 and held >= 0.98, held
        applies, held = share(conninfo, COURSES, now=NOW)
        assert applies > 20 and held >= 0.98, held
