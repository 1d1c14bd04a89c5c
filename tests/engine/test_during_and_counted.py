"""What happens during a parent's own time, and counts read at instants, on a schema of our own
(a climbing gym: sessions on the wall from their start to their end, the numbered cues of
a session, turnstiles and their logged operation counts).

- A session's cues (a coach's calls to the climber) are numbered 1, 2, 3 per session, each
  after the one before, all between the session's start and its end (now while it is still
  going on): what happens during a parent's window keeps the hours the parent was placed in
  (rules/opening.py `during_parent`), not moved on to the next morning's opening hours.
- A turnstile's `operation_count` is a count of things (its operations) read at an instant of
  a required parent: a register that never goes down from one log to the next
  (rules/counter.py reads `<thing>_count` as the things counted).
Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE gyms (id serial PRIMARY KEY, name text NOT NULL, country_code char(2) NOT NULL,
  city text NOT NULL, timezone text NOT NULL, opened_on date NOT NULL);
CREATE TABLE climbers (id serial PRIMARY KEY, full_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE wall_sessions (id bigserial PRIMARY KEY,
  gym_id int NOT NULL REFERENCES gyms(id),
  climber_id int NOT NULL REFERENCES climbers(id),
  started_at timestamptz NOT NULL, ended_at timestamptz,
  status text NOT NULL DEFAULT 'in_progress'
    CHECK (status IN ('in_progress', 'finished', 'abandoned')));
CREATE TABLE session_cues (session_id bigint NOT NULL REFERENCES wall_sessions(id),
  cue_no smallint NOT NULL, cued_at timestamptz NOT NULL, cue text NOT NULL,
  PRIMARY KEY (session_id, cue_no));
CREATE TABLE turnstiles (id serial PRIMARY KEY, gym_id int NOT NULL REFERENCES gyms(id),
  serial_no text NOT NULL, installed_on date NOT NULL);
CREATE TABLE turnstile_logs (id bigserial PRIMARY KEY,
  turnstile_id int NOT NULL REFERENCES turnstiles(id),
  logged_at timestamptz NOT NULL, operation_count bigint NOT NULL);
"""

ATTEMPTS = """
WITH a AS (
    SELECT a.cue_no, a.cued_at, s.started_at, s.ended_at,
           row_number() OVER w AS rn, lag(a.cued_at) OVER w AS prev_at
    FROM session_cues a JOIN wall_sessions s ON s.id = a.session_id
    WINDOW w AS (PARTITION BY a.session_id ORDER BY a.cue_no))
SELECT count(*), count(*) FILTER (WHERE cue_no = rn
    AND (prev_at IS NULL OR cued_at > prev_at)
    AND cued_at >= started_at AND cued_at <= coalesce(ended_at, now())) FROM a
"""

COUNTS = """
WITH r AS (
    SELECT r.logged_at, r.operation_count, t.installed_on,
           lag(r.operation_count) OVER (PARTITION BY r.turnstile_id
                                        ORDER BY r.logged_at, r.id) AS prev
    FROM turnstile_logs r JOIN turnstiles t ON t.id = r.turnstile_id)
SELECT count(*), count(*) FILTER (WHERE operation_count >= 0
    AND logged_at::date >= installed_on AND (prev IS NULL OR operation_count >= prev)) FROM r
"""


SETTINGS = {
    "generate": {"rows": 800, "now": "2026-03-10T09:00:00+00:00"},
    "tables": {"public.gyms": {"rows": 6}, "public.climbers": {"rows": 200},
               "public.wall_sessions": {"rows": 300}, "public.turnstiles": {"rows": 30}},
}  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_what_happens_during_a_parent_stays_in_its_window(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        judged, held = share(conninfo, ATTEMPTS)
        assert judged >= 400 and held >= 0.98, held


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_count_read_at_instants_never_goes_down(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        judged, held = share(conninfo, COUNTS)
        assert judged >= 400 and held >= 0.98, held
