"""A workforce's roles are held by headcount, not by the order they are declared in (issue 25,
item 5: the first label took about 70 %): on a schema of our own, a garden centre's staff whose
role an enum lists head first, and a ferry's crew whose rank a CHECK lists captain first, the
heads (a manager, a captain) are a few of the rows and the plain roles most of them."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE staff_role AS ENUM ('store_manager', 'senior_horticulturist', 'horticulturist',
  'cashier', 'delivery_driver');
CREATE TABLE garden_staff (id serial PRIMARY KEY, full_name text NOT NULL,
  role staff_role NOT NULL);
CREATE TABLE ferry_crew (id serial PRIMARY KEY, full_name text NOT NULL,
  crew_rank text NOT NULL CHECK (crew_rank IN ('captain', 'first_officer', 'purser',
  'cabin_attendant')));
CREATE TABLE paint_tins (id serial PRIMARY KEY,
  colour text NOT NULL CHECK (colour IN ('red', 'green', 'blue')));
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_heads_are_few_and_hands_are_many(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 1000}}, seed=seed) as conninfo:
        judged, head = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE role = 'store_manager') FROM garden_staff",
        )
        assert judged == 1000 and 0.01 <= head <= 0.12, head
        _, plain = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE role IN ('horticulturist', "
            "'cashier', 'delivery_driver')) FROM garden_staff",
        )
        assert plain >= 0.7, plain
        _, captains = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE crew_rank = 'captain') FROM ferry_crew",
        )
        _, attendants = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE crew_rank = 'cabin_attendant') "
            "FROM ferry_crew",
        )
        assert captains < 0.15 and attendants > 2 * captains, (captains, attendants)
        # a column that names no roles keeps its declared-order skew
        _, red = share(
            conninfo, "SELECT count(*), count(*) FILTER (WHERE colour = 'red') FROM paint_tins"
        )
        assert red > 0.5, red
