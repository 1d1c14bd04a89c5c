"""Many rows of one event, on a schema of our own (a theatre: tickets of a performance, and
the gate scans of a ticket):

- a ticket's labels read as a booking of an event (vocab/outcomes.py): reserved and confirmed
  come before the event, used is the done end, a no-show and a cancellation the failed ones;
- a ticket's status follows its performance's (rules/event_status.py): tickets of a
  performance still to come are reserved, confirmed or cancelled; those of a performance that
  has begun or ended are used, no-shows or cancelled; those of a cancelled one are cancelled;
- a gate scan (a presence record, many per ticket) exists only for used tickets, and every
  used ticket has one (rules/happened.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.vocab.outcomes import lifecycle_meanings

SCHEMA = """
CREATE TYPE performance_status AS ENUM ('scheduled', 'in_progress', 'completed', 'cancelled');
CREATE TYPE ticket_status AS ENUM ('reserved', 'confirmed', 'used', 'no_show', 'cancelled');
CREATE TABLE theatres (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE performances (id serial PRIMARY KEY,
  theatre_id int NOT NULL REFERENCES theatres(id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  status performance_status NOT NULL DEFAULT 'scheduled',
  CHECK (ends_at > starts_at));
CREATE TABLE tickets (id bigserial PRIMARY KEY,
  performance_id int NOT NULL REFERENCES performances(id),
  seat_label text NOT NULL,
  status ticket_status NOT NULL DEFAULT 'reserved',
  price numeric(8,2) NOT NULL CHECK (price >= 0),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE gate_scans (id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets(id),
  gate text, scanned_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {
        "generate": {"rows": 1000},
        "tables": {"theatres": {"rows": 10}, "performances": {"rows": 200}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_a_ticket_is_confirmed_before_and_used_after() -> None:
    read = lifecycle_meanings(["reserved", "confirmed", "used", "no_show", "cancelled"])
    assert read == {"reserved": "ahead", "confirmed": "ahead", "used": "done",
                    "no_show": "failed", "cancelled": "failed"}  # fmt: skip


def test_a_ticket_follows_its_performance(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE
             WHEN p.status = 'scheduled' THEN t.status IN ('reserved', 'confirmed', 'cancelled')
             WHEN p.status = 'cancelled' THEN t.status = 'cancelled'
             ELSE t.status IN ('used', 'no_show', 'cancelled') END)
           FROM tickets t JOIN performances p ON p.id = t.performance_id""",
    )
    assert judged > 500 and held >= 0.98


def test_a_used_ticket_and_only_it_was_scanned(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE (t.status = 'used') =
             EXISTS (SELECT 1 FROM gate_scans g WHERE g.ticket_id = t.id))
           FROM tickets t""",
    )
    assert judged > 500 and held >= 0.98
