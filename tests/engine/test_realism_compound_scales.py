"""A row named after a thing of another thing is the second thing, on a schema of our own (an
insurer's audits of its policies: `policy_audits`, opened and resolved), checked in SQL on a
real PostgreSQL at three seeds: an audit of a policy is no policy. The table's last two words
read as one matched `policy` (a thing lasting months to years, vocab/durations.SCALES), and
the audit was left the span of a policy, so it was not given a turnaround of hours to days
(rules/turnaround.py): 17-20 % of resolved audits took nine days or less, the others months
to years. A noun a pattern matches in the first word alone no longer names the row's thing
(vocab/durations.scale_of_word); a compound whose match reaches into the last word
(`work_orders`) still does."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.rules.span import scale_of

SCHEMA = """
CREATE TABLE policies (policy_id serial PRIMARY KEY, policy_no text NOT NULL UNIQUE,
  starts_on date NOT NULL, expires_on date NOT NULL, CHECK (expires_on > starts_on));
CREATE TABLE auditors (auditor_id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE policy_audits (audit_id bigserial PRIMARY KEY,
  policy_id int NOT NULL REFERENCES policies(policy_id),
  auditor_id int NOT NULL REFERENCES auditors(auditor_id),
  opened_at timestamptz NOT NULL, resolved_at timestamptz,
  finding text CHECK (finding IN ('clean', 'minor_issue', 'major_issue')),
  CHECK (resolved_at IS NULL OR resolved_at > opened_at));
"""
SETTINGS = {
    "generate": {"rows": 900, "now": "2026-03-10T09:00:00+00:00"},
    "tables": {"policies": {"rows": 300}, "auditors": {"rows": 40}},
}
TURNAROUND = """
SELECT count(*), count(*) FILTER (WHERE resolved_at - opened_at <= interval '9 days')
FROM policy_audits WHERE resolved_at IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_audit_of_a_policy_is_resolved_within_days(loaded: str) -> None:
    applies, holds = share(loaded, TURNAROUND)
    assert applies > 500
    assert holds >= 0.98


def test_a_compound_names_its_last_words_thing() -> None:
    assert scale_of("policy_audits") is None  # an audit: no scale of a policy's
    assert scale_of("plan_reviews") is None
    assert scale_of("work_orders") == scale_of("work_order")  # an order of work
    assert scale_of("work_orders") is not None
    assert scale_of("policies") is not None
