"""People's ages and a business's places, on a schema of our own (a chain of climbing gyms and
its table of countries: gyms with an E.164 phone CHECK, membership plans priced per gym,
members who sign waivers, route setters who start and may leave), checked in SQL on what a
real PostgreSQL holds, with the run's clock pinned:

- a date of birth however its name spells the time around the birth (`date_born`,
  `born_on`, `birth_on`, `dob_date`, `birthdate_dt`) is read as one: a member is an adult on
  the day they sign a waiver, a setter 18 to 70 when they started (a start beside a leaving
  is a hiring);
- a gym's phone is written as its CHECK asks (E.164: `+4930…`, not the usual `+49 30 …`) and
  still dials the gym's country; its plans are priced in that country's currency;
- where the schema names no market, the chain's gyms stand in the large economies the table
  of countries holds, not anywhere in the world alike."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.kinds.recognise import candidates
from workbench.generate.vocab.countries import LEADING, MARKETS

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE countries (country_code char(2) PRIMARY KEY, alpha3 char(3) NOT NULL,
  country_name varchar(80) NOT NULL,
  calling_code varchar(4) NOT NULL CHECK (calling_code ~ '^[0-9]+$'),
  currency_code char(3) NOT NULL);
CREATE TABLE gyms (gym_id serial PRIMARY KEY, gym_name varchar(100) NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(country_code), town varchar(80) NOT NULL,
  street varchar(160) NOT NULL, postal_code varchar(12) NOT NULL,
  phone_number varchar(20) NOT NULL CHECK (phone_number ~ '^\\+[1-9][0-9]{6,14}$'),
  opened_on date NOT NULL, walls smallint NOT NULL CHECK (walls > 0));
CREATE TABLE membership_plans (plan_id serial PRIMARY KEY,
  gym_id int NOT NULL REFERENCES gyms(gym_id), plan_label varchar(60) NOT NULL,
  monthly_fee numeric(10,2) NOT NULL CHECK (monthly_fee > 0), currency_code char(3) NOT NULL);
CREATE TABLE climbers (climber_id serial PRIMARY KEY, first_name varchar(60) NOT NULL,
  last_name varchar(60) NOT NULL, date_born date NOT NULL, email varchar(200),
  home_gym_id int NOT NULL REFERENCES gyms(gym_id),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE waivers (waiver_id serial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers(climber_id),
  gym_id int NOT NULL REFERENCES gyms(gym_id), signed_at timestamptz NOT NULL);
CREATE TABLE route_setters (setter_id serial PRIMARY KEY, full_name varchar(120) NOT NULL,
  born_on date NOT NULL, gym_id int NOT NULL REFERENCES gyms(gym_id),
  started_on date NOT NULL, left_on date);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"gyms": {"rows": 40}, "route_setters": {"rows": 300}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "name", ["born_on", "born_at", "date_born", "birth_on", "birthdate_dt", "dob_date", "bornOn"]
)
def test_a_birth_is_read_however_its_time_is_spelled(name: str) -> None:
    assert candidates(name, "climbers", "date")[0].generator == "birth_date"


@pytest.mark.parametrize("name", ["started_on", "signed_at", "registered_on", "removed_on"])
def test_other_times_are_not_births(name: str) -> None:
    assert all(m.generator != "birth_date" for m in candidates(name, "climbers", "date"))


def test_members_are_adults_when_they_sign(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (
             WHERE date_part('year', age(w.signed_at::date, c.date_born)) BETWEEN 18 AND 100)
           FROM waivers w JOIN climbers c USING (climber_id)""",
    )
    assert judged == 1000 and held >= 0.98


def test_setters_are_of_working_age_when_they_start(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (
             WHERE date_part('year', age(started_on, born_on)) BETWEEN 18 AND 70)
           FROM route_setters""",
    )
    assert judged == 300 and held >= 0.98


def test_a_gyms_phone_dials_its_country_as_the_check_asks(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE g.phone_number LIKE '+' || n.calling_code || '%')
           FROM gyms g JOIN countries n ON n.country_code = g.country_code""",
    )
    assert judged == 40 and held >= 0.98


def test_a_gyms_plans_are_in_its_countrys_currency(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE p.currency_code = n.currency_code)
           FROM membership_plans p JOIN gyms g USING (gym_id)
           JOIN countries n ON n.country_code = g.country_code""",
    )
    assert judged == 1000 and held >= 0.98


def test_the_chains_gyms_stand_in_large_economies(loaded: str) -> None:
    economies = ", ".join(f"'{cc}'" for cc in (*LEADING, *MARKETS))
    judged, held = share(
        loaded,
        f"SELECT count(*), count(*) FILTER (WHERE country_code IN ({economies})) FROM gyms",
    )
    assert judged == 40 and held >= 0.98
    # the table of countries the gyms key their country to is the chain's list of the
    # countries it works in (plan/roles.markets_of), a few dozen, not a hundred of the world's
    _, few = share(loaded, "SELECT 1, (count(*) BETWEEN 10 AND 40)::int FROM countries")
    assert few == 1
