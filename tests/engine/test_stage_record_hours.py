"""A record of a parent's stage held to working hours stays after the stages it records: a
survey's sign-off, kept to daylight's hours as work out of doors (rules/kept_hours.FIELD
through rules/opening.py), is moved to a slot no earlier than the survey it signs off
(rules/happened.py's record_time; pull_back.floors carries its stages to opening), and by
the run's clock. On a schema of our own (land surveys ordered for plots, their sign-offs), at
three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE survey_stage AS ENUM ('ordered', 'surveyed', 'signed', 'withdrawn');
CREATE TABLE plot (plot_no int PRIMARY KEY, parish varchar(60) NOT NULL,
  hectares numeric(7,2));
CREATE TABLE survey_job (job_no bigint PRIMARY KEY,
  plot_no int NOT NULL REFERENCES plot(plot_no), ordered_at timestamptz NOT NULL,
  surveyed_at timestamptz, stage survey_stage NOT NULL);
CREATE TABLE survey_signoff (signoff_no bigint PRIMARY KEY,
  job_no bigint NOT NULL REFERENCES survey_job(job_no), remarks text,
  signed_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

AFTER_ITS_SURVEY = """
SELECT count(*)::int, count(*) FILTER (WHERE s.signed_at >= j.surveyed_at
  AND s.signed_at <= :now)::int
FROM survey_signoff s JOIN survey_job j USING (job_no) WHERE j.stage = 'signed'
"""
IN_HOURS = """
SELECT count(*)::int, count(*) FILTER (WHERE extract(hour FROM signed_at AT TIME ZONE 'UTC')
  BETWEEN 7 AND 18 AND extract(isodow FROM signed_at AT TIME ZONE 'UTC') < 6)::int
FROM survey_signoff
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_sign_off_in_hours_stays_after_its_survey(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, held = share(conninfo, AFTER_ITS_SURVEY, now=NOW)
        assert applies > 300 and held >= 0.98, held
        applies, held = share(conninfo, IN_HOURS, now=NOW)
        assert applies > 300 and held >= 0.95, held
