"""A ticket type states an age band by a column of labels (`age_band`: child, youth, adult,
senior) beside its lowest and highest age: the ages follow the band (rules/label_ages.py), and
each entry card's swimmer is of an age inside them on the card's first day, though the card's
ticket type is its sale item's (keys that agree along every path decide it, so the swimmer
fits the type: rules/age_holder.py) and every swimmer is drawn as an adult. On a schema of our
own (a chain of swimming pools selling entry cards), at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE band_kind AS ENUM ('child', 'youth', 'adult', 'senior');
CREATE TABLE pool_site (site_id int PRIMARY KEY, site_name varchar(80) NOT NULL,
  street varchar(120) NOT NULL, city varchar(60) NOT NULL, opened_on date NOT NULL);
CREATE TABLE swimmer (swimmer_id int PRIMARY KEY, given_name varchar(60) NOT NULL,
  family_name varchar(60) NOT NULL, birth_date date NOT NULL, email varchar(120));
CREATE TABLE ticket_type (type_id int PRIMARY KEY,
  site_id int NOT NULL REFERENCES pool_site(site_id),
  title varchar(80) NOT NULL, age_band band_kind NOT NULL,
  minimum_age smallint, maximum_age smallint,
  fee numeric(8,2) NOT NULL CHECK (fee >= 0));
CREATE TABLE till_sale (sale_id bigint PRIMARY KEY,
  site_id int NOT NULL REFERENCES pool_site(site_id),
  sold_at timestamptz NOT NULL, total numeric(10,2) NOT NULL);
CREATE TABLE till_sale_item (item_id bigint PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES till_sale(sale_id),
  type_id int NOT NULL REFERENCES ticket_type(type_id),
  qty smallint NOT NULL CHECK (qty > 0));
CREATE TABLE entry_card (card_id bigint PRIMARY KEY,
  item_id bigint NOT NULL REFERENCES till_sale_item(item_id),
  type_id int NOT NULL REFERENCES ticket_type(type_id),
  swimmer_id int NOT NULL REFERENCES swimmer(swimmer_id),
  first_day date NOT NULL, last_day date NOT NULL, CHECK (last_day >= first_day));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

BANDS = """
SELECT count(*)::int, count(*) FILTER (WHERE
     (age_band = 'child' AND coalesce(maximum_age, 200) < 18)
  OR (age_band = 'youth' AND minimum_age >= 10 AND coalesce(maximum_age, 200) < 21)
  OR (age_band = 'adult' AND minimum_age >= 16)
  OR (age_band = 'senior' AND minimum_age >= 60))::int
FROM ticket_type
"""
FITS = """
SELECT count(*)::int, count(*) FILTER (WHERE a.age BETWEEN coalesce(t.minimum_age, 0)
                                                     AND coalesce(t.maximum_age, 120)
  AND (t.age_band <> 'child' OR a.age < 18) AND (t.age_band <> 'senior' OR a.age >= 60))::int
FROM entry_card e
JOIN ticket_type t ON t.type_id = e.type_id
JOIN swimmer s ON s.swimmer_id = e.swimmer_id
CROSS JOIN LATERAL (SELECT extract(year FROM age(e.first_day, s.birth_date))::int AS age) a
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_ticket_types_ages_follow_its_band(loaded: str) -> None:
    applies, holds = share(loaded, BANDS)
    assert applies >= 20
    assert holds >= 0.98


def test_each_cards_swimmer_is_of_an_age_its_type_allows(loaded: str) -> None:
    applies, holds = share(loaded, FITS)
    assert applies == 1000
    assert holds >= 0.98
