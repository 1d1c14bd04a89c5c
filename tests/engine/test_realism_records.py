"""Records of what happened, statuses against the clock and measures in units, on a schema of
our own (a veterinary practice: owners' pets, vets, visits booked with a window and a
lifecycle, consultations recorded for visits, medicines in dosage forms, treatments of a
consultation taken so many times a day, sample requests and their reports), checked in SQL on
what a real PostgreSQL holds, with the run's clock pinned:

- a consultation recorded for a visit (one per visit: a unique key) is of a visit that took
  place (done or under way), on its day, for its pet and vet (rules/happened.py, within.py);
- a report named after a request's stage (`reported_at` under 'reported') belongs only to
  requests that reached it, every reported request has one, and it comes after the sample was
  taken and by now (rules/happened.py);
- a medicine's concentration unit fits its dosage form and its amount that unit (rules/
  strength.py), its ATC code a real one (generators/misc.py);
- a treatment starts within days of its consultation, is taken a few times a day, runs days
  to months, and is active while its dates hold now, completed once they ended (span.py's
  course, standing.py)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE visit_state AS ENUM ('booked', 'arrived', 'done', 'cancelled', 'no_show');
CREATE TYPE request_state AS ENUM ('requested', 'sampled', 'reported', 'cancelled');
CREATE TYPE treatment_state AS ENUM ('active', 'completed', 'cancelled');
CREATE TYPE dosage AS ENUM ('tablet', 'suspension', 'ointment', 'injectable', 'spray');
CREATE TABLE owners (id serial PRIMARY KEY, full_name text NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE pets (id serial PRIMARY KEY, owner_id int NOT NULL REFERENCES owners(id),
  pet_name text NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE vets (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE visits (id bigserial PRIMARY KEY, pet_id int NOT NULL REFERENCES pets(id),
  vet_id int NOT NULL REFERENCES vets(id), starts_at timestamp NOT NULL,
  ends_at timestamp NOT NULL, state visit_state NOT NULL, created_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE consultations (id bigserial PRIMARY KEY,
  visit_id bigint UNIQUE REFERENCES visits(id), pet_id int NOT NULL REFERENCES pets(id),
  vet_id int NOT NULL REFERENCES vets(id), started_at timestamp NOT NULL,
  ended_at timestamp, CHECK (ended_at IS NULL OR ended_at >= started_at));
CREATE TABLE medicines (id serial PRIMARY KEY, label text NOT NULL, atc char(7),
  dosage_form dosage NOT NULL, concentration numeric(10,3) NOT NULL,
  concentration_unit varchar(8) NOT NULL
    CHECK (concentration_unit IN ('mg', 'mcg', 'mg/mL', 'IU', 'IU/mL', '%')));
CREATE TABLE treatments (id bigserial PRIMARY KEY,
  consultation_id bigint NOT NULL REFERENCES consultations(id),
  medicine_id int NOT NULL REFERENCES medicines(id), doses_per_day smallint NOT NULL,
  start_date date NOT NULL, end_date date, state treatment_state NOT NULL,
  CHECK (end_date IS NULL OR end_date >= start_date));
CREATE TABLE sample_requests (id bigserial PRIMARY KEY,
  consultation_id bigint NOT NULL REFERENCES consultations(id),
  requested_at timestamptz NOT NULL, sampled_at timestamptz, state request_state NOT NULL);
CREATE TABLE sample_reports (id bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES sample_requests(id), finding text,
  reported_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"vets": {"rows": 20}, "medicines": {"rows": 300}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


_share = partial(share, now=NOW)


def test_a_consultation_is_of_a_visit_that_took_place_on_its_day(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE v.state IN ('arrived', 'done')"
        " AND c.pet_id = v.pet_id AND c.vet_id = v.vet_id"
        " AND c.started_at::date = v.starts_at::date)"
        " FROM consultations c JOIN visits v ON v.id = c.visit_id",
    )
    assert applies > 500 and held >= 0.98, held


def test_reports_belong_to_requests_that_reached_them(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE o.state"
        " WHEN 'reported' THEN r.n > 0 AND r.first_at >= o.sampled_at AND r.last_at <= :now"
        " ELSE r.n IS NULL END)"
        " FROM sample_requests o LEFT JOIN (SELECT request_id, count(*) AS n,"
        " min(reported_at) AS first_at, max(reported_at) AS last_at FROM sample_reports"
        " GROUP BY request_id) r ON r.request_id = o.id",
    )
    assert applies == 1000 and held >= 0.98, held


def test_a_medicine_s_unit_fits_its_form_at_a_sane_amount(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE dosage_form"
        " WHEN 'tablet' THEN concentration_unit IN ('mg', 'mcg')"
        " WHEN 'suspension' THEN concentration_unit = 'mg/mL'"
        " WHEN 'ointment' THEN concentration_unit = '%'"
        " WHEN 'injectable' THEN concentration_unit IN ('mg/mL', 'mg', 'IU/mL', 'IU')"
        " WHEN 'spray' THEN concentration_unit = 'mcg' END"
        " AND CASE concentration_unit WHEN 'mg' THEN concentration BETWEEN 0.1 AND 1000"
        " WHEN 'mcg' THEN concentration BETWEEN 1 AND 1000"
        " WHEN 'mg/mL' THEN concentration BETWEEN 0.1 AND 500"
        " WHEN 'IU' THEN concentration BETWEEN 1 AND 100000"
        " WHEN 'IU/mL' THEN concentration BETWEEN 1 AND 10000"
        " WHEN '%' THEN concentration BETWEEN 0.01 AND 20 END"
        " AND (atc IS NULL OR left(atc, 1) IN ('A', 'B', 'C', 'D', 'G', 'H', 'J', 'L', 'M',"
        " 'N', 'P', 'R', 'S', 'V')))"
        " FROM medicines",
    )
    assert applies == 300 and held == 1.0, held


def test_a_treatment_course_agrees_with_its_consultation_and_the_clock(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE t.doses_per_day BETWEEN 1 AND 6"
        " AND t.start_date BETWEEN c.started_at::date AND c.started_at::date + 7"
        " AND (t.end_date IS NULL OR t.end_date - t.start_date BETWEEN 1 AND 365)"
        " AND CASE t.state WHEN 'completed' THEN t.end_date < :now::date"
        " WHEN 'active' THEN t.start_date <= :now::date"
        " AND (t.end_date IS NULL OR t.end_date >= :now::date) ELSE true END)"
        " FROM treatments t JOIN consultations c ON c.id = t.consultation_id",
    )
    assert applies == 1000 and held >= 0.98, held
