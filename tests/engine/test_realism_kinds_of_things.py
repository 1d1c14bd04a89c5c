"""A table of the kinds of a thing holds that thing's real list, on schemas of our own: a grain
merchant's `crop_categories` (the crops its growers' plots carry) names real farm crops with
the month each is harvested in, and a rowing club's `member_classes` (the classes its `members`
with a date of birth are kept in) names categories of people (adult, junior, senior, student)
whose lowest and highest ages agree with the name; each member is of their class's age when
they join, even where the sessions they book are for another age group (a junior booked on an
adults' outing stays a junior: the person's own terms bound their age first). Before, both
tables held invented names ('Scarlet Maple', 'Refurbished Vitamins') with ages drawn at
random. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

CROPS_SCHEMA = """
CREATE TABLE growers (id serial PRIMARY KEY, holding_name text NOT NULL, county text);
CREATE TABLE crop_categories (id serial PRIMARY KEY, crop_name text NOT NULL,
  harvest_month smallint CHECK (harvest_month BETWEEN 1 AND 12), notes text);
CREATE TABLE plots (id bigserial PRIMARY KEY, grower_id int NOT NULL REFERENCES growers,
  crop_category_id int REFERENCES crop_categories, hectares numeric(8,2) NOT NULL);
"""
CROP_WORDS = ("wheat", "barley", "oat", "rye", "triticale", "spelt", "rape", "maize", "bean",
              "pea", "potato", "beet", "grass", "silage", "hay", "clover", "lucerne", "linseed",
              "sunflower", "soy", "lupin", "mustard", "turnip", "kale", "carrot", "onion",
              "cabbage", "hemp", "miscanthus", "sorghum", "buckwheat", "ley", "swede",
              "parsnip", "lentil", "quinoa", "camelina", "chicory")  # fmt: skip
CROPS = """
WITH k(w) AS (VALUES {}), t AS (SELECT c.*, count(*) OVER () AS n FROM crop_categories c)
SELECT count(*), count(*) FILTER (WHERE t.n BETWEEN 5 AND 80
    AND EXISTS (SELECT 1 FROM k WHERE lower(t.crop_name) LIKE '%' || k.w || '%')
    AND (t.harvest_month IS NULL OR t.harvest_month BETWEEN 3 AND 12))
FROM t
""".format(", ".join(f"('{w}')" for w in CROP_WORDS))

CLUB_SCHEMA = """
CREATE TABLE member_classes (id serial PRIMARY KEY, name varchar(60) NOT NULL,
  lowest_age smallint, highest_age smallint, annual_fee numeric(8,2) NOT NULL);
CREATE TABLE members (id bigserial PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, birth_date date, email text,
  member_class_id int NOT NULL REFERENCES member_classes,
  joined_at timestamptz NOT NULL);
CREATE TABLE outings (id bigserial PRIMARY KEY, title text NOT NULL,
  audience varchar(12) NOT NULL CHECK (audience IN ('kids', 'teens', 'adults', 'seniors',
    'everyone')),
  starts_at timestamptz NOT NULL);
CREATE TABLE outing_bookings (id bigserial PRIMARY KEY,
  outing_id bigint NOT NULL REFERENCES outings, member_id bigint NOT NULL REFERENCES members,
  booked_at timestamptz NOT NULL);
"""
PEOPLE = ("adult", "junior", "child", "teen", "young adult", "senior", "student", "staff",
          "concession", "institutional", "housebound", "visitor")  # fmt: skip
CLASSES = """
SELECT count(*), count(*) FILTER (WHERE lower(name) IN ({})
    AND CASE lower(name)
      WHEN 'adult' THEN lowest_age = 18 AND highest_age IS NULL
      WHEN 'junior' THEN lowest_age = 0 AND highest_age BETWEEN 11 AND 13
      WHEN 'child' THEN lowest_age = 0 AND highest_age BETWEEN 11 AND 13
      WHEN 'senior' THEN lowest_age BETWEEN 60 AND 67
      WHEN 'teen' THEN lowest_age BETWEEN 12 AND 13 AND highest_age BETWEEN 17 AND 19
      ELSE coalesce(lowest_age, 0) <= coalesce(highest_age, 120) END)
FROM member_classes
""".format(", ".join(f"'{p}'" for p in PEOPLE))
AGES = """
SELECT count(*), count(*) FILTER (WHERE m.birth_date <= m.joined_at::date
    AND extract(year FROM age(m.joined_at::date, m.birth_date))
        BETWEEN coalesce(c.lowest_age, 0) AND coalesce(c.highest_age, 105))
FROM members m JOIN member_classes c ON c.id = m.member_class_id
WHERE m.birth_date IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def crops(request, pg_cluster):
    settings = {"generate": {"rows": 400}, "tables": {"public.growers": {"rows": 20}}}
    with loaded_database(pg_cluster, CROPS_SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def club(request, pg_cluster):
    settings = {
        "generate": {"rows": 600},
        "tables": {"public.outings": {"rows": 80}, "public.outing_bookings": {"rows": 1800}},
    }
    with loaded_database(pg_cluster, CLUB_SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_table_of_kinds_of_crops_holds_real_crops(crops: str) -> None:
    applies, holds = share(crops, CROPS)
    assert applies >= 5
    assert holds == 1.0


def test_a_table_of_kinds_of_people_holds_person_categories_of_their_ages(club: str) -> None:
    applies, holds = share(club, CLASSES)
    assert applies >= 5
    assert holds == 1.0


def test_a_member_is_of_their_class_age_whatever_they_book(club: str) -> None:
    applies, holds = share(club, AGES)
    assert applies >= 400
    assert holds >= 0.98
