"""Members of their group, on schemas of our own: a row that names a member and a group (directly,
or the group through a parent) names a pair the link table holds. A training company's
roll-call names a trainee of the cohort, a quiz answer's trainee belongs to the cohort of the
quiz's workshop; a sports club's match sheet names a player of the team that plays. Checked in
SQL on what a real PostgreSQL holds, with no table or column name of our realism suite."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

TRAINING = """
CREATE TABLE trainees (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE cohorts (id serial PRIMARY KEY, code varchar(12) NOT NULL);
CREATE TABLE cohort_places (trainee_id int NOT NULL REFERENCES trainees(id),
  cohort_id int NOT NULL REFERENCES cohorts(id), joined_on date NOT NULL,
  PRIMARY KEY (trainee_id, cohort_id));
CREATE TABLE workshops (id serial PRIMARY KEY, cohort_id int NOT NULL REFERENCES cohorts(id),
  topic text NOT NULL);
CREATE TABLE answers (id serial PRIMARY KEY, workshop_id int NOT NULL REFERENCES workshops(id),
  trainee_id int NOT NULL REFERENCES trainees(id), score int,
  UNIQUE (workshop_id, trainee_id));
CREATE TABLE roll_calls (id bigserial PRIMARY KEY, cohort_id int NOT NULL REFERENCES cohorts(id),
  trainee_id int NOT NULL REFERENCES trainees(id), held_on date NOT NULL,
  UNIQUE (cohort_id, trainee_id, held_on));
"""

CLUB = """
CREATE TABLE players (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL);
CREATE TABLE squads (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE squad_members (squad_id int NOT NULL REFERENCES squads(id),
  player_id int NOT NULL REFERENCES players(id), shirt smallint,
  CONSTRAINT one_place UNIQUE (squad_id, player_id));
CREATE TABLE match_sheets (id serial PRIMARY KEY, squad_id int NOT NULL REFERENCES squads(id),
  player_id int NOT NULL REFERENCES players(id), minutes smallint);
"""

IN_GROUP = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM {link} l
    WHERE l.{member} = x.{member} AND l.{group} = x.{group}))
FROM ({rows}) x
"""


def _settings(rows: dict[str, int]) -> dict:
    return {
        "generate": {"rows": 600},
        "tables": {f"public.{t}": {"rows": n} for t, n in rows.items()},
    }


@pytest.fixture(scope="module")
def training(pg_cluster):
    with loaded_database(
        pg_cluster, TRAINING, _settings({"cohorts": 60, "workshops": 200}), seed=7
    ) as conninfo:
        yield conninfo


@pytest.fixture(scope="module")
def club(pg_cluster):
    with loaded_database(pg_cluster, CLUB, _settings({"squads": 40}), seed=7) as conninfo:
        yield conninfo


def test_a_roll_call_names_a_trainee_of_its_cohort(training: str) -> None:
    rows = "SELECT cohort_id, trainee_id FROM roll_calls"
    query = IN_GROUP.format(link="cohort_places", member="trainee_id", group="cohort_id", rows=rows)
    applies, held = share(training, query)
    assert applies == 600 and held == 1.0


def test_an_answer_names_a_trainee_of_its_workshops_cohort_once(training: str) -> None:
    rows = "SELECT w.cohort_id, a.trainee_id FROM answers a JOIN workshops w ON w.id = workshop_id"
    query = IN_GROUP.format(link="cohort_places", member="trainee_id", group="cohort_id", rows=rows)
    applies, held = share(training, query)
    # a workshop's cohort has ten trainees on average: room for every answer, each pair once
    assert applies == 600 and held >= 0.98


def test_a_match_sheet_names_a_player_of_its_squad(club: str) -> None:
    rows = "SELECT squad_id, player_id FROM match_sheets"
    query = IN_GROUP.format(link="squad_members", member="player_id", group="squad_id", rows=rows)
    applies, held = share(club, query)
    assert applies == 600 and held == 1.0
