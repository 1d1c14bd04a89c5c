"""Declared rules an outside tester showed could still half-write a sandbox: a derive on a key,
a copy_from or after of the wrong kind, a copy reading a total summed from itself are refused
at plan time (exit 2, key named, the previous rows untouched); a derive dividing by zero on
some rows keeps their drawn values with a warning instead of stopping the load."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import Cluster, run_cli
from tests.engine.test_declared_guard import _load, _one, generated_once

KINDS = """
CREATE TABLE orders (id serial PRIMARY KEY, placed_at timestamptz NOT NULL,
  note text, total numeric(10,2));
CREATE TABLE lines (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES orders(id),
  qty int NOT NULL, shipped_at timestamptz, label text, amount numeric(10,2));
"""

BAD_RULES = [
    ("lines", "order_id", "derive", "qty * 1000", "a foreign key to public.orders"),
    ("lines", "id", "derive", "qty", "its primary key"),
    ("lines", "qty", "copy_from", "orders.placed_at", "takes a number"),
    ("lines", "shipped_at", "after", "orders.total", "takes a time"),
]


@pytest.fixture(scope="module")
def project(
    pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path, str, str]]:
    # the lines sized as the orders (a document's lines otherwise follow it: plan/tables.py)
    extra = "[generate]\nrows = 40\n[tables.lines]\nrows = 40\n"
    yield from generated_once(pg_cluster, tmp_path_factory.mktemp("kinds"), KINDS, extra)


def _rows(dsn: str) -> tuple[int, int]:
    return _one(dsn, "SELECT count(*) FROM orders"), _one(dsn, "SELECT count(*) FROM lines")


@pytest.mark.parametrize(("table", "column", "key", "value", "message"), BAD_RULES)
def test_rules_that_would_break_the_load_are_refused_first(
    project: tuple[Path, str, str], table: str, column: str, key: str, value: str, message: str
) -> None:
    config, text, dsn = project
    before = _rows(dsn)
    config.write_text(text + f"\n[tables.{table}.columns.{column}]\n{key} = {json.dumps(value)}\n")
    done = run_cli("generate", "--yes", "--config", str(config))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert f"columns.{column}.{key}" in done.stderr and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert _rows(dsn) == before


def test_a_copy_of_a_total_summed_from_itself_is_refused(project) -> None:
    config, text, dsn = project
    before = _rows(dsn)
    cycle = (
        '\n[tables.orders.columns.total]\nsum_of = "lines.amount"\n'
        '[tables.lines.columns.amount]\ncopy_from = "orders.total"\n'
    )
    config.write_text(text + cycle)
    done = run_cli("generate", "--yes", "--config", str(config))
    assert done.returncode == 2, done.stderr
    assert "columns.amount.copy_from" in done.stderr and "cannot both hold" in done.stderr
    assert _rows(dsn) == before


def test_fitting_copies_still_load(project) -> None:
    config, text, dsn = project
    rules = (
        '\n[tables.lines.columns.label]\ncopy_from = "orders.note"\n'
        '[tables.lines.columns.shipped_at]\nafter = "orders.placed_at"\n'
    )
    config.write_text(text + rules)
    done = run_cli("generate", "--yes", "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert _rows(dsn)[1] == 40


def test_a_derive_dividing_by_zero_on_some_rows_keeps_them_drawn(
    fresh_db: str, tmp_path: Path
) -> None:
    warnings = _load(fresh_db, {"amount": "unit_amount / (quantity - 1)"}, tmp_path)
    assert _one(fresh_db, "SELECT count(*) FROM invoice_lines") == 300
    assert [w for w in warnings if "amount" in w and "drawn value" in w], warnings
