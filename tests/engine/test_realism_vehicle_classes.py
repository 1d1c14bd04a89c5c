"""A vehicle weighs and pulls what its class does, on a schema of our own (a car-leasing
company whose `variants` have no kind of their own but a key to a `segments` table whose
`segment_type` enum names the class: economy, compact, SUV, luxury, van), checked in SQL on
what a real PostgreSQL holds: the curb weight in kilograms and the power in horsepower fall
in the class's band (an economy car about a tonne and 70 kW, a luxury car two tonnes and
250 kW, a van heavy but modest), so a luxury variant outweighs and outpowers an economy one."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE segment_type AS ENUM ('economy', 'compact', 'suv', 'luxury', 'van');
CREATE TABLE segments (code varchar(6) PRIMARY KEY, segment_type segment_type NOT NULL,
  label text NOT NULL);
CREATE TABLE variants (id serial PRIMARY KEY, segment_code varchar(6) NOT NULL
  REFERENCES segments(code), variant_name text NOT NULL, kerb_weight_kg integer NOT NULL,
  power_hp smallint NOT NULL, list_price numeric(10,2));
CREATE TABLE leases (id serial PRIMARY KEY, variant_id int NOT NULL REFERENCES variants(id),
  starts_on date NOT NULL, monthly_fee numeric(8,2) NOT NULL);
"""
# (kg low, kg high, kW low, kW high) a domain expert would accept for each class
BANDS = {
    "economy": (850, 1400, 45, 110),
    "compact": (1050, 1600, 55, 150),
    "suv": (1250, 2800, 70, 400),
    "luxury": (1700, 2700, 150, 500),
    "van": (1600, 3300, 70, 220),
}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 400}}) as conninfo:
        yield conninfo


def test_a_variant_weighs_and_pulls_what_its_segment_does(loaded: str) -> None:
    band = " ".join(
        f"WHEN '{k}' THEN v.kerb_weight_kg BETWEEN {a} AND {b}"
        f" AND v.power_hp / 1.341 BETWEEN {c} AND {d}"
        for k, (a, b, c, d) in BANDS.items()
    )
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE CASE s.segment_type::text {band} END)
            FROM variants v JOIN segments s ON s.code = v.segment_code""",
    )
    assert applies >= 100 and held >= 0.98, held
    _, heavier = share(
        loaded,
        """SELECT 1, count(*) FROM (SELECT s.segment_type::text AS k,
                  avg(v.kerb_weight_kg) AS kg, avg(v.power_hp) AS hp
             FROM variants v JOIN segments s ON s.code = v.segment_code GROUP BY 1) a
           JOIN (SELECT s.segment_type::text AS k, avg(v.kerb_weight_kg) AS kg,
                  avg(v.power_hp) AS hp
             FROM variants v JOIN segments s ON s.code = v.segment_code GROUP BY 1) b
             ON a.k = 'luxury' AND b.k = 'economy' WHERE a.kg > b.kg AND a.hp > b.hp""",
    )
    assert heavier == 1.0
