"""Two sides of a row are two rows, on a schema of our own (a chess club: members, clubs,
games between two members of one club, challenges, friendships, transfers of rating points
between accounts). Keys that name two sides (white/black are not in the lexicon, so the
games name them home/away; sender/recipient; a bare key and its friend) reference two
different rows, and the one picked again stays within the row's club where the key meets it
there. Keys that name two plain roles (a billing and a shipping address) or who recorded the
row (created_by, updated_by) may still coincide: they are not forced apart. Checked in SQL
on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.rules.counterparts import sides

SCHEMA = """
CREATE TABLE clubs (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs(id),
  full_name text NOT NULL, joined_on date NOT NULL);
CREATE TABLE addresses (id serial PRIMARY KEY, street text NOT NULL, city text NOT NULL);
CREATE TABLE games (id bigserial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs(id),
  home_member_id int NOT NULL REFERENCES members(id),
  away_member_id int NOT NULL REFERENCES members(id),
  played_at timestamptz NOT NULL);
CREATE TABLE messages (id bigserial PRIMARY KEY,
  sender_id int NOT NULL REFERENCES members(id),
  recipient_id int NOT NULL REFERENCES members(id), body text NOT NULL,
  sent_at timestamptz NOT NULL);
CREATE TABLE friendships (id bigserial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(id),
  friend_member_id int NOT NULL REFERENCES members(id), since date NOT NULL);
CREATE TABLE accounts (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members(id),
  opened_on date NOT NULL);
CREATE TABLE point_transfers (id bigserial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(id),
  from_account_id int NOT NULL REFERENCES accounts(id),
  to_account_id int NOT NULL REFERENCES accounts(id), points int NOT NULL);
CREATE TABLE shop_orders (id bigserial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(id),
  billing_address_id int NOT NULL REFERENCES addresses(id),
  shipping_address_id int NOT NULL REFERENCES addresses(id),
  created_by int NOT NULL REFERENCES members(id),
  updated_by int NOT NULL REFERENCES members(id));
"""

PAIRS = {
    "games": ("home_member_id", "away_member_id"),
    "messages": ("sender_id", "recipient_id"),
    "friendships": ("member_id", "friend_member_id"),
}


def _apart(table: str, a: str, b: str) -> str:
    return f"SELECT count(*), count(*) FILTER (WHERE {a} <> {b}) FROM {table}"


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_two_sides_are_two_rows_and_plain_roles_may_coincide(pg_cluster, seed: int) -> None:
    settings = {
        "generate": {"rows": 600},
        "tables": {"public.clubs": {"rows": 4}, "public.addresses": {"rows": 6},
                   "public.members": {"rows": 40},
                   "public.accounts": {"rows": 120}},
    }  # fmt: skip
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        for table, (a, b) in PAIRS.items():
            judged, held = share(conninfo, _apart(table, a, b))
            assert judged == 600 and held == 1.0, (table, held)
        # a transfer between a member's own accounts (the accounts meet the member): the
        # account picked again is another of the same member's, where the member has two
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE f.member_id = t.member_id "
            "AND t.member_id = p.member_id) FROM point_transfers p "
            "JOIN accounts f ON f.id = p.from_account_id JOIN accounts t ON t.id = p.to_account_id",
        )
        assert held >= 0.98, held
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE from_account_id <> to_account_id) "
            "FROM point_transfers p WHERE (SELECT count(*) FROM accounts a "
            "WHERE a.member_id = p.member_id) >= 2",
        )
        assert judged > 300 and held == 1.0, (judged, held)
        # six addresses, drawn independently: about one order in six ships where it bills
        _, apart = share(conninfo, _apart("shop_orders", "billing_address_id",
                                          "shipping_address_id"))  # fmt: skip
        assert apart < 0.97, apart
        _, apart = share(conninfo, _apart("shop_orders", "created_by", "updated_by"))
        assert apart < 0.99, apart


@pytest.mark.parametrize(
    ("first", "second", "parent", "expected"),
    [
        ("home_team_id", "away_team_id", "public.teams", True),
        ("from_account_id", "to_account_id", "public.accounts", True),
        ("user_id", "friend_user_id", "public.users", True),
        ("player1_id", "player2_id", "public.players", True),
        ("team_a_id", "team_b_id", "public.teams", True),
        ("origin_airport", "destination_airport", "public.airports", True),
        ("billing_address_id", "shipping_address_id", "public.addresses", False),
        ("created_by", "updated_by", "public.users", False),
        ("user_id", "created_by", "public.users", False),
        ("pickup_location_id", "return_location_id", "public.locations", False),
        ("assignee_id", "owner_id", "public.users", False),
        ("home_team_id", "winner_team_id", "public.teams", False),
        ("winner_team_id", "loser_team_id", "public.teams", True),
        ("user_id", "blocked_user_id", "public.users", True),
    ],
)
def test_which_pairs_name_two_sides(first: str, second: str, parent: str, expected: bool) -> None:
    assert sides(first, second, parent) is expected
