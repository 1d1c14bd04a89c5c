"""A row's time lies in the window of what it uses, where the time and the window sit on
different rows, on a schema of our own (a harbour's tide gauges and a stadium's ticket
desk), at three seeds, on a pinned clock:

- a gauge's samples are taken while it is mounted (mounted_at .. dismounted_at, NULL while
  still mounted; a spare never mounted has none), though the time is unique with the gauge
  (UNIQUE (gauge_id, sampled_at): constraints/unique/plan.py leaves it to rules/within.py)
  and the sample's gauge and its technician meet at a depot (rules/site_meet.py,
  rules/every_path.py pick only gauges that were mounted);
- a purchase's items are for fixtures whose tickets were on sale when the purchase was made
  and that had not begun (tickets_open_at .. begins_at), the fixture two keys away from the
  item (item -> seat band -> fixture) and the time on the item's other parent, the purchase
  (rules/valid_for.py, kinds/windows.booking_window)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE gauge_state AS ENUM ('spare', 'mounted', 'dismounted');
CREATE TABLE depot (depot_id int PRIMARY KEY, harbour_name varchar(60) NOT NULL);
CREATE TABLE technician (technician_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  full_name varchar(80) NOT NULL, hired_on date NOT NULL, left_on date);
CREATE TABLE tide_gauge (gauge_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  serial_code varchar(20) NOT NULL UNIQUE,
  mounted_at timestamptz, dismounted_at timestamptz,
  state gauge_state NOT NULL DEFAULT 'spare');
CREATE TABLE gauge_sample (sample_id bigint PRIMARY KEY,
  gauge_id int NOT NULL REFERENCES tide_gauge(gauge_id),
  technician_id int REFERENCES technician(technician_id),
  sampled_at timestamptz NOT NULL,
  level_cm numeric(7,1) NOT NULL,
  UNIQUE (gauge_id, sampled_at));
CREATE TABLE buyer (buyer_id int PRIMARY KEY, email varchar(120) NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE fixture (fixture_id int PRIMARY KEY, title varchar(120) NOT NULL,
  tickets_open_at timestamptz NOT NULL, begins_at timestamptz NOT NULL,
  finishes_at timestamptz NOT NULL, CHECK (finishes_at > begins_at));
CREATE TABLE seat_band (band_id int PRIMARY KEY,
  fixture_id int NOT NULL REFERENCES fixture(fixture_id),
  band_name varchar(40) NOT NULL, price numeric(8,2) NOT NULL);
CREATE TABLE purchase (purchase_id bigint PRIMARY KEY,
  buyer_id int NOT NULL REFERENCES buyer(buyer_id),
  purchased_at timestamptz NOT NULL, total numeric(10,2) NOT NULL);
CREATE TABLE purchase_item (purchase_id bigint NOT NULL REFERENCES purchase(purchase_id),
  item_no smallint NOT NULL,
  band_id int NOT NULL REFERENCES seat_band(band_id),
  seats smallint NOT NULL CHECK (seats BETWEEN 1 AND 8),
  PRIMARY KEY (purchase_id, item_no));
"""
SETTINGS = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}

MOUNTED = """
SELECT count(*)::int, count(*) FILTER (WHERE g.mounted_at IS NOT NULL
  AND s.sampled_at >= g.mounted_at
  AND (g.dismounted_at IS NULL OR s.sampled_at <= g.dismounted_at))::int
FROM gauge_sample s JOIN tide_gauge g ON g.gauge_id = s.gauge_id
"""
ON_SALE = """
SELECT count(*)::int, count(*) FILTER (WHERE p.purchased_at >= f.tickets_open_at
  AND p.purchased_at < f.begins_at AND p.purchased_at <= :now)::int
FROM purchase_item i JOIN purchase p ON p.purchase_id = i.purchase_id
JOIN seat_band b ON b.band_id = i.band_id JOIN fixture f ON f.fixture_id = b.fixture_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_samples_lie_in_their_gauges_mounting_and_items_in_their_fixtures_sale(
    loaded: str,
) -> None:
    applies, holds = share(loaded, MOUNTED, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
    applies, holds = share(loaded, ON_SALE, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
