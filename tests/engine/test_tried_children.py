"""A parent's status is what its children's outcomes made it (rules/tried.py): a help-desk
ticket repaired or closed had fix attempts, numbered in the order they were tried, and the
last one succeeded, all tried before it was closed (rules/tried_by.py); a new one had no
success yet. A grooming appointment completed had its lines, all done; a scheduled one has
none done. A kiln's fault resolved had a repair (no number: each one fixed it), finished
before the fault was resolved, and an open one none. On schemas of our own, at three seeds,
on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

HELPDESK = """
CREATE TYPE ticket_state AS ENUM ('new', 'in_progress', 'repaired', 'closed');
CREATE TABLE site (site_id int PRIMARY KEY, site_name varchar(60) NOT NULL);
CREATE TABLE engineer (engineer_id int PRIMARY KEY, full_name varchar(80) NOT NULL);
CREATE TABLE helpdesk_ticket (ticket_id bigint PRIMARY KEY,
  site_id int NOT NULL REFERENCES site(site_id),
  logged_at timestamptz NOT NULL,
  summary text,
  status ticket_state NOT NULL,
  closed_at timestamptz);
CREATE TABLE fix_attempt (fix_id bigint PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES helpdesk_ticket(ticket_id),
  attempt_no smallint NOT NULL,
  engineer_id int NOT NULL REFERENCES engineer(engineer_id),
  tried_at timestamptz NOT NULL,
  result varchar(12) NOT NULL CHECK (result IN ('success', 'failed', 'escalated')),
  UNIQUE (ticket_id, attempt_no));
"""
LAST_TRY = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE
  WHEN t.status IN ('repaired', 'closed') THEN (SELECT a.result FROM fix_attempt a
       WHERE a.ticket_id = t.ticket_id ORDER BY a.attempt_no DESC LIMIT 1) = 'success'
  ELSE NOT EXISTS (SELECT 1 FROM fix_attempt a WHERE a.ticket_id = t.ticket_id
                   AND a.result = 'success') END)::int
FROM helpdesk_ticket t
"""
TRIED_IN_ORDER = """
SELECT count(*)::int, count(*) FILTER (WHERE attempt_no = rn)::int FROM (
  SELECT attempt_no, row_number() OVER (PARTITION BY ticket_id ORDER BY tried_at, attempt_no) rn
  FROM fix_attempt) s
"""

TRIED_BEFORE_CLOSED = """
SELECT count(*)::int, count(*) FILTER (WHERE a.tried_at >= t.logged_at AND a.tried_at <= :now
  AND (t.closed_at IS NULL OR a.tried_at <= t.closed_at))::int
FROM fix_attempt a JOIN helpdesk_ticket t USING (ticket_id)
"""

KILNS = """
CREATE TABLE kiln (kiln_id int PRIMARY KEY, kiln_name varchar(40) NOT NULL,
  installed_on date NOT NULL);
CREATE TABLE kiln_fault (fault_id int PRIMARY KEY,
  kiln_id int NOT NULL REFERENCES kiln(kiln_id),
  raised_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'in_progress', 'resolved', 'cancelled')),
  resolved_at timestamptz);
CREATE TABLE kiln_repair (repair_id int PRIMARY KEY,
  fault_id int NOT NULL REFERENCES kiln_fault(fault_id),
  began_at timestamptz NOT NULL,
  finished_at timestamptz,
  outcome text CHECK (outcome IN ('fixed', 'awaiting_part', 'element_swapped')));
"""
REPAIRED = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE f.status
  WHEN 'resolved' THEN EXISTS (SELECT 1 FROM kiln_repair r WHERE r.fault_id = f.fault_id
       AND r.outcome IN ('fixed', 'element_swapped') AND r.finished_at <= f.resolved_at)
  WHEN 'open' THEN NOT EXISTS (SELECT 1 FROM kiln_repair r WHERE r.fault_id = f.fault_id)
  ELSE true END)::int
FROM kiln_fault f
"""

GROOMING = """
CREATE TABLE pet_owner (owner_id int PRIMARY KEY, owner_name varchar(80) NOT NULL);
CREATE TABLE grooming_appointment (appointment_id int PRIMARY KEY,
  owner_id int NOT NULL REFERENCES pet_owner(owner_id),
  booked_for timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled')));
CREATE TABLE appointment_line (appointment_id int NOT NULL
    REFERENCES grooming_appointment(appointment_id),
  position smallint NOT NULL,
  treatment varchar(40) NOT NULL,
  begins timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'done', 'skipped')),
  PRIMARY KEY (appointment_id, position));
"""
ALL_DONE = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE a.status
  WHEN 'completed' THEN EXISTS (SELECT 1 FROM appointment_line l
         WHERE l.appointment_id = a.appointment_id)
    AND NOT EXISTS (SELECT 1 FROM appointment_line l WHERE l.appointment_id = a.appointment_id
         AND l.state <> 'done')
  WHEN 'scheduled' THEN NOT EXISTS (SELECT 1 FROM appointment_line l
         WHERE l.appointment_id = a.appointment_id AND l.state = 'done')
  ELSE true END)::int
FROM grooming_appointment a
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def helpdesk(request, pg_cluster):
    with loaded_database(pg_cluster, HELPDESK, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def grooming(request, pg_cluster):
    with loaded_database(pg_cluster, GROOMING, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_repaired_ticket_s_last_attempt_succeeded(helpdesk: str) -> None:
    applies, holds = share(helpdesk, LAST_TRY, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


def test_attempts_are_numbered_in_the_order_they_were_tried(helpdesk: str) -> None:
    applies, holds = share(helpdesk, TRIED_IN_ORDER, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


def test_attempts_were_tried_while_the_ticket_was_open(helpdesk: str) -> None:
    applies, holds = share(helpdesk, TRIED_BEFORE_CLOSED, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


@pytest.fixture(scope="module", params=[1, 2, 7])
def kilns(request, pg_cluster):
    with loaded_database(pg_cluster, KILNS, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_resolved_fault_was_repaired_before_it_was_resolved(kilns: str) -> None:
    applies, holds = share(kilns, REPAIRED, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


def test_a_completed_appointment_has_lines_all_done(grooming: str) -> None:
    applies, holds = share(grooming, ALL_DONE, now=NOW)
    assert applies == 1000
    assert holds >= 0.98
