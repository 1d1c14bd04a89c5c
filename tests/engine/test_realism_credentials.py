"""A party assigned to a dated event holds, that day, a credential of each kind, one of them
for the thing the event is about, and is employed then (rules/credentials.py,
load/credentials_load.py), on a schema of our own: an electrical contractor's job staffing. A
staffing row has no time of its own (its job starts at `starts_at`); each electrician on a job
is employed that day (hired_on .. left_on) and holds, valid that day, a wiring licence, a first
aid certificate and an endorsement for the installation type of the job's site (reached from
the job through its site). The certifications table has as many rows as there are
electricians. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE installation_types (installation_type_id serial PRIMARY KEY,
  type_name text NOT NULL);
CREATE TABLE sites (site_id serial PRIMARY KEY,
  installation_type_id int NOT NULL REFERENCES installation_types(installation_type_id),
  street_address text NOT NULL);
CREATE TABLE electricians (electrician_id serial PRIMARY KEY,
  full_name text NOT NULL,
  grade varchar(12) NOT NULL CHECK (grade IN ('apprentice', 'journeyman', 'master')),
  hired_on date NOT NULL,
  left_on date,
  CHECK (left_on IS NULL OR left_on >= hired_on));
CREATE TABLE jobs (job_id bigserial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(site_id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  notes text);
CREATE TABLE job_staffing (job_id bigint NOT NULL REFERENCES jobs(job_id),
  electrician_id int NOT NULL REFERENCES electricians(electrician_id),
  staffing_role varchar(12) NOT NULL CHECK (staffing_role IN ('lead', 'assistant')),
  PRIMARY KEY (job_id, electrician_id));
CREATE TABLE electrician_certifications (certification_id serial PRIMARY KEY,
  electrician_id int NOT NULL REFERENCES electricians(electrician_id),
  cert_kind varchar(24) NOT NULL
    CHECK (cert_kind IN ('wiring_licence', 'first_aid', 'installation_endorsement')),
  installation_type_id int REFERENCES installation_types(installation_type_id),
  certificate_no varchar(20) NOT NULL,
  issued_on date NOT NULL,
  expires_on date NOT NULL,
  CHECK (expires_on >= issued_on));
"""

STAFFED = """
WITH a AS (
  SELECT s.electrician_id, e.hired_on, e.left_on, j.starts_at::date AS d,
         si.installation_type_id AS kind_id
  FROM job_staffing s
  JOIN jobs j ON j.job_id = s.job_id
  JOIN sites si ON si.site_id = j.site_id
  JOIN electricians e ON e.electrician_id = s.electrician_id
)
SELECT count(*), count(*) FILTER (WHERE a.hired_on <= a.d
    AND (a.left_on IS NULL OR a.d <= a.left_on)
    AND EXISTS (SELECT 1 FROM electrician_certifications c
                WHERE c.electrician_id = a.electrician_id
                  AND c.cert_kind = 'installation_endorsement'
                  AND c.installation_type_id = a.kind_id
                  AND a.d BETWEEN c.issued_on AND c.expires_on)
    AND EXISTS (SELECT 1 FROM electrician_certifications c
                WHERE c.electrician_id = a.electrician_id AND c.cert_kind = 'wiring_licence'
                  AND a.d BETWEEN c.issued_on AND c.expires_on)
    AND EXISTS (SELECT 1 FROM electrician_certifications c
                WHERE c.electrician_id = a.electrician_id AND c.cert_kind = 'first_aid'
                  AND a.d BETWEEN c.issued_on AND c.expires_on))
FROM a
"""

SETTINGS = {
    "generate": {"rows": 600},
    "tables": {
        "public.installation_types": {"rows": 12},
        "public.sites": {"rows": 200},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_staff_hold_every_credential_for_the_sites_type_on_the_jobs_day(loaded: str) -> None:
    rows, held = share(loaded, STAFFED)
    assert rows == 600
    assert held >= 0.98


# A hospital's rosters: two credential tables for one assignment, one with neither kind nor
# thing (a nurse's registration), one for a thing its key may not leave NULL (a certification
# for the ward's kind, reached from the shift through its ward).
WARDS = """
CREATE TABLE ward_kinds (ward_kind_id serial PRIMARY KEY, kind_name text NOT NULL);
CREATE TABLE wards (ward_id serial PRIMARY KEY,
  ward_kind_id int NOT NULL REFERENCES ward_kinds(ward_kind_id),
  ward_name text NOT NULL);
CREATE TABLE nurses (nurse_id serial PRIMARY KEY,
  full_name text NOT NULL,
  employed_from date NOT NULL,
  employed_until date,
  CHECK (employed_until IS NULL OR employed_until >= employed_from));
CREATE TABLE shifts (shift_id bigserial PRIMARY KEY,
  ward_id int NOT NULL REFERENCES wards(ward_id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE shift_rosters (shift_id bigint NOT NULL REFERENCES shifts(shift_id),
  nurse_id int NOT NULL REFERENCES nurses(nurse_id),
  PRIMARY KEY (shift_id, nurse_id));
CREATE TABLE nurse_registrations (registration_id serial PRIMARY KEY,
  nurse_id int NOT NULL REFERENCES nurses(nurse_id),
  pin varchar(12) NOT NULL,
  valid_from date NOT NULL,
  valid_until date NOT NULL);
CREATE TABLE ward_certifications (certification_id serial PRIMARY KEY,
  nurse_id int NOT NULL REFERENCES nurses(nurse_id),
  ward_kind_id int NOT NULL REFERENCES ward_kinds(ward_kind_id),
  issued_on date NOT NULL,
  expires_on date NOT NULL);
"""

ROSTERED = """
WITH a AS (
  SELECT r.nurse_id, n.employed_from, n.employed_until, s.starts_at::date AS d, w.ward_kind_id
  FROM shift_rosters r
  JOIN shifts s ON s.shift_id = r.shift_id
  JOIN wards w ON w.ward_id = s.ward_id
  JOIN nurses n ON n.nurse_id = r.nurse_id
)
SELECT count(*), count(*) FILTER (WHERE a.employed_from <= a.d
    AND (a.employed_until IS NULL OR a.d <= a.employed_until)
    AND EXISTS (SELECT 1 FROM nurse_registrations g
                WHERE g.nurse_id = a.nurse_id AND a.d BETWEEN g.valid_from AND g.valid_until)
    AND EXISTS (SELECT 1 FROM ward_certifications c
                WHERE c.nurse_id = a.nurse_id AND c.ward_kind_id = a.ward_kind_id
                  AND a.d BETWEEN c.issued_on AND c.expires_on))
FROM a
"""

WARD_SETTINGS = {
    "generate": {"rows": 500},
    "tables": {"public.ward_kinds": {"rows": 6}, "public.wards": {"rows": 30}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def rostered(request, pg_cluster):
    with loaded_database(pg_cluster, WARDS, WARD_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_nurses_hold_a_registration_and_the_wards_certification_on_the_shifts_day(
    rostered: str,
) -> None:
    rows, held = share(rostered, ROSTERED)
    assert rows == 500
    assert held >= 0.98
