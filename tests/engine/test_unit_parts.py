"""A part of a total its lines charge per unit: a basket's delivery_fee is the sum of its items'
qty × delivery_each, a reservation's handling_total the sum of its lines' quantity × the
handling_fee of the seat class each line sells (a parent of the line, not of the document), and
each total adds its parts (kinds/unit_parts.py, kinds/totals.py). On a schema of our own, at
three seeds, one database per seed."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE public.shoppers (
    id bigserial PRIMARY KEY,
    full_name text NOT NULL,
    email text NOT NULL
);
CREATE TABLE public.produce (
    id serial PRIMARY KEY,
    title varchar(80) NOT NULL,
    shelf_price numeric(9,2) NOT NULL
);
CREATE TABLE public.baskets (
    id bigserial PRIMARY KEY,
    shopper_id bigint NOT NULL REFERENCES public.shoppers(id),
    checked_out_at timestamptz NOT NULL,
    subtotal numeric(12,2) NOT NULL,
    delivery_fee numeric(12,2) NOT NULL,
    grand_total numeric(12,2) NOT NULL
);
CREATE TABLE public.basket_items (
    basket_id bigint NOT NULL REFERENCES public.baskets(id),
    item_no smallint NOT NULL,
    produce_id integer NOT NULL REFERENCES public.produce(id),
    qty smallint NOT NULL,
    unit_price numeric(9,2) NOT NULL,
    delivery_each numeric(9,2) NOT NULL,
    PRIMARY KEY (basket_id, item_no)
);
CREATE TABLE public.seat_classes (
    id serial PRIMARY KEY,
    label varchar(40) NOT NULL,
    base_fare numeric(9,2) NOT NULL,
    handling_fee numeric(9,2) NOT NULL
);
CREATE TABLE public.reservations (
    id bigserial PRIMARY KEY,
    shopper_id bigint NOT NULL REFERENCES public.shoppers(id),
    booked_at timestamptz NOT NULL,
    subtotal numeric(12,2) NOT NULL,
    handling_total numeric(12,2) NOT NULL,
    total_due numeric(12,2) NOT NULL
);
CREATE TABLE public.reservation_lines (
    id bigserial PRIMARY KEY,
    reservation_id bigint NOT NULL REFERENCES public.reservations(id),
    seat_class_id integer NOT NULL REFERENCES public.seat_classes(id),
    quantity integer NOT NULL,
    unit_price numeric(9,2) NOT NULL
);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

BASKETS = """
SELECT count(*)::int, count(*) FILTER (WHERE b.delivery_fee = l.fees AND b.subtotal = l.sub
  AND b.grand_total = b.subtotal + b.delivery_fee)::int
FROM baskets b JOIN (SELECT basket_id, sum(qty * delivery_each) AS fees,
  sum(qty * unit_price) AS sub FROM basket_items GROUP BY basket_id) l ON l.basket_id = b.id
"""
RESERVATIONS = """
SELECT count(*)::int, count(*) FILTER (WHERE r.handling_total = l.fees AND r.subtotal = l.sub
  AND r.total_due = r.subtotal + r.handling_total)::int
FROM reservations r JOIN (SELECT reservation_id, sum(x.quantity * s.handling_fee) AS fees,
  sum(x.quantity * x.unit_price) AS sub FROM reservation_lines x
  JOIN seat_classes s ON s.id = x.seat_class_id GROUP BY reservation_id) l
  ON l.reservation_id = r.id
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_parts_charged_per_unit_add_up(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        for query in (BASKETS, RESERVATIONS):
            applies, holds = share(conninfo, query)
            assert applies >= 100, query
            assert holds >= 0.99, query
