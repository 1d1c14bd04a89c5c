"""Keys that meet along paths longer than one hop, and rows that continue their parent: an
appointment's room (room → department → clinic) is in the clinic of its practitioner
(practitioner → department → clinic), also where the patient reaches no clinic; an encounter
booked through an appointment (a unique key, never re-picked) has the appointment's patient
and practitioner; a prescription written in an encounter has its patient and practitioner. A
comment's post stays free of the comment's author (one shared key is not a continuation).
Checked in SQL on what a real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.kinds.meets import plan_meets
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE clinics (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE departments (id serial PRIMARY KEY,
    clinic_id int NOT NULL REFERENCES clinics(id), name text NOT NULL);
CREATE TABLE rooms (id serial PRIMARY KEY,
    department_id int NOT NULL REFERENCES departments(id), code text NOT NULL);
CREATE TABLE practitioners (id serial PRIMARY KEY,
    department_id int NOT NULL REFERENCES departments(id), full_name text NOT NULL);
CREATE TABLE patients (id serial PRIMARY KEY, primary_clinic_id int REFERENCES clinics(id),
    full_name text NOT NULL);
CREATE TABLE appointments (id serial PRIMARY KEY,
    patient_id int NOT NULL REFERENCES patients(id),
    practitioner_id int NOT NULL REFERENCES practitioners(id),
    room_id int REFERENCES rooms(id), starts_at timestamp NOT NULL);
CREATE TABLE encounters (id serial PRIMARY KEY,
    appointment_id int UNIQUE REFERENCES appointments(id),
    patient_id int NOT NULL REFERENCES patients(id),
    practitioner_id int NOT NULL REFERENCES practitioners(id), started_at timestamp NOT NULL);
CREATE TABLE prescriptions (id serial PRIMARY KEY,
    encounter_id int NOT NULL REFERENCES encounters(id),
    patient_id int NOT NULL REFERENCES patients(id),
    prescriber_id int NOT NULL REFERENCES practitioners(id), dose text);
CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE posts (id serial PRIMARY KEY, author_id int NOT NULL REFERENCES users(id),
    title text NOT NULL);
CREATE TABLE comments (id serial PRIMARY KEY, post_id int NOT NULL REFERENCES posts(id),
    author_id int NOT NULL REFERENCES users(id), body text NOT NULL);
"""

ROWS = {"clinics": 6, "departments": 30, "rooms": 80, "practitioners": 60, "patients": 300}


def _count(conn: psycopg.Connection, query: str) -> int:
    row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_the_plan_copies_what_a_row_repeats_of_the_parent_it_continues() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    encounters = plan_meets(schema, schema.tables["public.encounters"])
    assert [(m.hop, m.direct, m.copies) for m in encounters] == [
        ("appointment_id", "patient_id", (("practitioner_id", "practitioner_id"),))
    ]
    prescriptions = plan_meets(schema, schema.tables["public.prescriptions"])
    assert [(m.hop, m.direct, m.copies) for m in prescriptions] == [
        ("encounter_id", "patient_id", (("prescriber_id", "practitioner_id"),))
    ]
    # one shared key (the author) is no continuation: a comment's post is anyone's
    assert plan_meets(schema, schema.tables["public.comments"]) == []


def test_keys_meet_along_paths_and_rows_follow_the_parent_they_continue(
    pg_cluster, tmp_path
) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    config = parse_config({"generate": {"rows": 400}, "tables": tables}, tmp_path / "sandbox.toml")
    name = pg_cluster.create_database()
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=7)
        load_data(conn, parsed.schema, plan, config, seed=7)
        apply_statements(conn, parsed, "post")
        with_room = _count(conn, "SELECT count(*) FROM appointments WHERE room_id IS NOT NULL")
        assert with_room > 100
        # two hops on each side: the room's department and the practitioner's, one clinic
        assert not _count(
            conn,
            "SELECT count(*) FROM appointments a JOIN rooms r ON r.id = a.room_id "
            "JOIN departments rd ON rd.id = r.department_id "
            "JOIN practitioners p ON p.id = a.practitioner_id "
            "JOIN departments pd ON pd.id = p.department_id WHERE rd.clinic_id <> pd.clinic_id",
        )
        # the patient's clinic (one hop) decides where it has one
        assert not _count(
            conn,
            "SELECT count(*) FROM appointments a JOIN patients pa ON pa.id = a.patient_id "
            "JOIN practitioners p ON p.id = a.practitioner_id "
            "JOIN departments d ON d.id = p.department_id "
            "WHERE pa.primary_clinic_id <> d.clinic_id",
        )
        booked = _count(conn, "SELECT count(*) FROM encounters WHERE appointment_id IS NOT NULL")
        assert booked > 100
        assert not _count(
            conn,
            "SELECT count(*) FROM encounters e JOIN appointments a ON a.id = e.appointment_id "
            "WHERE e.patient_id <> a.patient_id OR e.practitioner_id <> a.practitioner_id",
        )
        assert not _count(
            conn,
            "SELECT count(*) FROM prescriptions p JOIN encounters e ON e.id = p.encounter_id "
            "WHERE p.patient_id <> e.patient_id OR p.prescriber_id <> e.practitioner_id",
        )
        # comments are not continuations: most comment on someone else's post
        assert _count(
            conn,
            "SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id "
            "WHERE p.author_id <> c.author_id",
        ) > 0.5 * _count(conn, "SELECT count(*) FROM comments")
    pg_cluster.drop_database(name)
