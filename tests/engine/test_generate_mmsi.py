"""A ship's MMSI (ITU-R M.585) is nine digits whose first three, the maritime identification
digits, are its flag state's: 232-235 for the UK, 211 or 218 for Germany, 338 or 366-369 for
the US. The column is a national identifier of a family (vocab/data/identifier_families.tsv,
identifier_formats.tsv: the MIDs of 209 flag states) that rules/code_country.py writes in the
row's country; before it, an `mmsi` column was free text.

On a schema of our own (a fishing fleet; the boat's flag is a key to a table of countries), at
three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE country (code char(2) PRIMARY KEY, name varchar(80) NOT NULL);
CREATE TABLE fishing_boat (boat_id int PRIMARY KEY, boat_name varchar(60) NOT NULL,
  flag_country char(2) NOT NULL REFERENCES country(code), mmsi varchar(9) NOT NULL,
  gross_tonnage numeric(8,1), built_year smallint);
CREATE TABLE landing (landing_id int PRIMARY KEY,
  boat_id int NOT NULL REFERENCES fishing_boat(boat_id),
  landed_at timestamptz NOT NULL, catch_kg numeric(10,1) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

MIDS = """
WITH mid(code, m) AS (VALUES
 ('GB','232'),('GB','233'),('GB','234'),('GB','235'),('DE','211'),('DE','218'),('FR','226'),
 ('FR','227'),('FR','228'),('ES','224'),('ES','225'),('IT','247'),('NL','244'),('NL','245'),
 ('NL','246'),('US','338'),('US','366'),('US','367'),('US','368'),('US','369'),('SE','265'),
 ('SE','266'),('NO','257'),('NO','258'),('NO','259'),('DK','219'),('DK','220'),('IE','250'),
 ('PT','263'),('PT','255'),('PL','261'),('CA','316'),('AU','503'),('JP','431'),('JP','432'))
SELECT count(*), count(*) FILTER (WHERE b.mmsi ~ '^[0-9]{9}$' AND EXISTS
  (SELECT 1 FROM mid WHERE mid.code = b.flag_country AND mid.m = left(b.mmsi, 3)))
FROM fishing_boat b WHERE b.flag_country IN (SELECT code FROM mid)
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_boats_mmsi_starts_with_its_flags_digits(loaded: str) -> None:
    applies, holds = share(loaded, MIDS)
    assert applies >= 200
    assert holds == 1.0
