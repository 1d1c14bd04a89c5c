"""A parent held once by every row but those a label excludes (`UNIQUE (slot_id) WHERE status
<> 'cancelled'`): the rows draw their parents distinct, so the excluded label keeps the share
its meaning gives it (a few cancelled) instead of taking every row that happened to pick a
parent already held. An index whose predicate includes the exception (`WHERE is_primary`)
still lets a parent have many rows. Checked in SQL on a real PostgreSQL at several seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import count_in, loaded_database

SCHEMA = """
CREATE TABLE clinicians (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE consult_windows (
    id bigserial PRIMARY KEY,
    clinician_id integer NOT NULL REFERENCES clinicians,
    opens_at timestamptz NOT NULL,
    closes_at timestamptz NOT NULL,
    CHECK (closes_at > opens_at));
CREATE TABLE patients (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE appointments (
    id bigserial PRIMARY KEY,
    window_id bigint NOT NULL REFERENCES consult_windows,
    patient_id integer NOT NULL REFERENCES patients,
    state text NOT NULL DEFAULT 'requested'
        CHECK (state IN ('requested', 'booked', 'attended', 'withdrawn', 'missed')),
    requested_at timestamptz NOT NULL);
CREATE UNIQUE INDEX appointments_window_live ON appointments (window_id)
    WHERE state NOT IN ('withdrawn', 'missed');
CREATE TABLE patient_phones (
    id bigserial PRIMARY KEY,
    patient_id integer NOT NULL REFERENCES patients,
    phone text NOT NULL,
    is_main boolean NOT NULL DEFAULT false);
CREATE UNIQUE INDEX patient_phones_main ON patient_phones (patient_id) WHERE is_main;
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_parent_held_while_live_is_drawn_distinct(pg_cluster, seed: int) -> None:
    settings = {
        "generate": {"rows": 400, "batch_rows": 150, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {"patient_phones": {"rows": 800}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        rows = count_in(conninfo, "SELECT count(*) FROM appointments")
        assert rows > 300
        left = count_in(
            conninfo, "SELECT count(*) FROM appointments WHERE state IN ('withdrawn', 'missed')"
        )
        assert left < 0.15 * rows  # not every row that met a held window
        assert count_in(conninfo, "SELECT count(DISTINCT window_id) FROM appointments") > 0.9 * rows
        # a main phone among several: patients keep more than one phone each
        assert count_in(conninfo, "SELECT count(DISTINCT patient_id) FROM patient_phones") < 500
