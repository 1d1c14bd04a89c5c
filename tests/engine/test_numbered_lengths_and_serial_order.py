"""Numbered children with a start and a count of minutes follow one another, and serial keys
grow with the time their row came to be. A radio station's broadcasts each hold several
segments numbered 1, 2, 3 (`PRIMARY KEY (broadcast_id, segment_no)`) whose `begins_at` and
`segment_minutes` chain inside the broadcast's window (rules/sequence.py, rules/rest.own_count);
a studio's bookings numbered by `slot_no` are several per studio; and the ids of the ad sales
and of their invoices are handed out in the order of `sold_at` / `created_at`
(rules/serial_order.py), the invoices still naming sales sold before them. On a schema of our
own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import count_in, loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE studio (studio_id serial PRIMARY KEY, label varchar(60) NOT NULL);
CREATE TABLE broadcast (
  broadcast_id serial PRIMARY KEY,
  studio_id int NOT NULL REFERENCES studio(studio_id),
  title varchar(120) NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE segment (
  broadcast_id int NOT NULL REFERENCES broadcast(broadcast_id) ON DELETE CASCADE,
  segment_no smallint NOT NULL CHECK (segment_no >= 1),
  begins_at timestamptz NOT NULL,
  segment_minutes smallint NOT NULL CHECK (segment_minutes > 0),
  PRIMARY KEY (broadcast_id, segment_no));
CREATE TABLE studio_booking (
  studio_id int NOT NULL REFERENCES studio(studio_id),
  slot_no smallint NOT NULL CHECK (slot_no >= 1),
  booked_by varchar(80) NOT NULL,
  PRIMARY KEY (studio_id, slot_no));
CREATE TABLE ad_sale (
  sale_id serial PRIMARY KEY,
  broadcast_id int NOT NULL REFERENCES broadcast(broadcast_id),
  advertiser varchar(120) NOT NULL,
  sold_at timestamptz NOT NULL,
  amount numeric(10,2) NOT NULL CHECK (amount > 0));
CREATE TABLE ad_invoice (
  invoice_id bigserial PRIMARY KEY,
  sale_id int NOT NULL REFERENCES ad_sale(sale_id),
  created_at timestamptz NOT NULL,
  due_on date NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

CHAINED = """
SELECT count(*)::int, count(*) FILTER (WHERE next_no = segment_no + 1
  AND next_begin >= begins_at + segment_minutes * interval '1 minute')::int
FROM (SELECT segment_no, begins_at, segment_minutes,
             lead(segment_no) OVER w AS next_no, lead(begins_at) OVER w AS next_begin
      FROM segment WINDOW w AS (PARTITION BY broadcast_id ORDER BY segment_no)) s
WHERE next_no IS NOT NULL
"""
WITHIN = """
SELECT count(*)::int, count(*) FILTER (WHERE s.begins_at >= b.starts_at
  AND s.begins_at + s.segment_minutes * interval '1 minute' <= b.ends_at)::int
FROM segment s JOIN broadcast b USING (broadcast_id)
"""
NUMBERED = """
SELECT count(*)::int, count(*) FILTER (WHERE top = n AND low = 1)::int,
       count(*) FILTER (WHERE n > 1)::int
FROM (SELECT count(*) AS n, min({no}) AS low, max({no}) AS top FROM {table} GROUP BY {parent}) g
"""
GROWS = """
SELECT count(*)::int, count(*) FILTER (WHERE at >= prev_at)::int
FROM (SELECT {at} AS at, lag({at}) OVER (ORDER BY {id}) AS prev_at FROM {table}) s
WHERE prev_at IS NOT NULL
"""
AFTER_SALE = """
SELECT count(*)::int, count(*) FILTER (WHERE i.created_at >= s.sold_at)::int
FROM ad_invoice i JOIN ad_sale s USING (sale_id)
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_numbered_children_with_minutes_follow_one_another(loaded: str) -> None:
    applies, holds = share(loaded, CHAINED, now=NOW)
    assert applies >= 50  # several segments a broadcast
    assert holds >= 0.98
    applies, holds = share(loaded, WITHIN, now=NOW)
    assert holds >= 0.98
    for table, no, parent in (("segment", "segment_no", "broadcast_id"),
                              ("studio_booking", "slot_no", "studio_id")):  # fmt: skip
        query = NUMBERED.format(table=table, no=no, parent=parent)
        applies, holds = share(loaded, query)
        assert applies >= 5 and holds == 1.0, table  # numbered 1..n under each parent
        several = count_in(loaded, f"SELECT several FROM ({query}) q(n, ok, several)")
        assert several >= 0.2 * applies, table  # a good part of the parents hold several


def test_serial_keys_grow_with_their_rows_time(loaded: str) -> None:
    for table, key, at in (("ad_sale", "sale_id", "sold_at"),
                           ("ad_invoice", "invoice_id", "created_at")):  # fmt: skip
        applies, holds = share(loaded, GROWS.format(table=table, id=key, at=at), now=NOW)
        assert applies >= 250 and holds >= 0.99, table
    applies, holds = share(loaded, AFTER_SALE, now=NOW)
    assert applies >= 250 and holds >= 0.98
