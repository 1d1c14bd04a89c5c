"""One clock for the run, on a schema of our own (a veterinary group: clinics, owners, pets,
visits, prescriptions, reminders), loaded with its keys declared and again with the same
`*_id` columns and no REFERENCES (keys the workbench infers), checked in SQL on what a real
PostgreSQL holds at seeds 1, 2 and 7:

- no record time (created_at, updated_at, modified_at, changed_at, deleted_at) and no time
  that happened (last_login_at, sent_at) lies after the run's `now`;
- a row's last change is not before its creation (updated_at ≥ created_at);
- a child is created at or after its parent (a pet after its owner, a visit after its pet
  and clinic, a prescription after its visit), whether the key is declared or inferred;
- what is planned or set to expire (scheduled_for, expires_at, due_on) may still lie ahead."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-06-01 12:00:00"

DECLARED = """
CREATE TABLE clinics (id serial PRIMARY KEY, title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE owners (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  clinic_id int NOT NULL REFERENCES clinics(id),
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz,
  deleted_at timestamptz, last_login_at timestamptz);
CREATE TABLE pets (id serial PRIMARY KEY, owner_id int NOT NULL REFERENCES owners(id),
  nickname text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(), deleted_at timestamptz);
CREATE TABLE visits (id bigserial PRIMARY KEY, pet_id int NOT NULL REFERENCES pets(id),
  clinic_id int NOT NULL REFERENCES clinics(id), notes text, scheduled_for timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz);
CREATE TABLE prescriptions (id bigserial PRIMARY KEY,
  visit_id bigint NOT NULL REFERENCES visits(id), drug text NOT NULL, expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz);
CREATE TABLE reminders (id bigserial PRIMARY KEY, pet_id int NOT NULL REFERENCES pets(id),
  due_on date NOT NULL, sent_at timestamptz, created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now());
"""
INFERRED = re.sub(r" REFERENCES \w+\(id\)", "", DECLARED)

# (table, column) of every record time and time that happened
PAST = [
    (t, c)
    for t, cols in {
        "clinics": ("created_at", "updated_at"),
        "owners": ("created_at", "updated_at", "deleted_at", "last_login_at"),
        "pets": ("created_at", "updated_at", "deleted_at"),
        "visits": ("created_at", "updated_at", "modified_at"),
        "prescriptions": ("created_at", "updated_at", "changed_at"),
        "reminders": ("created_at", "updated_at", "sent_at"),
    }.items()
    for c in cols
]
# (child, key, parent)
EDGES = [
    ("owners", "clinic_id", "clinics"),
    ("pets", "owner_id", "owners"),
    ("visits", "pet_id", "pets"),
    ("visits", "clinic_id", "clinics"),
    ("prescriptions", "visit_id", "visits"),
    ("reminders", "pet_id", "pets"),
]
# (table, column): planned or expiring times, some of which should lie ahead
AHEAD = [("visits", "scheduled_for"), ("prescriptions", "expires_at"), ("reminders", "due_on")]


CASES = [(keys, seed) for keys in ("declared", "inferred") for seed in (1, 2, 7)]


@pytest.fixture(scope="module", params=CASES, ids=lambda p: f"{p[0]}-seed{p[1]}")
def loaded(pg_cluster, request) -> Iterator[str]:
    keys, seed = request.param
    settings = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}
    ddl = DECLARED if keys == "declared" else INFERRED
    with loaded_database(pg_cluster, ddl, settings, seed=seed) as conninfo:
        yield conninfo


def test_no_record_or_happened_time_after_now(loaded: str) -> None:
    late = {}
    for table, column in PAST:
        _, holds = share(
            loaded,
            f"SELECT count({column}), count(*) FILTER (WHERE {column} <= :now) FROM {table}",
            NOW,
        )
        if holds < 1.0:
            late[f"{table}.{column}"] = round(1 - holds, 4)
    assert late == {}


def test_a_row_is_changed_after_it_was_created(loaded: str) -> None:
    wrong = {}
    for table in ("clinics", "owners", "pets", "visits", "prescriptions", "reminders"):
        n, holds = share(
            loaded,
            f"""SELECT count(updated_at), count(*) FILTER (WHERE updated_at >= created_at)
                FROM {table}""",
        )
        if n == 0 or holds < 1.0:
            wrong[table] = (n, round(holds, 4))
    assert wrong == {}


def test_a_child_is_created_after_its_parent(loaded: str) -> None:
    wrong = {}
    for child, key, parent in EDGES:
        n, holds = share(
            loaded,
            f"""SELECT count(*), count(*) FILTER (WHERE c.created_at >= p.created_at)
                FROM {child} c JOIN {parent} p ON p.id = c.{key}""",
        )
        if n == 0 or holds < 1.0:
            wrong[f"{child}.{key}"] = (n, round(holds, 4))
    assert wrong == {}


def test_planned_and_expiring_times_may_lie_ahead(loaded: str) -> None:
    none_ahead = []
    for table, column in AHEAD:
        n, ahead = share(
            loaded,
            f"SELECT count({column}), count(*) FILTER (WHERE {column} > :now) FROM {table}",
            NOW,
        )
        if n == 0 or ahead == 0:
            none_ahead.append(f"{table}.{column}")
    assert none_ahead == []
