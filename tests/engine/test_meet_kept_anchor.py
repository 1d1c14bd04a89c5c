"""A key another meet keeps still anchors a meet along two paths: a clinic visit continues one
appointment (its key unique, its clinic the appointment's: fk_meet keeps both) and is billed to
an insurance card; the appointment and the card reach one patient each, so the card is one of
the appointment's patient's cards. Before, a pair with a key fk_meet keeps was skipped whole,
and the cards were anyone's. The kept key never moves: the card does. Checked in SQL on what a
real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.rules.path_meet import plan_path_meets
from workbench.schema.apply import apply_statements
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


def _count(conn: psycopg.Connection, query: str) -> int:
    row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_a_kept_key_anchors_a_meet_along_two_paths() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    visits = plan_path_meets(schema, schema.tables["public.visits"])
    assert [(m[0], m[3], m[6]) for m in visits] == [
        ("appointment_id", "insurance_card_id", "public.patients")
    ]


def test_the_card_is_the_appointments_patients_and_the_clinic_stays(pg_cluster, tmp_path) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    config = parse_config({"generate": {"rows": 800}, "tables": tables}, tmp_path / "sandbox.toml")
    name = pg_cluster.create_database()
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=3)
        load_data(conn, parsed.schema, plan, config, seed=3)
        apply_statements(conn, parsed, "post")
        visits = _count(conn, "SELECT count(*) FROM visits")
        assert visits > 500
        # the visit's card is its appointment's patient's, wherever that patient has a card
        assert not _count(
            conn,
            "SELECT count(*) FROM visits v JOIN appointments a ON a.id = v.appointment_id "
            "JOIN insurance_cards c ON c.id = v.insurance_card_id "
            "WHERE c.patient_id <> a.patient_id "
            "AND EXISTS (SELECT 1 FROM insurance_cards o WHERE o.patient_id = a.patient_id)",
        )
        # the kept meet still holds: the visit is at its appointment's clinic
        assert not _count(
            conn,
            "SELECT count(*) FROM visits v JOIN appointments a ON a.id = v.appointment_id "
            "WHERE v.clinic_id <> a.clinic_id",
        )
    pg_cluster.drop_database(name)
