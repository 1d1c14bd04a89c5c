"""A status decides its side columns by what its labels mean, on a schema of our own (a research
funding body: grant applications and their reviewers' notes; a climbing gym: key fobs, the
memberships that hold them and the gate entries made with them), at three seeds, on a pinned
clock. On main (c0bb831):

- a `closed_on` beside labels none of which is `closed` was never set (stage 3 of the happy
  path, which no label reached); it is the close of the file however it ended (granted and
  paid, denied, withdrawn: vocab/outcomes.closing_labels);
- `approved_amount` (a stage's amount: rules/stage_amount.py) lay on 90 % of the rows whatever
  their status, above the amount requested on a third of them;
- `is_suspicious boolean DEFAULT false` was true on 15 % of the rows (kinds/defaults SHARE),
  approved and paid ones among them (rules/risk_flag.py, vocab/risk.py);
- a decision's rejections (`denied` beside `approved`) took 2 %, the share of an accident on
  the way (vocab/outcomes.TURNED_DOWN_SHARE: 8 %);
- `activated_at` beside the label `active` was drawn on pending rows too (rules/status.py reads
  `activated` as the time a row became `active`), and a gate entry of a membership not yet
  activated had no start to follow (rules/within.py: a start the status decides is a parent
  not in service yet);
- an active membership held a fob lost or still in stock (rules/agree.py: a row in a steady
  state lives on a parent in that state)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE funder (funder_id int PRIMARY KEY, funder_name text NOT NULL);
CREATE TABLE grant_application (application_id int PRIMARY KEY,
  funder_id int NOT NULL REFERENCES funder(funder_id),
  reference_code text NOT NULL,
  status text NOT NULL DEFAULT 'submitted'
    CHECK (status IN ('submitted', 'in_review', 'approved', 'paid', 'denied', 'withdrawn')),
  submitted_at timestamptz NOT NULL,
  closed_on timestamptz,
  requested_amount numeric(12,2) NOT NULL CHECK (requested_amount > 0),
  approved_amount numeric(12,2) CHECK (approved_amount >= 0),
  is_suspicious boolean NOT NULL DEFAULT false);
CREATE TABLE key_fob (fob_id bigint PRIMARY KEY, serial text NOT NULL,
  status text NOT NULL CHECK (status IN ('in_stock', 'active', 'lost', 'retired')),
  made_at timestamptz NOT NULL);
CREATE TABLE membership (membership_id bigint PRIMARY KEY,
  fob_id bigint REFERENCES key_fob(fob_id),
  member_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'frozen', 'closed')),
  activated_at timestamptz,
  closed_at timestamptz);
CREATE TABLE gate_entry (entry_id bigint PRIMARY KEY,
  membership_id bigint NOT NULL REFERENCES membership(membership_id),
  entered_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

CLOSED = """
SELECT count(*), count(*) FILTER (WHERE
    (closed_on IS NOT NULL) = (status IN ('paid', 'denied', 'withdrawn'))
    AND coalesce(closed_on BETWEEN submitted_at AND :now, true))
FROM grant_application
"""
APPROVED = """
SELECT count(*), count(*) FILTER (WHERE
    (approved_amount IS NOT NULL) = (status IN ('approved', 'paid'))
    AND coalesce(approved_amount <= requested_amount, true))
FROM grant_application
"""
SUSPICIOUS = """
SELECT count(*), count(*) FILTER (WHERE share <= 0.05
    AND NOT (is_suspicious AND status IN ('approved', 'paid')))
FROM (SELECT status, is_suspicious, avg(is_suspicious::int) OVER () AS share
      FROM grant_application) a
"""
DENIED = """
SELECT count(*), CASE WHEN count(*) FILTER (WHERE status = 'denied')
    BETWEEN 0.04 * count(*) AND 0.15 * count(*) THEN count(*) ELSE 0 END
FROM grant_application
"""
ACTIVATED = """
SELECT count(*), count(*) FILTER (WHERE (status = 'pending') = (activated_at IS NULL)
    AND coalesce(activated_at <= :now, true)
    AND (status = 'closed') = (closed_at IS NOT NULL)
    AND coalesce(closed_at > activated_at AND closed_at <= :now, true))
FROM membership
"""
FOB = """
SELECT count(*), count(*) FILTER (WHERE f.status = 'active')
FROM membership m LEFT JOIN key_fob f ON f.fob_id = m.fob_id WHERE m.status = 'active'
"""
ENTERED = """
SELECT count(*), count(*) FILTER (WHERE m.activated_at IS NOT NULL
    AND e.entered_at >= m.activated_at AND e.entered_at <= :now)
FROM gate_entry e JOIN membership m ON m.membership_id = e.membership_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query",
    [CLOSED, APPROVED, SUSPICIOUS, DENIED, ACTIVATED, FOB, ENTERED],
    ids=["closed", "approved", "suspicious", "denied", "activated", "fob", "entered"],
)
def test_the_status_decides_its_sides(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
