"""Reference tables and a row's locale on a schema of our own (a mobile operator's roaming
desk: its `nations` list, the subscribers it serves), checked in SQL on what a real
PostgreSQL holds.

- A table of countries whose dialling code a CHECK keeps to digits (no `+`) holds each
  country's real code, written as digits (`49`, `358`), not digits a pattern made up.
- A co-working operator's membership is billed in the currency of the country its desk's
  building stands in (desk → building → country → currency, a key it must have), not in
  that of its optional community manager's office (a nearer path, through a key that may be
  NULL).
- A ski hire is priced by a tariff of the country of the shop it is hired at (the tariffs
  are kept per country and kind of gear), not by one of any country; of the shop's country's
  tariffs, one for the gear hired. A shop, a site the business runs, has its street and
  postcode on record, though the columns may be NULL.
- A boat hire club's members hold skipper licences issued when they were 16 or older, not
  years before (a licence chained back from the member's sign-up).
- A casino group's player is at least the gambling age of the country of the casino where
  a tab is opened (a minimum age the venue's country sets), whatever their home."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.vocab import countries

SCHEMA = """
CREATE TABLE nations (
  alpha2 char(2) PRIMARY KEY CHECK (alpha2 ~ '^[A-Z]{2}$'),
  nation_name varchar(80) NOT NULL,
  currency_iso char(3) NOT NULL,
  dial_code varchar(4) NOT NULL CHECK (dial_code ~ '^[0-9]{1,4}$'));
CREATE TABLE subscribers (
  id serial PRIMARY KEY,
  home_nation char(2) NOT NULL REFERENCES nations(alpha2),
  full_name text NOT NULL);
"""
# the calling codes of a few countries (ITU-T E.164), written here
CALLING = {"DE": "49", "FR": "33", "GB": "44", "US": "1", "FI": "358", "IE": "353", "IN": "91"}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 300}}) as conninfo:
        yield conninfo


def test_a_digits_only_dialling_code_is_the_countrys_own(loaded: str) -> None:
    known = ", ".join(f"('{k}', '{v}')" for k, v in CALLING.items())
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE n.dial_code = k.code)
            FROM nations n JOIN (VALUES {known}) AS k(alpha2, code) USING (alpha2)""",
    )
    assert applies >= 4 and held == 1.0


