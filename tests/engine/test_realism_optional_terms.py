"""An optional term none of which was in force leaves the row on none, on a schema of our own
(a climbing gym: climbers, their season passes, its walls and ropes, and the climbers'
visits): a visit may be on a pass (`pass_id` may be NULL: a day ticket); a visit on one is
the climber's own pass, valid on the visit's day, and a visit when none of the climber's passes
was valid (its wall and rope in service then hold it where it is) is on none, not on a pass
that had not begun or had run out (rules/valid_owned.py). Checked in SQL on what a real
PostgreSQL holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE climbers (id serial PRIMARY KEY, full_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE season_passes (id serial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers(id),
  starts_on date NOT NULL, ends_on date NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'expired', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE walls (id serial PRIMARY KEY, name text NOT NULL,
  opened_on date NOT NULL, closed_on date);
CREATE TABLE ropes (id serial PRIMARY KEY, commissioned_on date NOT NULL, retired_on date);
CREATE TABLE gym_visits (id bigserial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers(id),
  pass_id int REFERENCES season_passes(id),
  wall_id int NOT NULL REFERENCES walls(id), rope_id int NOT NULL REFERENCES ropes(id),
  entered_at timestamptz NOT NULL, left_at timestamptz,
  status text NOT NULL CHECK (status IN ('in_progress', 'completed', 'cancelled')));
"""

ON_A_VALID_PASS = """
SELECT count(*), count(*) FILTER (WHERE p.climber_id = v.climber_id
    AND v.entered_at::date BETWEEN p.starts_on AND p.ends_on)
FROM gym_visits v JOIN season_passes p ON p.id = v.pass_id
"""

NOW = "2026-06-01T12:00:00+00:00"
SETTINGS = {
    "generate": {"rows": 800, "now": NOW},
    "tables": {
        "public.climbers": {"rows": 120},
        "public.season_passes": {"rows": 200},
        "public.walls": {"rows": 30},
        "public.ropes": {"rows": 60},
    },
}


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_visit_on_a_pass_is_on_the_climbers_pass_valid_that_day(loaded: str) -> None:
    applies, holds = share(loaded, ON_A_VALID_PASS)
    assert applies > 100
    assert holds >= 0.98
