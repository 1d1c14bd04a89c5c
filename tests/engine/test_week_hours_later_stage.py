"""A place's hours kept day by day, and the row's own event placed in them where the row also
has a time it may not have yet (rules/week_hours.py, kinds/hours.py): a shoe-repair
workshop's repairs are handed in at the counter (`handed_in_at`, every row) and become
collectable later (`collectable_at`, a stage some rows have not reached: no event, no plan).
The hours get a row per day the workshop opens (`iso_day`: a day a CHECK bounds to 1..7),
opening before closing. The hand-in is the time that takes place at the workshop, in its
hours for that weekday, in the workshop's own time zone; the later stage stays after it.
Checked in SQL with the run's clock pinned, at three seeds on one small database each."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE workshops (id serial PRIMARY KEY, label text NOT NULL,
  tz_name text NOT NULL);
CREATE TABLE workshop_hours (workshop_id int NOT NULL REFERENCES workshops(id),
  iso_day smallint NOT NULL CHECK (iso_day BETWEEN 1 AND 7),
  opening_time time NOT NULL, closing_time time NOT NULL,
  CHECK (closing_time > opening_time), PRIMARY KEY (workshop_id, iso_day));
CREATE TABLE repairs (id bigserial PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshops(id),
  handed_in_at timestamptz NOT NULL,
  collectable_at timestamptz,
  fee numeric(8,2) NOT NULL DEFAULT 0);
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hand_in_in_the_workshop_hours_not_the_later_stage(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 300, "now": NOW}, "tables": {"workshops": {"rows": 12}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        # the hours: a row per day each workshop opens (a day off for some), opening first
        judged, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE n BETWEEN 5 AND 7 AND bad = 0)
               FROM (SELECT workshop_id, count(*) AS n,
                            count(*) FILTER (WHERE closing_time <= opening_time) AS bad
                     FROM workshop_hours GROUP BY workshop_id) w""",
        )
        assert judged == 12 and held == 1.0
        judged, held = share(
            conninfo,
            """WITH x AS (SELECT r.workshop_id, r.handed_in_at AT TIME ZONE w.tz_name AS lt
                          FROM repairs r JOIN workshops w ON w.id = r.workshop_id
                          WHERE w.tz_name IN (SELECT name FROM pg_timezone_names))
               SELECT count(*), count(*) FILTER (WHERE EXISTS (
                 SELECT 1 FROM workshop_hours h WHERE h.workshop_id = x.workshop_id
                   AND h.iso_day = extract(isodow FROM x.lt)
                   AND x.lt::time BETWEEN h.opening_time AND h.closing_time)) FROM x""",
        )
        assert judged >= 250 and held >= 0.98
        judged, held = share(
            conninfo,
            """SELECT count(*), count(*) FILTER (WHERE collectable_at >= handed_in_at
               AND handed_in_at <= :now) FROM repairs WHERE collectable_at IS NOT NULL""",
            now=NOW,
        )
        assert judged > 0 and held >= 0.98
