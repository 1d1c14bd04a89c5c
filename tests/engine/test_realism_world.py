"""The world a sandbox describes, read back from a real PostgreSQL: reference tables sized as
the world sizes them (a table of countries holds real countries, a chain a handful of stores),
a row's country deciding its name, currency, calling code, city and postcode, a currency its
minor units, and what a site runs serving that site's rows (keys that meet at a site).

One small schema written here, of a domain the realism suite does not model (a chain of
repair shops), generated at 400 rows per table unless the table is a reference one."""

from __future__ import annotations

import re
from pathlib import Path

import psycopg
import pytest

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.plan.roles import role_of
from workbench.generate.vocab import countries
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE currencies (
    code char(3) PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
    decimal_places smallint NOT NULL CHECK (decimal_places BETWEEN 0 AND 4)
);
CREATE TABLE countries (
    code char(2) PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
    name text NOT NULL,
    currency_code char(3) NOT NULL REFERENCES currencies(code),
    dial_code varchar(6) CHECK (dial_code ~ '^\\+[0-9]{1,4}$')
);
CREATE TABLE workshops (
    id serial PRIMARY KEY,
    name text NOT NULL,
    country_code char(2) NOT NULL REFERENCES countries(code),
    city varchar(100) NOT NULL,
    postcode varchar(12)
);
CREATE TABLE mechanics (
    id serial PRIMARY KEY,
    workshop_id int NOT NULL REFERENCES workshops(id),
    full_name text NOT NULL
);
CREATE TABLE lifts (
    id serial PRIMARY KEY,
    workshop_id int NOT NULL REFERENCES workshops(id),
    label text
);
CREATE TABLE repairs (
    id bigserial PRIMARY KEY,
    workshop_id int NOT NULL REFERENCES workshops(id),
    mechanic_id int NOT NULL REFERENCES mechanics(id),
    lift_id int REFERENCES lifts(id),
    started_at timestamptz NOT NULL
);
CREATE TABLE inspections (
    id bigserial PRIMARY KEY,
    lift_id int NOT NULL REFERENCES lifts(id),
    mechanic_id int NOT NULL REFERENCES mechanics(id),
    note text
);
CREATE TYPE visit_status AS ENUM ('scheduled', 'checked_in', 'completed', 'cancelled', 'no_show');
CREATE TABLE appointments (
    id bigserial PRIMARY KEY,
    workshop_id int NOT NULL REFERENCES workshops(id),
    created_at timestamptz NOT NULL,
    starts_at timestamp NOT NULL,
    ends_at timestamp NOT NULL,
    status visit_status NOT NULL,
    CHECK (ends_at > starts_at)
);
"""
NOW = "2026-06-30T12:00:00Z"
ROWS = 400


@pytest.fixture(scope="module")
def world(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    config = parse_config(
        {"sandbox": {"name": "w"}, "generate": {"now": NOW}}, Path("sandbox.toml")
    )
    plan = build_plan(parsed.schema, config, rows=ROWS, seed=3)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, plan, config, seed=3)
        apply_statements(conn, parsed, "post")
    yield conninfo, parsed.schema, config, plan
    pg_cluster.drop_database(name)


def _rows(conninfo: str, query: str) -> list[tuple]:
    with psycopg.connect(conninfo) as conn:
        return conn.execute(query).fetchall()


def test_roles_and_natural_sizes(world) -> None:
    _, schema, config, plan = world
    roles = {t: role_of(schema, schema.tables[t], config).kind for t in schema.tables}
    assert roles["public.countries"] == "reference"
    assert roles["public.currencies"] == "reference"
    assert roles["public.repairs"] == "event"
    assert roles["public.mechanics"] == "entity"
    sizes = {t.name: t.rows for t in plan.tables}
    # the world's size, not --rows: real currencies, a handful of sites, and the few dozen
    # countries the business works in (its workshops key their country to the table:
    # plan/roles.markets_of), a score, not a hundred of the world's
    assert sizes["public.countries"] == 20
    # and the currencies of those markets and the few most traded (plan/roles.currencies_held),
    # under two dozen, not all of ISO 4217's 160
    assert 12 <= sizes["public.currencies"] <= 30
    assert sizes["public.workshops"] == 10
    assert sizes["public.repairs"] == ROWS
    declared = parse_config(
        {"sandbox": {"name": "w"}, "tables": {"public.workshops": {"rows": 50}}},
        Path("sandbox.toml"),
    )
    own = build_plan(schema, declared, seed=3).table("public.workshops")
    assert own is not None and own.rows == 50  # sandbox.toml's rows win over the role


def test_countries_are_real_and_whole(world) -> None:
    conninfo = world[0]
    facts = countries.by_alpha2()
    rows = _rows(conninfo, "SELECT code, name, currency_code, dial_code FROM countries")
    assert len({r[1] for r in rows}) == len(rows)  # no country twice
    for code, name, currency, dial in rows:
        fact = facts[code]
        assert (name, currency) == (fact.name, fact.currency)
        assert dial is None or dial == "+" + fact.calling_code


def test_currency_minor_units(world) -> None:
    rows = dict(_rows(world[0], "SELECT code, decimal_places FROM currencies"))
    assert rows["USD"] == 2 and rows["JPY"] == 0
    assert all(rows[c] == 3 for c in ("KWD", "BHD") if c in rows)


def test_site_place_follows_its_country(world) -> None:
    conninfo = world[0]
    rows = _rows(conninfo, "SELECT city, postcode, country_code FROM workshops")
    for city, postcode, code in rows:
        assert city in {c.name for c in countries.cities_of(code)}
        pattern = countries.by_alpha2()[code].postcode
        assert postcode is None or pattern is None or re.match(pattern, postcode, re.I)


def test_what_a_site_runs_serves_its_rows(world) -> None:
    """A repair's mechanic and lift belong to the repair's workshop (keys that meet at a
    site), though neither mechanics nor lifts are things a party owns."""
    conninfo = world[0]
    (apart,) = _rows(
        conninfo,
        """SELECT count(*) FROM repairs r JOIN mechanics m ON m.id = r.mechanic_id
           LEFT JOIN lifts l ON l.id = r.lift_id
           WHERE m.workshop_id <> r.workshop_id OR l.workshop_id <> r.workshop_id""",
    )[0]
    assert apart == 0


def test_two_keys_meet_at_one_site(world) -> None:
    """An inspection has no key to a workshop, but its lift and its mechanic each belong to
    one: the same (keys that meet at a site through two parents)."""
    (apart,) = _rows(
        world[0],
        """SELECT count(*) FROM inspections i JOIN lifts l ON l.id = i.lift_id
           JOIN mechanics m ON m.id = i.mechanic_id WHERE l.workshop_id <> m.workshop_id""",
    )[0]
    assert apart == 0


def test_statuses_by_meaning_and_the_clock(world) -> None:
    """Most appointments are completed (not the first label declared), a few failed; those
    still scheduled or checked in were made in the last days before the run's clock, and no
    row was made after it."""
    conninfo = world[0]
    shares = dict(
        _rows(conninfo, "SELECT status::text, count(*)::float / 400 FROM appointments GROUP BY 1")
    )
    assert shares["completed"] >= 0.75 and shares.get("scheduled", 0) <= 0.15
    assert 0.01 <= shares.get("cancelled", 0) + shares.get("no_show", 0) <= 0.15
    made = _rows(
        conninfo,
        f"""SELECT status::text, bool_and(created_at <= '{NOW}'::timestamptz)::int,
                   bool_and(created_at >= '{NOW}'::timestamptz - interval '4 days')::int
            FROM appointments GROUP BY 1""",
    )
    assert all(r[1] == 1 for r in made)  # histories end at the clock
    recent = {status: lately for status, _, lately in made}
    assert recent.get("scheduled", 1) == 1 and recent.get("checked_in", 1) == 1
    assert recent["completed"] == 0  # the done ones keep their place in the history


def test_appointments_in_office_hours(world) -> None:
    rows = _rows(
        world[0],
        """SELECT extract(isodow FROM starts_at), starts_at::time, ends_at::date = starts_at::date,
                  ends_at - starts_at FROM appointments""",
    )
    for weekday, start, same_day, length in rows:
        assert weekday <= 5 and same_day
        assert start.hour >= 8 and start.hour < 18 and start.minute % 5 == 0
        assert 30 * 60 <= length.total_seconds() <= 2 * 3600
