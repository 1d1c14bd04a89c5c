"""A reading is taken with an instrument whose check is valid on its day, on a schema of our
own (pipeline pressure gauges): a gauge is checked now and then (checked_on .. expires_on),
and each pressure sample names the gauge it was taken with and when. The checks follow the
samples, as they follow any use (rules/certified.py, load/certified_load.py): a reading of
the thing (a table of samples, measurements, readings) is a use at its time, where no other
key of the check scopes it. No word of these tables is in the code. On s35base 44-57 % of the
samples fall under a valid check of their gauge at seeds 1, 2, 3."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE gauges (id serial PRIMARY KEY, serial_no text NOT NULL UNIQUE,
  fitted_on date NOT NULL);
CREATE TABLE gauge_checks (id serial PRIMARY KEY,
  gauge_id int NOT NULL REFERENCES gauges(id),
  checked_on date NOT NULL, expires_on date NOT NULL, CHECK (expires_on > checked_on));
CREATE TABLE pressure_samples (id serial PRIMARY KEY,
  gauge_id int NOT NULL REFERENCES gauges(id),
  taken_at timestamptz NOT NULL, bar numeric(6,2) NOT NULL);
"""

COVERED = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM gauge_checks c
    WHERE c.gauge_id = s.gauge_id AND s.taken_at::date BETWEEN c.checked_on AND c.expires_on))
FROM pressure_samples s
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"public.gauges": {"rows": 60}, "public.gauge_checks": {"rows": 200}},
}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_sample_is_taken_with_a_gauge_checked_valid_that_day(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, COVERED, now=NOW)
        assert applies == 300
        assert holds >= 0.98
