"""Catalogues without names, incident flags and document numbers, on a schema of our own (a
surgical hospital: its wards, its patients typed for transfusion, their operations), at three
seeds, on a pinned clock. On main at 59d44647:

- a table of the blood types keyed by a bare `code`, with an ABO column and an Rh column of
  labels but no name column, was a table of 1,000 random codes with a group and a sign drawn
  apart from them: it holds the eight ABO/RhD groups, each with the group and the sign its
  code spells (vocab/catalogues.py, rules/catalogue_facts.py), and the patients pointing at
  it take the groups by their population shares (kinds/catalogued.py: RhD negative on some
  16 %, O+ the commonest), not the table's rows alike; so too a table of the garment sizes
  (XS to XXL, M and L the commonest sizes issued);
- a flag of an incident (`had_complication DEFAULT false`, `patient_fall_reported`) was true
  on some 7 % of the operations (the DEFAULT's prior left 15 % to a coin toss): it is true
  on a few in a hundred (vocab/exceptions.py INCIDENT_NOUNS);
- a case number held unique (`case_number`) was the row's number, unrelated to its time: a
  ward's later operation carries a higher case number (rules/document_number.py);
- a plasma donation's `din` was a string drawn to its length: it is an ISBT 128 donation
  identification number, the collecting site's facility code (`fin`, two keys away), the
  year of collection and a serial (vocab/standard_codes.py, rules/standard_code.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE ward (ward_id int PRIMARY KEY, ward_name text NOT NULL);
CREATE TABLE blood_types (
  code varchar(3) PRIMARY KEY,
  abo_group varchar(2) NOT NULL CHECK (abo_group IN ('A', 'B', 'AB', 'O')),
  rh_factor text NOT NULL CHECK (rh_factor IN ('pos', 'neg')));
CREATE TABLE patient (patient_id bigint PRIMARY KEY,
  full_name text NOT NULL,
  date_of_birth date NOT NULL,
  blood_type_code varchar(3) NOT NULL REFERENCES blood_types(code));
CREATE TABLE operation (operation_id bigint PRIMARY KEY,
  case_number varchar(16) NOT NULL UNIQUE,
  ward_id int NOT NULL REFERENCES ward(ward_id),
  patient_id bigint NOT NULL REFERENCES patient(patient_id),
  performed_at timestamptz NOT NULL,
  had_complication boolean NOT NULL DEFAULT false,
  patient_fall_reported boolean DEFAULT false);
CREATE TABLE clinic_site (site_id int PRIMARY KEY, fin char(5) NOT NULL UNIQUE,
  site_name text NOT NULL);
CREATE TABLE collection_visit (visit_id bigint PRIMARY KEY,
  site_id int NOT NULL REFERENCES clinic_site(site_id),
  patient_id bigint NOT NULL REFERENCES patient(patient_id));
CREATE TABLE plasma_donation (donation_id bigint PRIMARY KEY,
  visit_id bigint NOT NULL REFERENCES collection_visit(visit_id),
  din varchar(15) NOT NULL UNIQUE,
  collected_at timestamptz NOT NULL);
CREATE TABLE garment_sizes (code varchar(4) PRIMARY KEY, chest_cm int);
CREATE TABLE scrubs_issue (issue_id bigint PRIMARY KEY,
  patient_id bigint REFERENCES patient(patient_id),
  size_code varchar(4) NOT NULL REFERENCES garment_sizes(code),
  issued_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

CATALOGUE = """
SELECT count(*), count(*) FILTER (WHERE n = 8 AND (code, abo_group, rh_factor) IN (VALUES
  ('O+', 'O', 'pos'), ('O-', 'O', 'neg'), ('A+', 'A', 'pos'), ('A-', 'A', 'neg'),
  ('B+', 'B', 'pos'), ('B-', 'B', 'neg'), ('AB+', 'AB', 'pos'), ('AB-', 'AB', 'neg')))
FROM (SELECT *, count(*) OVER () AS n FROM blood_types) t
"""
SHARES = """
SELECT count(*), count(*) FILTER (WHERE neg BETWEEN 0.10 AND 0.24 AND top IN ('O+', 'A+'))
FROM patient,
     (SELECT avg((b.rh_factor = 'neg')::int) AS neg,
             mode() WITHIN GROUP (ORDER BY p.blood_type_code) AS top
      FROM patient p JOIN blood_types b ON b.code = p.blood_type_code) s
"""
INCIDENTS = """
SELECT count(*), count(*) FILTER (WHERE c <= 0.05 AND f <= 0.05)
FROM (SELECT avg(had_complication::int) OVER () AS c,
             avg(coalesce(patient_fall_reported, false)::int) OVER () AS f FROM operation) o
"""
CASE_NUMBERS = """
SELECT count(*), count(*) FILTER (WHERE n > prev_n)
FROM (SELECT regexp_replace(case_number, '[^0-9]', '', 'g')::numeric AS n,
             lag(regexp_replace(case_number, '[^0-9]', '', 'g')::numeric)
               OVER (PARTITION BY ward_id ORDER BY performed_at, operation_id) AS prev_n
      FROM operation) o
WHERE prev_n IS NOT NULL
"""

DINS = """
SELECT count(*), count(*) FILTER (WHERE d.din ~ '^[A-NP-Z][0-9]{4}[0-9]{2}[0-9]{6}$'
                                    AND left(d.din, 5) = s.fin
                                    AND substr(d.din, 6, 2) = to_char(d.collected_at, 'YY'))
FROM plasma_donation d
JOIN collection_visit v ON v.visit_id = d.visit_id
JOIN clinic_site s ON s.site_id = v.site_id
"""

SIZES = """
SELECT count(*), count(*) FILTER (WHERE n = 6 AND top IN ('M', 'L') AND ends < 0.2)
FROM scrubs_issue,
     (SELECT count(*) AS n FROM garment_sizes
       WHERE code IN ('XS', 'S', 'M', 'L', 'XL', 'XXL')) g,
     (SELECT mode() WITHIN GROUP (ORDER BY size_code) AS top,
             avg((size_code IN ('XS', 'XXL'))::int) AS ends FROM scrubs_issue) s
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("query", "least"),
    [
        (CATALOGUE, 8),
        (SHARES, 300),
        (SIZES, 300),
        (INCIDENTS, 300),
        (CASE_NUMBERS, 300),
        (DINS, 300),
    ],
    ids=["catalogue", "population_shares", "sizes", "incidents", "case_numbers", "isbt_din"],
)
def test_catalogue_codes(loaded: str, query: str, least: int) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= least
    assert holds >= 0.98
