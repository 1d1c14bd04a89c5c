"""Kinds of a choice that is no lifecycle by what their words mean, on a sports club of our own
(members, memberships): a label naming the exceptional kind (`honorary`, `volunteer`,
`complimentary`: vocab/lexicon.EXCEPTIONAL) is rare wherever it is declared, even first; the
label a DEFAULT names holds its share (most rows, not all but a handful), and the rows it leaves
hold the other ordinary labels, so they are common enough to be seen."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE membership_kind AS ENUM ('honorary', 'standard', 'family', 'volunteer');
CREATE TABLE member (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE membership (id serial PRIMARY KEY, member_id integer NOT NULL REFERENCES member(id),
  kind membership_kind NOT NULL DEFAULT 'standard',
  pass_tier text NOT NULL CHECK (pass_tier IN ('complimentary', 'basic', 'premium')),
  joined_on date NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 2000}}) as ci:
        yield ci


def _share_of(conninfo: str, column: str, label: str) -> float:
    applies, held = share(
        conninfo, f"SELECT count(*), count(*) FILTER (WHERE {column} = '{label}') FROM membership"
    )
    assert applies >= 1000
    return held


@pytest.mark.parametrize(
    ("column", "label", "low", "high"),
    [
        ("kind", "standard", 0.70, 0.92),  # the DEFAULT: most rows, not nearly all
        ("kind", "family", 0.04, 0.30),  # the ordinary alternative: seen
        ("kind", "honorary", 0.002, 0.05),  # declared first, exceptional: rare
        ("kind", "volunteer", 0.002, 0.05),
        ("pass_tier", "complimentary", 0.002, 0.05),  # first of a CHECK list: still rare
        ("pass_tier", "basic", 0.50, 0.98),
    ],
)
def test_a_kind_holds_the_share_its_meaning_gives(
    loaded: str, column: str, label: str, low: float, high: float
) -> None:
    assert low <= _share_of(loaded, column, label) <= high
