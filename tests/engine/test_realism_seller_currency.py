"""A row's currency is its seller's, not its buyer's home country's, on a schema of our own
(a cinema chain: cinemas charging in a currency, screens, showings, patrons from a country,
and tickets naming a showing, a patron and a currency). rules/ancestor_keys.py had the ticket
follow its nearest ancestor's key to currencies: the patron's country's (two keys away, through
a party) before the showing's screen's cinema's (three away), so a ticket for a show in Oslo
was charged in the patron's euros. Now a way through no party nor what one owns comes first,
however much nearer the other, and the ticket is in its cinema's currency."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE currencies (code char(3) PRIMARY KEY, name text NOT NULL);
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code));
CREATE TABLE cinemas (id serial PRIMARY KEY, name text NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code), opened_on date NOT NULL);
CREATE TABLE screens (id serial PRIMARY KEY, cinema_id int NOT NULL REFERENCES cinemas(id),
  label text NOT NULL, seats int NOT NULL CHECK (seats > 0));
CREATE TABLE showings (id bigserial PRIMARY KEY, screen_id int NOT NULL REFERENCES screens(id),
  film_title text NOT NULL, starts_at timestamptz NOT NULL);
CREATE TABLE patrons (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE tickets (id bigserial PRIMARY KEY,
  showing_id bigint NOT NULL REFERENCES showings(id),
  patron_id int NOT NULL REFERENCES patrons(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  price numeric(8,2) NOT NULL CHECK (price > 0));
"""

SETTINGS = {"generate": {"rows": 600}, "tables": {"public.currencies": {"rows": 8}}}

SELLER = """
SELECT count(*), count(*) FILTER (WHERE t.currency_code = c.currency_code)
FROM tickets t JOIN showings s ON s.id = t.showing_id JOIN screens sc ON sc.id = s.screen_id
JOIN cinemas c ON c.id = sc.cinema_id
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_ticket_in_its_cinemas_currency(loaded: str) -> None:
    applies, holds = share(loaded, SELLER)
    assert applies > 300 and holds >= 0.98, (applies, holds)
