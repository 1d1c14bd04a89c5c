"""A line's mass follows the unit the thing it sells is priced in: a market stall's products
are sold by the pound or by the piece (a label of the product, one key away from the line);
a line of a product sold by weight weighs one lot (1-25 kg, here in pounds), a line sold by
the piece that many pieces of 0.1-8 kg each (rules/weighed.py). On a schema of our own, at
three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE sale_basis AS ENUM ('per_piece', 'per_lb');
CREATE TABLE stall (stall_id int PRIMARY KEY, stall_name varchar(60) NOT NULL);
CREATE TABLE produce (
  produce_id int PRIMARY KEY,
  title varchar(80) NOT NULL,
  basis sale_basis NOT NULL,
  list_price numeric(8,2) NOT NULL);
CREATE TABLE sale (sale_id bigint PRIMARY KEY,
  stall_id int NOT NULL REFERENCES stall(stall_id), sold_at timestamptz NOT NULL);
CREATE TABLE sale_line (
  sale_line_id bigint PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES sale(sale_id),
  produce_id int NOT NULL REFERENCES produce(produce_id),
  qty smallint NOT NULL CHECK (qty > 0),
  net_weight_lb numeric(7,2));
"""
SETTINGS = {"generate": {"rows": 300, "now": "2026-03-10T09:00:00Z"}}

FITS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN p.basis = 'per_lb'
    THEN l.net_weight_lb * 0.4536 BETWEEN 0.99 AND 25.01
    ELSE l.net_weight_lb * 0.4536 / l.qty BETWEEN 0.099 AND 8.01 END)::int
FROM sale_line l JOIN produce p USING (produce_id) WHERE l.net_weight_lb IS NOT NULL
"""
BOTH = """
SELECT count(DISTINCT p.basis)::int, count(DISTINCT p.basis)::int
FROM sale_line l JOIN produce p USING (produce_id) WHERE l.net_weight_lb IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_lines_mass_is_a_weighed_lot_or_its_pieces_by_the_products_unit(loaded: str) -> None:
    applies, holds = share(loaded, FITS)
    assert applies > 100
    assert holds >= 0.98
    kinds, _ = share(loaded, BOTH)
    assert kinds == 2  # lines of both kinds were judged
