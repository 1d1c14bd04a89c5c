"""Rows that agree with themselves and with their parents, checked in SQL on what a real
PostgreSQL holds after loading the shipped example and pagila15: every rule, zero rows
violating it."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.conftest import REPO, shared_schema
from tests.engine.loading import load_schema, on_clock
from workbench.config.file import load_config, parse_config
from workbench.errors import ConfigError
from workbench.generate import build_plan
from workbench.schema.parse import parse_schema_file, parse_schema_text

# Postal codes of each country the place table holds, as a reviewer would check them.
POSTAL = {
    "US": r"^\d{5}$",
    "GB": r"^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$",
    "DE": r"^\d{5}$",
    "FR": r"^\d{5}$",
    "CA": r"^[A-Z]\d[A-Z] \d[A-Z]\d$",
    "NL": r"^\d{4} [A-Z]{2}$",
    "JP": r"^\d{3}-\d{4}$",
    "BR": r"^\d{5}-\d{3}$",
    "AU": r"^\d{4}$",
    "IN": r"^\d{6}$",
    "SE": r"^\d{3} \d{2}$",
    "PL": r"^\d{2}-\d{3}$",
    "IE": r"^[A-Z]\d{2} [A-Z0-9]{4}$",
    "ES": r"^\d{5}$",
    "IT": r"^\d{5}$",
}


@pytest.fixture(scope="module")
def shop(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    load_schema(conninfo, parsed, load_config(REPO / "sandbox.toml"))
    yield conninfo
    pg_cluster.drop_database(name)


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def _violations(conninfo: str, table: str, condition: str) -> int:
    return _count(conninfo, f"SELECT count(*) FROM {table} WHERE {condition}")


def _letters(column: str) -> str:
    return f"regexp_replace(lower({column}), '[^a-z]', '', 'g')"


# --- within a row ------------------------------------------------------------------------


def test_email_is_made_of_the_rows_names(shop: str) -> None:
    local = "regexp_replace(split_part(email, '@', 1), '[0-9]+$', '')"
    bad = f"{local} <> {_letters('first_name')} || '.' || {_letters('last_name')}"
    assert _violations(shop, "customers", bad) == 0
    assert _count(shop, "SELECT count(*) FROM customers") == 1000


def test_address_columns_describe_one_place(shop: str) -> None:
    # one region and country per city, coordinates near the city, postal codes of the country
    assert (
        _count(
            shop,
            "SELECT count(*) FROM (SELECT city FROM addresses GROUP BY city "
            "HAVING count(DISTINCT region) > 1 OR count(DISTINCT country_code) > 1) x",
        )
        == 0
    )
    near = (
        "SELECT count(*) FROM (SELECT latitude, longitude, avg(latitude) OVER w AS la, "
        "avg(longitude) OVER w AS lo FROM addresses WINDOW w AS (PARTITION BY city)) x "
        "WHERE abs(latitude - la) > 0.2 OR abs(longitude - lo) > 0.2"
    )
    assert _count(shop, near) == 0
    for country, pattern in POSTAL.items():
        bad = f"country_code = '{country}' AND postal_code !~ '{pattern}'"
        assert _violations(shop, "addresses", bad) == 0, country
    assert _count(shop, "SELECT count(DISTINCT country_code) FROM addresses") >= 8
    # a customer's locale is the one of their country
    bad = "locale IS NOT NULL AND split_part(locale, '_', 2) <> country_code"
    assert _violations(shop, "customers", bad) == 0
    assert _count(shop, "SELECT count(DISTINCT city) FROM warehouses") >= 2


def test_status_decides_its_timestamps(shop: str) -> None:
    shipped = "status IN ('shipped', 'delivered')"
    assert _violations(shop, "orders", f"{shipped} AND shipped_at IS NULL") == 0
    assert _violations(shop, "orders", f"NOT {shipped} AND shipped_at IS NOT NULL") == 0
    assert _violations(shop, "orders", "status = 'cancelled' AND shipped_at IS NOT NULL") == 0
    assert _violations(shop, "orders", "shipped_at <= placed_at") == 0
    assert _violations(shop, "orders", f"{shipped}") > 100  # the rule had rows to act on


def test_payment_method_matches_its_instrument(shop: str) -> None:
    assert _violations(shop, "payments", "method = 'card' AND card_number IS NULL") == 0
    assert _violations(shop, "payments", "method <> 'card' AND card_number IS NOT NULL") == 0
    assert _violations(shop, "payments", "method = 'voucher' AND voucher_code IS NULL") == 0
    assert _violations(shop, "payments", "method <> 'voucher' AND voucher_code IS NOT NULL") == 0
    assert _violations(shop, "payments", "method = 'card'") > 0
    assert _violations(shop, "payments", "method = 'voucher'") > 0


def test_created_updated_deleted_in_order(shop: str) -> None:
    assert _violations(shop, "customers", "updated_at < created_at") == 0
    assert _violations(shop, "customers", "deleted_at < updated_at") == 0
    assert _violations(shop, "customers", "deleted_at IS NOT NULL") > 0


def test_slug_spells_the_name(shop: str) -> None:
    bad = "regexp_replace(slug, '-[0-9]+$', '') <> trim(both '-' from regexp_replace(regexp_replace(lower(replace(replace(name, '&', 'and'), '''', '')), '[^a-z0-9]+', '-', 'g'), '-+', '-', 'g'))"  # noqa: E501
    assert _violations(shop, "categories", bad) == 0


# --- across foreign keys -----------------------------------------------------------------


def test_children_come_after_their_parents(shop: str) -> None:
    pairs = [
        ("orders o JOIN customers c ON c.id = o.customer_id", "o.placed_at <= c.created_at"),
        ("payments p JOIN orders o ON o.id = p.order_id", "p.paid_at <= o.placed_at"),
        ("reviews r JOIN products p ON p.id = r.product_id", "r.created_at <= p.created_at"),
        ("reviews r JOIN customers c ON c.id = r.customer_id", "r.created_at <= c.created_at"),
    ]
    for joined, bad in pairs:
        assert _violations(shop, joined, bad) == 0, joined


def test_prices_and_amounts_come_from_the_parent(shop: str) -> None:
    # in the product's own currency the line's price is the product's (converted otherwise:
    # test_realism_money.py)
    joined = (
        "order_items i JOIN products p ON p.id = i.product_id "
        "JOIN orders o ON o.id = i.order_id AND o.currency = p.currency"
    )
    assert _violations(shop, joined, "i.unit_price <> p.price") == 0
    assert _count(shop, f"SELECT count(*) FROM {joined}") > 500
    joined = "payments p JOIN orders o ON o.id = p.order_id"
    assert _violations(shop, joined, "p.amount <> o.total_amount") == 0


CURRENCY = """
CREATE TABLE accounts (id serial PRIMARY KEY, currency char(3) NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE invoices (id serial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id),
  currency char(3) NOT NULL, issued_on date NOT NULL, due_on date,
  starts_at timestamptz, ends_at timestamptz, created_at timestamptz NOT NULL);
