"""What happens at a site happens while it is open, in its local time (rules/opening.py), on
schemas of our own:

- a museum network: museums with an opening and a closing time of day, in a city with a time
  zone; entries at a museum are within its hours in the city's local time (two hops away:
  entries → museums → cities), never on a Sunday; the museums' own hours are a business's;
- a bridal boutique: fittings of a room of a boutique (a country code two hops away), with
  an optional stylist whose own country says nothing of where the fitting is; a fitting is
  a thing people attend: it starts on a weekday between 08:00 and 17:00 local time on a
  quarter hour, and its `duration_minutes` is a fitting's length (rules/elapsed.py), not any
  number of minutes."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.vocab import countries

MUSEUMS = """
CREATE TABLE cities (id serial PRIMARY KEY, name text NOT NULL, time_zone text NOT NULL);
CREATE TABLE museums (id serial PRIMARY KEY, name text NOT NULL,
  city_id int NOT NULL REFERENCES cities(id),
  opening_time time NOT NULL, closing_time time NOT NULL, CHECK (closing_time > opening_time));
CREATE TABLE entries (id bigserial PRIMARY KEY, museum_id int NOT NULL REFERENCES museums(id),
  entered_at timestamptz NOT NULL, visitors smallint NOT NULL DEFAULT 1);
"""

BOUTIQUES = """
CREATE TABLE boutiques (id serial PRIMARY KEY, name text NOT NULL, country_code char(2) NOT NULL);
CREATE TABLE rooms (id serial PRIMARY KEY, boutique_id int NOT NULL REFERENCES boutiques(id),
  label text NOT NULL);
CREATE TABLE stylists (id serial PRIMARY KEY, full_name text NOT NULL,
  home_country char(2) NOT NULL);
CREATE TABLE fittings (id bigserial PRIMARY KEY, room_id int NOT NULL REFERENCES rooms(id),
  stylist_id int REFERENCES stylists(id), booked_for timestamptz NOT NULL,
  duration_minutes int NOT NULL DEFAULT 45, created_at timestamptz NOT NULL DEFAULT now());
"""


@pytest.fixture(scope="module")
def museums(pg_cluster: Any) -> Any:
    settings = {
        "generate": {"rows": 1000},
        "tables": {"cities": {"rows": 30}, "museums": {"rows": 60}},
    }
    with loaded_database(pg_cluster, MUSEUMS, settings, seed=5) as conninfo:
        yield conninfo


@pytest.fixture(scope="module")
def boutiques(pg_cluster: Any) -> Any:
    settings = {
        "generate": {"rows": 1000},
        "tables": {"boutiques": {"rows": 40}, "rooms": {"rows": 120}, "stylists": {"rows": 50}},
    }
    with loaded_database(pg_cluster, BOUTIQUES, settings, seed=5) as conninfo:
        yield conninfo


def test_museums_keep_business_hours(museums: str) -> None:
    judged, held = share(
        museums,
        """SELECT count(*), count(*) FILTER (WHERE opening_time BETWEEN '06:00' AND '10:00'
             AND closing_time - opening_time BETWEEN interval '8 hours' AND interval '12 hours')
           FROM museums""",
    )
    assert judged == 60 and held == 1.0


def test_entries_in_the_museums_local_hours(museums: str) -> None:
    judged, held = share(
        museums,
        """SELECT count(*), count(*) FILTER (WHERE
             (e.entered_at AT TIME ZONE c.time_zone)::time BETWEEN m.opening_time AND m.closing_time
             AND extract(isodow FROM e.entered_at AT TIME ZONE c.time_zone) <> 7)
           FROM entries e JOIN museums m ON m.id = e.museum_id JOIN cities c ON c.id = m.city_id""",
    )
    assert judged == 1000 and held >= 0.98


def _zone(code: str) -> ZoneInfo | None:
    found = countries.cities_of(code.strip())
    return ZoneInfo(found[0].timezone) if found else None


def test_fittings_on_weekdays_in_local_office_hours(boutiques: str) -> None:
    with psycopg.connect(boutiques) as conn:
        rows = conn.execute(
            """SELECT b.country_code, f.booked_for, f.duration_minutes FROM fittings f
               JOIN rooms r ON r.id = f.room_id JOIN boutiques b ON b.id = r.boutique_id"""
        ).fetchall()
    held = 0
    for code, at, minutes in rows:
        zone = _zone(code)
        local = at.astimezone(zone) if zone is not None else datetime.min
        held += (
            zone is not None
            and local.isoweekday() <= 5
            and 8 <= local.hour < 17
            and local.minute % 15 == 0
            and local.second == 0
            and 10 <= minutes <= 90
        )
    assert len(rows) == 1000 and held / len(rows) >= 0.98
