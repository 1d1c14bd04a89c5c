"""A row that continues its parent through a key of many columns is of the kinds the parent
names, and an attribute the row must reach along every path is known where it comes from
(kinds/every_path.py): a sapling sold on an order line (its key (sales_order_id,
sales_line_no)) is the plant type and rootstock the line asked for, and the rootstock of the
sapling is its cutting's mother tree's, which therefore has one on record. On a schema of our
own (a tree nursery), at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import count_in, loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE rootstocks (code varchar(6) PRIMARY KEY, name varchar(60) NOT NULL);
CREATE TABLE plant_types (code varchar(8) PRIMARY KEY, name varchar(60) NOT NULL);
CREATE TABLE mother_trees (id int PRIMARY KEY, tag varchar(12) NOT NULL UNIQUE,
  rootstock_code varchar(6) REFERENCES rootstocks(code), planted_on date NOT NULL);
CREATE TABLE cuttings (id int PRIMARY KEY,
  mother_tree_id int NOT NULL REFERENCES mother_trees(id), cut_on date NOT NULL);
CREATE TABLE sales_orders (id int PRIMARY KEY, customer_name varchar(80) NOT NULL,
  ordered_at timestamptz NOT NULL);
CREATE TABLE sales_order_lines (
  sales_order_id int NOT NULL REFERENCES sales_orders(id),
  line_no smallint NOT NULL,
  plant_type_code varchar(8) NOT NULL REFERENCES plant_types(code),
  rootstock_code varchar(6) NOT NULL REFERENCES rootstocks(code),
  quantity int NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (sales_order_id, line_no));
CREATE TABLE saplings (id int PRIMARY KEY,
  cutting_id int NOT NULL REFERENCES cuttings(id),
  plant_type_code varchar(8) NOT NULL REFERENCES plant_types(code),
  rootstock_code varchar(6) NOT NULL REFERENCES rootstocks(code),
  sales_order_id int, sales_line_no smallint,
  potted_at timestamptz NOT NULL,
  FOREIGN KEY (sales_order_id, sales_line_no)
    REFERENCES sales_order_lines(sales_order_id, line_no));
"""
SETTINGS = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}

OF_ITS_TREE = """
SELECT count(*)::int, count(*) FILTER (WHERE s.rootstock_code = m.rootstock_code)::int
FROM saplings s JOIN cuttings c ON c.id = s.cutting_id
JOIN mother_trees m ON m.id = c.mother_tree_id
"""
AS_ITS_LINE_ASKED = """
SELECT count(*)::int, count(*) FILTER (WHERE l.plant_type_code = s.plant_type_code
                                         AND l.rootstock_code = s.rootstock_code)::int
FROM saplings s JOIN sales_order_lines l
  ON l.sales_order_id = s.sales_order_id AND l.line_no = s.sales_line_no
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_sapling_is_what_its_line_asked_of_its_trees_rootstock(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        assert (
            count_in(conninfo, "SELECT count(*) FROM mother_trees WHERE rootstock_code IS NULL")
            == 0
        )
        for sql in (OF_ITS_TREE, AS_ITS_LINE_ASKED):
            applies, holds = share(conninfo, sql, now=NOW)
            assert applies > 0
            assert holds >= 0.98, sql
