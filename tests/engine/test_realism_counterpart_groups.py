"""Two sides of a row are two rows of the row's own group even where most groups hold one, on
a schema of our own (a roller-derby circuit's squads, bouts between a home and an away squad
of the bout's circuit; a credit union's branches with their wallets, moves between two
wallets of the move's branch). As many circuits as squads leave most circuits with one squad
or none: a bout drawn into such a circuit moves to a circuit with two squads, and both sides
are picked there, so no bout names one squad twice and both squads are the circuit's."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE circuits (id serial PRIMARY KEY, region text NOT NULL);
CREATE TABLE squads (id serial PRIMARY KEY, circuit_id int NOT NULL REFERENCES circuits(id),
  nickname text NOT NULL);
CREATE TABLE rinks (id serial PRIMARY KEY, circuit_id int NOT NULL REFERENCES circuits(id),
  hall text NOT NULL);
CREATE TABLE bouts (id bigserial PRIMARY KEY, circuit_id int NOT NULL REFERENCES circuits(id),
  home_squad_id int NOT NULL REFERENCES squads(id),
  away_squad_id int NOT NULL REFERENCES squads(id), starts_at timestamptz NOT NULL);
CREATE TABLE branches (id serial PRIMARY KEY, city text NOT NULL);
CREATE TABLE wallets (id serial PRIMARY KEY, branch_id int NOT NULL REFERENCES branches(id),
  opened_on date NOT NULL);
CREATE TABLE moves (id bigserial PRIMARY KEY, branch_id int NOT NULL REFERENCES branches(id),
  from_wallet_id int NOT NULL REFERENCES wallets(id),
  to_wallet_id int NOT NULL REFERENCES wallets(id), amount numeric(10,2) NOT NULL);
"""

CHECKS = {
    "bouts": ("home_squad_id", "away_squad_id", "squads", "circuit_id"),
    "moves": ("from_wallet_id", "to_wallet_id", "wallets", "branch_id"),
}


@pytest.mark.parametrize("seed", [1, 2])
def test_two_sides_are_two_rows_of_the_rows_group(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 400}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        for table, (a, b, parent, group) in CHECKS.items():
            judged, held = share(
                conninfo,
                f"SELECT count(*), count(*) FILTER (WHERE t.{a} <> t.{b} "
                f"AND x.{group} = t.{group} AND y.{group} = t.{group}) FROM {table} t "
                f"JOIN {parent} x ON x.id = t.{a} JOIN {parent} y ON y.id = t.{b}",
            )
            assert judged == 400 and held == 1.0, (table, held)
