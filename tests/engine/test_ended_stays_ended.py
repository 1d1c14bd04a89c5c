"""A thing whose status says its life ended (a colony `dead` or `lost`, a patient `deceased`)
has the time it ended set, after its start and by the run's clock, while the things still
living have none; few have ended, most live; nothing of an ended thing (a colony's checks by
date, its feedings by timestamp, a patient's consultations, a member's lane bookings) happens
after its end, none of them still open, and its last event lies close before it (the last
check found the colony dead). On a schema of our own (an apiary's colonies, a practice's
patients, a club's members; the end named `died_on`, `deceased_at`, `ended_at`, no pair of
names saying the window; an enum and a CHECK's list), at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE colony_state AS ENUM ('active', 'weak', 'dead', 'lost', 'sold');
CREATE TABLE yard (yard_id int PRIMARY KEY, yard_name varchar(60) NOT NULL);
CREATE TABLE colony (colony_id int PRIMARY KEY, yard_id int NOT NULL REFERENCES yard(yard_id),
  tag varchar(12) NOT NULL UNIQUE, established_on date NOT NULL,
  status colony_state NOT NULL DEFAULT 'active', died_on date);
CREATE TABLE colony_check (check_id int PRIMARY KEY,
  colony_id int NOT NULL REFERENCES colony(colony_id), checked_on date NOT NULL,
  brood_frames smallint);
CREATE TABLE feeding (feeding_id int PRIMARY KEY,
  colony_id int NOT NULL REFERENCES colony(colony_id), fed_at timestamptz NOT NULL,
  syrup_litres numeric(5,2) NOT NULL);
CREATE TABLE patient (patient_id int PRIMARY KEY, given_name text NOT NULL,
  family_name text NOT NULL, registered_at timestamptz NOT NULL,
  patient_status text NOT NULL
    CHECK (patient_status IN ('registered', 'transferred_out', 'deceased')),
  deceased_at timestamptz);
CREATE TABLE consultation (consultation_id int PRIMARY KEY,
  patient_id int NOT NULL REFERENCES patient(patient_id), seen_at timestamptz NOT NULL,
  notes text);
CREATE TABLE club_member (member_id int PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, joined_at timestamptz NOT NULL,
  membership_status varchar(12) NOT NULL
    CHECK (membership_status IN ('active', 'suspended', 'lapsed')),
  ended_at timestamptz);
CREATE TABLE lane_booking (booking_id int PRIMARY KEY,
  member_id int NOT NULL REFERENCES club_member(member_id), starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  booking_status text NOT NULL CHECK (booking_status IN ('booked', 'attended', 'no_show')));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

COLONY_ENDS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN status IN ('dead', 'lost')
  THEN died_on IS NOT NULL AND died_on <= :now::date AND died_on >= established_on
  ELSE died_on IS NULL END)::int FROM colony
"""
PATIENT_ENDS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN patient_status = 'deceased'
  THEN deceased_at IS NOT NULL AND deceased_at <= :now AND deceased_at >= registered_at
  ELSE deceased_at IS NULL END)::int FROM patient
"""
MEMBER_ENDS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE WHEN membership_status = 'lapsed'
  THEN ended_at IS NOT NULL AND ended_at <= :now AND ended_at >= joined_at
  ELSE ended_at IS NULL END)::int FROM club_member
"""
NOTHING_AFTER = {
    "colony_check": """
SELECT count(*)::int, count(*) FILTER (WHERE x.checked_on <= c.died_on)::int
FROM colony_check x JOIN colony c USING (colony_id) WHERE c.died_on IS NOT NULL
""",
    "feeding": """
SELECT count(*)::int, count(*) FILTER (WHERE x.fed_at < c.died_on + 1)::int
FROM feeding x JOIN colony c USING (colony_id) WHERE c.died_on IS NOT NULL
""",
    "consultation": """
SELECT count(*)::int, count(*) FILTER (WHERE x.seen_at <= p.deceased_at)::int
FROM consultation x JOIN patient p USING (patient_id) WHERE p.deceased_at IS NOT NULL
""",
    "lane_booking": """
SELECT count(*)::int, count(*) FILTER (WHERE x.starts_at <= m.ended_at
  AND x.booking_status <> 'booked')::int
FROM lane_booking x JOIN club_member m USING (member_id) WHERE m.ended_at IS NOT NULL
""",
}
# the latest event of each thing whose life ended, at most a month before its end
LAST_SEEN = {
    "colony_check": """
SELECT count(*)::int, count(*) FILTER (WHERE last >= died_on - 30)::int FROM (
  SELECT c.colony_id, c.died_on, max(x.checked_on) AS last FROM colony c
  JOIN colony_check x USING (colony_id) WHERE c.died_on IS NOT NULL GROUP BY 1, 2) t
""",
    "consultation": """
SELECT count(*)::int, count(*) FILTER (WHERE last >= deceased_at - interval '30 days')::int
FROM (SELECT p.patient_id, p.deceased_at, max(x.seen_at) AS last FROM patient p
  JOIN consultation x USING (patient_id) WHERE p.deceased_at IS NOT NULL GROUP BY 1, 2) t
""",
}
# (table, status column, labels that ended)
ENDED = [("colony", "status", "'dead', 'lost', 'sold'"),
         ("patient", "patient_status", "'deceased'"),
         ("club_member", "membership_status", "'lapsed'")]  # fmt: skip


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query", [COLONY_ENDS, PATIENT_ENDS, MEMBER_ENDS], ids=["colony", "patient", "member"]
)
def test_an_ended_thing_has_its_end_and_a_living_one_none(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


@pytest.mark.parametrize("table", sorted(NOTHING_AFTER))
def test_nothing_of_an_ended_thing_happens_after_its_end(loaded: str, table: str) -> None:
    applies, holds = share(loaded, NOTHING_AFTER[table], now=NOW)
    assert applies > 0
    assert holds >= 0.98


@pytest.mark.parametrize(
    "table,status,ended,end",
    [("colony", "status", "'dead', 'lost'", "died_on"), *[(*e, end) for e, end in
     zip(ENDED[1:], ("deceased_at", "ended_at"), strict=True)]],
    ids=["colony", "patient", "member"],
)  # fmt: skip
def test_each_ended_thing_has_its_end(
    loaded: str, table: str, status: str, ended: str, end: str
) -> None:
    query = f"SELECT count(*)::int, count({end})::int FROM {table}"
    applies, holds = share(loaded, f"{query} WHERE {status}::text IN ({ended})", now=NOW)
    assert applies > 0
    assert holds == 1.0


@pytest.mark.parametrize("table", sorted(LAST_SEEN))
def test_the_last_event_of_an_ended_thing_lies_close_before_its_end(
    loaded: str, table: str
) -> None:
    applies, holds = share(loaded, LAST_SEEN[table], now=NOW)
    assert applies > 0
    assert holds >= 0.9


@pytest.mark.parametrize("table,status,ended", ENDED, ids=[t for t, _, _ in ENDED])
def test_few_have_ended_and_most_live(loaded: str, table: str, status: str, ended: str) -> None:
    query = f"SELECT count(*)::int, count(*) FILTER (WHERE {status}::text IN ({ended}))::int"
    query += f" FROM {table}"
    applies, share_ended = share(loaded, query, now=NOW)
    assert applies == 1000
    assert 0.01 <= share_ended <= 0.15
