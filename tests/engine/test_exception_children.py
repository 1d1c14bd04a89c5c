"""A record that is itself an exception exists for few of the rows it befalls, and the gravest
grade of a severity is rare, on a schema of our own (a print shop's proofs): correction
requests on a proof (plan/roles.MISHAPS: a request to redo what was delivered) come for a few
proofs in a hundred, not one for most of them, and a 'blocker' among 'cosmetic', 'minor' and
'major' ones (vocab/lexicon.EXCEPTIONAL: the gravest of a scale) is a few in a hundred of
them. Checked in SQL at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE print_jobs (id serial PRIMARY KEY, title text NOT NULL,
  ordered_at timestamptz NOT NULL);
CREATE TABLE proofs (id serial PRIMARY KEY,
  print_job_id int NOT NULL REFERENCES print_jobs(id),
  proof_no int NOT NULL,
  sent_at timestamptz NOT NULL,
  page_count int NOT NULL);
CREATE TABLE correction_requests (id serial PRIMARY KEY,
  proof_id int NOT NULL REFERENCES proofs(id),
  raised_at timestamptz NOT NULL,
  severity text NOT NULL CHECK (severity IN ('cosmetic', 'minor', 'major', 'blocker')),
  note text);
"""
FEW = """
SELECT (SELECT count(*) FROM proofs),
       CASE WHEN (SELECT count(DISTINCT proof_id) FROM correction_requests)
                 <= 0.2 * (SELECT count(*) FROM proofs)
            AND (SELECT count(*) FILTER (WHERE severity = 'blocker') FROM correction_requests)
                 <= 0.1 * (SELECT count(*) FROM correction_requests)
            THEN (SELECT count(*) FROM proofs) ELSE 0 END
"""
SETTINGS = {"generate": {"rows": 600}, "tables": {"public.print_jobs": {"rows": 200}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_corrections_befall_few_proofs_and_blockers_are_rare(loaded: str) -> None:
    applies, holds = share(loaded, FEW)
    assert applies >= 500
    assert holds >= 0.98
