"""A key another meet keeps still anchors a meet along two paths: a clinic visit continues one
appointment (its key unique, its clinic the appointment's: fk_meet keeps both) and is billed to
an insurance card; the appointment and the card reach one patient each, so the card is one of
the appointment's patient's cards. Before, a pair with a key fk_meet keeps was skipped whole,
and the cards were anyone's. The kept key never moves: the card does. Checked in SQL on what a
real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from tests.engine.loading import count, loaded_database
from workbench.generate.rules.path_meet import plan_path_meets
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE clinics (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE patients (id serial PRIMARY KEY, full_name text NOT NULL, born_on date NOT NULL);
CREATE TABLE insurance_cards (id serial PRIMARY KEY,
    patient_id int NOT NULL REFERENCES patients(id), card_number text NOT NULL);
CREATE TABLE appointments (id serial PRIMARY KEY,
    patient_id int NOT NULL REFERENCES patients(id),
    clinic_id int NOT NULL REFERENCES clinics(id), booked_at timestamp NOT NULL);
CREATE TABLE visits (id serial PRIMARY KEY,
    appointment_id int NOT NULL UNIQUE REFERENCES appointments(id),
    clinic_id int NOT NULL REFERENCES clinics(id),
    insurance_card_id int NOT NULL REFERENCES insurance_cards(id),
    seen_at timestamp NOT NULL);
"""

ROWS = {"clinics": 8, "patients": 300, "insurance_cards": 600, "appointments": 900}


def test_a_kept_key_anchors_a_meet_along_two_paths() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    visits = plan_path_meets(schema, schema.tables["public.visits"])
    assert [(m[0], m[3], m[6]) for m in visits] == [
        ("appointment_id", "insurance_card_id", "public.patients")
    ]


def test_the_card_is_the_appointments_patients_and_the_clinic_stays(pg_cluster) -> None:
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    settings = {"generate": {"rows": 800}, "tables": tables}
    with (
        loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo,
        psycopg.connect(conninfo, autocommit=True) as conn,
    ):
        visits = count(conn, "SELECT count(*) FROM visits")
        assert visits > 500
        # the visit's card is its appointment's patient's, wherever that patient has a card
        assert not count(
            conn,
            "SELECT count(*) FROM visits v JOIN appointments a ON a.id = v.appointment_id "
            "JOIN insurance_cards c ON c.id = v.insurance_card_id "
            "WHERE c.patient_id <> a.patient_id "
            "AND EXISTS (SELECT 1 FROM insurance_cards o WHERE o.patient_id = a.patient_id)",
        )
        # the kept meet still holds: the visit is at its appointment's clinic
        assert not count(
            conn,
            "SELECT count(*) FROM visits v JOIN appointments a ON a.id = v.appointment_id "
            "WHERE v.clinic_id <> a.clinic_id",
        )
