"""A row with a start it takes place at and an earlier moment its deal was struck uses its
terms at that moment, on a schema of our own (a translation agency: clients' rate cards and
the jobs they commission): a job points to a rate card valid on the day the job was accepted
(`accepted_at`), not on the day the work starts after it (kinds/windows.used_at,
rules/within.py). Checked in SQL on what a real PostgreSQL holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE clients (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE rate_cards (id serial PRIMARY KEY, client_id int NOT NULL REFERENCES clients(id),
  valid_from date NOT NULL, valid_to date, rate_per_word numeric(6,3) NOT NULL);
CREATE TABLE translation_jobs (id serial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(id),
  rate_card_id int NOT NULL REFERENCES rate_cards(id),
  accepted_at timestamptz NOT NULL, start_date date NOT NULL, word_count int NOT NULL,
  CHECK (start_date >= accepted_at::date));
"""

IN_FORCE = """
SELECT count(*), count(*) FILTER (WHERE j.accepted_at::date >= r.valid_from
    AND (r.valid_to IS NULL OR j.accepted_at::date <= r.valid_to))
FROM translation_jobs j JOIN rate_cards r ON r.id = j.rate_card_id
"""

NOW = "2026-06-01T12:00:00+00:00"
SETTINGS = {
    "generate": {"rows": 600, "now": NOW},
    "tables": {"public.clients": {"rows": 30}, "public.rate_cards": {"rows": 400}},
}


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_job_is_priced_by_a_rate_card_in_force_when_it_was_accepted(loaded: str) -> None:
    applies, holds = share(loaded, IN_FORCE)
    assert applies > 300
    assert holds >= 0.98
