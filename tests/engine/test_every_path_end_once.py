"""Keys that meet along every path when the fan-out is thin, on a schema of our own (yoga
studios): a lesson names its studio, a room (→ studio), a teacher (→ studio) and, when it was
reserved, the reservation (→ studio, → member) it follows one to one. Studios are as many as
rooms, teachers and reservations, so about a third of the studios have no room and another
third no teacher: a lesson whose reservation's studio has neither cannot agree key by key.
The studio is chosen once for all four keys (rules/every_path._choose_end): the reservation's
where every key that may not be NULL can reach it, else the reservation is dropped (a walk-in
lesson, reservation_id NULL) and the studio one that has a room and a teacher. No word of
these tables is in the code. On s35base the lessons hold on 53-60 % at seeds 1, 2, 3; after,
on all of them, 53-60 % still reserved."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE studios (id serial PRIMARY KEY, city text NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE rooms (id serial PRIMARY KEY, studio_id int NOT NULL REFERENCES studios(id),
  room_no int NOT NULL);
CREATE TABLE teachers (id serial PRIMARY KEY, studio_id int NOT NULL REFERENCES studios(id),
  full_name text NOT NULL);
CREATE TABLE reservations (id serial PRIMARY KEY,
  studio_id int NOT NULL REFERENCES studios(id),
  member_id int NOT NULL REFERENCES members(id), seats int NOT NULL);
CREATE TABLE lessons (id serial PRIMARY KEY,
  reservation_id int REFERENCES reservations(id),
  studio_id int NOT NULL REFERENCES studios(id),
  room_id int NOT NULL REFERENCES rooms(id),
  teacher_id int NOT NULL REFERENCES teachers(id),
  member_id int NOT NULL REFERENCES members(id),
  minutes int NOT NULL CHECK (minutes > 0));
"""

LESSON_STUDIO = """
SELECT count(*), count(*) FILTER (WHERE r.studio_id = l.studio_id AND t.studio_id = l.studio_id
    AND (v.id IS NULL OR (v.studio_id = l.studio_id AND v.member_id = l.member_id)))
FROM lessons l
JOIN rooms r ON r.id = l.room_id
JOIN teachers t ON t.id = l.teacher_id
LEFT JOIN reservations v ON v.id = l.reservation_id
"""
RESERVED = "SELECT count(*), count(*) FILTER (WHERE reservation_id IS NOT NULL) FROM lessons"
SETTINGS = {
    "generate": {"rows": 200, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.studios": {"rows": 200},
        "public.members": {"rows": 100},
        "public.lessons": {
            "children": {"parent": "public.reservations", "distribution": "fixed", "count": 1}
        },
    },
}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_lessons_room_teacher_and_reservation_are_its_studios(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, LESSON_STUDIO, now=NOW)
        assert applies == 200
        assert holds >= 0.98
        _, reserved = share(conninfo, RESERVED, now=NOW)
        assert reserved >= 0.4  # the reservations whose studio can hold the lesson are kept
