"""A road vehicle measures what its kind measures, on a schema of our own (a toll tunnel: its
lanes, and the passages of vehicles of a class each, with the vehicle's length in millimetres,
width in centimetres and height in metres as the gantry's laser measured them), checked in SQL
on what a real PostgreSQL holds: a motorbike about two metres long, a car four and a half, a
coach twelve, a lorry up to 18.75 metres and four high, each in the unit its column names.
Before, length and width were any number and the height a person's (150 to 200 cm, whatever
the vehicle)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE toll_class AS ENUM ('motorbike', 'car', 'minibus', 'campervan', 'car_and_caravan',
  'coach', 'lorry');
CREATE TABLE lanes (id serial PRIMARY KEY, lane_code varchar(6) NOT NULL UNIQUE,
  max_height_m numeric(3,2));
CREATE TABLE passages (id bigserial PRIMARY KEY, lane_id int NOT NULL REFERENCES lanes(id),
  passed_at timestamptz NOT NULL, vehicle_class toll_class NOT NULL,
  length_mm integer NOT NULL CHECK (length_mm > 0), width_cm smallint NOT NULL,
  height_m numeric(4,2) NOT NULL CHECK (height_m > 0), toll_amount numeric(8,2) NOT NULL);
"""

# what each class measures (makers' figures, written here): length and height in cm
SIZES = """(VALUES ('motorbike', 170, 270, 90, 160), ('car', 250, 560, 120, 210),
  ('minibus', 450, 750, 180, 300), ('campervan', 450, 700, 180, 320),
  ('car_and_caravan', 650, 1400, 120, 320), ('coach', 1000, 1500, 290, 400),
  ('lorry', 700, 1875, 280, 495)) AS d(cls, lo_len, hi_len, lo_h, hi_h)"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(pg_cluster, request):
    settings = {"generate": {"rows": 800}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_vehicle_is_as_long_and_as_high_as_its_class(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE p.length_mm BETWEEN d.lo_len * 10
                                                  AND d.hi_len * 10
                                           AND p.height_m * 100 BETWEEN d.lo_h AND d.hi_h)
            FROM passages p JOIN {SIZES} ON d.cls = p.vehicle_class::text""",
    )
    assert applies > 500 and held >= 0.98


def test_a_vehicle_is_as_wide_as_its_class(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE vehicle_class
                WHEN 'motorbike' THEN width_cm BETWEEN 60 AND 110
                WHEN 'car' THEN width_cm BETWEEN 140 AND 210
                ELSE width_cm BETWEEN 170 AND 260 END)
            FROM passages""",
    )
    assert applies > 500 and held >= 0.98


def test_coaches_are_longer_than_cars(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT 1, ((SELECT avg(length_mm) FROM passages WHERE vehicle_class = 'coach')
                      > 2 * (SELECT avg(length_mm) FROM passages WHERE vehicle_class = 'car')
                    AND (SELECT avg(height_m) FROM passages WHERE vehicle_class = 'lorry')
                      > 1.5 * (SELECT avg(height_m) FROM passages
                               WHERE vehicle_class = 'car'))::int""",
    )
    assert applies == 1 and held == 1.0
