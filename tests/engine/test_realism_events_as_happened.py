"""Events under a parent happen while it actually took place (kinds/actual_pair.py), on a
schema of our own (a field-service firm's site jobs, each planned and then worked, with the
crew members on it and the meter readings each crew member took): a job planned for a
window (`scheduled_start`/`scheduled_end`) and worked in another (`started_at`/`finished_at`,
NULL while requested, scheduled or cancelled) has readings only where it started (none under
a job that never began, though its crew rows exist), each taken between its start and its
finish (or the run's clock, while it is in progress). The readings hang under a crew row
with no time of its own, so the job is their grandparent; a job started this morning has
its readings in the hours since. (Left: a reading numbered under a UNIQUE (crew, number)
takes its crew from the unique plan, which this does not reach yet; a done job whose start
and finish the clock made one instant has no room for any.)"""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE technicians (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots,
  full_name text NOT NULL);
CREATE TABLE site_jobs (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots,
  job_ref text NOT NULL UNIQUE, created_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('requested', 'scheduled', 'in_progress', 'done',
    'cancelled')),
  scheduled_start timestamptz NOT NULL, scheduled_end timestamptz NOT NULL,
  started_at timestamptz, finished_at timestamptz,
  CHECK (scheduled_end > scheduled_start));
CREATE TABLE job_crew (id serial PRIMARY KEY, site_job_id int NOT NULL REFERENCES site_jobs,
  technician_id int NOT NULL REFERENCES technicians, crew_role text NOT NULL,
  UNIQUE (site_job_id, technician_id));
CREATE TABLE meter_readings (id serial PRIMARY KEY,
  job_crew_id int NOT NULL REFERENCES job_crew,
  read_at timestamptz NOT NULL, kwh numeric(10,1) NOT NULL CHECK (kwh >= 0));
"""

NOT_BEFORE_START = """
SELECT count(*), count(*) FILTER (WHERE j.started_at IS NOT NULL)
FROM meter_readings r JOIN job_crew c ON c.id = r.job_crew_id
JOIN site_jobs j ON j.id = c.site_job_id
"""

IN_ACTUAL_WINDOW = """
SELECT count(*), count(*) FILTER (WHERE r.read_at BETWEEN j.started_at
  AND coalesce(j.finished_at, :now))
FROM meter_readings r JOIN job_crew c ON c.id = r.job_crew_id
JOIN site_jobs j ON j.id = c.site_job_id
WHERE j.finished_at IS NULL OR j.finished_at > j.started_at
"""

UNSTARTED_JOBS = """
SELECT count(*), count(*) FILTER (WHERE started_at IS NULL) FROM site_jobs
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_readings_happen_while_the_job_was_worked(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 1000, "now": NOW}, "tables": {"depots": {"rows": 40}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        jobs, unstarted = share(conninfo, UNSTARTED_JOBS, NOW)
        readings, started = share(conninfo, NOT_BEFORE_START, NOW)
        _, inside = share(conninfo, IN_ACTUAL_WINDOW, NOW)
        # some jobs never began (requested, scheduled, cancelled): none of their crews' readings
        assert jobs and unstarted >= 0.03, unstarted
        assert readings >= 500 and started >= 0.99, (readings, started)
        # on e3bf686: under any job, read within the plan (scheduled_start..end)
        assert inside >= 0.98, inside
