"""A promise made when a row came to be lies hours to days after it, within a day in haste
(rules/promised.py): a photo lab's print jobs are submitted (`submitted_at`) and given an
estimated completion (`estimated_completion`), a rush job (`rush`) on the day. Checked in SQL,
at three seeds on one small database each."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE labs (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE print_jobs (id bigserial PRIMARY KEY,
  lab_id int NOT NULL REFERENCES labs(id),
  submitted_at timestamptz NOT NULL,
  estimated_completion timestamptz NOT NULL,
  rush boolean NOT NULL DEFAULT false,
  prints int NOT NULL CHECK (prints > 0));
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_promise_lies_a_lead_after_the_row_shorter_in_haste(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 300, "now": NOW}, "tables": {"labs": {"rows": 5}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE estimated_completion
                 BETWEEN submitted_at + interval '2 hours' AND submitted_at + interval '21 days'
                 AND (NOT rush OR estimated_completion <= submitted_at + interval '24 hours'))
               FROM print_jobs""",
        )
        assert judged == 300 and held >= 0.98
        judged, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE r < p) FROM (SELECT
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY estimated_completion - submitted_at)
                   FILTER (WHERE rush) AS r,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY estimated_completion - submitted_at)
                   FILTER (WHERE NOT rush) AS p FROM print_jobs) m""",
        )
        assert judged == 1 and held == 1.0
