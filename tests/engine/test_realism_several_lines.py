"""A total that sums several tables of lines, on a schema of our own (a garage's job cards):
a job's `total_amount` is the sum of the `charge_amount` of its labour, parts and sundry
lines, three tables that each reference the job by a key that may not be NULL and hold the
amount under one qualified name (kinds/totals._several); the job's payments hold a bare
`amount`, which is no line of it. Set by the SQL post-pass (load/totals_load.py), checked in
SQL on what a real PostgreSQL holds."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.engine.loading import loaded_database, share
from workbench.config.file import parse_config
from workbench.generate.kinds.totals import table_rollups
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE vehicles_in (vehicle_id serial PRIMARY KEY, plate varchar(10) NOT NULL);
CREATE TABLE jobs (job_id bigserial PRIMARY KEY,
  vehicle_id int NOT NULL REFERENCES vehicles_in(vehicle_id),
  opened_at timestamptz NOT NULL,
  total_amount numeric(10,2) NOT NULL);
CREATE TABLE job_labour (job_id bigint NOT NULL REFERENCES jobs(job_id),
  seq smallint NOT NULL, mechanic text NOT NULL, hours numeric(4,1) NOT NULL,
  charge_amount numeric(10,2) NOT NULL, PRIMARY KEY (job_id, seq));
CREATE TABLE job_parts (job_id bigint NOT NULL REFERENCES jobs(job_id),
  part_no varchar(20) NOT NULL, charge_amount numeric(10,2) NOT NULL,
  PRIMARY KEY (job_id, part_no));
CREATE TABLE job_sundries (sundry_id serial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES jobs(job_id),
  label text NOT NULL, charge_amount numeric(10,2) NOT NULL);
CREATE TABLE job_payments (payment_id serial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES jobs(job_id),
  amount numeric(10,2) NOT NULL, paid_at timestamptz NOT NULL);
"""

SUMS = """
SELECT count(*), count(*) FILTER (WHERE j.total_amount =
    coalesce((SELECT sum(charge_amount) FROM job_labour x WHERE x.job_id = j.job_id), 0)
  + coalesce((SELECT sum(charge_amount) FROM job_parts x WHERE x.job_id = j.job_id), 0)
  + coalesce((SELECT sum(charge_amount) FROM job_sundries x WHERE x.job_id = j.job_id), 0))
FROM jobs j
"""


def test_the_total_sums_the_three_tables_of_lines_and_not_the_payments() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    config = parse_config({}, REPO / "sandbox.toml")
    (rollup,) = table_rollups(schema, schema.tables["public.jobs"], config)
    summed = {rollup.child, *(r.child for r in rollup.also)}
    assert summed == {"public.job_labour", "public.job_parts", "public.job_sundries"}


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    settings = {"generate": {"rows": 400}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_jobs_total_is_the_sum_of_its_lines(loaded: str) -> None:
    rows, held = share(loaded, SUMS)
    assert rows == 400
    assert held >= 0.98
