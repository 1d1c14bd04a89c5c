"""A row's kind says how long it lasts when its label names a rite or a gathering, on a schema
of our own (a parish: churches, clergy, and the events held at a church: weddings, baptisms,
requiems, and the receptions after them), checked in SQL on a real PostgreSQL at three seeds:

- a rite people attend (a wedding, a baptism, a requiem: rules/span.SCALES) lasts a quarter
  hour to two hours;
- a gathering after one (a reception) lasts an hour to six.
The kind column's labels are read word by word (rules/span.label_scales), no table named."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE churches (church_id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL, consecrated_on date NOT NULL);
CREATE TABLE clergy (cleric_id serial PRIMARY KEY, full_name text NOT NULL,
  ordained_on date NOT NULL);
CREATE TABLE parish_events (event_id bigserial PRIMARY KEY,
  church_id int NOT NULL REFERENCES churches(church_id),
  cleric_id int REFERENCES clergy(cleric_id),
  event_kind text NOT NULL CHECK (event_kind IN ('wedding', 'baptism', 'requiem',
                                                 'reception')),
  begins_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  guests int, CHECK (ends_at > begins_at));
"""
SETTINGS = {
    "generate": {"rows": 900, "now": NOW.replace(" ", "T")},
    "tables": {"churches": {"rows": 30}, "clergy": {"rows": 40}},
}

RITES = """
SELECT count(*), count(*) FILTER (WHERE ends_at - begins_at
    BETWEEN interval '15 minutes' AND interval '2 hours')
FROM parish_events WHERE event_kind <> 'reception'
"""
GATHERINGS = """
SELECT count(*), count(*) FILTER (WHERE ends_at - begins_at
    BETWEEN interval '1 hour' AND interval '6 hours')
FROM parish_events WHERE event_kind = 'reception'
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    ("query", "least"), [(RITES, 400), (GATHERINGS, 20)], ids=["rites", "gatherings"]
)
def test_a_rite_lasts_as_its_kind_does(loaded: str, query: str, least: int) -> None:
    rows, held = share(loaded, query, NOW)
    assert rows >= least
    assert held >= 0.98, f"{held:.1%} of {rows} rows"