CREATE TABLE invoice_lines (id serial PRIMARY KEY,
  invoice_id int NOT NULL REFERENCES invoices(id), quantity int NOT NULL CHECK (quantity > 0),
  unit_price numeric(10,2) NOT NULL, line_total numeric(12,2) NOT NULL);
"""


def test_currency_totals_and_pairs(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 400}}, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parse_schema_text(CURRENCY, "schema.sql"), config)
    joined = "invoices i JOIN accounts a ON a.id = i.account_id"
    assert _violations(fresh_db, joined, "i.currency <> a.currency") == 0
    assert _violations(fresh_db, joined, "i.created_at <= a.created_at") == 0
    assert _violations(fresh_db, "invoice_lines", "line_total <> quantity * unit_price") == 0
    assert _violations(fresh_db, "invoices", "ends_at < starts_at") == 0
    assert _violations(fresh_db, "invoices", "due_on < issued_on") == 0


# --- pagila15 ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pagila(pg_cluster):
    path = shared_schema("pagila15.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 600}}, Path("sandbox.toml"))
    load_schema(conninfo, parse_schema_file(path), config)
    yield conninfo
    pg_cluster.drop_database(name)


def test_pagila_rows_agree(pagila: str) -> None:
    local = "regexp_replace(split_part(email, '@', 1), '[0-9]+$', '')"
    name = f"{_letters('first_name')} || '.' || {_letters('last_name')}"
    assert _violations(pagila, "customer", f"email IS NOT NULL AND {local} <> {name}") == 0
    assert _violations(pagila, "staff", f"email IS NOT NULL AND {local} <> {name}") == 0
    assert _violations(pagila, "rental", "return_date < rental_date") == 0
    assert _violations(pagila, "rental", "last_update < rental_date") == 0
    assert _violations(pagila, "customer", "last_update < create_date") == 0


def test_pagila_children_after_parents(pagila: str) -> None:
    joined = "rental r JOIN customer c ON c.customer_id = r.customer_id"
    assert _violations(pagila, joined, "r.rental_date < c.create_date") == 0
    assert _count(pagila, f"SELECT count(*) FROM {joined}") > 100


# --- declared rules ----------------------------------------------------------------------

DECLARED = """
CREATE TABLE plans (id serial PRIMARY KEY, monthly_fee numeric(8,2) NOT NULL,
  launched timestamptz NOT NULL);
