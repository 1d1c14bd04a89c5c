"""One owner per fact (rules/owner.py): the status rule decides which of a row's times are
present, and a later rule may move those times but not undo that. A lift-maintenance firm
books numbered inspections of each lift (`booked_for`, NOT NULL) and records when the
engineer arrived and left (`arrived_at`, `left_at`, NULL until it happens); the chain rule
(rules/sequence.py) lays each lift's inspections out one after the other and, on 6b04aa8,
gave every row laid out its times again (and left the last open at random): finished
inspections lost their leaving time, booked and called-off ones got times they never had.
On a schema of our own, at three seeds, on a pinned clock; and the trace
(`WORKBENCH_TRACE_RULES`) names the rule the owner overruled."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE building (building_id int PRIMARY KEY, street text NOT NULL, city text NOT NULL);
CREATE TABLE lift (lift_id int PRIMARY KEY,
  building_id int NOT NULL REFERENCES building(building_id),
  serial_number text NOT NULL, installed_on date NOT NULL);
CREATE TABLE engineer (engineer_id int PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL);
CREATE TABLE lift_inspection (inspection_id bigint PRIMARY KEY,
  lift_id int NOT NULL REFERENCES lift(lift_id),
  inspection_no smallint NOT NULL CHECK (inspection_no > 0),
  engineer_id int REFERENCES engineer(engineer_id),
  status text NOT NULL CHECK (status IN ('scheduled', 'completed', 'cancelled')),
  scheduled_for timestamptz NOT NULL,
  started_at timestamptz,
  ended_at timestamptz,
  remarks text,
  UNIQUE (lift_id, inspection_no));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# a finished inspection has both times in order; a booked or called-off one neither
FITS = """
SELECT count(*), count(*) FILTER (WHERE CASE status
    WHEN 'completed' THEN started_at IS NOT NULL AND ended_at > started_at
    ELSE started_at IS NULL AND ended_at IS NULL END)
FROM lift_inspection
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_the_chain_keeps_the_times_the_status_decided(loaded: str) -> None:
    applies, holds = share(loaded, FITS, now=NOW)
    assert applies >= 500
    assert holds >= 0.98


def test_the_trace_names_the_rule_the_owner_overruled(
    pg_cluster, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WORKBENCH_TRACE_RULES", "lift_inspection")
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=1):
        pass
    lines = [line for line in capfd.readouterr().err.splitlines() if line.startswith("[trace")]
    assert any(" status(status," in line for line in lines)
    overruled = [line for line in lines if "owner took back" in line]
    assert overruled and all(" sequence(" in line for line in overruled)
    assert not any("[trace lift " in line for line in lines)  # only the table named
