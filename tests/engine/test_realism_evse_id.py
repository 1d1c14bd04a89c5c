"""An identifier of an international scheme that opens with the country's code (a format
line for every country, `*` in vocab/data/identifier_formats.tsv): an EVSE ID of ISO 15118-2
/ eMI3 (DE*VLT*E1001*1), in the country of the place the thing stands at, reached through a
parent whose country is a key to a table of countries. On a schema of our own (a bus
operator's depots in several countries with their charge points and each point's
`evse_code`); before, the code was a generic reference (REF-DXGM000001), and a parent's
country held as a key to a table of countries was not read as the row's country."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (iso char(2) PRIMARY KEY, country_name varchar(80) NOT NULL);
CREATE TABLE depots (id serial PRIMARY KEY, depot_name varchar(80) NOT NULL,
  country char(2) NOT NULL REFERENCES countries(iso), town varchar(80) NOT NULL,
  postcode varchar(10));
CREATE TABLE charge_points (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id), evse_code varchar(40) NOT NULL UNIQUE,
  plug_type varchar(10) NOT NULL CHECK (plug_type IN ('Type 2', 'CCS2')));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 300}}, seed=6) as conninfo:
        yield conninfo


def test_an_evse_id_has_its_standard_shape_in_its_depots_country(loaded: str) -> None:
    applies, held = share(
        loaded,
        r"""SELECT count(*), count(*) FILTER (
               WHERE p.evse_code ~ '^[A-Z]{2}\*?[A-Z0-9]{3}\*?E[A-Z0-9]{1,30}(\*[A-Z0-9]{1,30})*$'
                 AND left(p.evse_code, 2) = d.country)
            FROM charge_points p JOIN depots d ON d.id = p.depot_id""",
    )
    assert applies == 300 and held >= 0.98, held
