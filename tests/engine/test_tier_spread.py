"""The tiers of one thing are priced around its level (rules/tier_spread.py): a gala's seat
bands span a few times from the cheapest to the dearest, not a hundredfold, while galas differ
from one another; the fee beside the price is not the tier's price. On a schema of our own, at
three seeds."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE galas (gala_id int PRIMARY KEY, title varchar(80) NOT NULL,
  held_on date NOT NULL);
CREATE TABLE seat_bands (band_id int PRIMARY KEY,
  gala_id int NOT NULL REFERENCES galas(gala_id),
  label varchar(40) NOT NULL, price numeric(9,2) NOT NULL,
  service_fee numeric(9,2) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

WITHIN = """
SELECT count(*)::int, count(*) FILTER (WHERE hi <= 8 * lo)::int
FROM (SELECT gala_id, min(price) AS lo, max(price) AS hi FROM seat_bands WHERE price > 0
      GROUP BY gala_id HAVING count(*) > 1) t
"""
APART = "SELECT max(price) / min(price) FROM seat_bands WHERE price > 0"


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_things_tiers_are_priced_around_its_level(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, WITHIN)
        assert applies >= 30
        assert holds >= 0.98
        with psycopg.connect(conninfo) as conn:
            row = conn.execute(APART).fetchone()
        assert row is not None and float(row[0]) > 10  # the galas' levels differ
