"""A country column whose CHECK lists real codes is still the row's country (kinds/semantics.py:
meaning first, the CHECK a filter), and a `state_province` column is the place's own state: on
a schema of our own, a courier's depots in the US and Canada (`country_code IN ('US', 'CA')`)
and yards, and a translation bureau's offices in five countries. Before, the listed codes were a
plain choice: cities followed them, but phones dialled any country (+44 for a depot in Ohio) and the
currency was free; `state_province` was drawn apart from its city (a Canadian depot in AK); and
the country's time zone (its largest city's) overwrote the city's (a Denver depot on New York
time).
Checked in SQL on what a real PostgreSQL holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (depot_id serial PRIMARY KEY, depot_name text NOT NULL,
  country_code char(2) NOT NULL CHECK (country_code IN ('US', 'CA')),
  state_province varchar(2) NOT NULL, city text NOT NULL, postal_code text NOT NULL,
  phone text, billing_currency char(3) NOT NULL, time_zone text NOT NULL);
CREATE TABLE offices (office_id serial PRIMARY KEY, label text NOT NULL,
  nation char(2) NOT NULL CHECK (nation IN ('DE', 'FR', 'GB', 'JP', 'BR')),
  town text NOT NULL, mobile text NOT NULL);
CREATE TABLE yards (yard_id serial PRIMARY KEY, country_code char(2) NOT NULL,
  city text NOT NULL, time_zone text NOT NULL);
"""
NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}

NORTH_AMERICA = """
WITH ref(cc, dial, currency, regions) AS (VALUES
  ('US', '+1', 'USD', ARRAY['AL','AK','AZ','AR','CA','CO','CT','DE','DC','FL','GA','HI','ID','IL',
    'IN','IA','KS','KY','LA','ME','MD','MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM',
    'NY','NC','ND','OH','OK','OR','PA','RI','SC','SD','TN','TX','UT','VT','VA','WA','WV','WI',
    'WY']),
  ('CA', '+1', 'CAD', ARRAY['AB','BC','MB','NB','NL','NS','NT','NU','ON','PE','QC','SK','YT']))
SELECT count(*), count(*) FILTER (WHERE d.state_province = ANY (r.regions)
  AND (d.phone IS NULL OR d.phone LIKE r.dial || '%') AND d.billing_currency = r.currency)
FROM depots d JOIN ref r ON r.cc = d.country_code
"""
DIALS = """
WITH ref(cc, dial) AS (VALUES ('DE', '+49'), ('FR', '+33'), ('GB', '+44'), ('JP', '+81'),
  ('BR', '+55'))
SELECT count(*), count(*) FILTER (WHERE replace(o.mobile, ' ', '') LIKE r.dial || '%')
FROM offices o JOIN ref r ON r.cc = o.nation
"""


# a few cities of several time zones, and the zone each keeps
ZONES = """
WITH ref(city, zone) AS (VALUES ('Denver', 'America/Denver'), ('Seattle', 'America/Los_Angeles'),
  ('Portland', 'America/Los_Angeles'), ('Chicago', 'America/Chicago'),
  ('Austin', 'America/Chicago'), ('Vancouver', 'America/Vancouver'))
SELECT count(*), count(*) FILTER (WHERE p.time_zone = r.zone)
FROM (SELECT city, time_zone FROM depots UNION ALL SELECT city, time_zone FROM yards) p
JOIN ref r ON r.city = p.city
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_depot_has_its_countrys_state_phone_and_currency(loaded: str) -> None:
    applies, holds = share(loaded, NORTH_AMERICA, now=NOW)
    assert applies >= 10
    assert holds >= 0.98


def test_an_office_in_a_listed_country_dials_it(loaded: str) -> None:
    applies, holds = share(loaded, DIALS, now=NOW)
    assert applies >= 10
    assert holds >= 0.98


def test_a_depot_keeps_its_citys_time_zone_not_its_countrys_largest(loaded: str) -> None:
    applies, holds = share(loaded, ZONES, now=NOW)
    assert applies >= 10
    assert holds >= 0.98
