"""The identifiers of transport's registries carry their standard's check digit, on a schema of
our own (a freight forwarder: the ships it books, the containers it tracks, the pallets it
labels and its air consignments), checked on what a real PostgreSQL holds: an IMO ship number
(seven digits, the last the first six weighted 7..2 mod 10; as text, a CHECK asking for the
`IMO` prefix, and an integer), an ISO 6346 container number (owner code, U, serial, check), an
SSCC (18 digits, GS1 mod 10) and an air waybill number (prefix, serial, serial mod 7). Before,
each was a free code or number of the column's shape, its check digit right one time in ten."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

SCHEMA = """
CREATE TABLE ships (id serial PRIMARY KEY, ship_name text NOT NULL,
  imo_number char(7) NOT NULL UNIQUE CHECK (imo_number ~ '^[0-9]{7}$'),
  registry_imo varchar(12) CHECK (registry_imo ~ '^IMO[0-9]{7}$'));
CREATE TABLE port_calls (id serial PRIMARY KEY, ship_id int NOT NULL REFERENCES ships(id),
  vessel_imo integer NOT NULL, eta timestamptz NOT NULL);
CREATE TABLE containers (id serial PRIMARY KEY, container_no varchar(11) NOT NULL UNIQUE,
  size_feet smallint NOT NULL);
CREATE TABLE pallets (id bigserial PRIMARY KEY, container_id int REFERENCES containers(id),
  sscc char(18) NOT NULL UNIQUE);
CREATE TABLE air_consignments (id serial PRIMARY KEY, awb_number varchar(12) NOT NULL UNIQUE,
  pieces int NOT NULL);
"""

_VALUES = [v for v in range(10, 39) if v % 11]
_LETTER = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", _VALUES, strict=True))


def imo_ok(value: object) -> bool:
    text = str(value).removeprefix("IMO")
    if len(text) != 7 or not text.isdigit():
        return False
    return sum(int(d) * w for d, w in zip(text[:6], range(7, 1, -1), strict=True)) % 10 == int(
        text[6]
    )


def container_ok(value: str) -> bool:
    if len(value) != 11 or not value[:4].isalpha() or not value[4:].isdigit():
        return False
    if value[3] not in "UJZ":
        return False
    codes = [_LETTER[c] for c in value[:4]] + [int(d) for d in value[4:10]]
    rest = sum(c * 2**i for i, c in enumerate(codes)) % 11
    return rest != 10 and rest == int(value[10])


def sscc_ok(value: str) -> bool:
    if len(value) != 18 or not value.isdigit():
        return False
    body = [int(d) for d in value[:17]]
    total = sum(d * (3 if i % 2 == 0 else 1) for i, d in enumerate(body))
    return (10 - total % 10) % 10 == int(value[17])


def awb_ok(value: str) -> bool:
    digits = value.replace("-", "")
    if len(digits) != 11 or not digits.isdigit():
        return False
    return int(digits[3:10]) % 7 == int(digits[10])


@pytest.fixture(scope="module", params=[1, 7])
def loaded(pg_cluster, request):
    settings = {"generate": {"rows": 600}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def _values(conninfo: str, table: str, column: str) -> list[object]:
    with psycopg.connect(conninfo) as conn:
        rows = conn.execute(f"SELECT {column} FROM {table} WHERE {column} IS NOT NULL").fetchall()
    return [r[0] for r in rows]


@pytest.mark.parametrize(
    ("table", "column", "valid"),
    [
        ("ships", "imo_number", imo_ok),
        ("ships", "registry_imo", imo_ok),
        ("port_calls", "vessel_imo", imo_ok),
        ("containers", "container_no", container_ok),
        ("pallets", "sscc", sscc_ok),
        ("air_consignments", "awb_number", awb_ok),
    ],
)
def test_an_identifier_carries_its_check_digit(loaded: str, table: str, column: str, valid) -> None:
    values = _values(loaded, table, column)
    assert len(values) > 100
    held = sum(bool(valid(v)) for v in values) / len(values)
    assert held >= 0.98, values[:5]


def test_a_container_number_names_its_owner_and_an_air_waybill_its_airline(loaded: str) -> None:
    owners = {str(v)[:3] for v in _values(loaded, "containers", "container_no")}
    assert 3 <= len(owners) <= 40  # a few lines and lessors, not a code per box
    awbs = [str(v) for v in _values(loaded, "air_consignments", "awb_number")]
    assert all(len(v) == 12 and v[3] == "-" for v in awbs)  # 176-12345675
    assert len({v[:3] for v in awbs}) <= 20
