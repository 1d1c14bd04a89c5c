"""A holder's own dates bound what it does: a crane operator who joined on a day and whose
licence expires on another (no issue date: the current licence's expiry) lifts only between
them, and so does a banksman employed since a day whose site pass is valid until another
(kinds/windows.held_expiry: one start of holding and one expiry left on the row). The expiry
is known, mostly ahead of the clock, after the holding began (rules/lasting.py). On a schema
of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE crane_operator (operator_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  joined_on date NOT NULL, licence_expiry date);
CREATE TABLE banksman (banksman_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  employed_since date NOT NULL, site_pass_valid_until date);
CREATE TABLE lift (lift_id int PRIMARY KEY,
  operator_id int NOT NULL REFERENCES crane_operator(operator_id),
  banksman_id int NOT NULL REFERENCES banksman(banksman_id),
  lifted_on date NOT NULL, load_tonnes numeric(6,2) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

IN_WINDOW = """
SELECT count(*)::int, count(*) FILTER (WHERE
  o.joined_on <= l.lifted_on AND o.licence_expiry >= l.lifted_on
  AND b.employed_since <= l.lifted_on AND b.site_pass_valid_until >= l.lifted_on)::int
FROM lift l JOIN crane_operator o USING (operator_id) JOIN banksman b USING (banksman_id)
"""
AHEAD = """
SELECT count(*)::int, count(*) FILTER (WHERE licence_expiry > :now::date
  AND licence_expiry > joined_on)::int FROM crane_operator
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_lift_lies_within_its_holders_dates(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, IN_WINDOW, now=NOW)
        operators, ahead = share(conninfo, AHEAD, now=NOW)
    assert applies == 300 and holds >= 0.98
    assert operators >= 50 and 0.8 <= ahead < 1.0
