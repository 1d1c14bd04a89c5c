"""A SIM's identifiers have their documented structure (vocab/data/identifier_formats.tsv,
families iccid and imsi): an ICCID (ITU-T E.118) is 19 digits, 89, the calling code of the
SIM's country, the issuer and account, then Luhn's check digit; an IMSI (ITU-T E.212) is 15
digits opening with the mobile country code of that country, which a table of countries
states in its own `mcc` column (vocab/data/mobile_country_codes.tsv). On a schema of our own (a
vehicle telematics provider: units with a SIM of the country they are deployed in). Before,
both identifiers were words (`bring-0`) and a country's MCC three random letters."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  mcc varchar(3) NOT NULL);
CREATE TABLE fleets (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE telematics_units (id bigserial PRIMARY KEY,
  fleet_id int NOT NULL REFERENCES fleets(id),
  deployed_country char(2) NOT NULL REFERENCES countries(code),
  sim_iccid varchar(22) NOT NULL UNIQUE,
  imsi varchar(15) NOT NULL UNIQUE,
  installed_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 600}}, seed=9) as conninfo:
        yield conninfo


def test_a_country_states_its_mobile_country_code(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE (code, mcc) IN (VALUES ('US', '310'),
             ('GB', '234'), ('DE', '262'), ('FR', '208'), ('IN', '404'), ('JP', '440'),
             ('BR', '724'), ('CN', '460'), ('ES', '214'), ('IT', '222'), ('CA', '302'),
             ('AU', '505'), ('NL', '204'), ('MX', '334')))
           FROM countries WHERE code IN ('US', 'GB', 'DE', 'FR', 'IN', 'JP', 'BR', 'CN', 'ES',
             'IT', 'CA', 'AU', 'NL', 'MX')""",
    )
    assert applies > 3 and held == 1.0, (applies, held)


def test_an_iccid_is_89_the_calling_code_and_a_luhn_digit(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE sim_iccid ~ '^89[0-9]{17}$' AND (
             SELECT sum(CASE WHEN (length(sim_iccid) - i) % 2 = 1
                   THEN (substr(sim_iccid, i, 1)::int * 2)
                        - CASE WHEN substr(sim_iccid, i, 1)::int * 2 > 9 THEN 9 ELSE 0 END
                   ELSE substr(sim_iccid, i, 1)::int END) % 10 = 0
             FROM generate_series(1, length(sim_iccid)) AS i))
           FROM telematics_units""",
    )
    assert applies > 300 and held >= 0.98, held


def test_an_imsi_opens_with_its_countrys_mcc(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE u.imsi ~ '^[0-9]{15}$'
             AND left(u.imsi, 3) = c.mcc)
           FROM telematics_units u JOIN countries c ON c.code = u.deployed_country""",
    )
    assert applies > 300 and held >= 0.98, held
