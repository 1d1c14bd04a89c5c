"""A bill sums every table of lines of the job it bills, on a schema of our own (a boatyard:
refits of boats, the crew's task lines of a refit with what each was charged, the materials a
refit used at quantity × unit price, and the refit's one bill): the bill's net has no lines
of its own and references the refit, which its task lines and its materials both reference
(kinds/totals._sibling: a sibling sum over several tables, Rollup.also), so net = the task
lines' `crew_charge` + the materials' `line_value`, and gross = net + VAT. Before, the net
summed the materials alone (the task lines' one amount, named for what it charges, read as
no amount), checked in SQL on what a real PostgreSQL holds."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.engine.loading import loaded_database, share
from workbench.config.file import parse_config
from workbench.generate.kinds.totals import table_rollups
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE boats (boat_id serial PRIMARY KEY, hull_name text NOT NULL);
CREATE TABLE refits (refit_id bigserial PRIMARY KEY,
  boat_id int NOT NULL REFERENCES boats(boat_id), began_at timestamptz NOT NULL);
CREATE TABLE refit_task_lines (task_id bigserial PRIMARY KEY,
  refit_id bigint NOT NULL REFERENCES refits(refit_id), task_no smallint NOT NULL,
  crew_hours numeric(5,2) NOT NULL, crew_charge numeric(10,2) NOT NULL,
  UNIQUE (refit_id, task_no));
CREATE TABLE refit_materials (material_id bigserial PRIMARY KEY,
  refit_id bigint NOT NULL REFERENCES refits(refit_id), sku text NOT NULL,
  quantity numeric(8,2) NOT NULL CHECK (quantity > 0), unit_price numeric(10,2) NOT NULL,
  line_value numeric(10,2) NOT NULL);
CREATE TABLE refit_bills (bill_id bigserial PRIMARY KEY,
  refit_id bigint NOT NULL UNIQUE REFERENCES refits(refit_id), billed_at timestamptz NOT NULL,
  net_amount numeric(12,2) NOT NULL, vat_amount numeric(12,2) NOT NULL,
  gross_amount numeric(12,2) NOT NULL);
"""

SUMS = """
SELECT count(*), count(*) FILTER (WHERE b.net_amount = t.s + m.s
                                   AND b.gross_amount = b.net_amount + b.vat_amount)
FROM refit_bills b
CROSS JOIN LATERAL (SELECT coalesce(sum(crew_charge), 0) AS s FROM refit_task_lines x
                    WHERE x.refit_id = b.refit_id) t
CROSS JOIN LATERAL (SELECT coalesce(sum(line_value), 0) AS s FROM refit_materials x
                    WHERE x.refit_id = b.refit_id) m
"""


def test_the_net_sums_both_tables_of_the_refit() -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    config = parse_config({}, REPO / "sandbox.toml")
    bills = parsed.schema.tables["public.refit_bills"]
    net = next(r for r in table_rollups(parsed.schema, bills, config) if r.column == "net_amount")
    children = {net.child, *(r.child for r in net.also)}
    assert children == {"public.refit_task_lines", "public.refit_materials"}, net.detail


@pytest.fixture(scope="module", params=[1, 3])
def loaded(request, pg_cluster):
    settings = {"generate": {"rows": 300}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_bill_sums_the_task_lines_and_the_materials(loaded: str) -> None:
    applies, holds = share(loaded, SUMS)
    assert applies == 300 and holds == 1.0, holds
