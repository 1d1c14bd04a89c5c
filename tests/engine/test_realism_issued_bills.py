"""Documents numbered per issuer, each issued with a due date of its own, are no instalment
plan, on a schema of our own (a veterinary group: clinics, the bills each clinic numbers
1, 2, 3 with the day it issued them and the day they fall due, and the settlements of a
bill). Many bills a month leave a clinic (rules/dues.default_cadence: monthly only for rows
whose one time is when they fall due): every bill was issued by the run's clock, and what
was paid on it was paid between its issue and now, so a paid bill's settlements add up to
its total and an unpaid one has none. Before, bill n was laid n months after its clinic
opened, years past the clock, and its settlements, held by now, came before its issue.
Checked in SQL on what a real PostgreSQL holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE clinics (id serial PRIMARY KEY, name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE bills (id bigserial PRIMARY KEY, clinic_id int NOT NULL REFERENCES clinics(id),
  bill_no int NOT NULL CHECK (bill_no > 0), issued_on date NOT NULL, due_on date NOT NULL,
  total numeric(10,2) NOT NULL CHECK (total > 0),
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'part_paid', 'paid')),
  UNIQUE (clinic_id, bill_no), CHECK (due_on >= issued_on));
CREATE TABLE settlements (id bigserial PRIMARY KEY,
  bill_id bigint NOT NULL REFERENCES bills(id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0), settled_at timestamptz NOT NULL);
"""

SETTINGS = {"generate": {"rows": 600, "now": NOW}}

ISSUED = "SELECT count(*), count(*) FILTER (WHERE issued_on <= :now::date) FROM bills"

SETTLED = """
WITH s AS (SELECT bill_id, sum(amount) AS paid, min(settled_at) AS first_at,
                  max(settled_at) AS last_at FROM settlements GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE CASE b.status
    WHEN 'paid' THEN coalesce(s.paid, 0) = b.total
    WHEN 'part_paid' THEN coalesce(s.paid, 0) > 0 AND s.paid < b.total
    ELSE s.paid IS NULL END
  AND (s.bill_id IS NULL OR (s.first_at >= b.issued_on::timestamp AT TIME ZONE 'UTC'
                             - interval '1 day' AND s.last_at <= :now)))
FROM bills b LEFT JOIN s ON s.bill_id = b.id
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_bills_were_issued_by_now(loaded: str) -> None:
    applies, holds = share(loaded, ISSUED, now=NOW)
    assert applies == 600 and holds >= 0.98, holds


def test_settlements_fall_between_issue_and_now(loaded: str) -> None:
    applies, holds = share(loaded, SETTLED, now=NOW)
    assert applies == 600 and holds >= 0.98, holds
