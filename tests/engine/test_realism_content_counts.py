"""Counts of a store of content and prices per written unit, on a schema of our own (a
terminology service: glossaries photographed now and then, subtitlers' rates), checked in SQL
on what a real PostgreSQL holds (vocab/accrual.py with rules/counter.py; the `word` and
`character` units of data/unit_prices.tsv):

- a glossary's snapshots count at least as many terms and entries as its earlier ones (a
  store of content keeps what it was given), none before the glossary was opened;
- a price per word is a few cents of a euro, a price per character a cent or a few, in
  whatever currency the row states;
- a passenger boat or a coach seats what its kind seats (a water taxi a dozen, a touring
  coach some fifty), not what a bus carries standing nor a generic count;
- a phone number no CHECK constrains is stored as E.164 (`+` and 8 to 15 digits)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE glossaries (id serial PRIMARY KEY, title text NOT NULL,
  opened_at timestamptz NOT NULL);
CREATE TABLE glossary_snapshots (id serial PRIMARY KEY,
  glossary_id int NOT NULL REFERENCES glossaries, captured_at timestamptz NOT NULL,
  term_count int NOT NULL CHECK (term_count >= 0),
  num_entries int NOT NULL CHECK (num_entries >= 0));
CREATE TABLE subtitlers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  mobile_number text);
CREATE TABLE subtitler_tariffs (id serial PRIMARY KEY,
  subtitler_id int NOT NULL REFERENCES subtitlers,
  currency char(3) NOT NULL CHECK (currency IN ('EUR', 'USD', 'GBP', 'SEK')),
  price_per_word numeric(9,4) NOT NULL CHECK (price_per_word > 0),
  fee_per_character numeric(9,4) NOT NULL CHECK (fee_per_character > 0));
CREATE TABLE launches (id serial PRIMARY KEY, call_sign text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('water_taxi', 'catamaran', 'minicoach', 'touring_coach',
                                     'sightseeing_boat')),
  seats int NOT NULL CHECK (seats > 0));
"""

ROWS = 600
# euros per unit of each currency
_FX = "(VALUES ('EUR', 1.0), ('USD', 0.91), ('GBP', 1.17), ('SEK', 0.087)) AS fx(code, eur)"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    settings = {"generate": {"rows": ROWS}, "tables": {"glossaries": {"rows": 60}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_glossary_only_grows(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        WITH s AS (
            SELECT s.term_count, s.num_entries, s.captured_at, g.opened_at,
                   lag(s.term_count) OVER w AS prev_terms, lag(s.num_entries) OVER w AS prev_n
            FROM glossary_snapshots s JOIN glossaries g ON g.id = s.glossary_id
            WINDOW w AS (PARTITION BY s.glossary_id ORDER BY s.captured_at, s.id))
        SELECT count(*), count(*) FILTER (WHERE captured_at >= opened_at
            AND (prev_terms IS NULL OR (term_count >= prev_terms AND num_entries >= prev_n)))
        FROM s
        """,
    )
    assert applies > 300 and holds == 1.0, (applies, holds)


def test_a_price_per_written_unit_is_cents(loaded: str) -> None:
    applies, holds = share(
        loaded,
        f"""
        SELECT count(*), count(*) FILTER (
            WHERE t.price_per_word * fx.eur BETWEEN 0.03 AND 0.40
              AND t.fee_per_character * fx.eur BETWEEN 0.005 AND 0.15)
        FROM subtitler_tariffs t JOIN {_FX} ON fx.code = t.currency
        """,
    )
    assert applies > 300 and holds >= 0.98, (applies, holds)


def test_a_launch_seats_what_its_kind_seats(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE CASE kind
            WHEN 'water_taxi' THEN seats BETWEEN 4 AND 30
            WHEN 'minicoach' THEN seats BETWEEN 8 AND 25
            WHEN 'touring_coach' THEN seats BETWEEN 30 AND 65
            WHEN 'sightseeing_boat' THEN seats BETWEEN 20 AND 300
            ELSE seats BETWEEN 12 AND 400 END)
        FROM launches
        """,
    )
    assert applies > 300 and holds == 1.0, (applies, holds)


def test_a_phone_is_stored_as_e164(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE mobile_number ~ '^\\+[1-9][0-9]{7,14}$')
        FROM subtitlers WHERE mobile_number IS NOT NULL
        """,
    )
    assert applies > 100 and holds == 1.0, (applies, holds)
