"""Shares a whole table keeps, and totals that only grow, on a schema of our own (a bakery
group with a delivery fleet, a vet clinic's appointments, field-research grants and river
survey transects), at three seeds, on a pinned clock:

- a lifecycle's rare labels keep their share to the row (generators/quota.py): contaminated
  batches at most 3 %, cancelled appointments at most 6 %; a parcel lost in carriage is rarer
  than any other failure (vocab/outcomes.LOST_IN_CARRIAGE_SHARE); a batch `packaged` is the
  happy end, `contaminated` a failure (vocab/outcomes.py);
- an appointment `confirmed` before it is `completed` waits for its time: none that ended
  over a day ago is still merely confirmed (rules/recent.status_meanings);
- an engine hour meter never goes down nor rises more than the hours elapsed (rules/
  counter.py reads `engine_hour_meter` as an hour meter);
- a research grant's milestone reports never show less cost or fewer field days to date than
  the one before, nor more cost than the grant's budget (rules/so_far.py);
- a transect's survey points measure from its first point: 0 there, farther and later at each
  next point (rules/so_far.py)."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE bakery (id int PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE dough_batches (
  id bigint PRIMARY KEY,
  bakery_id int NOT NULL REFERENCES bakery(id),
  mixed_at timestamptz NOT NULL,
  kilos numeric(8,1) NOT NULL CHECK (kilos > 0),
  status text NOT NULL CHECK (status IN ('proofing', 'baking', 'packaged', 'contaminated')));
CREATE TABLE parcels (
  id bigint PRIMARY KEY,
  bakery_id int NOT NULL REFERENCES bakery(id),
  dispatched_at timestamptz,
  status text NOT NULL CHECK (status IN ('label_created', 'in_transit', 'delivered',
                                         'returned', 'lost')));
CREATE TABLE vets (id int PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE appointments (
  id bigint PRIMARY KEY,
  vet_id int NOT NULL REFERENCES vets(id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('confirmed', 'completed', 'cancelled', 'no_show')),
  CHECK (ends_at > starts_at));
CREATE TABLE generators (id int PRIMARY KEY, serial_no text NOT NULL,
  commissioned_on date NOT NULL);
CREATE TABLE generator_checks (
  id bigint PRIMARY KEY,
  generator_id int NOT NULL REFERENCES generators(id),
  checked_at timestamptz NOT NULL,
  engine_hour_meter numeric(9,1) NOT NULL CHECK (engine_hour_meter >= 0));
CREATE TABLE research_grants (
  id int PRIMARY KEY, title text NOT NULL,
  budget numeric(12,2) NOT NULL CHECK (budget > 0),
  starts_on date NOT NULL, ends_on date NOT NULL);
CREATE TABLE milestone_reports (
  id int PRIMARY KEY,
  grant_id int NOT NULL REFERENCES research_grants(id),
  milestone_no int NOT NULL,
  filed_on date NOT NULL,
  cost_to_date numeric(12,2) NOT NULL,
  field_days_to_date int NOT NULL,
  UNIQUE (grant_id, milestone_no));
CREATE TABLE transects (id int PRIMARY KEY, river text NOT NULL);
CREATE TABLE survey_points (
  transect_id int NOT NULL REFERENCES transects(id),
  point_no int NOT NULL,
  depth_cm int NOT NULL,
  distance_from_origin_m int NOT NULL CHECK (distance_from_origin_m >= 0),
  time_offset_min int NOT NULL CHECK (time_offset_min >= 0),
  PRIMARY KEY (transect_id, point_no));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

SHARES = f"""
SELECT (SELECT avg((status = 'contaminated')::int) FROM dough_batches),
       (SELECT avg((status = 'packaged')::int) FROM dough_batches),
       (SELECT avg((status = 'lost')::int) FROM parcels),
       (SELECT avg((status = 'cancelled')::int) FROM appointments),
       (SELECT count(*) FROM appointments
        WHERE status = 'confirmed' AND ends_at < timestamptz '{NOW}' - interval '1 day')
"""
METER = """
WITH r AS (SELECT engine_hour_meter AS m, checked_at AS at,
                  lag(engine_hour_meter) OVER w AS pm, lag(checked_at) OVER w AS pat
           FROM generator_checks WINDOW w AS (PARTITION BY generator_id ORDER BY checked_at, id))
SELECT avg((pm IS NULL OR (m >= pm AND m - pm <= extract(epoch FROM at - pat) / 3600.0))::int)
FROM r
"""
TO_DATE = """
WITH r AS (SELECT cost_to_date AS c, field_days_to_date AS d, g.budget,
                  lag(cost_to_date) OVER w AS pc, lag(field_days_to_date) OVER w AS pd
           FROM milestone_reports m JOIN research_grants g ON g.id = m.grant_id
           WINDOW w AS (PARTITION BY grant_id ORDER BY milestone_no))
SELECT avg((c <= budget AND (pc IS NULL OR (c >= pc AND d >= pd)))::int) FROM r
"""
FROM_ORIGIN = """
WITH p AS (SELECT point_no, distance_from_origin_m AS d, time_offset_min AS t,
                  row_number() OVER w AS rn, lag(distance_from_origin_m) OVER w AS pd,
                  lag(time_offset_min) OVER w AS pt
           FROM survey_points WINDOW w AS (PARTITION BY transect_id ORDER BY point_no))
SELECT avg(((rn = 1 AND d = 0 AND t = 0) OR (rn > 1 AND d > pd AND t > pt))::int) FROM p
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def _one(conninfo: str, sql: str) -> tuple:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(sql).fetchone()
    assert row is not None
    return row


def test_rare_labels_keep_their_share_and_bookings_wait(loaded: str) -> None:
    contaminated, packaged, lost, cancelled, stale = _one(loaded, SHARES)
    assert 0 < contaminated <= 0.03
    assert packaged >= 0.6
    assert lost <= 0.01
    assert cancelled <= 0.06
    assert stale == 0


def test_an_hour_meter_only_grows_by_the_hours_elapsed(loaded: str) -> None:
    assert _one(loaded, METER)[0] >= 0.99


def test_totals_to_date_never_fall_nor_pass_the_budget(loaded: str) -> None:
    assert _one(loaded, TO_DATE)[0] == 1


def test_a_series_measures_from_its_first_point(loaded: str) -> None:
    assert _one(loaded, FROM_ORIGIN)[0] == 1
