"""A measure a person has only from an age on is none below it (rules/age_implied.py,
vocab/data/measure_ages.tsv): an eye clinic's lens prescription gives a near addition only to
a patient past the onset of presbyopia on the day of the eye test the prescription came from
(the patient two keys away, the day on the test), and the younger patients' lines hold none.
On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE patient (patient_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  birth_date date NOT NULL, registered_at timestamptz NOT NULL);
CREATE TABLE eye_test (
  test_id bigint PRIMARY KEY,
  patient_id int NOT NULL REFERENCES patient(patient_id),
  tested_at timestamptz NOT NULL,
  notes text);
CREATE TABLE lens_rx (
  rx_id bigint PRIMARY KEY,
  test_id bigint NOT NULL REFERENCES eye_test(test_id),
  eye char(1) NOT NULL CHECK (eye IN ('R', 'L')),
  sphere numeric(5,2) NOT NULL,
  near_add numeric(4,2));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

OF_AGE = """
SELECT count(*)::int, count(*) FILTER (WHERE
  p.birth_date + interval '40 years' <= t.tested_at::date)::int
FROM lens_rx r JOIN eye_test t ON t.test_id = r.test_id
JOIN patient p ON p.patient_id = t.patient_id
WHERE r.near_add > 0
"""
YOUNG = """
SELECT count(*)::int, count(*) FILTER (WHERE r.near_add IS NULL)::int
FROM lens_rx r JOIN eye_test t ON t.test_id = r.test_id
JOIN patient p ON p.patient_id = t.patient_id
WHERE p.birth_date + interval '40 years' > t.tested_at::date
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_near_addition_goes_only_to_a_patient_of_its_age(loaded: str) -> None:
    applies, holds = share(loaded, OF_AGE)
    assert applies >= 300
    assert holds >= 0.99


def test_a_younger_patients_line_holds_none(loaded: str) -> None:
    applies, holds = share(loaded, YOUNG)
    assert applies >= 100
    assert holds >= 0.99
