"""A measured value agrees with its reference range, on a schema of our own (a greenhouse:
sensors with a unit and a normal band, their readings copying both and flagged ok, below,
above or alert), checked in SQL on what a real PostgreSQL holds:

- a reading is in its sensor's unit and band, the band ordered low to high;
- its flag says where the value lies (ok inside, below, above, alert far outside), most
  readings inside; a reading without a value has no flag."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TYPE reading_flag AS ENUM ('alert', 'above', 'below', 'ok');
CREATE TABLE sensors (id serial PRIMARY KEY, label text NOT NULL, unit varchar(12),
  normal_min numeric(8,2), normal_max numeric(8,2));
CREATE TABLE sensor_readings (id serial PRIMARY KEY, sensor_id int NOT NULL REFERENCES sensors(id),
  taken_at timestamptz NOT NULL, value numeric(8,2), unit varchar(12),
  normal_min numeric(8,2), normal_max numeric(8,2), flag reading_flag);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 600}}, REPO / "sandbox.toml")
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def _row(conninfo: str, query: str) -> tuple:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return tuple(row)


def test_a_reading_has_its_sensors_unit_and_band(loaded: str) -> None:
    n, holds = _row(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE r.unit IS NOT DISTINCT FROM s.unit
               AND CASE WHEN s.normal_min IS NULL OR s.normal_max IS NULL
                   THEN (r.normal_min, r.normal_max)
                        IS NOT DISTINCT FROM (s.normal_min, s.normal_max)
                   ELSE r.normal_min = least(s.normal_min, s.normal_max)
                        AND r.normal_max = greatest(s.normal_min, s.normal_max) END)
           FROM sensor_readings r JOIN sensors s ON s.id = r.sensor_id""",
    )
    assert n == 600 and holds == n


def test_the_flag_says_where_the_value_lies(loaded: str) -> None:
    n, holds, ok, unflagged = _row(
        loaded,
        """SELECT count(*) FILTER (WHERE flag IS NOT NULL),
                  count(*) FILTER (WHERE CASE flag
                      WHEN 'ok' THEN value BETWEEN normal_min AND normal_max
                      WHEN 'below' THEN value < normal_min
                      WHEN 'above' THEN value > normal_max
                      WHEN 'alert' THEN value < normal_min OR value > normal_max END),
                  count(*) FILTER (WHERE flag = 'ok'),
                  count(*) FILTER (WHERE flag IS NOT NULL AND (value IS NULL OR normal_min IS NULL))
           FROM sensor_readings""",
    )
    assert n > 300 and holds == n and unflagged == 0
    assert 0.7 <= ok / n <= 0.97
