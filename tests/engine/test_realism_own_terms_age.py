"""A person's own row names the terms that hold an age band (rules/age_limit.py, the person's
own row): on a schema of our own, a chess club's players each belong to a section open from a
`lowest_age` to a `highest_age` (under-12s, juniors, seniors, veterans), and their age on the
day they joined lies inside their section's band. Before, only other tables' rows (an
enrolment, a hire) were read as events of the person, so a player's own section said nothing
of their age: about a third fitted. Checked in SQL on what a real PostgreSQL holds, at two
seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE sections (section_code varchar(10) PRIMARY KEY, title text NOT NULL,
  lowest_age smallint, highest_age smallint, yearly_dues numeric(7,2) NOT NULL);
CREATE TABLE clubs (club_id serial PRIMARY KEY, club_name text NOT NULL, town text NOT NULL);
CREATE TABLE players (player_id bigserial PRIMARY KEY,
  club_id int NOT NULL REFERENCES clubs,
  section_code varchar(10) NOT NULL REFERENCES sections,
  given_name text NOT NULL, family_name text NOT NULL, born_on date,
  joined_at timestamptz NOT NULL, lapses_on date NOT NULL);
"""
NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")},
            "tables": {"public.sections": {"rows": 6}, "public.clubs": {"rows": 12}}}  # fmt: skip

FITS = """
SELECT count(*), count(*) FILTER (WHERE p.born_on <= p.joined_at::date
  AND extract(year FROM age(p.joined_at::date, p.born_on))
      BETWEEN coalesce(s.lowest_age, 0) AND coalesce(s.highest_age, 110))
FROM players p JOIN sections s USING (section_code)
WHERE p.born_on IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_player_is_within_the_ages_of_their_own_section(loaded: str) -> None:
    applies, holds = share(loaded, FITS, now=NOW)
    assert applies >= 500
    assert holds >= 0.98
