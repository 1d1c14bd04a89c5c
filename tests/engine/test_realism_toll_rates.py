"""A toll per kilometre is a toll's, on a schema of our own (a road operator's tariffs per
vehicle class, in its nation's currency): where the row or its ancestors are named for tolls
or motorways (vocab/data/unit_prices.tsv: a unit's sense under the nouns around a row), a
kilometre costs cents, not a taxi's or a haulier's fare, and a light vehicle pays the least of
the classes. Before: 0.0 at seeds 1 and 2 (a kilometre priced as a taxi's: 0.15-5 dollars)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE nations (iso_code char(2) PRIMARY KEY, nation_name text NOT NULL,
  currency_iso char(3) NOT NULL);
CREATE TABLE road_operators (id serial PRIMARY KEY, legal_name text NOT NULL,
  nation_code char(2) NOT NULL REFERENCES nations(iso_code));
CREATE TABLE vehicle_classes (id serial PRIMARY KEY, class_label text NOT NULL
  CHECK (class_label IN ('motorcycle', 'light_vehicle', 'van', 'heavy_goods_vehicle')));
CREATE TABLE toll_tariffs (id serial PRIMARY KEY,
  operator_id int NOT NULL REFERENCES road_operators(id),
  class_id int NOT NULL REFERENCES vehicle_classes(id),
  price_per_km numeric(6,4) NOT NULL, currency_iso char(3) NOT NULL);
"""

LIGHT = """
SELECT count(*), count(*) FILTER (WHERE t.price_per_km / f.per_usd BETWEEN 0.03 AND 0.35)
FROM toll_tariffs t JOIN vehicle_classes c ON c.id = t.class_id
JOIN (VALUES ('USD', 1.0), ('EUR', 0.92), ('GBP', 0.79), ('SEK', 10.5), ('NOK', 10.7),
  ('CHF', 0.88), ('PLN', 4.0), ('CZK', 23.0), ('JPY', 150.0), ('CAD', 1.36), ('AUD', 1.52),
  ('INR', 83.0), ('BRL', 5.0), ('MXN', 17.0), ('CNY', 7.2), ('DKK', 6.9), ('HUF', 360.0))
  AS f(code, per_usd) ON f.code = t.currency_iso
WHERE c.class_label = 'light_vehicle'
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_toll_per_km_costs_cents(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 400}}, seed=seed) as conninfo:
        judged, held = share(conninfo, LIGHT)
        assert judged >= 10 and held >= 0.98, (judged, held)
