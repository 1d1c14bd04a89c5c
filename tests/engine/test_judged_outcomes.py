"""A judged verdict and what it is judged on: a boiler safety check's outcome follows its worst
finding (a critical finding makes it unsafe, a serious one failed, none or only advisories
passed: rules/worst.py); a check that is a recheck follows a failed check of the same boiler
within eight weeks (rules/again.py); and most checks pass (not 97 %), the
failures a minority that a judged verdict keeps at many small depots (vocab/severity.py,
rules/site_shares.py). On a schema of our own, at three seeds, one generate each."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE check_outcome AS ENUM ('passed', 'failed', 'unsafe');
CREATE TYPE visit_kind AS ENUM ('annual', 'recheck');
CREATE TYPE gravity AS ENUM ('advisory', 'serious', 'critical');
CREATE TABLE depot (depot_id int PRIMARY KEY, depot_name varchar(60) NOT NULL,
  street varchar(80) NOT NULL, city varchar(60) NOT NULL, postcode varchar(10) NOT NULL);
CREATE TABLE engineer (engineer_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id), full_name varchar(80) NOT NULL);
CREATE TABLE boiler (boiler_id int PRIMARY KEY, serial_no varchar(20) NOT NULL UNIQUE,
  installed_on date NOT NULL);
CREATE TABLE safety_check (check_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  engineer_id int NOT NULL REFERENCES engineer(engineer_id),
  boiler_id int NOT NULL REFERENCES boiler(boiler_id),
  visit visit_kind NOT NULL DEFAULT 'annual',
  checked_at timestamptz NOT NULL,
  outcome check_outcome NOT NULL);
CREATE TABLE check_finding (check_id int NOT NULL REFERENCES safety_check(check_id),
  finding_no smallint NOT NULL, gravity gravity NOT NULL, remark text,
  PRIMARY KEY (check_id, finding_no));
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"boiler": {"rows": 60}, "depot": {"rows": 40}},
}

WORST = """
SELECT count(*)::int, count(*) FILTER (WHERE c.outcome::text = CASE
  WHEN EXISTS (SELECT 1 FROM check_finding f WHERE f.check_id = c.check_id
               AND f.gravity = 'critical') THEN 'unsafe'
  WHEN EXISTS (SELECT 1 FROM check_finding f WHERE f.check_id = c.check_id
               AND f.gravity = 'serious') THEN 'failed'
  ELSE 'passed' END)::int
FROM safety_check c
"""
MOSTLY_SATISFACTORY = """
SELECT 1, (avg((outcome = 'passed')::int) BETWEEN 0.5 AND 0.95)::int FROM safety_check
"""
RECHECK = """
SELECT count(*)::int, count(*) FILTER (WHERE p.outcome <> 'passed'
  AND p.checked_at >= r.checked_at - interval '8 weeks')::int
FROM safety_check r
LEFT JOIN LATERAL (SELECT q.outcome, q.checked_at FROM safety_check q
  WHERE q.boiler_id = r.boiler_id AND q.checked_at < r.checked_at
  ORDER BY q.checked_at DESC LIMIT 1) p ON true
WHERE r.visit = 'recheck'
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_judged_outcome_follows_its_findings_and_rechecks_follow_failures(
    pg_cluster, seed: int
) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, WORST)
        assert applies == 300 and holds >= 0.98
        assert share(conninfo, MOSTLY_SATISFACTORY) == (1, 1.0)
        applies, holds = share(conninfo, RECHECK)
        assert applies > 0 and holds == 1.0
