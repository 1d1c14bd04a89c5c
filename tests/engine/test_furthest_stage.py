"""A status whose labels fail in several ways but name no success (a commission `enquired`,
`quoted`, `commissioned`, `fell_through`, `withdrawn`; a placement `pending_start`, `started`,
`fell_through`, `refunded`): the last stage declared, an end reached, is where a row that did
not fail ends up, so most rows are there and the failures are few; `fell_through` is a failure
as `cancelled` is. Checked in SQL on a real PostgreSQL at several seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import count_in, loaded_database

SCHEMA = """
CREATE TABLE studios (id serial PRIMARY KEY, studio_name text NOT NULL);
CREATE TABLE art_commissions (
    id bigserial PRIMARY KEY,
    studio_id integer NOT NULL REFERENCES studios,
    patron_name text NOT NULL,
    phase text NOT NULL DEFAULT 'enquired'
        CHECK (phase IN ('enquired', 'quoted', 'commissioned', 'fell_through', 'withdrawn')),
    fee numeric(10,2) NOT NULL);
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_last_stage_reached_is_the_happy_end(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 600, "batch_rows": 250, "now": "2026-03-10T09:00:00+00:00"}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        rows = count_in(conninfo, "SELECT count(*) FROM art_commissions")
        assert rows == 600
        done = count_in(
            conninfo, "SELECT count(*) FROM art_commissions WHERE phase = 'commissioned'"
        )
        failed = "SELECT count(*) FROM art_commissions WHERE phase IN ('fell_through', 'withdrawn')"
        assert done >= 0.7 * rows
        assert count_in(conninfo, failed) <= 0.1 * rows