CREATE TABLE subscriptions (id serial PRIMARY KEY, plan_id int NOT NULL REFERENCES plans(id),
  fee numeric(8,2) NOT NULL, seats int NOT NULL CHECK (seats BETWEEN 1 AND 20),
  yearly numeric(10,2), began timestamptz NOT NULL, renewed timestamptz);
"""
RULES = {
    "tables": {
        "subscriptions": {
            "columns": {
                "fee": {"copy_from": "plans.monthly_fee"},
                "began": {"after": "plans.launched"},
                "renewed": {"after": "began"},
                "yearly": {"derive": "fee * seats * 12"},
            }
        }
    }
}


def test_declared_rules_hold(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 300}, **RULES}, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parse_schema_text(DECLARED, "schema.sql"), config)
    joined = "subscriptions s JOIN plans p ON p.id = s.plan_id"
    assert _violations(fresh_db, joined, "s.fee <> p.monthly_fee") == 0
    assert _violations(fresh_db, joined, "s.began <= p.launched") == 0
    assert _violations(fresh_db, "subscriptions", "renewed <= began") == 0
    assert _violations(fresh_db, "subscriptions", "yearly <> fee * seats * 12") == 0
    assert _violations(fresh_db, "subscriptions", "renewed IS NOT NULL") > 0


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("copy_from", "monthly_fee", 'expected "<table>.<column>"'),
        ("copy_from", "nowhere.fee", "no table 'nowhere'"),
        ("copy_from", "plans.price", "public.plans has no column 'price'"),
        ("copy_from", "subscriptions.fee", "no foreign key of public.subscriptions leads to"),
        ("after", "seats", "expected a date or timestamp column"),
        ("derive", "fee * (", "not an SQL expression"),
        ("derive", "fee * discount", "does not have"),
    ],
)
def test_bad_declared_rules_name_file_and_key(
    tmp_path: Path, key: str, value: str, message: str
) -> None:
    column = "began" if key == "after" else "fee"
    data = {"tables": {"subscriptions": {"columns": {column: {key: value}}}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(DECLARED, "schema.sql")
    plan = build_plan(parsed.schema, config, seed=1)
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.view import KeyStore

    tp = plan.table("public.subscriptions")
    assert tp is not None
    with pytest.raises(ConfigError) as err:
        TableGenerator(parsed.schema, plan, tp, config, 1, KeyStore(), offline=True)
    text = str(err.value)
    assert str(tmp_path / "sandbox.toml") in text
    assert f'tables."public.subscriptions".columns.{column}.{key}' in text
    assert message in text and "\n" not in text


def test_classify_shows_declared_rules(tmp_path: Path) -> None:
    from workbench.generate import classify

    config = parse_config(RULES, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(DECLARED, "schema.sql")
    reasons = {column: d.reason for _, column, d in classify(parsed.schema, config)}
    assert "sandbox.toml: copy_from = plans.monthly_fee" in reasons["fee"]
    assert "after = plans.launched" in reasons["began"]
    assert "derive = fee * seats * 12" in reasons["yearly"]


def test_sample_orders_reads_like_a_shop(make_project) -> None:
    """`workbench sample orders` on the shipped example after `generate`: statuses with their
    timestamps, totals, currencies and notes a shop would have."""
    import json

    from tests.conftest import run_cli
    from workbench.generate.vocab.countries import LEADING_CURRENCIES
    from workbench.generate.vocab.words import ORDER_NOTES

    shipped = (REPO / "sandbox.toml").read_text().split("[generate]", 1)[1]
    config = make_project(extra="\n[generate]" + shipped.replace("rows = 1000", "rows = 200"))
    done = run_cli("generate", "--yes", "--config", str(config))
    assert done.returncode == 0, done.stderr
    text = run_cli("sample", "orders", "--config", str(config))
    assert text.returncode == 0, text.stderr
    assert "status" in text.stdout and "shipped_at" in text.stdout
    out = run_cli("sample", "orders", "--limit", "50", "--json", "--config", str(config))
    data = json.loads(out.stdout)
    rows = [dict(zip(data["columns"], row, strict=True)) for row in data["rows"]]
    assert len(rows) == 50
    for row in rows:
        assert (row["status"] in ("shipped", "delivered")) == (row["shipped_at"] is not None)
        assert row["currency"] in LEADING_CURRENCIES
        assert row["note"] is None or row["note"] in ORDER_NOTES
        assert float(row["total_amount"]) >= 0
    # each sampled order's total is the sum of its lines, as a shop's would be
    env = json.loads(run_cli("env", "--json", "--config", str(config)).stdout)
    with psycopg.connect(env["database_url"]) as conn:
        for row in rows:
            lines = conn.execute(
                "SELECT sum(quantity * unit_price), count(*), max(line_no) "
                "FROM order_items WHERE order_id = %s",
                (row["id"],),
            ).fetchone()
            assert lines is not None and lines[1] > 0
            assert float(lines[0]) == float(row["total_amount"]), row
            assert lines[2] == lines[1]  # lines numbered 1…n
    bad = run_cli("sample", "orders", "--limit", "0", "--config", str(config))
    assert bad.returncode == 2 and "--limit" in bad.stderr


INVOICES = """
CREATE TABLE products (id serial PRIMARY KEY, name text NOT NULL, price numeric(10,2) NOT NULL);
CREATE TABLE invoices (id serial PRIMARY KEY, currency char(3) NOT NULL,
  issued_at timestamptz NOT NULL);
