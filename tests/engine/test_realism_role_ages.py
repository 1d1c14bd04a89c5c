"""No one holds a role younger than the role is held at, on a schema of our own (an airline's
flight crew whose rank an enum lists; a chambers of barristers whose grades are a table two
keys from their fee rates): a captain hired at 28 or older, a first officer at 21; a partner
of a practice at 32, a trainee at 21 (workbench/generate/vocab/data/role_ages.tsv), each
within working age (under 62) when hired."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE flight_rank AS ENUM ('captain', 'first_officer', 'purser', 'cabin_attendant');
CREATE TABLE crew_members (id serial PRIMARY KEY, full_name text NOT NULL,
  rank flight_rank NOT NULL, date_of_birth date NOT NULL, hired_on date NOT NULL);
CREATE TABLE docket_entries (id serial PRIMARY KEY, filed_on date NOT NULL);
CREATE TABLE fee_earner_grades (id serial PRIMARY KEY, grade_name text NOT NULL,
  rank_no smallint NOT NULL CHECK (rank_no > 0));
CREATE TABLE barristers (id serial PRIMARY KEY,
  grade_id int NOT NULL REFERENCES fee_earner_grades(id), full_name text NOT NULL,
  birth_date date NOT NULL, hire_date date NOT NULL);
"""

AGE = "extract(year from age({hired}, {born}))"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_hire_is_no_younger_than_the_role_is_held_at(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 400}, "tables": {"public.barristers": {"rows": 300}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        crew = AGE.format(hired="hired_on", born="date_of_birth")
        judged, held = share(
            conninfo,
            f"SELECT count(*), count(*) FILTER (WHERE {crew} BETWEEN CASE rank "
            "WHEN 'captain' THEN 28 WHEN 'purser' THEN 23 ELSE 18 END AND 62) "
            "FROM crew_members",
        )
        assert judged == 400 and held == 1.0, (judged, held)
        captains, _ = share(
            conninfo,
            f"SELECT (min({crew}) FILTER (WHERE rank = 'captain') >= 28 AND "
            f"min({crew}) FILTER (WHERE rank = 'cabin_attendant') < 28)::int, 1 FROM crew_members",
        )
        assert captains == 1  # the youngest differ by rank: not one floor for everyone
        bar = AGE.format(hired="b.hire_date", born="b.birth_date")
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE "
            f"{bar} BETWEEN CASE g.grade_name WHEN 'Partner' THEN 32 WHEN 'Counsel' THEN 30 "
            "WHEN 'Senior Associate' THEN 27 WHEN 'Associate' THEN 24 ELSE 19 END AND 62) "
            "FROM barristers b JOIN fee_earner_grades g ON g.id = b.grade_id",
        )
        assert judged == 300 and held == 1.0, (judged, held)
