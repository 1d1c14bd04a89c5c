"""A business's rows at any hour of the week, on a schema of our own (a chain of repair
workshops: a workshop's jobs, done in its office hours, with a lifecycle status and a start
and an end, the end NULL while under way; its customers' drop-off appointments, a window
with a status), checked in SQL with the run's clock pinned to a Monday morning, a Sunday
night, a Saturday evening and a Wednesday afternoon:

- a job is held to office hours (a weekday, its workshop's local time): one still under way
  at the clock began within what a job lasts (rules/outlived.py: one the hours pulled back
  over the weekend to Friday has ended, it is done with an end by now), so at a night or a
  weekend none is under way since days;
- an appointment still confirmed has not ended more than a day before the clock (one the
  hours moved from before Monday's opening back to Friday took place);
- a job done ended by the clock, after it started;
- a rite people attend (a funeral, a memorial; not the wake after it) is not held on a Sunday
  in its hall's time: a done one rules/stage_clock.py moves back to end by a Monday morning
  clock goes back whole weeks, not a day to the Sunday before."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE workshops (id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL, city text NOT NULL);
CREATE TABLE service_visits (id bigserial PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshops(id),
  status text NOT NULL CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled')),
  started_at timestamptz, finished_at timestamptz,
  CHECK (finished_at IS NULL OR finished_at > started_at));
CREATE TABLE appointments (id bigserial PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshops(id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('confirmed', 'completed', 'cancelled', 'no_show')),
  created_at timestamptz NOT NULL DEFAULT now(), CHECK (ends_at > starts_at));
"""

# Monday morning, Sunday night, Saturday evening (UTC), Wednesday afternoon
NOWS = [
    "2026-12-07T09:30:00+00:00",
    "2026-12-06T02:30:00+00:00",
    "2026-12-05T23:00:00+00:00",
    "2026-12-09T13:00:00+00:00",
]


@pytest.fixture(scope="module", params=NOWS)
def loaded(request, pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": request.param},
        "tables": {"workshops": {"rows": 30}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo, request.param


def test_a_job_under_way_began_within_its_length(loaded: tuple[str, str]) -> None:
    conninfo, now = loaded
    judged, held = share(
        conninfo,
        """SELECT count(*), count(*) FILTER (WHERE started_at <= :now
             AND started_at > :now - interval '1 day') FROM service_visits
           WHERE status = 'in_progress'""",
        now=now,
    )
    assert held >= 0.99 or judged == 0


def test_a_job_done_ended_by_the_clock(loaded: tuple[str, str]) -> None:
    conninfo, now = loaded
    judged, held = share(
        conninfo,
        """SELECT count(*), count(*) FILTER (WHERE finished_at <= :now
             AND finished_at > started_at) FROM service_visits WHERE status = 'completed'""",
        now=now,
    )
    assert judged > 500 and held >= 0.99


def test_a_confirmed_appointment_has_not_long_passed(loaded: tuple[str, str]) -> None:
    conninfo, now = loaded
    judged, held = share(
        conninfo,
        """SELECT count(*), count(*) FILTER (WHERE status <> 'confirmed'
             OR ends_at >= :now - interval '1 day') FROM appointments""",
        now=now,
    )
    assert judged == 1000 and held == 1.0


RITES = """
CREATE TABLE halls (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL,
  timezone text NOT NULL);
CREATE TABLE arrangements (id bigserial PRIMARY KEY, hall_id int NOT NULL REFERENCES halls(id),
  signed_at timestamptz NOT NULL);
CREATE TABLE services (id bigserial PRIMARY KEY,
  arrangement_id bigint NOT NULL REFERENCES arrangements(id),
  service_type text NOT NULL CHECK (service_type IN ('funeral', 'memorial', 'wake')),
  scheduled_start timestamptz NOT NULL, scheduled_end timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'completed', 'cancelled')));
"""


@pytest.fixture(scope="module", params=NOWS[::3])  # Monday morning, Wednesday afternoon
def rites(request, pg_cluster):
    settings = {"generate": {"rows": 1000, "now": request.param}, "tables": {"halls": {"rows": 20}}}
    with loaded_database(pg_cluster, RITES, settings, seed=3) as conninfo:
        yield conninfo


def test_a_rite_is_not_on_a_sunday(rites: str) -> None:
    judged, held = share(
        rites,
        """SELECT count(*), count(*) FILTER (WHERE
             extract(isodow FROM s.scheduled_start AT TIME ZONE h.timezone) <> 7)
           FROM services s JOIN arrangements a ON a.id = s.arrangement_id
           JOIN halls h ON h.id = a.hall_id WHERE s.service_type <> 'wake'""",
    )
    assert judged > 500 and held == 1.0
