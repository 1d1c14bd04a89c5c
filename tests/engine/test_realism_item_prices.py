"""An item's price is what an item of its kind sells for, on a schema of our own (a chain of
snack bars: items of a category its CHECK lists, a price list per outlet pricing them, and
fridges of a kind whose labels also name snacks and drinks): a hot beverage costs a few
dollars and a salad more, read across the price list's key; a fridge, no item sold, keeps
the price of a machine."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE plate_kind AS ENUM ('appetizer', 'entree', 'side_dish', 'dessert', 'hot_beverage');
CREATE TABLE outlets (id serial PRIMARY KEY, town text NOT NULL);
CREATE TABLE bar_products (id serial PRIMARY KEY, label text NOT NULL,
  category text NOT NULL CHECK (category IN ('sandwich', 'soup', 'salad', 'hot_beverage',
    'cold_drink', 'dessert')));
CREATE TABLE outlet_prices (id bigserial PRIMARY KEY, outlet_id int NOT NULL REFERENCES outlets(id),
  product_id int NOT NULL REFERENCES bar_products(id),
  price numeric(8,2) NOT NULL CHECK (price > 0));
CREATE TABLE plates (id serial PRIMARY KEY, title text NOT NULL, kind plate_kind NOT NULL,
  menu_price numeric(8,2) NOT NULL);
CREATE TABLE fridge_types (id serial PRIMARY KEY, kind text NOT NULL
  CHECK (kind IN ('snack', 'cold_drink', 'sandwich')), list_price numeric(10,2) NOT NULL);
"""

BANDS = (
    "(VALUES ('sandwich', 2.5, 16), ('soup', 3, 25), ('salad', 4, 30), ('hot_beverage', 0.8, 9),"
    " ('cold_drink', 0.8, 10), ('dessert', 2.5, 30), ('appetizer', 3, 40), ('entree', 7, 90),"
    " ('side_dish', 1.5, 20)) AS b(kind, lo, hi)"
)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_price_is_what_an_item_of_its_kind_sells_for(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 600}, "tables": {"public.outlets": {"rows": 8}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            f"SELECT count(*), count(*) FILTER (WHERE op.price BETWEEN b.lo AND b.hi) "
            f"FROM outlet_prices op JOIN bar_products p ON p.id = op.product_id "
            f"JOIN {BANDS} ON b.kind = p.category",
        )
        assert judged >= 550 and held == 1.0, (judged, held)
        judged, held = share(
            conninfo,
            f"SELECT count(*), count(*) FILTER (WHERE p.menu_price BETWEEN b.lo AND b.hi) "
            f"FROM plates p JOIN {BANDS} ON b.kind = p.kind::text",
        )
        assert judged >= 550 and held == 1.0, (judged, held)
        ordered, _ = share(
            conninfo,
            "SELECT (percentile_cont(0.5) WITHIN GROUP (ORDER BY menu_price) FILTER "
            "(WHERE kind = 'entree') > 3 * percentile_cont(0.5) WITHIN GROUP (ORDER BY menu_price) "
            "FILTER (WHERE kind = 'hot_beverage'))::int, 1 FROM plates",
        )
        assert ordered == 1
        # a fridge is no item sold: its kind names what it holds, not what it costs
        dear, _ = share(
            conninfo, "SELECT count(*) FILTER (WHERE list_price > 16), 1 FROM fridge_types"
        )
        assert dear > 0, dear
