"""A telephone number in international form is whole in every country, North America's too:
`+1`, a three-digit area code and seven digits (`+1 212 555 0142`), the 555-01xx block being
the one reserved for fiction in every area code. On a schema of our own (a veterinary chain's
pet owners, each of a country with its dialling code, the US and Canada among them): before, a
North American number was `+1-555-0142`, seven digits and a dash, which no one abroad can dial
and no check of the international form accepts."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  dialling_code text NOT NULL);
CREATE TABLE pet_owners (id serial PRIMARY KEY,
  country_code char(2) NOT NULL REFERENCES countries(code),
  full_name text NOT NULL, mobile_phone text NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 1000}}, seed=3) as conninfo:
        yield conninfo


WHOLE = r"""SELECT count(*), count(*) FILTER (WHERE
             replace(o.mobile_phone, ' ', '') ~ ('^\+' || replace(n.dialling_code, '+', '')
                                                 || '[0-9]{6,12}$')
             AND (n.dialling_code <> '+1' OR replace(o.mobile_phone, ' ', '') ~ '^\+1[0-9]{10}$'))
           FROM pet_owners o JOIN countries n ON n.code = o.country_code"""


def test_a_number_is_whole_after_its_dialling_code(loaded: str) -> None:
    applies, held = share(loaded, WHOLE)
    assert applies > 500 and held >= 0.98, held


def test_a_north_american_number_has_its_area_code(loaded: str) -> None:
    applies, held = share(loaded, WHOLE + " WHERE n.dialling_code = '+1'")
    assert applies > 0 and held == 1.0, (applies, held)
