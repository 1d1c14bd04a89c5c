"""Times along the keys and between sibling columns, on a schema of our own (a field-service
company: jobs on a schedule, the crews assigned to them, the readings taken on them), checked
in SQL on what a real PostgreSQL holds:

- an actual time keeps close to its planned one (`scheduled_start`/`actual_start`), an actual
  end lasts about the planned duration after its actual start;
- a row's booking time comes before the time it takes place, and by the run's clock;
- what is still scheduled lies ahead of the clock;
- a child of a row that takes place at a time happens within days of it: arranged before it
  (`assigned_at`), recorded after it (`recorded_at`)."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, on_clock
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE technicians (id serial PRIMARY KEY, full_name text NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE work_jobs (id serial PRIMARY KEY,
  technician_id int NOT NULL REFERENCES technicians(id),
  scheduled_start timestamptz NOT NULL, scheduled_end timestamptz NOT NULL,
  actual_start timestamptz, actual_end timestamptz, booked_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled')));
CREATE TABLE crew_slots (id serial PRIMARY KEY, job_id int NOT NULL REFERENCES work_jobs(id),
  assigned_at timestamptz NOT NULL);
CREATE TABLE meter_readings (id serial PRIMARY KEY, job_id int NOT NULL REFERENCES work_jobs(id),
  recorded_at timestamptz NOT NULL, reading int);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}, REPO / "sandbox.toml"
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(on_clock(query, NOW)).fetchone()
    assert row is not None
    return int(row[0])


def test_an_actual_time_keeps_close_to_its_planned_one(loaded: str) -> None:
    assert _count(loaded, "SELECT count(*) FROM work_jobs WHERE actual_start IS NOT NULL") > 100
    far = _count(
        loaded,
        "SELECT count(*) FROM work_jobs WHERE abs(extract(epoch FROM actual_start"
        " - scheduled_start)) > 9 * 3600",
    )
    assert far == 0
    # an actual end: after its actual start, about as long as planned
    off = _count(
        loaded,
        "SELECT count(*) FROM work_jobs WHERE actual_end <= actual_start OR abs(extract(epoch"
        " FROM (actual_end - actual_start) - (scheduled_end - scheduled_start))) > 3600",
    )
    assert off == 0


def test_booked_before_it_takes_place_and_by_now(loaded: str) -> None:
    late = _count(
        loaded,
        "SELECT count(*) FROM work_jobs WHERE booked_at > scheduled_start OR booked_at > :now",
    )
    assert late == 0


def test_what_is_scheduled_lies_ahead(loaded: str) -> None:
    assert _count(loaded, "SELECT count(*) FROM work_jobs WHERE status = 'scheduled'") > 0
    past = _count(
        loaded,
        "SELECT count(*) FROM work_jobs WHERE status = 'scheduled' AND scheduled_start < :now",
    )
    assert past == 0


def test_children_happen_around_the_time_their_parent_takes_place(loaded: str) -> None:
    # arranged for it: before it, within weeks
    bad = _count(
        loaded,
        "SELECT count(*) FROM crew_slots c JOIN work_jobs j ON j.id = c.job_id"
        " WHERE c.assigned_at > j.scheduled_start"
        " OR c.assigned_at < j.scheduled_start - interval '30 days'",
    )
    assert bad == 0
    # recorded on it: after it took place (its actual start where it has one: a job begun a
    # few minutes early is read from then), within weeks (and not after the clock)
    bad = _count(
        loaded,
        "SELECT count(*) FROM meter_readings r JOIN work_jobs j ON j.id = r.job_id"
        " CROSS JOIN LATERAL (SELECT coalesce(j.actual_start, j.scheduled_start) AS at) t"
        " WHERE j.scheduled_start < :now - interval '30 days' AND (r.recorded_at"
        " < t.at OR r.recorded_at > t.at + interval '30 days')",
    )
    assert bad == 0
