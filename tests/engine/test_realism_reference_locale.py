"""Reference tables and a row's locale on a schema of our own (a mobile operator's roaming
desk: its `nations` list, the subscribers it serves), checked in SQL on what a real
PostgreSQL holds.

- A table of countries whose dialling code a CHECK keeps to digits (no `+`) holds each
  country's real code, written as digits (`49`, `358`), not digits a pattern made up."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

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
