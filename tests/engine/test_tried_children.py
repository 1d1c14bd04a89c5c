"""A parent's status is what its children's outcomes made it (rules/tried.py): a help-desk
ticket repaired or closed had fix attempts, numbered in the order they were tried, and the
last one succeeded; a new one had no success yet. A grooming appointment completed had its
lines, all done; a scheduled one has none done. On schemas of our own, at three seeds, on a
pinned clock."""

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
  status ticket_state NOT NULL);
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


def test_a_completed_appointment_has_lines_all_done(grooming: str) -> None:
    applies, holds = share(grooming, ALL_DONE, now=NOW)
    assert applies == 1000
    assert holds >= 0.98
