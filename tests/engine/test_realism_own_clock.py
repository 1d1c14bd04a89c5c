"""A status agrees with the times of the row's own occurrence and its file's close, whatever
the schema calls them (vocab/outcomes.past_tense_ends, rules/status._occurrence,
rules/decided.py). On a schema of our own, a pest-control firm:

- a callout is planned for a day (`planned_for`) and records when the technician checked in
  and out (`checked_in_at`..`checked_out_at`, nullable, named after no label, no plan of the
  same event beside them: kinds/recorded.py does not read them): a callout still `booked` or
  `skipped` has neither, a `completed` one both, though the callouts of one site follow one
  another by their number (a chain that lays every row's times). Before, every row had both.
- a tender is `open`, `paused`, then `awarded` or `cancelled`, with a nullable `closed_at`:
  `awarded` (a past tense no list knows, where no label says done) is how it ended, so an
  awarded tender has its closing time and an open one none. Before, `awarded` read as open."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE sites (id serial PRIMARY KEY, name text NOT NULL,
  commissioned_at timestamptz NOT NULL);
CREATE TABLE callouts (id bigserial PRIMARY KEY, site_id int NOT NULL REFERENCES sites(id),
  callout_no int NOT NULL, planned_for date NOT NULL,
  checked_in_at timestamptz, checked_out_at timestamptz,
  status text NOT NULL CHECK (status IN ('booked', 'completed', 'skipped')),
  UNIQUE (site_id, callout_no));
CREATE TABLE tenders (id serial PRIMARY KEY, site_id int NOT NULL REFERENCES sites(id),
  title text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'paused', 'awarded', 'cancelled')),
  opened_at timestamptz NOT NULL, closed_at timestamptz);
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    config = {"generate": {"rows": 500, "now": NOW}}
    with loaded_database(pg_cluster, SCHEMA, config, seed=request.param) as conninfo:
        yield conninfo


def test_a_callout_has_come_and_gone_exactly_when_completed(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE status
             WHEN 'completed' THEN checked_in_at IS NOT NULL AND checked_out_at IS NOT NULL
                  AND checked_in_at <= checked_out_at AND checked_out_at <= :now
             ELSE checked_in_at IS NULL AND checked_out_at IS NULL END)
           FROM callouts""",
        NOW,
    )
    assert applies > 300 and held >= 0.98, held


def test_an_awarded_tender_is_closed_and_an_open_one_is_not(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE
             WHEN status IN ('open', 'paused') THEN closed_at IS NULL
             ELSE closed_at IS NOT NULL AND closed_at >= opened_at AND closed_at <= :now END)
           FROM tenders""",
        NOW,
    )
    assert applies > 300 and held >= 0.98, held


LEAD_SCHEMA = """
CREATE TABLE patients (id serial PRIMARY KEY, full_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE clinic_slots (id bigserial PRIMARY KEY, starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'free' CHECK (status IN ('free', 'taken', 'closed')),
  CHECK (ends_at > starts_at));
CREATE TABLE discount_codes (id serial PRIMARY KEY, code text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL, valid_from date NOT NULL, valid_until date NOT NULL,
  status text NOT NULL CHECK (status IN ('live', 'used', 'lapsed')),
  CHECK (valid_until >= valid_from));
CREATE TABLE appointments (id bigserial PRIMARY KEY,
  patient_id int NOT NULL REFERENCES patients(id),
  slot_id bigint NOT NULL REFERENCES clinic_slots(id),
  discount_code_id int REFERENCES discount_codes(id),
  status text NOT NULL CHECK (status IN ('requested', 'confirmed', 'attended', 'cancelled')),
  booked_at timestamptz NOT NULL, cancelled_at timestamptz);
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def lead(pg_cluster, request):
    config = {"generate": {"rows": 500, "now": NOW}}
    with loaded_database(pg_cluster, LEAD_SCHEMA, config, seed=request.param) as conninfo:
        yield conninfo


def test_an_appointment_is_booked_before_its_slot_whatever_its_code_allows(lead: str) -> None:
    """A time arranged before its parent takes place (rules/within.py): moved into another
    parent's window of validity (a discount code's valid_from..valid_until), it stays before
    the slot starts; a code not valid then is picked again or dropped. Before, the move put
    some 60 % of the appointments after their slot had begun."""
    applies, held = share(
        lead,
        """SELECT count(*), count(*) FILTER (WHERE a.booked_at <= s.starts_at
             AND a.booked_at <= :now)
           FROM appointments a JOIN clinic_slots s ON s.id = a.slot_id""",
        NOW,
    )
    assert applies > 300 and held >= 0.98, held
