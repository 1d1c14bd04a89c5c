"""A person's record is written on or after the day of their life it is about, and that day
lies within their life and by the run's clock (kinds/anchors.py: life_day), on schemas of our
own whose day is named by no participle:

- a newspaper's death notices: `birth_date`, `death_date` (a noun, not `died_on`) and a
  `created_at`: the notice is written once the person has died, aged 0 to 112;
- a hospital's admissions: `dob`, `admission_day` and an `inserted_at`: the admission is
  recorded on or after the day the patient came in, never before their birth."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOTICES = """
CREATE TABLE newspapers (id serial PRIMARY KEY, title text NOT NULL);
CREATE TABLE death_notices (id serial PRIMARY KEY,
  newspaper_id int NOT NULL REFERENCES newspapers(id),
  full_name text NOT NULL, birth_date date NOT NULL, death_date date NOT NULL,
  town text, created_at timestamptz NOT NULL DEFAULT now());
"""

WARDS = """
CREATE TABLE wards (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE admissions (id bigserial PRIMARY KEY, ward_id int NOT NULL REFERENCES wards(id),
  patient_name text NOT NULL, dob date NOT NULL, admission_day date NOT NULL,
  inserted_at timestamp NOT NULL DEFAULT now());
"""

NOW = "2026-03-10T09:00:00+00:00"


@pytest.fixture(scope="module", params=[1, 2, 7])
def notices(pg_cluster, request):
    settings = {"generate": {"rows": 400, "now": NOW}}
    with loaded_database(pg_cluster, NOTICES, settings, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def wards(pg_cluster, request):
    settings = {"generate": {"rows": 400, "now": NOW}}
    with loaded_database(pg_cluster, WARDS, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_notice_is_written_after_the_death_of_a_person_aged_0_to_112(notices: str) -> None:
    applies, held = share(
        notices,
        "SELECT count(*), count(*) FILTER (WHERE death_date >= birth_date "
        "AND death_date <= :now::date "
        "AND date_part('year', age(death_date, birth_date)) BETWEEN 0 AND 112 "
        "AND created_at::date >= death_date) FROM death_notices",
        NOW,
    )
    assert applies > 300 and held == 1.0


def test_an_admission_is_recorded_on_or_after_the_day_it_is_about(wards: str) -> None:
    applies, held = share(
        wards,
        "SELECT count(*), count(*) FILTER (WHERE admission_day >= dob "
        "AND admission_day <= :now::date AND inserted_at::date >= admission_day) "
        "FROM admissions",
        NOW,
    )
    assert applies > 300 and held == 1.0
