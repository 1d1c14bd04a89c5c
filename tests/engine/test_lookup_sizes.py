"""Lookups sized as lookups, on a schema of our own (a brewery: beer styles, hop varieties,
glass types, the cities its drinkers live in, beers, brews, pours): a table shaped as a
lookup (a few columns, one naming or coding the row, no time of its own but a window of
validity, no party, no key out but to tables of a natural size) holds a few dozen rows
however many the run asks for, unless sandbox.toml sizes it; tables of things that happen or
belong to someone keep the run's count; the estimate shows the counts generate makes."""

from __future__ import annotations

from pathlib import Path

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.plan.estimate import Throughput, estimate
from workbench.generate.plan.roles import LOOKUP_ROWS, PER_PARENT, role_of
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL);
CREATE TABLE beer_styles (id serial PRIMARY KEY, code varchar(8) NOT NULL, name text NOT NULL,
  min_abv numeric(4,2), max_abv numeric(4,2));
CREATE TABLE hop_varieties (id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) REFERENCES countries(code), alpha_acid numeric(4,2));
CREATE TABLE glass_types (id smallserial PRIMARY KEY, label text NOT NULL, volume_ml int,
  valid_from date NOT NULL, valid_to date);
CREATE TABLE cities (id serial PRIMARY KEY, country_code char(2) NOT NULL REFERENCES
  countries(code), name text NOT NULL);
CREATE TABLE drinkers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  city_id int REFERENCES cities(id));
CREATE TABLE beers (id serial PRIMARY KEY, style_id int NOT NULL REFERENCES beer_styles(id),
  name text NOT NULL, abv numeric(4,2), created_at timestamptz NOT NULL);
CREATE TABLE brews (id serial PRIMARY KEY, beer_id int NOT NULL REFERENCES beers(id),
  hop_id int NOT NULL REFERENCES hop_varieties(id), brewed_at timestamptz NOT NULL,
  litres numeric(8,1));
CREATE TABLE taps (id serial PRIMARY KEY, name text NOT NULL, code varchar(8));
CREATE TABLE products (id serial PRIMARY KEY, name text NOT NULL, price numeric(8,2));
CREATE TABLE sales (id serial PRIMARY KEY, product_id int NOT NULL REFERENCES products(id),
  tap_id int REFERENCES taps(id), sold_at timestamptz NOT NULL);
CREATE TABLE pours (id serial PRIMARY KEY, brew_id int NOT NULL REFERENCES brews(id),
  drinker_id int REFERENCES drinkers(id), glass_type_id smallint NOT NULL
  REFERENCES glass_types(id), poured_at timestamptz NOT NULL);
"""

LOOKUPS = {"public.beer_styles", "public.glass_types"}


def test_lookups_are_told_from_entities_and_events(tmp_path: Path) -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    config = parse_config({"generate": {"rows": 1000}}, tmp_path / "sandbox.toml")
    sizes = {t: role_of(schema, schema.tables[t], config).natural for t in schema.tables}
    for table in LOOKUPS | {"public.hop_varieties"}:
        assert sizes[table] == LOOKUP_ROWS, table
    # shaped like a lookup, but named as things a business has as many of as it likes
    for table in ("public.drinkers", "public.beers", "public.brews", "public.pours",
                  "public.taps", "public.products", "public.cities"):  # fmt: skip
        assert sizes[table] is None, table


def test_lookups_hold_a_few_dozen_rows_unless_declared(pg_cluster, tmp_path: Path) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    config = parse_config(
        {"generate": {"rows": 1000}, "tables": {"hop_varieties": {"rows": 120}}},
        tmp_path / "sandbox.toml",
    )
    plan = build_plan(parsed.schema, config, seed=3)
    planned = {tp.name: tp.rows for tp in plan.tables}
    for table in LOOKUPS:
        assert planned[table] == LOOKUP_ROWS, (table, planned[table])
    assert planned["public.hop_varieties"] == 120  # declared: sandbox.toml wins
    for table in ("public.drinkers", "public.beers", "public.brews", "public.pours"):
        assert planned[table] == 1000, (table, planned[table])
    shown = {
        t["name"]: t["rows"]
        for t in estimate(parsed.schema, plan, Throughput()).to_dict()["tables"]
    }
    assert {t: shown[t] for t in planned} == planned
    name = pg_cluster.create_database()
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, plan, config, seed=3)
        apply_statements(conn, parsed, "post")
        for table, rows in planned.items():
            row = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
            assert row is not None and row[0] == rows, (table, row, rows)
    pg_cluster.drop_database(name)


GYMS = """
CREATE TABLE gyms (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE membership_tiers (id serial PRIMARY KEY, gym_id int NOT NULL REFERENCES gyms(id),
  code varchar(10) NOT NULL, name text NOT NULL, monthly_fee numeric(8,2) NOT NULL,
  valid_from date NOT NULL, valid_to date);
CREATE TABLE members (id serial PRIMARY KEY, gym_id int NOT NULL REFERENCES gyms(id),
  tier_id int NOT NULL REFERENCES membership_tiers(id), full_name text NOT NULL,
  email text NOT NULL, joined_at timestamptz NOT NULL);
"""


def test_a_lookup_is_kept_per_site_a_few_rows_each(tmp_path: Path) -> None:
    # a gym's membership tiers: a lookup but for its key to the gym, a few per gym
    parsed = parse_schema_text(GYMS, "schema.sql")
    config = parse_config({"generate": {"rows": 1000}}, tmp_path / "sandbox.toml")
    role = role_of(parsed.schema, parsed.schema.tables["public.membership_tiers"], config)
    assert role.per_parent == ("public.gyms", PER_PARENT), role
    planned = {tp.name: tp.rows for tp in build_plan(parsed.schema, config, seed=3).tables}
    assert planned["public.membership_tiers"] == planned["public.gyms"] * PER_PARENT, planned
    assert planned["public.members"] == 1000
