"""Years on the clock, on a schema of our own (a sports club's seasons and a firm's fiscal
years): a row whose label's CHECK spells years ("2025-26", "2025") is one year of its owner's
calendar. Each owner's years run back from now one after another, the latest started by now
and not over long ago, the label the years the window spans, each season some ten months; the
owner came to be before its first year. Checked in SQL, no name of our realism suite."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE clubs (id serial PRIMARY KEY, name text NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE seasons (id serial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs(id),
  season_label varchar(7) NOT NULL CHECK (season_label ~ '^[0-9]{4}-[0-9]{2}$'),
  opens_on date NOT NULL, closes_on date NOT NULL, CHECK (closes_on > opens_on),
  UNIQUE (club_id, season_label));
CREATE TABLE firms (id serial PRIMARY KEY, legal_name text NOT NULL);
CREATE TABLE fiscal_years (id serial PRIMARY KEY, firm_id int NOT NULL REFERENCES firms(id),
  fiscal_year char(4) NOT NULL CHECK (fiscal_year ~ '^[0-9]{4}$'),
  start_date date NOT NULL, end_date date NOT NULL, UNIQUE (firm_id, fiscal_year));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    tables = {"public.clubs": {"rows": 12}, "public.firms": {"rows": 8}}
    settings = {"generate": {"rows": 500, "now": NOW.replace(" ", "T")}, "tables": tables}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=2) as conninfo:
        yield conninfo


def test_seasons_are_labelled_by_their_years_and_run_up_to_now(loaded: str) -> None:
    applies, held = share(
        loaded,
        """
        WITH s AS (SELECT season_label, opens_on, closes_on,
                          max(opens_on) OVER (PARTITION BY club_id) AS last_open,
                          lead(opens_on) OVER (PARTITION BY club_id ORDER BY opens_on) AS nxt
                   FROM seasons)
        SELECT count(*), count(*) FILTER (WHERE
            left(season_label, 4)::int = extract(year FROM opens_on)
            AND right(season_label, 2)::int = extract(year FROM closes_on)::int % 100
            AND closes_on - opens_on BETWEEN 240 AND 400
            AND (nxt IS NULL OR nxt > closes_on)
            AND last_open <= :now::date AND last_open > :now::date - 366)
        FROM s""",
        now=NOW,
    )
    # a key over the label admits the history's years per club: capped, none repeated
    assert 12 <= applies < 500 and held == 1.0


def test_a_fiscal_year_is_a_calendar_year_up_to_now(loaded: str) -> None:
    applies, held = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE fiscal_year::int = extract(year FROM start_date)
            AND start_date = make_date(fiscal_year::int, 1, 1)
            AND end_date = make_date(fiscal_year::int, 12, 31)
            AND start_date <= :now::date)
        FROM fiscal_years""",
        now=NOW,
    )
    assert applies >= 8 and held == 1.0


def test_a_club_came_to_be_before_its_first_season(loaded: str) -> None:
    applies, held = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE c.registered_at::date <= s.opens_on)
        FROM seasons s JOIN clubs c ON c.id = s.club_id""",
    )
    assert applies > 0 and held == 1.0
