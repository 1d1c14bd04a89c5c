"""A chain of numbered links agrees with its plans and the run's clock, on a schema of our own
(a physiotherapy practice: patients, each with therapy sessions numbered 1, 2, 3, each due on
a day, begun and ended when it took place, scheduled, attended or missed), checked in SQL on
what a real PostgreSQL holds, with the run's clock pinned (rules/plan_reached.py):

- an attended session began on the day it was due (or a day after) and ended by now;
- a scheduled one has not begun and is due from yesterday up to 60 days ahead, after the
  patient's sessions that took place; a missed one was due by today;
- the due days rise with the session's number."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE patients (id serial PRIMARY KEY, full_name text NOT NULL,
  registered_on date NOT NULL);
CREATE TABLE therapy_sessions (id bigserial PRIMARY KEY,
  patient_id int NOT NULL REFERENCES patients(id), session_no int NOT NULL,
  planned_for date NOT NULL, checked_in_at timestamptz, checked_out_at timestamptz,
  state text NOT NULL CHECK (state IN ('scheduled', 'attended', 'missed')),
  fee numeric(8,2), UNIQUE (patient_id, session_no));
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}, REPO / "sandbox.toml"
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=request.param)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_a_session_s_plan_agrees_with_what_happened_and_the_clock(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE state"
        " WHEN 'attended' THEN checked_in_at IS NOT NULL AND checked_out_at <= :now"
        "  AND abs(checked_in_at::date - planned_for) <= 1"
        " WHEN 'scheduled' THEN checked_in_at IS NULL"
        "  AND planned_for BETWEEN CAST(:now AS date) - 1 AND CAST(:now AS date) + 60"
        " ELSE planned_for <= CAST(:now AS date) END)"
        " FROM therapy_sessions",
    )
    assert applies > 800 and share >= 0.98, share


def test_scheduled_sessions_come_after_those_that_took_place(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM therapy_sessions l"
        " WHERE l.patient_id = b.patient_id AND l.session_no > b.session_no"
        " AND l.checked_in_at IS NOT NULL)) FROM therapy_sessions b WHERE b.state = 'scheduled'",
    )
    assert applies >= 10 and share >= 0.98, share


def test_due_days_rise_with_the_number(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE a.planned_for <= b.planned_for)"
        " FROM therapy_sessions a JOIN therapy_sessions b"
        " ON b.patient_id = a.patient_id AND b.session_no = a.session_no + 1",
    )
    assert applies > 50 and share >= 0.99, share