CREATE TABLE invoice_lines (id serial PRIMARY KEY,
  invoice_id int NOT NULL REFERENCES invoices(id),
  product_id int NOT NULL REFERENCES products(id),
  qty int NOT NULL CHECK (qty > 0), unit_price numeric(10,2) NOT NULL,
  line_total numeric(12,2) NOT NULL);
"""


def test_declared_derive_wins_over_inference(fresh_db: str, tmp_path: Path) -> None:
    """A declared derive over columns other rules fill (unit_price copied from the product)
    holds on every row: it runs after them, and the inferred qty × price rule gives way."""
    rules = {"line_total": {"derive": "qty * unit_price + 1"}}
    data = {"generate": {"rows": 400}, "tables": {"invoice_lines": {"columns": rules}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    load_schema(fresh_db, parse_schema_text(INVOICES, "schema.sql"), config)
    assert _count(fresh_db, "SELECT count(*) FROM invoice_lines") == 400
    assert _violations(fresh_db, "invoice_lines", "line_total <> qty * unit_price + 1") == 0


INVOICES_EXTRA = """
CREATE TABLE shipments (id serial PRIMARY KEY, code text NOT NULL UNIQUE,
  invoice_id int NOT NULL REFERENCES invoices(id),
  qty int NOT NULL CHECK (qty > 0), unit_price numeric(10,2) NOT NULL,
  currency char(3) NOT NULL, weight int NOT NULL,
  shipped_at timestamptz, delivered_at timestamptz);
