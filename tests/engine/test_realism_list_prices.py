"""A line charged from a price list it does not name takes the list price in force, on a
schema of our own (a parking operator: zones, vehicle classes, tariffs per class and zone over
time, garages in a zone, and visits of a vehicle class to a garage, each charged a fee per
hour). No key joins a visit to its tariff: the visit's class is its own, its zone its garage's,
its day its own (kinds/list_prices.py, rules/list_price.py). Before, a visit's fee was drawn
freely and matched no tariff."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE zones (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE vehicle_classes (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE tariffs (id serial PRIMARY KEY,
  vehicle_class_id int NOT NULL REFERENCES vehicle_classes(id),
  zone_id int NOT NULL REFERENCES zones(id),
  hourly_fee numeric(8,2) NOT NULL CHECK (hourly_fee > 0),
  effective_from date NOT NULL, effective_to date,
  CHECK (effective_to IS NULL OR effective_to >= effective_from));
CREATE INDEX ON tariffs (vehicle_class_id, effective_from);
CREATE TABLE garages (id serial PRIMARY KEY, zone_id int NOT NULL REFERENCES zones(id),
  label text NOT NULL);
CREATE TABLE visits (id bigserial PRIMARY KEY,
  garage_id int NOT NULL REFERENCES garages(id),
  vehicle_class_id int NOT NULL REFERENCES vehicle_classes(id),
  parked_on date NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
  fee numeric(8,2) NOT NULL CHECK (fee >= 0));
"""

SETTINGS = {
    "generate": {"rows": 800, "now": "2026-05-04T10:00:00Z"},
    "tables": {"public.zones": {"rows": 6}, "public.vehicle_classes": {"rows": 40}},
}

AT_TARIFF = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM tariffs t WHERE t.vehicle_class_id = v.vehicle_class_id
    AND t.zone_id = g.zone_id AND v.parked_on >= t.effective_from
    AND (t.effective_to IS NULL OR v.parked_on <= t.effective_to)
    AND t.hourly_fee = v.fee))
FROM visits v JOIN garages g ON g.id = v.garage_id
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_visit_pays_the_tariff_in_force_for_its_class_and_zone(loaded: str) -> None:
    applies, holds = share(loaded, AT_TARIFF)
    assert applies > 500 and holds >= 0.95, (applies, holds)
