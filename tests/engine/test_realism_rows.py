"""What a reviewer reads in the shipped example's rows: a product's description describes that
product, coordinates are known together or not at all, and an address's first line leaves the
flat or suite to its second line. Checked in SQL on a real PostgreSQL."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from workbench.config.file import load_config, parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.rules.blurb import group_of
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text


def _load(conninfo: str, schema_sql: str, config) -> None:
    parsed = parse_schema_text(schema_sql, "schema.sql")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=42)
        load_data(conn, parsed.schema, plan, config, seed=42)
        apply_statements(conn, parsed, "post")


def _rows(conninfo: str, query: str) -> list[tuple]:
    with psycopg.connect(conninfo) as conn:
        return conn.execute(query).fetchall()


@pytest.fixture(scope="module")
def shop(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    _load(conninfo, (REPO / "schema.sql").read_text(), load_config(REPO / "sandbox.toml"))
    yield conninfo
    pg_cluster.drop_database(name)


def test_a_product_description_names_the_product_and_its_kind(shop: str) -> None:
    rows = _rows(shop, "SELECT name, description FROM products WHERE description IS NOT NULL")
    assert len(rows) > 100
    assert all(name in text for name, text in rows)
    # the sentence is the one of the product's own kind: a skillet is never "wash after wash"
    kitchen = [text for name, text in rows if group_of(name) == 1]
    clothing = [text for name, text in rows if group_of(name) == 0]
    assert kitchen and clothing
    assert not [t for t in kitchen if "wash after wash" in t or "fit" in t.split()]
    assert not [t for t in clothing if "heats evenly" in t or "dishwasher" in t]


def test_coordinates_are_null_together(shop: str) -> None:
    half = _rows(
        shop,
        "SELECT count(*) FROM addresses WHERE (latitude IS NULL) <> (longitude IS NULL)",
    )
    both = _rows(shop, "SELECT count(*) FROM addresses WHERE latitude IS NOT NULL")
    assert half == [(0,)]
    assert both[0][0] > 0


def test_line_one_leaves_the_flat_to_line_two(shop: str) -> None:
    rows = _rows(shop, "SELECT count(*) FROM addresses WHERE line1 ~ '(Apt\\.|Suite) '")
    assert rows == [(0,)]


def test_descriptions_fit_a_short_column_and_names_from_elsewhere(pg_cluster) -> None:
    schema_sql = """
    CREATE TABLE products (id serial PRIMARY KEY,
                           product_name text NOT NULL,
                           description varchar(70),
                           summary text);
    """
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 800}}, REPO / "sandbox.toml")
    _load(conninfo, schema_sql, config)
    rows = _rows(conninfo, "SELECT product_name, description FROM products")
    assert all(d is None or len(d) <= 70 for _, d in rows)
    fitted = [d for n, d in rows if d is not None and n in d]
    assert len(fitted) > 100  # the short sentences fit and are used
    assert group_of("Something Else Entirely") == -1
    pg_cluster.drop_database(name)
