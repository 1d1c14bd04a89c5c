"""Children carried with a key a pass after loading moves (load/carry_load.py): a stage-crew
agency's engagements go to crew firms holding every licence kind on the day
(load/credentials_load.py moves an engagement's firm to a holder), and each shift logged
against an engagement is worked by a member of the engagement's firm (the keys met along every
path when the shifts were drawn). Missed on e3bf686: the pass moved the firms after the
shifts were drawn, so most shifts named a member of the firm the engagement had before.

On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE crew_firm (firm_id int PRIMARY KEY, firm_name text NOT NULL,
  founded_on date NOT NULL);
CREATE TABLE firm_licence (licence_id int PRIMARY KEY,
  firm_id int NOT NULL REFERENCES crew_firm(firm_id),
  licence_kind text NOT NULL
    CHECK (licence_kind IN ('working_at_height', 'lifting', 'pyrotechnics')),
  valid_from date NOT NULL, valid_until date NOT NULL, CHECK (valid_until >= valid_from));
CREATE TABLE production (production_id int PRIMARY KEY, title text NOT NULL,
  opens_on date NOT NULL, closes_on date NOT NULL, CHECK (closes_on >= opens_on));
CREATE TABLE engagement (engagement_id int PRIMARY KEY,
  production_id int NOT NULL REFERENCES production(production_id),
  firm_id int NOT NULL REFERENCES crew_firm(firm_id),
  awarded_on date NOT NULL, fee numeric(10,2) NOT NULL);
CREATE TABLE crew_member (member_id int PRIMARY KEY,
  firm_id int REFERENCES crew_firm(firm_id), full_name text NOT NULL,
  hired_on date NOT NULL, left_on date);
CREATE TABLE shift_log (shift_id int PRIMARY KEY,
  member_id int NOT NULL REFERENCES crew_member(member_id),
  engagement_id int REFERENCES engagement(engagement_id),
  worked_on date NOT NULL, hours numeric(4,1) NOT NULL CHECK (hours > 0),
  UNIQUE (member_id, worked_on));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

SAME_FIRM = """
SELECT count(*), count(*) FILTER (WHERE m.firm_id = e.firm_id)
FROM shift_log s JOIN engagement e USING (engagement_id) JOIN crew_member m USING (member_id)
"""
LICENSED = """
SELECT count(*), count(*) FILTER (WHERE (SELECT count(DISTINCT l.licence_kind) FROM firm_licence l
  WHERE l.firm_id = e.firm_id AND p.opens_on BETWEEN l.valid_from AND l.valid_until) = 3)
FROM engagement e JOIN production p USING (production_id)
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_shift_is_worked_by_a_member_of_its_engagement_s_firm(loaded: str) -> None:
    applies, holds = share(loaded, SAME_FIRM)
    assert applies >= 300
    assert holds >= 0.98


def test_the_engaged_firms_still_hold_their_licences(loaded: str) -> None:
    applies, holds = share(loaded, LICENSED)
    assert applies >= 500
    assert holds >= 0.9
