"""Declared totals (sum_of / count_of) and derives that can never be stored are refused or
held without touching the sandbox: a bad sum_of or count_of stops `generate` and `estimate`
at plan time (exit 2, file and key named, the rows of the previous generate still there), and
a derive whose value does not fit the column's type leaves those rows their drawn value with
a warning instead of a database error, checked on a real PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster, run_cli
from workbench.config.file import parse_config
from workbench.engine import Engine
from workbench.errors import ConfigError
from workbench.generate import build_plan, load_data
from workbench.generate.rows.declared_check import check_declared_rules
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE users (id serial PRIMARY KEY, email text NOT NULL);
CREATE TABLE accounts (id serial PRIMARY KEY, balance numeric(12,2) NOT NULL);
CREATE TABLE invoices (id serial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id),
  total numeric(12,2), line_count int);
CREATE TABLE invoice_lines (id serial PRIMARY KEY,
  invoice_id int NOT NULL REFERENCES invoices(id),
  quantity int NOT NULL CHECK (quantity BETWEEN 1 AND 50),
  unit_amount numeric(10,2) NOT NULL CHECK (unit_amount BETWEEN 1 AND 500),
  amount numeric(12,2), weight integer);
"""
TABLES = ("users", "accounts", "invoices", "invoice_lines")


def _counts(dsn: str) -> dict[str, int]:
    with psycopg.connect(dsn) as conn:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def generated_once(
    cluster: Cluster, folder: Path, schema: str, extra: str
) -> Iterator[tuple[Path, str, str]]:
    """A project generated once (in this process) for a module's tests: (sandbox.toml, its
    text, the DSN). Each test writes sandbox.toml as that text plus its own rules, and tries
    the generates; one the rules refuse leaves the rows as they were, one that loads keeps
    the rows' counts."""
    name = cluster.create_database()
    dsn = cluster.conninfo(name)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "schema.sql").write_text(schema)
    text = f'[sandbox]\nname = "{name}"\ndsn = "{dsn}"\nschema = "schema.sql"\n{extra}'
    config = folder / "sandbox.toml"
    config.write_text(text)
    try:
        Engine(config).generate()
        yield config, text, dsn
    finally:
        cluster.drop_database(name)


@pytest.fixture(scope="module")
def loaded(
    pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path, str, str]]:
    # the lines sized as the rest (a document's lines otherwise follow it: plan/tables.py)
    extra = "[generate]\nrows = 40\n[tables.invoice_lines]\nrows = 40\n"
    yield from generated_once(pg_cluster, tmp_path_factory.mktemp("loaded"), SCHEMA, extra)


BAD_TOTALS = [
    ("total", "sum_of", "invoice_lines.amount); DROP TABLE users; --", "not an SQL expression"),
    ("total", "sum_of", "invoice_lines.amount; DROP TABLE users", "no statements, subqueries"),
    ("total", "sum_of", "(select sum(balance) from accounts)", "no statements, subqueries"),
    ("total", "sum_of", "invoice_lines.amount + (select 1)", "no statements, subqueries"),
    ("line_count", "count_of", "invoices", "has no foreign key to public.invoices"),
]


@pytest.mark.parametrize(("column", "key", "value", "message"), BAD_TOTALS)
def test_bad_declared_total_stops_generate_and_estimate(
    loaded: tuple[Path, str, str], column: str, key: str, value: str, message: str
) -> None:
    config, text, dsn = loaded
    before = _counts(dsn)
    assert before["invoice_lines"] == 40
    rule = f"\n[tables.invoices.columns.{column}]\n{key} = {json.dumps(value)}\n"
    config.write_text(text + rule)
    for command in ("generate", "estimate"):
        done = (
            run_cli(command, "--yes", "--config", str(config))
            if command == "generate"
            else (run_cli(command, "--config", str(config)))
        )
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        err = done.stderr
        assert str(config) in err and f"columns.{column}.{key}" in err, err
        assert message in err and "Traceback" not in err, err
    assert _counts(dsn) == before


