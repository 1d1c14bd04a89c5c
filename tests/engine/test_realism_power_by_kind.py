"""A thing's rated power is what a thing of its kind draws or delivers (vocab/data/
magnitudes.tsv, measure power_kw), on a schema of our own (a fleet depot and its canteen: charge
points with a `plug_type` of 'Type 1', 'CCS1', 'NACS', chargers of a `charger_class` AC or DC
rated by `output_kw`, and kitchen appliances whose `appliance_class` is a kettle, a microwave
or a dishwasher, rated by `rated_power_w` in watts). Before, a rated power was drawn from one
range whatever the kind (a kettle of 40 kW, an AC charge point of 300), and a power in watts
read as kilowatts."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, name varchar(80) NOT NULL);
CREATE TABLE chargers (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  charger_class varchar(4) NOT NULL CHECK (charger_class IN ('AC', 'DC')),
  output_kw numeric(6,1) NOT NULL CHECK (output_kw > 0));
CREATE TABLE charge_points (id serial PRIMARY KEY,
  charger_id int NOT NULL REFERENCES chargers(id),
  plug_type varchar(10) NOT NULL CHECK (plug_type IN ('Type 1', 'CCS1', 'NACS')),
  rated_power_kw numeric(6,1) NOT NULL CHECK (rated_power_kw > 0));
CREATE TABLE appliances (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  appliance_class text NOT NULL CHECK (appliance_class IN ('kettle', 'microwave', 'dishwasher')),
  rated_power_w integer NOT NULL CHECK (rated_power_w > 0));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 400}}, seed=4) as conninfo:
        yield conninfo


def test_a_plug_delivers_what_its_type_delivers(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE plug_type
             WHEN 'Type 1' THEN rated_power_kw BETWEEN 1.4 AND 19.2
             WHEN 'CCS1' THEN rated_power_kw BETWEEN 20 AND 400
             WHEN 'NACS' THEN rated_power_kw BETWEEN 7 AND 350 END) FROM charge_points""",
    )
    assert applies > 100 and held >= 0.98, held


def test_a_charger_delivers_what_its_class_delivers(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE charger_class
             WHEN 'AC' THEN output_kw BETWEEN 1.4 AND 43
             WHEN 'DC' THEN output_kw BETWEEN 20 AND 400 END) FROM chargers""",
    )
    assert applies > 10 and held >= 0.98, held


def test_an_appliance_draws_what_its_class_draws_in_watts(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE appliance_class
             WHEN 'kettle' THEN rated_power_w BETWEEN 1500 AND 3200
             WHEN 'microwave' THEN rated_power_w BETWEEN 500 AND 1700
             WHEN 'dishwasher' THEN rated_power_w BETWEEN 1000 AND 2800 END) FROM appliances""",
    )
    assert applies > 10 and held >= 0.98, held
