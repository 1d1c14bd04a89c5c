"""What a row measures over its period grows with the period, at the rate its consumer's class
draws: a statement's usage_kwh over billing_from..billing_to is a household's day of
electricity × the period's days for a domestic account holder, several times that for a
business (rules/period_use.py). The class is the account holder's (two keys away: the
statement's supply point's holder), not the price plan's of the same enum. On a schema of our
own, at three seeds, one database per seed."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE segment AS ENUM ('domestic', 'business', 'industrial');
CREATE TABLE account_holders (holder_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL, segment segment NOT NULL);
CREATE TABLE price_plans (plan_id int PRIMARY KEY, plan_name varchar(60) NOT NULL,
  segment segment NOT NULL, unit_rate numeric(8,4) NOT NULL);
CREATE TABLE supply_points (point_id int PRIMARY KEY,
  holder_id int NOT NULL REFERENCES account_holders(holder_id),
  mpan varchar(21) NOT NULL UNIQUE, energised_on date NOT NULL);
CREATE TABLE statements (statement_id int PRIMARY KEY,
  point_id int NOT NULL REFERENCES supply_points(point_id),
  plan_id int NOT NULL REFERENCES price_plans(plan_id),
  billing_from date NOT NULL, billing_to date NOT NULL,
  usage_kwh numeric(10,1) NOT NULL, issued_on date NOT NULL,
  CHECK (billing_from <= billing_to));
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

PER_DAY = """
WITH s AS (SELECT h.segment::text AS segment, s.usage_kwh AS used,
  s.billing_to - s.billing_from + 1 AS days
  FROM statements s JOIN supply_points p USING (point_id) JOIN account_holders h USING (holder_id))
SELECT count(*)::int, count(*) FILTER (WHERE used / days BETWEEN 2 AND 40)::int FROM s
WHERE segment = 'domestic'
"""
SHAPE = """
WITH s AS (SELECT h.segment::text AS segment, s.usage_kwh AS used,
  s.billing_to - s.billing_from + 1 AS days
  FROM statements s JOIN supply_points p USING (point_id) JOIN account_holders h USING (holder_id))
SELECT (SELECT corr(used, days) FROM s WHERE segment = 'domestic'),
  (SELECT avg(used / days) FROM s WHERE segment = 'business')
  / (SELECT avg(used / days) FROM s WHERE segment = 'domestic')
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_use_over_a_period_is_a_days_use_by_class_times_its_days(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, PER_DAY)
        assert applies >= 50
        assert holds >= 0.98
        with psycopg.connect(conninfo) as conn:
            row = conn.execute(SHAPE).fetchone()
        assert row is not None
        together, times = float(row[0]), float(row[1])
        assert together > 0.4  # a longer period, more used
        assert times > 2.0  # a business draws several times a household
