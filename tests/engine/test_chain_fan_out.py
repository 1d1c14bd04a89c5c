"""A numbered chain under a parent holds a natural handful per parent: the legs of a trip,
the sittings of a conference day, not dozens for one parent and none for most.

Parents are picked with a skewed fan-out (base/hashing.skewed_index): a few get very many
children. For rows numbered per parent and laid one after another in the parent's window
(rules/sequence.py), a parent with a short window that drew many of them squeezed each
row short. The rows per parent are now drawn from a bounded distribution by what the chain
is (kinds/fan_out.py: legs and sessions a few, lessons more), the rows past a parent's cap
going to parents with room (rules/sequence_parents.py), so the table keeps its size.
Measured on main at seeds 1, 2, 7: a trip held up to 66-73 legs, a ten-hour conference day
10-19 sessions, its busiest days' sessions lasting a median 18-20 minutes against 40 of all
(seeds 1, 2). On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10T09:00:00+00:00"

SCHEMA = """
CREATE TYPE trip_status AS ENUM ('booked', 'under_way', 'completed', 'cancelled');
CREATE TABLE traveller (traveller_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE trip (trip_id int PRIMARY KEY,
  traveller_id int NOT NULL REFERENCES traveller(traveller_id),
  status trip_status NOT NULL,
  departs_at timestamptz NOT NULL, returns_at timestamptz NOT NULL,
  CHECK (returns_at > departs_at));
CREATE TABLE trip_leg (leg_id int PRIMARY KEY,
  trip_id int NOT NULL REFERENCES trip(trip_id),
  leg_no smallint NOT NULL,
  departs_at timestamptz NOT NULL, arrives_at timestamptz NOT NULL,
  UNIQUE (trip_id, leg_no), CHECK (arrives_at > departs_at));
CREATE TABLE conference (conference_id int PRIMARY KEY, title varchar(120) NOT NULL,
  city varchar(60) NOT NULL);
CREATE TABLE conference_day (day_id int PRIMARY KEY,
  conference_id int NOT NULL REFERENCES conference(conference_id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, CHECK (ends_at > starts_at),
  CHECK (ends_at <= starts_at + interval '10 hours'));
CREATE TABLE talk_session (talk_session_id int PRIMARY KEY,
  day_id int NOT NULL REFERENCES conference_day(day_id),
  session_no smallint NOT NULL, title varchar(120) NOT NULL,
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  UNIQUE (day_id, session_no), CHECK (ends_at > starts_at));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW}}

MOST = "SELECT count(*), max(n) FROM (SELECT {parent}, count(*) AS n FROM {child} GROUP BY 1) c"
# the median length of a chain's rows, of all and of the busiest parents' (a conference day
# of ten hours: on main its busiest days' sessions lasted a median ~20 minutes against ~40)
MEDIANS = """
WITH busy AS (SELECT {parent} FROM {child} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3)
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM {end} - {start})),
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM {end} - {start}))
         FILTER (WHERE {parent} IN (SELECT {parent} FROM busy))
FROM {child}
"""
CHAINS = [("trip_leg", "trip_id", "departs_at", "arrives_at"),
          ("talk_session", "day_id", "starts_at", "ends_at")]  # fmt: skip


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(("child", "parent"), [c[:2] for c in CHAINS])
def test_a_parent_holds_a_handful_of_its_chain(loaded: str, child: str, parent: str) -> None:
    with psycopg.connect(loaded) as conn:
        row = conn.execute(MOST.format(child=child, parent=parent)).fetchone()
        total = conn.execute(f"SELECT count(*) FROM {child}").fetchone()
    assert row is not None and total is not None
    parents, most = int(row[0]), int(row[1])
    assert int(total[0]) == 1000  # the table keeps its planned size
    assert most <= 5, most  # legs and sessions: a few per parent (kinds/fan_out.FEW)
    assert parents >= 200  # more parents hold some


@pytest.mark.parametrize(("child", "parent", "start", "end"), CHAINS)
def test_chained_rows_keep_their_length(
    loaded: str, child: str, parent: str, start: str, end: str
) -> None:
    query = MEDIANS.format(child=child, parent=parent, start=start, end=end)
    with psycopg.connect(loaded) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None and row[0] is not None and row[1] is not None
    median, busiest = float(row[0]), float(row[1])
    assert busiest >= 0.6 * median, (busiest, median)