COWORK = """
CREATE TABLE currencies (code char(3) PRIMARY KEY, label text NOT NULL);
CREATE TABLE countries (iso char(2) PRIMARY KEY, country_name text NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code));
CREATE TABLE buildings (id serial PRIMARY KEY, street text NOT NULL, city text NOT NULL,
  country_iso char(2) NOT NULL REFERENCES countries(iso));
CREATE TABLE desks (id serial PRIMARY KEY, building_id int NOT NULL REFERENCES buildings(id),
  desk_label text NOT NULL);
CREATE TABLE community_managers (id serial PRIMARY KEY, display_name text NOT NULL,
  office_country char(2) NOT NULL REFERENCES countries(iso));
CREATE TABLE memberships (id serial PRIMARY KEY, desk_id int NOT NULL REFERENCES desks(id),
  manager_id int REFERENCES community_managers(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code), monthly_fee numeric(10,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def cowork(pg_cluster):
    with loaded_database(pg_cluster, COWORK, {"generate": {"rows": 400}}) as conninfo:
        yield conninfo


def test_a_membership_is_billed_in_its_buildings_currency(cowork: str) -> None:
    applies, held = share(
        cowork,
        """SELECT count(*), count(*) FILTER (WHERE m.currency_code = c.currency_code)
            FROM memberships m JOIN desks d ON d.id = m.desk_id
            JOIN buildings b ON b.id = d.building_id JOIN countries c ON c.iso = b.country_iso""",
    )
    assert applies >= 300 and held >= 0.98


SKI = """
CREATE TABLE countries (code char(2) PRIMARY KEY, country_name text NOT NULL);
CREATE TABLE gear_kinds (code varchar(8) PRIMARY KEY, label text NOT NULL);
CREATE TABLE shops (id serial PRIMARY KEY, shop_name text NOT NULL, street text,
  city text NOT NULL, postcode varchar(10),
  country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE tariffs (id serial PRIMARY KEY,
  gear_kind varchar(8) NOT NULL REFERENCES gear_kinds(code),
  country_code char(2) NOT NULL REFERENCES countries(code), daily_price numeric(8,2) NOT NULL);
CREATE TABLE skiers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE hires (id serial PRIMARY KEY, shop_id int NOT NULL REFERENCES shops(id),
  skier_id int NOT NULL REFERENCES skiers(id),
  gear_kind varchar(8) NOT NULL REFERENCES gear_kinds(code),
  tariff_id int NOT NULL REFERENCES tariffs(id), hired_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module")
def ski(pg_cluster):
    settings = {
        "generate": {"rows": 400},
        "tables": {"tariffs": {"rows": 300}, "shops": {"rows": 60}},
    }
    with loaded_database(pg_cluster, SKI, settings) as conninfo:
        yield conninfo


def test_a_hire_is_priced_by_a_tariff_of_its_shops_country(ski: str) -> None:
    applies, held = share(
        ski,
        """SELECT count(*), count(*) FILTER (WHERE t.country_code = s.country_code)
            FROM hires h JOIN shops s ON s.id = h.shop_id JOIN tariffs t ON t.id = h.tariff_id
            WHERE EXISTS (SELECT 1 FROM tariffs x WHERE x.country_code = s.country_code)""",
    )
    assert applies >= 200 and held >= 0.98  # (a shop whose country has none keeps its pick)
    _, skiers_home = share(
        ski,
        """SELECT count(*), count(*) FILTER (WHERE k.country_code = s.country_code)
            FROM hires h JOIN shops s ON s.id = h.shop_id JOIN skiers k ON k.id = h.skier_id""",
    )
    assert skiers_home < 0.9  # the skier comes from anywhere: no tariff of theirs
    _, for_the_gear = share(
        ski,
        """SELECT count(*), count(*) FILTER (WHERE t.gear_kind = h.gear_kind)
            FROM hires h JOIN shops s ON s.id = h.shop_id JOIN tariffs t ON t.id = h.tariff_id
            WHERE EXISTS (SELECT 1 FROM tariffs x
                          WHERE x.country_code = s.country_code AND x.gear_kind = h.gear_kind)""",
    )
    assert for_the_gear >= 0.98


def test_a_shop_has_its_whole_address(ski: str) -> None:
    with psycopg.connect(ski) as conn:
        rows = conn.execute("SELECT country_code, street, postcode FROM shops").fetchall()
    assert len(rows) >= 50
    assert all(street is not None for _, street, _ in rows)
    # a postcode wherever the country uses them (none in the Emirates, say)
    coded = [postcode for country, _, postcode in rows if countries.has_postcodes(country)]
    assert len(coded) >= 30 and None not in coded


BOATS = """
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  date_of_birth date NOT NULL, joined_at timestamptz NOT NULL);
CREATE TABLE skipper_licences (id serial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(id), licence_no varchar(20) NOT NULL,
  issued_on date NOT NULL, expires_on date NOT NULL, CHECK (expires_on > issued_on));
"""


def test_a_licence_is_issued_at_sixteen_or_older(pg_cluster) -> None:
    with loaded_database(pg_cluster, BOATS, {"generate": {"rows": 600}}) as conninfo:
        applies, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (
                   WHERE l.issued_on >= m.date_of_birth + interval '16 years')
                FROM skipper_licences l JOIN members m ON m.id = l.member_id""",
        )
    assert applies >= 500 and held == 1.0


VENUES = """
CREATE TABLE countries (code char(2) PRIMARY KEY, country_name text NOT NULL,
  min_gambling_age smallint NOT NULL DEFAULT 21);
CREATE TABLE venues (id serial PRIMARY KEY, venue_name text NOT NULL, street text NOT NULL,
  city text NOT NULL, country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE patrons (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  date_of_birth date NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE tabs (id serial PRIMARY KEY, venue_id int NOT NULL REFERENCES venues(id),
  patron_id int NOT NULL REFERENCES patrons(id), opened_at timestamptz NOT NULL,
  total numeric(10,2) NOT NULL);
"""


def test_a_player_is_of_the_casinos_gambling_age(pg_cluster) -> None:
    settings = {"generate": {"rows": 800}, "tables": {"patrons": {"rows": 300}}}
    with loaded_database(pg_cluster, VENUES, settings) as conninfo:
        applies, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE age(t.opened_at::date, p.date_of_birth)
                   >= make_interval(years => c.min_gambling_age))
                FROM tabs t JOIN patrons p ON p.id = t.patron_id
                JOIN venues v ON v.id = t.venue_id JOIN countries c ON c.code = v.country_code""",
        )
    assert applies >= 700 and held == 1.0
