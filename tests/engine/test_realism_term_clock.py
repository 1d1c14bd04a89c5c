"""A thing in force over a window of its own is in force or ran out as its window and the run's
clock say (rules/term_clock.py): on a schema of our own, a climbing gym's punch cards
(`starts_on`/`expires_on`, `status IN ('active', 'expired', 'refunded', 'frozen')`) and a
fishing authority's permits (`valid_from`/`valid_until` timestamps, an enum with `current` and
`lapsed`). Before, the label was drawn by its shares and the window by its parents: cards
bought years ago were still `active` (about one row in five agreed with its dates). Checked in
SQL on what a real PostgreSQL holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE permit_state AS ENUM ('current', 'lapsed', 'revoked');
CREATE TABLE climbers (climber_id serial PRIMARY KEY, full_name text NOT NULL,
  signed_up_at timestamptz NOT NULL);
CREATE TABLE punch_cards (card_id bigserial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers, sold_at timestamptz NOT NULL,
  starts_on date NOT NULL, expires_on date NOT NULL, visits_left smallint NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'expired', 'refunded', 'frozen')));
CREATE TABLE permits (permit_id bigserial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers, valid_from timestamptz NOT NULL,
  valid_until timestamptz, state permit_state NOT NULL);
"""
NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

CARDS = """
SELECT count(*), count(*) FILTER (WHERE CASE status
    WHEN 'active' THEN expires_on >= (:now)::date
    WHEN 'expired' THEN expires_on < (:now)::date END)
FROM punch_cards WHERE status IN ('active', 'expired')
"""
PERMITS = """
SELECT count(*), count(*) FILTER (WHERE CASE state
    WHEN 'current' THEN valid_until IS NULL OR valid_until > :now
    WHEN 'lapsed' THEN valid_until <= :now END)
FROM permits WHERE state IN ('current', 'lapsed')
"""
OTHERS = """
SELECT count(*), count(*) FILTER (WHERE status IN ('refunded', 'frozen')) FROM punch_cards
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_card_is_active_until_it_expires_and_expired_after(loaded: str) -> None:
    applies, holds = share(loaded, CARDS, now=NOW)
    assert applies >= 500
    assert holds >= 0.99


def test_a_permit_is_current_until_its_end_and_lapsed_after(loaded: str) -> None:
    applies, holds = share(loaded, PERMITS, now=NOW)
    assert applies >= 400
    assert holds >= 0.99


def test_labels_of_something_done_to_the_row_keep_some_rows(loaded: str) -> None:
    applies, kept = share(loaded, OTHERS, now=NOW)
    assert applies >= 500
    assert 0.0 < kept < 0.3
