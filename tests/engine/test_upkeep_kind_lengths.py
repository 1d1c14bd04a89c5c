"""A piece of upkeep work lasts what its kind of work lasts (vocab/data/magnitudes_upkeep.tsv,
rules/span.py label_scales): a lift company's maintenance jobs state their kind
(`job_kind`: 'preventive', 'corrective', 'overhaul'); a preventive service takes hours to a
few days from its start to its finish (never a quick hour), an overhaul longer than a
preventive service as a rule; work of such length is scheduled to start in a day shift's
morning (rules/kept_hours.day_work), in the lift's local time. Checked in SQL, at three
seeds on one small database each."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE lifts (id serial PRIMARY KEY, building text NOT NULL, floors int NOT NULL,
  time_zone text NOT NULL);
CREATE TABLE maintenance_jobs (id bigserial PRIMARY KEY,
  lift_id int NOT NULL REFERENCES lifts(id),
  job_kind text NOT NULL CHECK (job_kind IN ('preventive', 'corrective', 'overhaul')),
  scheduled_start timestamptz NOT NULL, started_at timestamptz NOT NULL,
  finished_at timestamptz,
  CHECK (finished_at IS NULL OR finished_at >= started_at));
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_upkeep_lasts_what_its_kind_lasts(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 300, "now": NOW}, "tables": {"lifts": {"rows": 20}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE finished_at - started_at
                 BETWEEN interval '2 hours' AND interval '7 days')
               FROM maintenance_jobs WHERE job_kind = 'preventive' AND finished_at IS NOT NULL""",
        )
        assert judged >= 40 and held >= 0.98
        judged, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE o > p) FROM (SELECT
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY finished_at - started_at)
                   FILTER (WHERE job_kind = 'overhaul') AS o,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY finished_at - started_at)
                   FILTER (WHERE job_kind = 'preventive') AS p FROM maintenance_jobs) m""",
        )
        assert judged == 1 and held == 1.0
        judged, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE (j.scheduled_start AT TIME ZONE l.time_zone)
                 ::time BETWEEN '06:00' AND '13:00'
                 AND extract(isodow FROM j.scheduled_start AT TIME ZONE l.time_zone) <= 5)
               FROM maintenance_jobs j JOIN lifts l ON l.id = j.lift_id
               WHERE l.time_zone IN (SELECT name FROM pg_timezone_names)""",
        )
        assert judged >= 250 and held >= 0.98
