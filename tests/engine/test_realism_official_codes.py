"""Official codes in their real shape, on a schema of our own (a chemicals distributor: its
products' UN numbers, dangerous goods classes, packing groups and HS tariff codes, its
suppliers' NACE codes and LEIs, its shipments' ports of loading, the EWC code of the drums it
takes back, and its tankers' number plates in their depot's country), checked in SQL and in
Python on what a real PostgreSQL holds. The shapes are written here, from the public schemes,
not read from the vocabulary."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE nations (iso2 char(2) PRIMARY KEY, nation_name text NOT NULL);
CREATE TABLE depots (id serial PRIMARY KEY, depot_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES nations(iso2));
CREATE TABLE tankers (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  licence_plate varchar(12) NOT NULL UNIQUE, capacity_l int);
CREATE TABLE suppliers (id serial PRIMARY KEY, supplier_name text NOT NULL,
  nace_code varchar(5), lei char(20));
CREATE TABLE products (id serial PRIMARY KEY, supplier_id int REFERENCES suppliers(id),
  product_name text NOT NULL, un_number varchar(6) NOT NULL, hazard_class text NOT NULL,
  packing_group varchar(3), hs_code varchar(10) NOT NULL);
CREATE TABLE shipments (id serial PRIMARY KEY, product_id int NOT NULL REFERENCES products(id),
  tanker_id int REFERENCES tankers(id), port_of_loading char(5), shipped_on date);
CREATE TABLE drum_returns (id serial PRIMARY KEY, tanker_id int NOT NULL REFERENCES tankers(id),
  ewc_code text NOT NULL, net_kg int);
"""
# number plates of a few countries as their schemes issue them, upper case
PLATES = {
    "DE": "^[A-Z]{1,3}-[A-Z]{1,2} [1-9][0-9]{0,3}$",
    "AT": "^[A-Z]{1,2}-[0-9A-Z]{3,6}$",
    "CH": "^[A-Z]{2} [1-9][0-9]{0,5}$",
    "PL": "^[A-Z]{2,3} [0-9A-Z]{4,5}$",
    "IE": "^[0-9]{2}[12]-[A-Z]{1,2}-[1-9][0-9]{0,5}$",
    "ES": "^[0-9]{4} [BCDFGHJKLMNPRSTVWXYZ]{3}$",
    "NL": "^(?=.{8}$)[A-Z0-9]{1,3}-[A-Z0-9]{1,3}-[A-Z0-9]{1,3}$",
    "GB": "^[A-Z]{2}[0-9]{2} [A-Z]{3}$",
    "FR": "^[A-Z]{2}-[0-9]{3}-[A-Z]{2}$",
    "IT": "^[A-Z]{2} [0-9]{3} [A-Z]{2}$",
}
EWC = r"^(0[1-9]|1[0-9]|20) ?(0[1-9]|[1-9][0-9]) ?(0[1-9]|[1-9][0-9])\*?$"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    rows = {"public.depots": {"rows": 300}, "public.suppliers": {"rows": 200}}
    settings = {"generate": {"rows": 600}, "tables": rows}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_dangerous_goods_carry_real_un_numbers_classes_and_tariff_codes(loaded: str) -> None:
    applies, held = share(
        loaded,
        r"""SELECT count(*), count(*) FILTER (WHERE un_number ~ '^(UN)?[0-9]{4}$'
              AND hazard_class ~ '^[1-9](\.[1-6])?$'
              AND (packing_group IS NULL OR packing_group IN ('I', 'II', 'III'))
              AND hs_code ~ '^[0-9]{6}([0-9]{2})?$' AND left(hs_code, 2) BETWEEN '01' AND '97'
              AND left(hs_code, 2) <> '77') FROM products""",
    )
    assert applies == 600 and held == 1.0
    _, spread = share(loaded, "SELECT 10, count(DISTINCT un_number) FROM products")
    assert spread >= 1.0  # at least ten different substances, not one code repeated


def test_a_returned_drum_carries_a_european_waste_catalogue_code(loaded: str) -> None:
    applies, held = share(
        loaded, f"SELECT count(*), count(*) FILTER (WHERE ewc_code ~ '{EWC}') FROM drum_returns"
    )
    assert applies == 600 and held == 1.0


def test_suppliers_have_nace_codes_and_valid_leis(loaded: str) -> None:
    applies, held = share(
        loaded,
        r"""SELECT count(*) FILTER (WHERE nace_code IS NOT NULL),
                   count(*) FILTER (WHERE nace_code ~ '^(0[1-9]|[1-9][0-9])\.?[0-9]{1,2}$')
            FROM suppliers""",
    )
    assert applies > 0 and held == 1.0
    with psycopg.connect(loaded) as conn:
        leis = [r[0] for r in conn.execute("SELECT lei FROM suppliers WHERE lei IS NOT NULL")]
    assert leis
    # ISO 17442: letters as 10-35, the whole is 1 modulo 97
    assert all(int("".join(str(int(c, 36)) for c in lei)) % 97 == 1 for lei in leis)


def test_a_port_of_loading_is_a_un_locode(loaded: str) -> None:
    applies, held = share(
        loaded,
        "SELECT count(*) FILTER (WHERE port_of_loading IS NOT NULL),"
        " count(*) FILTER (WHERE port_of_loading ~ '^[A-Z]{2}[A-Z2-9]{3}$') FROM shipments",
    )
    assert applies > 0 and held == 1.0


def test_a_tanker_carries_its_depots_countrys_plate(loaded: str) -> None:
    cases = " ".join(f"WHEN '{c}' THEN t.licence_plate ~ '{p}'" for c, p in PLATES.items())
    listed = ", ".join(f"'{c}'" for c in PLATES)
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE upper(t.licence_plate) = t.licence_plate
                 AND CASE d.country_code {cases} END)
            FROM tankers t JOIN depots d ON d.id = t.depot_id
            WHERE d.country_code IN ({listed})""",
    )
    assert applies > 10 and held == 1.0
    _, countries = share(
        loaded,
        "SELECT 3, count(DISTINCT d.country_code) FROM tankers t JOIN depots d"
        " ON d.id = t.depot_id WHERE d.country_code IN ('DE', 'AT', 'CH', 'PL', 'IE', 'ES')",
    )
    assert countries >= 1.0  # the plates of at least three of these countries were judged
    _, distinct = share(loaded, "SELECT count(*), count(DISTINCT licence_plate) FROM tankers")
    assert distinct == 1.0
