"""An animal's table and its life, on a schema of our own (a stud book: studs, horses and
the breeds the horses are of; a sheep farm's ewes with their official ear tags): a table
named only `breeds` that the `horses` table points at holds real horse breeds, a few dozen
of them (kinds/reference_lists.py, plan/roles.py); a mare's first foaling comes at a mare's
age, after a horse's date of birth, not a person's (rules/first_birth.py); a ewe's ear tag
is its farm's country's ISO letters (UK for Great Britain) and twelve digits
(vocab/data/identifier_formats.tsv, `animal_tag`). Before, the breeds were a thousand
invented names, the mares born in 1970 and foaling at any age, the tags free text."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL);
CREATE TABLE studs (id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code), registered_on date NOT NULL);
CREATE TABLE breeds (id serial PRIMARY KEY, name text NOT NULL UNIQUE,
  registry_url text);
CREATE TABLE horses (id serial PRIMARY KEY, stud_id int NOT NULL REFERENCES studs(id),
  breed_id int NOT NULL REFERENCES breeds(id), horse_name text NOT NULL,
  date_of_birth date NOT NULL, first_foaling_date date, sold_on date);
CREATE TABLE sheep_farms (id serial PRIMARY KEY, farm_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code), joined_on date NOT NULL);
CREATE TABLE ewes (id serial PRIMARY KEY, farm_id int NOT NULL REFERENCES sheep_farms(id),
  ear_tag text NOT NULL UNIQUE, registered_at timestamptz NOT NULL);
"""
HORSE_BREEDS = ("Thoroughbred", "Arabian", "Quarter Horse", "Hanoverian", "Haflinger",
                "Shetland Pony", "Clydesdale", "Andalusian", "Friesian", "Percheron")  # fmt: skip


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {"generate": {"rows": 600, "now": NOW}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_table_of_breeds_a_horse_table_points_at_holds_real_horse_breeds(loaded: str) -> None:
    listed = ", ".join(f"'{b}'" for b in HORSE_BREEDS)
    rows, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE (SELECT count(*) FROM breeds) <= 60"
        f" AND (SELECT count(*) FROM breeds WHERE name IN ({listed})) >= 3) FROM breeds",
    )
    assert 0 < rows <= 60 and held == 1.0


def test_a_mare_first_foals_at_a_mares_age(loaded: str) -> None:
    rows, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE first_foaling_date BETWEEN"
        " date_of_birth + interval '36 months' AND date_of_birth + interval '84 months'"
        " AND first_foaling_date <= :now AND date_of_birth > :now - interval '30 years')"
        " FROM horses WHERE first_foaling_date IS NOT NULL",
        NOW,
    )
    assert rows > 100 and held == 1.0
    born, alive = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE date_of_birth <= coalesce(sold_on, :now)"
        " AND date_of_birth > :now - interval '30 years') FROM horses",
        NOW,
    )
    assert born == 600 and alive == 1.0


def test_a_ewes_ear_tag_carries_its_farms_country(loaded: str) -> None:
    rows, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE (left(e.ear_tag, 2) = f.country_code"
        " OR (f.country_code = 'GB' AND left(e.ear_tag, 2) = 'UK'))"
        " AND replace(substr(e.ear_tag, 3), ' ', '') ~ '^[0-9]{8,14}$')"
        " FROM ewes e JOIN sheep_farms f ON f.id = e.farm_id",
    )
    assert rows == 600 and held == 1.0
