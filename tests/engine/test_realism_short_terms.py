"""A row picks the term in force on its day also where the terms are short and follow one
another (a gym chain's price lists, a week or two each per club), on a schema of our own,
checked in SQL on what a real PostgreSQL holds (rules/valid_then.py, valid_owned.py): a
visit's price list is one of its own club's, valid on the UTC day of the visit. The day's
margin kept at each end of a window of dates (for a session in any time zone) leaves two
days uncovered at each change of a short term; a row none of whose terms holds with that
margin takes the one its day lies in."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE clubs (id serial PRIMARY KEY, club_name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE price_lists (id serial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs,
  valid_from date NOT NULL, valid_to date, day_pass_price numeric(8,2) NOT NULL,
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE INDEX price_lists_club_valid_idx ON price_lists (club_id, valid_from);
CREATE TABLE visits (id bigserial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs,
  price_list_id int NOT NULL REFERENCES price_lists, checked_in_at timestamptz NOT NULL,
  fee numeric(8,2) NOT NULL);
"""

ROWS = 1000


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {
        "generate": {"rows": ROWS, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {"clubs": {"rows": 8}, "price_lists": {"rows": 800}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_visit_is_priced_on_a_list_in_force_that_day(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE p.club_id = v.club_id
            AND (v.checked_in_at AT TIME ZONE 'UTC')::date >= p.valid_from
            AND (p.valid_to IS NULL OR (v.checked_in_at AT TIME ZONE 'UTC')::date <= p.valid_to))
        FROM visits v JOIN price_lists p ON p.id = v.price_list_id
        """,
    )
    assert applies == ROWS and holds >= 0.99, holds
    # the terms are short: a club's lists a few weeks each at most
    _, short = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE valid_to - valid_from < 30) FROM price_lists",
    )
    assert short > 0.5, short
