"""A thing whose status says its life ended (a colony `dead` or `lost`, a patient `deceased`)
has the time it ended set, after its start and by the run's clock, while the things still
living have none; few have ended, most live; nothing of an ended thing (a colony's checks by
date, its feedings by timestamp, a patient's appointments) happens after its end. On a schema
of our own (an apiary's colonies, a practice's patients; the end named `died_on` and
`deceased_at`, no pair of names saying the window), at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE colony_state AS ENUM ('active', 'weak', 'dead', 'lost', 'sold');
CREATE TABLE yard (yard_id int PRIMARY KEY, yard_name varchar(60) NOT NULL);
CREATE TABLE colony (colony_id int PRIMARY KEY, yard_id int NOT NULL REFERENCES yard(yard_id),
  tag varchar(12) NOT NULL UNIQUE, established_on date NOT NULL,
  status colony_state NOT NULL DEFAULT 'active', died_on date);
CREATE TABLE colony_check (check_id int PRIMARY KEY,
  colony_id int NOT NULL REFERENCES colony(colony_id), checked_on date NOT NULL,
  brood_frames smallint);
CREATE TABLE feeding (feeding_id int PRIMARY KEY,
  colony_id int NOT NULL REFERENCES colony(colony_id), fed_at timestamptz NOT NULL,
  syrup_litres numeric(5,2) NOT NULL);
CREATE TABLE patient (patient_id int PRIMARY KEY, given_name text NOT NULL,
  family_name text NOT NULL, registered_at timestamptz NOT NULL,
  patient_status text NOT NULL
    CHECK (patient_status IN ('registered', 'transferred_out', 'deceased')),
  deceased_at timestamptz);
CREATE TABLE consultation (consultation_id int PRIMARY KEY,
  patient_id int NOT NULL REFERENCES patient(patient_id), seen_at timestamptz NOT NULL,
  notes text);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

COLONY_ENDS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN status IN ('dead', 'lost')
  THEN died_on IS NOT NULL AND died_on <= :now::date AND died_on >= established_on
  ELSE died_on IS NULL END)::int FROM colony
"""
PATIENT_ENDS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN patient_status = 'deceased'
  THEN deceased_at IS NOT NULL AND deceased_at <= :now AND deceased_at >= registered_at
  ELSE deceased_at IS NULL END)::int FROM patient
"""
NOTHING_AFTER = {
    "colony_check": """
SELECT count(*)::int, count(*) FILTER (WHERE x.checked_on <= c.died_on)::int
FROM colony_check x JOIN colony c USING (colony_id) WHERE c.died_on IS NOT NULL
""",
    "feeding": """
SELECT count(*)::int, count(*) FILTER (WHERE x.fed_at < c.died_on + 1)::int
FROM feeding x JOIN colony c USING (colony_id) WHERE c.died_on IS NOT NULL
""",
    "consultation": """
SELECT count(*)::int, count(*) FILTER (WHERE x.seen_at <= p.deceased_at)::int
FROM consultation x JOIN patient p USING (patient_id) WHERE p.deceased_at IS NOT NULL
""",
}
# (table, status column, labels that ended)
ENDED = [("colony", "status", "'dead', 'lost', 'sold'"),
         ("patient", "patient_status", "'deceased'")]  # fmt: skip


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("query", [COLONY_ENDS, PATIENT_ENDS], ids=["colony", "patient"])
def test_an_ended_thing_has_its_end_and_a_living_one_none(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


@pytest.mark.parametrize("table", sorted(NOTHING_AFTER))
def test_nothing_of_an_ended_thing_happens_after_its_end(loaded: str, table: str) -> None:
    applies, holds = share(loaded, NOTHING_AFTER[table], now=NOW)
    assert applies > 0
    assert holds >= 0.98


@pytest.mark.parametrize("table,status,ended", ENDED, ids=[t for t, _, _ in ENDED])
def test_few_have_ended_and_most_live(loaded: str, table: str, status: str, ended: str) -> None:
    query = f"SELECT count(*)::int, count(*) FILTER (WHERE {status}::text IN ({ended}))::int"
    query += f" FROM {table}"
    applies, share_ended = share(loaded, query, now=NOW)
    assert applies == 1000
    assert 0.01 <= share_ended <= 0.15