@pytest.mark.parametrize(
    ("derive", "message"),
    [
        ("amount + 1", "reads amount, the column it sets"),
        (
            "CASE WHEN quantity > 0 THEN 99999999999999999999 ELSE 1 END",
            "the integer 99999999999999999999",
        ),
        ("12345678901.5", "(numeric(12,2)) cannot hold; expected a value inside"),
    ],
)
def test_a_derive_that_can_never_hold_stops_generate(
    loaded: tuple[Path, str, str], derive: str, message: str
) -> None:
    config, text, dsn = loaded
    before = _counts(dsn)
    config.write_text(
        text + f"\n[tables.invoice_lines.columns.amount]\nderive = {json.dumps(derive)}\n"
    )
    done = run_cli("generate", "--yes", "--config", str(config))
    assert done.returncode == 2, done.stderr
    assert "columns.amount.derive" in done.stderr and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert _counts(dsn) == before


def _load(dsn: str, rules: dict[str, str], tmp_path: Path) -> list[str]:
    columns = {column: {"derive": text} for column, text in rules.items()}
    lines = {"rows": 300, "columns": columns}  # sized as the rest, not per invoice
    data = {"generate": {"rows": 300}, "tables": {"invoice_lines": lines}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    plan = build_plan(parsed.schema, config, seed=3)
    check_declared_rules(parsed.schema, plan, config)
    with psycopg.connect(dsn, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        report = load_data(conn, parsed.schema, plan, config, seed=3)
        apply_statements(conn, parsed, "post")
    return report.warnings


def _one(dsn: str, query: str) -> int:
    with psycopg.connect(dsn) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_derived_values_beyond_the_type_keep_their_draw(fresh_db: str, tmp_path: Path) -> None:
    """numeric(12,2) holds up to 9,999,999,999.99 and integer up to 2,147,483,647: rows whose
    derived value is bigger keep their drawn value, the rest hold the rule, and the run says
    how many rows kept their draw and that the type rejected the value."""
    rules = {
        "amount": "quantity * unit_amount * 100000000",
        "weight": "quantity * 2147483647",
    }
    warnings = _load(fresh_db, rules, tmp_path)
    assert _one(fresh_db, "SELECT count(*) FROM invoice_lines") == 300
    amount_kept = _one(
        fresh_db,
        "SELECT count(*) FROM invoice_lines "
        "WHERE amount IS DISTINCT FROM quantity * unit_amount * 100000000",
    )
    weight_kept = _one(
        fresh_db,
        "SELECT count(*) FROM invoice_lines WHERE weight::bigint IS DISTINCT FROM "
        "quantity::bigint * 2147483647",
    )
    too_big = _one(
        fresh_db,
        "SELECT count(*) FROM invoice_lines WHERE quantity * unit_amount * 100000000 "
        ">= 10000000000",
    )
    assert 0 < too_big < 300
    assert amount_kept == too_big  # exactly the rows the type cannot hold
    held = "SELECT count(*) FROM invoice_lines WHERE quantity = 1 AND weight = 2147483647"
    assert _one(fresh_db, held) == _one(
        fresh_db, "SELECT count(*) FROM invoice_lines WHERE quantity = 1"
    )
    assert weight_kept == _one(fresh_db, "SELECT count(*) FROM invoice_lines WHERE quantity > 1")
    assert (
        f"public.invoice_lines.amount: {amount_kept:,} row(s) keep their drawn value instead of "
        "derive = 'quantity * unit_amount * 100000000': its type (numeric(12,2)) rejects the "
        "declared value"
    ) in warnings
    weight = [w for w in warnings if w.startswith("public.invoice_lines.weight:")]
    assert weight == [
        f"public.invoice_lines.weight: {weight_kept:,} row(s) keep their drawn value instead of "
        "derive = 'quantity * 2147483647': its type (integer) rejects the declared value"
    ]


def test_a_wrapped_64_bit_product_keeps_the_draw(fresh_db: str, tmp_path: Path) -> None:
    """A product beyond 64 bits wraps around in integer arithmetic; those rows keep their
    drawn value rather than a wrapped number that happens to fit."""
    warnings = _load(fresh_db, {"weight": "quantity * 4611686018427387904 * 4"}, tmp_path)
    wrapped = _one(fresh_db, "SELECT count(*) FROM invoice_lines WHERE weight = 0")
    assert wrapped < 300  # quantity × 2^64 wraps to 0 in 64 bits: no row was given it
    assert any(w.startswith("public.invoice_lines.weight: 300 row(s)") for w in warnings)


def test_plan_time_refuses_a_self_reading_derive(tmp_path: Path) -> None:
    data = {"tables": {"invoice_lines": {"columns": {"amount": {"derive": "amount + 1"}}}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    with pytest.raises(ConfigError) as err:
        check_declared_rules(parsed.schema, build_plan(parsed.schema, config, seed=1), config)
    assert 'tables."public.invoice_lines".columns.amount.derive' in str(err.value)
    assert "\n" not in str(err.value)


WIDE = """
CREATE TABLE notes (id serial PRIMARY KEY, name text NOT NULL, code varchar(6),
  due date, ratio real);
"""


def test_text_and_reals_beyond_the_type_keep_their_draw(fresh_db: str, tmp_path: Path) -> None:
    """varchar(6) holds six characters and a real ends at 3.4e38: rows whose derived value is
    longer or bigger keep their drawn value, with the type named."""
    rules = {
        "code": "left(name, 4) || id::text",
        "ratio": "id * 1e37",
    }
    columns = {column: {"derive": text} for column, text in rules.items()}
    data = {"generate": {"rows": 200}, "tables": {"notes": {"columns": columns}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(WIDE, "schema.sql")
    plan = build_plan(parsed.schema, config, seed=5)
    check_declared_rules(parsed.schema, plan, config)
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        warnings = load_data(conn, parsed.schema, plan, config, seed=5).warnings
    count = "SELECT count(*) FROM notes WHERE "
    code = _one(fresh_db, count + "code IS DISTINCT FROM left(name, 4) || id::text")
    assert code == _one(fresh_db, count + "length(left(name, 4) || id::text) > 6")
    assert 0 < code < 200
    assert _one(fresh_db, count + "ratio::float8 IS DISTINCT FROM id * 1e37::float8") > 0
    assert any(
        w.startswith(f"public.notes.code: {code:,} row(s)")
        and w.endswith("its type (character varying(6)) rejects the declared value")
        for w in warnings
    ), warnings
    assert any(
        w.startswith("public.notes.ratio:") and "its type (real) rejects" in w for w in warnings
    ), warnings


def test_dates_beyond_postgres_keep_their_draw(fresh_db: str, tmp_path: Path) -> None:
    columns = {"due": {"derive": "DATE '2000-01-01' + id * 100000000"}}
    data = {"generate": {"rows": 100}, "tables": {"notes": {"columns": columns}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(WIDE, "schema.sql")
    plan = build_plan(parsed.schema, config, seed=5)
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        warnings = load_data(conn, parsed.schema, plan, config, seed=5).warnings
    # 100,000,000 days a step: ids 1..21 fit before 5874897 AD, the rest keep their draw
    held = (
        "SELECT count(*) FROM notes WHERE id <= 21 AND due = DATE '2000-01-01' + "
        "CASE WHEN id <= 21 THEN id * 100000000 ELSE 0 END"
    )
    assert _one(fresh_db, held) == 21
    assert (
        "public.notes.due: 79 row(s) keep their drawn value instead of derive = "
        "\"DATE '2000-01-01' + id * 100000000\": its type (date) rejects the declared value"
    ) in warnings
