"""A free text column named like a category another table lists takes that list, on schemas of
our own (a hockey club's players and their game sheets, a sailing school's students and
boats): a player's `role` is one of the roles a game sheet's CHECK lists, a student's
`permit_class` one of the boat's `class` CHECK (the free name ends with the listed one), and a
bare plain word (`kind`) of one table borrows nothing from another's."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.kinds.shared_labels import shared_labels
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE clubs (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE skaters (id serial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs(id),
  full_name text NOT NULL, role text, kind text);
CREATE TABLE game_sheets (id serial PRIMARY KEY, skater_id int NOT NULL REFERENCES skaters(id),
  role text NOT NULL CHECK (role IN ('goalie', 'defence', 'winger', 'centre')),
  kind text NOT NULL CHECK (kind IN ('league', 'cup')), shots smallint);
CREATE TABLE boats (id serial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs(id),
  sail_no text NOT NULL, class varchar(4) NOT NULL CHECK (class IN ('OPT', 'ILCA', 'RS', 'J80')));
CREATE TABLE students (id serial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs(id),
  full_name text NOT NULL, permit_class varchar(8) NOT NULL);
CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, role text);
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_free_column_takes_the_labels_its_name_shares(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 300}}, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE role IN "
            "('goalie', 'defence', 'winger', 'centre')) FROM skaters WHERE role IS NOT NULL",
        )
        assert judged > 100 and held == 1.0, (judged, held)
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE permit_class IN ('OPT', 'ILCA', 'RS', 'J80')) "
            "FROM students",
        )
        assert judged == 300 and held == 1.0, held


def test_which_columns_borrow() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema

    def lent(table: str, column: str) -> tuple[list[str], str] | None:
        found = schema.tables[f"public.{table}"]
        return shared_labels(schema, found, found.column(column))

    assert lent("skaters", "role") == (
        ["goalie", "defence", "winger", "centre"], "public.game_sheets.role",
    )  # fmt: skip
    assert lent("students", "permit_class") == (["OPT", "ILCA", "RS", "J80"], "public.boats.class")
    assert lent("skaters", "kind") is None  # a bare plain word
    assert lent("notes", "role") is None  # no key near the game sheets
    assert lent("game_sheets", "role") is None  # its own CHECK already lists them
