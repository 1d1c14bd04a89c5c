"""A row's currency is the country's of the place it is at, however many places away: a
fixture at an arena is priced in the currency of the arena's town's country (three parents
away), a workshop at a hall in the currency of the hall's district's town's country (four),
not in the currency of the organiser's country, a nearer parent but not where the row is
(rules/ancestor_keys.py). On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE currency (iso_code char(3) PRIMARY KEY, label varchar(60) NOT NULL);
CREATE TABLE country (iso2 char(2) PRIMARY KEY, label varchar(80) NOT NULL,
  currency_iso char(3) NOT NULL REFERENCES currency(iso_code));
CREATE TABLE town (town_id int PRIMARY KEY, country_iso2 char(2) NOT NULL REFERENCES country(iso2),
  label varchar(80) NOT NULL);
CREATE TABLE district (district_id int PRIMARY KEY,
  town_id int NOT NULL REFERENCES town(town_id), label varchar(80) NOT NULL);
CREATE TABLE organiser (organiser_id int PRIMARY KEY, label varchar(120) NOT NULL,
  country_iso2 char(2) NOT NULL REFERENCES country(iso2));
CREATE TABLE arena (arena_id int PRIMARY KEY, town_id int NOT NULL REFERENCES town(town_id),
  label varchar(120) NOT NULL, seats int NOT NULL);
CREATE TABLE hall (hall_id int PRIMARY KEY,
  district_id int NOT NULL REFERENCES district(district_id), label varchar(120) NOT NULL);
CREATE TABLE fixture (fixture_id int PRIMARY KEY,
  organiser_id int NOT NULL REFERENCES organiser(organiser_id),
  arena_id int NOT NULL REFERENCES arena(arena_id),
  currency_iso char(3) NOT NULL REFERENCES currency(iso_code),
  kick_off timestamptz NOT NULL);
CREATE TABLE workshop (workshop_id int PRIMARY KEY,
  organiser_id int NOT NULL REFERENCES organiser(organiser_id),
  hall_id int NOT NULL REFERENCES hall(hall_id),
  currency_iso char(3) NOT NULL REFERENCES currency(iso_code),
  fee numeric(8,2) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

FIXTURES = """
SELECT count(*)::int, count(*) FILTER (WHERE f.currency_iso = n.currency_iso)::int
FROM fixture f JOIN arena a USING (arena_id) JOIN town t USING (town_id)
JOIN country n ON n.iso2 = t.country_iso2
"""
WORKSHOPS = """
SELECT count(*)::int, count(*) FILTER (WHERE w.currency_iso = n.currency_iso)::int
FROM workshop w JOIN hall h USING (hall_id) JOIN district d USING (district_id)
JOIN town t USING (town_id) JOIN country n ON n.iso2 = t.country_iso2
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_rows_currency_is_its_places_countrys_at_any_depth(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        for sql in (FIXTURES, WORKSHOPS):
            applies, holds = share(conninfo, sql, now=NOW)
            assert applies > 0
            assert holds >= 0.98, sql