"""


@pytest.mark.parametrize(
    ("column", "key", "value", "message"),
    [
        ("shipped_at", "derive", "qty * unit_price", "expected an expression giving a date"),
        ("weight", "derive", "currency", "expected an expression giving a number"),
        ("qty", "derive", "0 - 1", "CHECK"),
        ("code", "derive", "'same'", "every row the same value"),
        ("weight", "derive", "pg_read_file('/etc/passwd')", "cannot be computed"),
        ("weight", "derive", "(select count(*) from pg_sleep(3)) + qty", "cannot be computed"),
        ("shipped_at", "after", "shipped_at", "cannot come after itself"),
    ],
)
def test_bad_declared_rules_refused_at_plan_time(
    tmp_path: Path, column: str, key: str, value: str, message: str
) -> None:
    """Each mistake is a one-paragraph ConfigError naming file, table.column and key, raised
    while planning (check_declared_rules, called by every plan before a generate drops)."""
    from workbench.generate.rows.declared_check import check_declared_rules

    data = {"tables": {"shipments": {"columns": {column: {key: value}}}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    schema = parse_schema_text(INVOICES + INVOICES_EXTRA, "schema.sql").schema
    plan = build_plan(schema, config, seed=1)
    with pytest.raises(ConfigError) as err:
        check_declared_rules(schema, plan, config)
    text = str(err.value)
    assert str(tmp_path / "sandbox.toml") in text
    assert f'tables."public.shipments".columns.{column}.{key}' in text
    assert message in text and "\n" not in text


def test_after_cycle_refused(tmp_path: Path) -> None:
    from workbench.generate.rows.declared_check import check_declared_rules

    cols = {"shipped_at": {"after": "delivered_at"}, "delivered_at": {"after": "shipped_at"}}
    config = parse_config({"tables": {"shipments": {"columns": cols}}}, tmp_path / "sandbox.toml")
    schema = parse_schema_text(INVOICES + INVOICES_EXTRA, "schema.sql").schema
    with pytest.raises(ConfigError, match="in a cycle"):
        check_declared_rules(schema, build_plan(schema, config, seed=1), config)


def test_bad_derive_leaves_the_loaded_sandbox_alone(make_project) -> None:
    """`generate` with an uncomputable derive exits 2 before dropping the sandbox: the rows
    of the previous generate are still there."""
    from tests.conftest import run_cli

    config = make_project(INVOICES, extra="[generate]\nrows = 50\n")
    assert run_cli("generate", "--yes", "--config", str(config)).returncode == 0
    text = config.read_text()
    config.write_text(
        text + "\n[tables.invoice_lines.columns.line_total]\nderive = \"pg_read_file('x')\"\n"
    )
    done = run_cli("generate", "--yes", "--config", str(config))
    assert done.returncode == 2, done.stderr
    assert "columns.line_total.derive" in done.stderr and "Traceback" not in done.stderr
    dsn = text.split('dsn = "', 1)[1].split('"', 1)[0]
    assert _count(dsn, "SELECT count(*) FROM invoice_lines") == 50


PEOPLE_FILES = """
CREATE TABLE patients (id serial PRIMARY KEY, full_name text NOT NULL, date_of_birth date,
  age int);
CREATE TABLE uploads (id serial PRIMARY KEY, file_name text NOT NULL, mime_type text NOT NULL,
  file_extension varchar(10));
"""


def test_age_and_file_types_agree_within_the_row(fresh_db: str, tmp_path: Path) -> None:
    """age is the years since date_of_birth (as PostgreSQL's age() counts them); a file's name,
    extension and MIME type name one type (Python's mimetypes is the judge)."""
    import mimetypes

    now = "2026-03-10 09:00:00+00"  # the run's clock, pinned: an age is counted to its day
    config = parse_config(
        {"generate": {"rows": 300, "now": now.replace(" ", "T")}}, tmp_path / "sandbox.toml"
    )
    load_schema(fresh_db, parse_schema_text(PEOPLE_FILES, "schema.sql"), config)
    years = on_clock("date_part('year', age(:now::date, date_of_birth))", now)
    assert _violations(fresh_db, "patients", f"age <> {years}") == 0
    assert _count(fresh_db, "SELECT count(*) FROM patients WHERE age IS NOT NULL") > 100
    with psycopg.connect(fresh_db) as conn:
        rows = conn.execute("SELECT file_name, mime_type, file_extension FROM uploads").fetchall()
    wrong = [r for r in rows if mimetypes.guess_type(r[0])[0] != r[1]]
    assert not wrong, wrong[:3]
    odd_ext = [r for r in rows if r[2] is not None and not r[0].endswith("." + r[2].lstrip("."))]
    assert not odd_ext, odd_ext[:3]
    assert len({r[1] for r in rows}) > 5
