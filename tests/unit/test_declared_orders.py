"""The orders a table's CHECKs declare between its time columns (kinds/orders.py), and the
fewest columns given back where the row rules broke a CHECK (rows/revert.py)."""

from __future__ import annotations

import numpy as np

from workbench.generate.base.batch import Col
from workbench.generate.checks import checks_for, make_env
from workbench.generate.kinds.orders import (
    Order,
    declared_orders,
    declared_start,
    reversed_by_check,
)
from workbench.generate.rows.revert import contradicted, give_back
from workbench.generate.rules.base import Rule
from workbench.schema.parse import parse_schema_text

DDL = """
CREATE TABLE visits (id int PRIMARY KEY, booked_at timestamptz NOT NULL,
  departure_day date NOT NULL, arrival_day date NOT NULL, left_at timestamptz,
  came_at timestamptz, guests int NOT NULL,
  CHECK (departure_day > arrival_day AND guests > 0),
  CHECK (left_at IS NULL OR came_at <= left_at),
  CHECK (arrival_day >= booked_at::date),
  CHECK (guests < 9 OR came_at IS NULL),
  CHECK (came_at <> booked_at));
"""


def _table():
    schema = parse_schema_text(DDL, "schema.sql").schema
    return schema, schema.tables["public.visits"]


def test_a_check_between_two_times_is_their_order() -> None:
    schema, table = _table()
    assert declared_orders(schema, table) == (
        Order("arrival_day", "departure_day", True),
        Order("came_at", "left_at", False),
        Order("booked_at", "arrival_day", False),
    )
    # the words read a trip (departure, then arrival); the CHECK a stay
    assert reversed_by_check(schema, table, "departure_day", "arrival_day")
    assert not reversed_by_check(schema, table, "arrival_day", "departure_day")
    # the start of a thing: the other end one word apart that the CHECK puts first
    assert declared_start(schema, table, "departure_day") == "arrival_day"
    assert declared_start(schema, table, "arrival_day") == "arrival_day"  # booked: no end of it


def _day(values: list[str]) -> Col:
    return Col(np.array(values, dtype="datetime64[D]"), np.zeros(len(values), bool), "date")


def test_a_broken_check_gets_the_fewest_columns_back() -> None:
    schema, table = _table()
    tree = next(t for _, t in checks_for(schema, table) if "departure_day" in t.sql())
    n = 40
    drawn_arrival = ["2024-01-03"] * n
    drawn_departure = ["2024-01-05"] * n
    before = {
        "arrival_day": (_day(drawn_arrival).values, np.zeros(n, bool)),
        "departure_day": (_day(drawn_departure).values, np.zeros(n, bool)),
        "guests": (np.full(n, 2), np.zeros(n, bool)),
    }
    # the rules placed every arrival right (after its booking), then one broke the departure
    batch = {
        "arrival_day": _day(["2024-01-01"] * n),
        "departure_day": _day(["2023-12-30"] * n),
        "guests": Col(np.full(n, 2), np.zeros(n, bool), "int"),
    }
    env = make_env(schema, {})
    back = give_back(batch, tree, ["arrival_day", "departure_day", "guests"], before, env)
    assert back.all()
    # the departure alone came back (it holds with the placed arrival); the arrival stays
    assert (batch["arrival_day"].values == np.datetime64("2024-01-01")).all()
    assert (batch["departure_day"].values == np.datetime64("2024-01-05")).all()
    rules = [Rule("pair", ["departure_day", "arrival_day"], "", {})]
    said = contradicted("visits_check", back, ["arrival_day", "departure_day"], rules)
    assert "40 of 40" in said and "pair(departure_day, arrival_day)" in said
    assert contradicted("visits_check", back[:5], ["arrival_day"], rules) == ""
