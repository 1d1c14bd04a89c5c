"""Two keys that meet along two paths hold for every row, on a schema of our own (a music
school: patrons, the instruments they rent, the rebates they are granted and the rebates'
lines), checked in SQL on what a real PostgreSQL holds. A rebate's line names its rebate
(→ patron, NOT NULL) and the rental it rebates (→ patron, may be NULL): the rental is one of
the rebate's patron's. The lines are planned per rental (its total sums them: plan/lines.py),
so that key is not drawn freely; where the rental's patron has no rebate, the rebate key
cannot follow it (it may not be NULL), and the line then names no rental
(rules/path_meet.py) rather than another patron's."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE patrons (id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE rentals (id serial PRIMARY KEY,
  patron_id int NOT NULL REFERENCES patrons(id), started_on date NOT NULL,
  total numeric(10,2));
CREATE TABLE rebates (id serial PRIMARY KEY,
  patron_id int NOT NULL REFERENCES patrons(id), issued_on date NOT NULL);
CREATE TABLE rebate_lines (id serial PRIMARY KEY,
  rebate_id int NOT NULL REFERENCES rebates(id) ON DELETE CASCADE,
  rental_id int REFERENCES rentals(id), amount numeric(10,2) NOT NULL);
"""

SETTINGS = {
    "generate": {"rows": 600},
    "tables": {"patrons": {"rows": 250}, "rebates": {"rows": 300}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_line_credits_a_rental_of_its_notes_patron(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE s.patron_id = n.patron_id)"
        " FROM rebate_lines l JOIN rebates n ON n.id = l.rebate_id"
        " JOIN rentals s ON s.id = l.rental_id",
    )
    assert applies > 300
    assert holds >= 0.98
    # most lines still name the rental they rebate
    _, named = share(loaded, "SELECT count(*), count(rental_id) FROM rebate_lines")
    assert named >= 0.5
