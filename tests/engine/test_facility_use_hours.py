"""Someone using a thing the business keeps at its site does so in the site's day, in the
site's own time zone: a ticket tapped at a museum's turnstile (a `tap` under a required key
to a turnstile kept at a museum, whose `time_zone` says where it is: rules/kept_hours.py,
rules/opening.py) between 08:00 and 17:30 local time, any day of the week, and still on a day
the ticket is valid. On a schema of our own (a group of museums in several zones), at three
seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE museum (museum_id int PRIMARY KEY, museum_name varchar(100) NOT NULL,
  street varchar(120) NOT NULL, city varchar(60) NOT NULL, time_zone text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE turnstile (turnstile_id int PRIMARY KEY,
  museum_id int NOT NULL REFERENCES museum(museum_id),
  gate_label varchar(20) NOT NULL, installed_on date NOT NULL);
CREATE TABLE visitor (visitor_id int PRIMARY KEY, full_name varchar(120) NOT NULL,
  email varchar(120));
CREATE TABLE admission_ticket (ticket_id bigint PRIMARY KEY,
  museum_id int NOT NULL REFERENCES museum(museum_id),
  visitor_id int NOT NULL REFERENCES visitor(visitor_id),
  bought_at timestamptz NOT NULL, valid_on date NOT NULL);
CREATE TABLE turnstile_tap (tap_id bigint PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES admission_ticket(ticket_id),
  turnstile_id int NOT NULL REFERENCES turnstile(turnstile_id),
  tapped_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

HOURS = """
SELECT count(*)::int, count(*) FILTER (WHERE
  (t.tapped_at AT TIME ZONE m.time_zone)::time BETWEEN time '08:00' AND time '17:30')::int
FROM turnstile_tap t
JOIN turnstile g ON g.turnstile_id = t.turnstile_id
JOIN museum m ON m.museum_id = g.museum_id
"""
ZONES = "SELECT count(*)::int, count(DISTINCT time_zone)::int FROM museum"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_taps_happen_in_the_museums_local_day(loaded: str) -> None:
    applies, holds = share(loaded, HOURS)
    assert applies == 1000
    assert holds >= 0.98
    museums, zones = share(loaded, ZONES)
    assert zones * museums >= 3  # the museums are in several zones: local time matters


def test_the_taps_are_not_in_the_future(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*)::int, count(*) FILTER (WHERE tapped_at <= :now)::int FROM turnstile_tap",
        now=NOW,
    )
    assert applies == 1000
    assert holds >= 0.98
