"""Keys that agree along every path, where the key that moves may be NULL, the other may not
follow it and no parent row agrees with both ends (rules/path_agree.py), on a schema of our
own: a print shop's work orders. A work order is a client's under one of the client's
projects; a print run is too. An order item (planned per order: its amounts sum to the order's
total) names its order and, optionally, the print run it delivers: the run is of the order's
client and of the order's project. Many projects have no print run (runs are fewer than
projects); an item of such an order delivers no run rather than one of another project.

Before, an item whose order's project had no run took one of the client's other projects: 57.4
% of the items naming a run agreed with their order at seed 1, 55.2 % at seed 2; now 100 % at
both (794 and 750 items still name one). Checked in SQL on what a real PostgreSQL holds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.kinds.path_agree import agreements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE clients (client_id serial PRIMARY KEY, trading_name text NOT NULL);
CREATE TABLE projects (project_id serial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(client_id),
  title text NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  CHECK (valid_to IS NULL OR valid_to > valid_from));
CREATE TABLE orders (order_id serial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(client_id),
  project_id int NOT NULL REFERENCES projects(project_id),
  placed_on date NOT NULL,
  total_amount numeric(12,2) NOT NULL);
CREATE TABLE print_runs (run_id serial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(client_id),
  project_id int NOT NULL REFERENCES projects(project_id),
  sheets int NOT NULL CHECK (sheets > 0),
  printed_on date NOT NULL);
CREATE TABLE order_items (item_id bigserial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(order_id),
  line_no smallint NOT NULL CHECK (line_no >= 1),
  run_id int REFERENCES print_runs(run_id),
  copies int NOT NULL CHECK (copies > 0),
  amount numeric(12,2) NOT NULL,
  UNIQUE (order_id, line_no));
"""

AGREES = """
SELECT count(*), count(*) FILTER (WHERE r.client_id = o.client_id
                                    AND r.project_id = o.project_id)
FROM order_items i
JOIN orders o ON o.order_id = i.order_id
JOIN print_runs r ON r.run_id = i.run_id
"""

SETTINGS = {
    "generate": {"rows": 600, "now": "2026-06-01T10:00:00+00:00"},
    "tables": {
        "public.clients": {"rows": 150},
        "public.projects": {"rows": 500},
        "public.print_runs": {"rows": 300},
    },
}


def test_the_item_agrees_on_client_and_project() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    [item] = agreements(schema, schema.tables["public.order_items"])
    assert {item.a, item.b} == {"order_id", "run_id"}
    assert {end for end, _, _ in item.ends} == {"public.clients", "public.projects"}


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_item_delivers_a_run_of_its_orders_project_or_none(loaded: str) -> None:
    applies, holds = share(loaded, AGREES)
    assert applies >= 300  # the items whose order's project has runs still name one
    assert holds >= 0.98
