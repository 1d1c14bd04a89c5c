"""A verdict left open weeks ago came as verdicts come, on a schema of our own (a web shop's
shoppers, their carts and the card charges tried on a cart, each with an outcome: awaiting,
succeeded, refused, disputed), checked in SQL on what a real PostgreSQL holds with the run's
clock pinned. A charge still awaiting its verdict is a recent one; one whose cart (and so its
own time) lies weeks back did not stay open: it got the verdict charges get, mostly a success,
a refusal no more often than among all charges (vocab/outcomes.py: a few percent), never a
dispute (which follows a success). Before, every such charge was refused: about one in ten."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-06-01 12:00:00+00"
SCHEMA = """
CREATE TYPE attempt_result AS ENUM ('awaiting', 'succeeded', 'refused', 'disputed');
CREATE TABLE shoppers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE carts (id bigserial PRIMARY KEY, shopper_id int NOT NULL REFERENCES shoppers(id),
  created_at timestamptz NOT NULL, total_amount numeric(10,2) NOT NULL);
CREATE TABLE charge_attempts (id bigserial PRIMARY KEY,
  cart_id bigint NOT NULL REFERENCES carts(id), amount numeric(10,2) NOT NULL,
  outcome attempt_result NOT NULL, attempted_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_refusals_and_disputes_stay_rare(loaded: str) -> None:
    applies, refused = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE outcome = 'refused') FROM charge_attempts"
    )
    assert applies >= 900 and refused <= 0.05
    _, disputed = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE outcome = 'disputed') FROM charge_attempts"
    )
    assert disputed <= 0.02
    _, succeeded = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE outcome = 'succeeded') FROM charge_attempts",
    )
    assert succeeded >= 0.85


def test_a_charge_still_awaiting_is_a_recent_one(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE attempted_at >= :now - interval '7 days'
                                           AND attempted_at <= :now)
            FROM charge_attempts WHERE outcome = 'awaiting'""",
        now=NOW,
    )
    assert held >= 0.98 or applies == 0
