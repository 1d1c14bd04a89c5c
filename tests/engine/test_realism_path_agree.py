"""Keys that agree along every path, on a schema of our own (a pharmacy chain): a dispensing
line names its order (→ pharmacy, → patient) and its prescription (→ pharmacy, and through the
patient's nomination, a key that may be NULL, → patient), so the order is the prescription's
patient's, at the prescription's pharmacy; the prescription is dispensed once (UNIQUE), so the
order moves. The prescription's two ways to patients (its nomination's, its prescriber is no
patient) and the nomination, a patient's at a pharmacy with no UNIQUE pair, give the order its
pair (kinds/path_agree.py, rules/path_agree.py, the order's pair a nomination's through
kinds/membership.py). A lot's consignor and its buyer, a bid's paddle and its lot's buyer are
never made to agree: neither parent is something a party owns. Checked in SQL on what a real
PostgreSQL holds, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.kinds.path_agree import agreed_links, agreements
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE patients (id serial PRIMARY KEY, full_name text NOT NULL, born_on date);
CREATE TABLE pharmacies (id serial PRIMARY KEY, name varchar(60) NOT NULL,
  city varchar(60) NOT NULL);
CREATE TABLE prescribers (id serial PRIMARY KEY, full_name text NOT NULL, gmc_no varchar(8));
CREATE TABLE nominations (id serial PRIMARY KEY,
  pharmacy_id int NOT NULL REFERENCES pharmacies(id),
  patient_id int NOT NULL REFERENCES patients(id),
  nominated_on date NOT NULL);
CREATE TABLE prescriptions (id serial PRIMARY KEY,
  pharmacy_id int NOT NULL REFERENCES pharmacies(id),
  prescriber_id int NOT NULL REFERENCES prescribers(id),
  nomination_id int REFERENCES nominations(id),
  issued_on date NOT NULL,
  drug varchar(60) NOT NULL);
CREATE TABLE dispensing_orders (id serial PRIMARY KEY,
  pharmacy_id int NOT NULL REFERENCES pharmacies(id),
  patient_id int NOT NULL REFERENCES patients(id),
  placed_at timestamptz NOT NULL);
CREATE TABLE dispensing_lines (id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES dispensing_orders(id),
  prescription_id int NOT NULL UNIQUE REFERENCES prescriptions(id),
  quantity int NOT NULL CHECK (quantity > 0));
CREATE TABLE sales (id serial PRIMARY KEY, title text NOT NULL);
CREATE TABLE clients (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE consignments (id serial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(id), received_on date NOT NULL);
CREATE TABLE paddles (id serial PRIMARY KEY,
  sale_id int NOT NULL REFERENCES sales(id), client_id int NOT NULL REFERENCES clients(id));
CREATE TABLE lots (id serial PRIMARY KEY,
  sale_id int NOT NULL REFERENCES sales(id),
  consignment_id int NOT NULL REFERENCES consignments(id),
  buyer_paddle_id int REFERENCES paddles(id));
CREATE TABLE bids (id serial PRIMARY KEY,
  lot_id int NOT NULL REFERENCES lots(id), paddle_id int NOT NULL REFERENCES paddles(id),
  amount numeric(12,2) NOT NULL);
"""

# the order is the prescription's patient's (where a nomination names one) at its pharmacy
AGREES = """
SELECT count(*), count(*) FILTER (WHERE o.pharmacy_id = p.pharmacy_id
                                    AND n.patient_id = o.patient_id)
FROM dispensing_lines l
JOIN dispensing_orders o ON o.id = l.order_id
JOIN prescriptions p ON p.id = l.prescription_id
JOIN nominations n ON n.id = p.nomination_id
"""
# a prescription handed in with no nomination is still dispensed at its pharmacy
SAME_PHARMACY = """
SELECT count(*), count(*) FILTER (WHERE o.pharmacy_id = p.pharmacy_id)
FROM dispensing_lines l
JOIN dispensing_orders o ON o.id = l.order_id
JOIN prescriptions p ON p.id = l.prescription_id
"""
SETTINGS = {
    "generate": {"rows": 100, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.patients": {"rows": 300},
        "public.pharmacies": {"rows": 12},
        "public.nominations": {"rows": 400},
        "public.prescriptions": {"rows": 1500},
        "public.dispensing_orders": {"rows": 800},
        "public.dispensing_lines": {"rows": 1200},
    },
}


def test_the_plan_agrees_along_a_nullable_way_and_leaves_two_clients_apart() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    [line] = agreements(schema, schema.tables["public.dispensing_lines"])
    assert (line.a, line.b) == ("order_id", "prescription_id")
    assert {end: (a, b) for end, a, b in line.ends} == {
        "public.patients": (
            (("public.dispensing_orders", "patient_id"),),
            (("public.prescriptions", "nomination_id"), ("public.nominations", "patient_id")),
        ),
        "public.pharmacies": (
            (("public.dispensing_orders", "pharmacy_id"),),
            (("public.prescriptions", "pharmacy_id"),),
        ),
    }
    assert agreed_links(schema, schema.tables["public.dispensing_orders"]) == [
        ("public.nominations", "patient_id", "pharmacy_id", "patient_id", "pharmacy_id")
    ]
    for table in ("lots", "bids"):
        assert agreements(schema, schema.tables[f"public.{table}"]) == []


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_line_is_dispensed_to_its_prescriptions_patient_at_its_pharmacy(loaded: str) -> None:
    applies, holds = share(loaded, AGREES, now=NOW)
    assert applies >= 800
    assert holds >= 0.98


def test_a_line_without_a_nomination_is_still_at_its_pharmacy(loaded: str) -> None:
    applies, holds = share(loaded, SAME_PHARMACY, now=NOW)
    assert applies >= 1100
    assert holds >= 0.98
