"""Keys a schema implies but does not declare (plan/implied_keys.py), on a schema of our own
without a single foreign key (a board-game league kept by an ORM): `<stem>_id` beside a table
named `<stem>` or its plural, and a role before the name (`home_team_id`, `winner_team_id`);
never a key to its own table, nor a text column beside an integer id. Read from the parsed
schema, then checked in SQL on what a real PostgreSQL holds."""

from __future__ import annotations

from tests.engine.loading import loaded_database, share
from workbench.generate.plan.implied_keys import implied_keys
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE leagues (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE teams (id serial PRIMARY KEY, league_id int NOT NULL, name text NOT NULL,
  parent_team_id int);
CREATE TABLE categories (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE matches (id bigserial PRIMARY KEY, league_id int NOT NULL,
  home_team_id int NOT NULL, away_team_id int NOT NULL, winner_team_id int,
  stripe_category_id text, played_at timestamptz NOT NULL);
"""


def test_role_prefixed_keys_are_implied_and_self_and_text_ones_are_not() -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    found = {(t, fk.columns[0]): fk.ref_qualified for t, fk in implied_keys(parsed.schema)}
    assert found == {
        ("public.teams", "league_id"): "public.leagues",
        ("public.matches", "league_id"): "public.leagues",
        ("public.matches", "home_team_id"): "public.teams",
        ("public.matches", "away_team_id"): "public.teams",
        ("public.matches", "winner_team_id"): "public.teams",
    }


def test_implied_keys_reference_rows_that_exist_and_two_sides_differ(pg_cluster) -> None:
    settings = {"generate": {"rows": 300}, "tables": {"public.teams": {"rows": 12}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        for column in ("home_team_id", "away_team_id"):
            judged, held = share(
                conninfo,
                f"SELECT count(*), count(t.id) FROM matches m LEFT JOIN teams t "
                f"ON t.id = m.{column}",
            )
            assert judged == 300 and held == 1.0, (column, held)
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE home_team_id <> away_team_id) FROM matches",
        )
        assert held == 1.0, held
        # the winner is one of the two sides, not a third team: never forced apart from both
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE winner_team_id <> home_team_id) "
            "FROM matches WHERE winner_team_id IS NOT NULL",
        )
        assert judged > 0 and held < 1.0, (judged, held)
