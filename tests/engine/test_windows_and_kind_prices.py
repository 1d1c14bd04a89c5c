"""Measures by what a row is. A pair of stamps named as a window or a slot (`window_from`/
`window_to`, `earliest_collection_at`/`latest_collection_at`) lasts a window's hour to four,
not an event's span of days (vocab/durations.WINDOW; an appointment's slot lasts the
appointment), and keeps its length when a delivery
pulled into the outlet's hours carries its start back (rules/pull_back.py). An item's price
named with its currency (`list_price_gbp`) is money, drawn by what the item's kind label says
it is: a greeting card a few units, a hamper tens, and a label the data does not know whole
(`deluxe_hamper`) by the kind its words name, sized by its size words. A job's length follows
the size class of what it handles (rules/sized_span.py): a valeting job on a car whose body
class is not large is over sooner than one on a large one. On a schema of our own (a party
shop's goods, its collections, drops and couriers, its van valeting), at three seeds, on a
pinned clock: one database for all."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE goods_group AS ENUM ('greeting_card', 'candle', 'balloon', 'hamper',
  'deluxe_hamper');
CREATE TABLE outlet (outlet_id int PRIMARY KEY, outlet_name varchar(60) NOT NULL,
  time_zone text NOT NULL);
CREATE TABLE stock_line (sku_id int PRIMARY KEY, title varchar(80) NOT NULL,
  item_group goods_group NOT NULL, list_price_gbp numeric(9,2) NOT NULL);
CREATE TABLE click_collect (collect_id int PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlet(outlet_id),
  sku_id int NOT NULL REFERENCES stock_line(sku_id),
  window_from timestamptz NOT NULL, window_to timestamptz NOT NULL,
  CHECK (window_to > window_from));
CREATE TABLE courier_job (job_ref int PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlet(outlet_id),
  earliest_collection_at timestamptz NOT NULL, latest_collection_at timestamptz NOT NULL);
CREATE TYPE drop_state AS ENUM ('scheduled', 'out_for_delivery', 'delivered', 'failed');
CREATE TABLE parcel_order (order_id int PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlet(outlet_id), placed_at timestamptz NOT NULL);
CREATE TABLE home_drop (drop_id int PRIMARY KEY,
  order_id int NOT NULL UNIQUE REFERENCES parcel_order(order_id), state drop_state NOT NULL,
  outlet_id int NOT NULL REFERENCES outlet(outlet_id),
  slot_start timestamptz NOT NULL, slot_end timestamptz NOT NULL, delivered_at timestamptz,
  CHECK (slot_end > slot_start));
CREATE TABLE fitting_appointment (appointment_id int PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlet(outlet_id),
  slot_start timestamptz NOT NULL, slot_end timestamptz NOT NULL);
CREATE TABLE body_class (class_code varchar(6) PRIMARY KEY, label text NOT NULL,
  is_large boolean NOT NULL);
CREATE TABLE fleet_car (car_id int PRIMARY KEY,
  class_code varchar(6) NOT NULL REFERENCES body_class(class_code), plate varchar(10) NOT NULL);
CREATE TABLE valeting_job (job_id int PRIMARY KEY, car_id int NOT NULL REFERENCES fleet_car(car_id),
  started_at timestamptz NOT NULL, finished_at timestamptz);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

WINDOWS = """
SELECT count(*)::int, count(*) FILTER (WHERE
  window_to - window_from BETWEEN interval '1 hour' AND interval '4 hours')::int
FROM click_collect
"""
DROPS = """
SELECT count(*)::int, count(*) FILTER (WHERE
  slot_end - slot_start BETWEEN interval '1 hour' AND interval '4 hours')::int
FROM home_drop
"""
FITTINGS = """
SELECT count(*)::int, count(*) FILTER (WHERE
  slot_end - slot_start BETWEEN interval '30 minutes' AND interval '2 hours')::int
FROM fitting_appointment
"""
BOUNDS = """
SELECT count(*)::int, count(*) FILTER (WHERE latest_collection_at - earliest_collection_at
  BETWEEN interval '1 hour' AND interval '4 hours')::int
FROM courier_job
"""
PRICES = """
WITH r(item_group, lo, hi) AS (VALUES ('greeting_card', 0.5, 12), ('candle', 3, 80),
  ('balloon', 1, 35), ('hamper', 15, 300), ('deluxe_hamper', 30, 600))
SELECT count(*)::int, count(*) FILTER (WHERE s.list_price_gbp BETWEEN r.lo AND r.hi)::int
FROM stock_line s JOIN r ON r.item_group = s.item_group::text
"""
MEDIANS = """
SELECT item_group::text, percentile_cont(0.5) WITHIN GROUP (ORDER BY list_price_gbp)
FROM stock_line GROUP BY 1
"""
SIZED = """
SELECT b.is_large, percentile_cont(0.5) WITHIN GROUP (ORDER BY j.finished_at - j.started_at)
FROM valeting_job j JOIN fleet_car c USING (car_id) JOIN body_class b USING (class_code)
WHERE j.finished_at IS NOT NULL GROUP BY 1
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_windows_last_hours_prices_and_lengths_follow_the_kind(loaded: str) -> None:
    for query in (WINDOWS, DROPS, FITTINGS, BOUNDS, PRICES):
        applies, holds = share(loaded, query)
        assert applies == 300
        assert holds >= (0.99 if query != PRICES else 0.95), query
    with psycopg.connect(loaded) as conn:
        medians = {str(k): float(v) for k, v in conn.execute(MEDIANS).fetchall()}
        lengths = dict(conn.execute(SIZED).fetchall())
    # a deluxe hamper costs more than a plain one, which costs more than a card
    assert medians["deluxe_hamper"] > medians["hamper"] > medians["greeting_card"]
    # a job on a car not of the large class is over sooner
    assert lengths[False] < 0.8 * lengths[True]
