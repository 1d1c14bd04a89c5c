"""A member's date of birth fits the age group of the group they belong to, on the group's
day, on a schema of our own (a swimming club: seasons, squads of a season named `U10` to
`U16`, `Open` and `Masters`, swimmers of a squad): a U12 swimmer is 10 or 11 at the start of
the squad's season, an Open one 18 to 34, a Masters one 35 or over. The labels of a youth
sport's groups read as ages (kinds/age_bands._sport_bands) and the band held by the row's
parent binds the row (kinds/age_bands.held_bands)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.kinds.age_bands import held_bands
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE seasons (id serial PRIMARY KEY, title text NOT NULL, starts_on date NOT NULL,
  ends_on date NOT NULL);
CREATE TABLE squads (id serial PRIMARY KEY, season_id int NOT NULL REFERENCES seasons(id),
  coach_name text NOT NULL,
  age_group varchar(8) NOT NULL CHECK (age_group IN ('U10','U12','U14','U16','Open','Masters')));
CREATE TABLE swimmers (id serial PRIMARY KEY, squad_id int NOT NULL REFERENCES squads(id),
  full_name text NOT NULL, born_on date NOT NULL);
"""

FITS = """
SELECT count(*), count(*) FILTER (WHERE CASE
  WHEN q.age_group LIKE 'U%' THEN a < substr(q.age_group, 2)::int
                              AND a >= substr(q.age_group, 2)::int - 2
  WHEN q.age_group = 'Open' THEN a BETWEEN 18 AND 34
  ELSE a >= 35 END)
FROM swimmers w JOIN squads q ON q.id = w.squad_id JOIN seasons s ON s.id = q.season_id
CROSS JOIN LATERAL (SELECT date_part('year', age(s.starts_on, w.born_on)) AS a) x
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_swimmer_is_of_the_squads_age_group_at_the_seasons_start(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 300}, "tables": {"public.seasons": {"rows": 5}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(conninfo, FITS)
        assert judged == 300 and held >= 0.99, held


def test_the_labels_of_a_youth_sport_read_as_ages() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    found = held_bands(schema, schema.tables["public.swimmers"], "born_on")
    assert found is not None and found.holder == ("squad_id", "public.squads", "id")
    assert dict((label, (lo, hi)) for label, lo, hi in found.bands) == {
        "U10": (8.0, 10.0), "U12": (10.0, 12.0), "U14": (12.0, 14.0), "U16": (14.0, 16.0),
        "Open": (18.0, 35.0), "Masters": (35.0, 60.0),
    }  # fmt: skip
