"""Terms that renew, on a schema of our own (a home-cover broker: households and their cover
agreements, numbered by their renewal per household, each with a start, an agreed end and a
status in force, lapsed, cancelled or still to begin), checked in SQL on what a real
PostgreSQL holds (kinds/numbering reads a renewal's number as a place in a series,
rules/sequence.py lays a household's agreements end to start, rules/renewal.py has the last
run past now and the status follow the dates):

- a household's agreements are numbered 1, 2, 3 in date order, each renewal starting on or
  after the previous one ended;
- the status agrees with the run's clock: an agreement in force spans now, a lapsed one has
  ended, one still to begin starts after now;
- most households' latest agreement is still in force.
Before, the renewal number was not read as a series: the numbers followed the start dates,
but the agreements of one household overlapped, and the statuses ignored the chain."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-05-04T10:00:00+00:00"

SCHEMA = """
CREATE TABLE households (id serial PRIMARY KEY, family_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE cover_agreements (id serial PRIMARY KEY,
  household_id int NOT NULL REFERENCES households(id), renewal_number int NOT NULL,
  begins_on date NOT NULL, ends_on date NOT NULL,
  premium numeric(10,2) NOT NULL CHECK (premium > 0),
  status text NOT NULL CHECK (status IN ('upcoming', 'active', 'lapsed', 'cancelled')),
  UNIQUE (household_id, renewal_number), CHECK (ends_on > begins_on));
"""

SETTINGS = {"generate": {"rows": 600, "now": NOW}}

IN_SEQUENCE = """
SELECT count(*), count(*) FILTER (WHERE
  (a.renewal_number = 1 AND NOT EXISTS (SELECT 1 FROM cover_agreements p
     WHERE p.household_id = a.household_id AND p.begins_on < a.begins_on))
  OR (a.renewal_number > 1 AND EXISTS (SELECT 1 FROM cover_agreements p
     WHERE p.household_id = a.household_id AND p.renewal_number = a.renewal_number - 1
       AND p.ends_on <= a.begins_on)))
FROM cover_agreements a
"""

BY_THE_CLOCK = """
SELECT count(*), count(*) FILTER (WHERE CASE status
  WHEN 'active' THEN begins_on <= :now::date AND ends_on >= :now::date
  WHEN 'lapsed' THEN ends_on < :now::date
  WHEN 'upcoming' THEN begins_on > :now::date
  ELSE begins_on <= :now::date END)
FROM cover_agreements
"""

LATEST_RUNNING = """
SELECT count(*), count(*) FILTER (WHERE status IN ('active', 'upcoming', 'cancelled'))
FROM cover_agreements a
WHERE renewal_number = (SELECT max(renewal_number) FROM cover_agreements b
                        WHERE b.household_id = a.household_id)
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_renewals_follow_one_another_in_number_order(loaded: str) -> None:
    applies, holds = share(loaded, IN_SEQUENCE)
    assert applies == 600 and holds >= 0.98, holds


def test_the_status_follows_the_dates(loaded: str) -> None:
    applies, holds = share(loaded, BY_THE_CLOCK, NOW)
    assert applies == 600 and holds >= 0.98, holds


def test_most_households_still_hold_cover(loaded: str) -> None:
    applies, holds = share(loaded, LATEST_RUNNING)
    assert applies >= 100 and holds >= 0.6, (applies, holds)
