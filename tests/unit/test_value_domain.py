"""Declared values and ranges checked against their column at plan time (value_domain via
config_check): whatever a hand-written sandbox.toml holds, a clear ConfigError naming the
key and the value, never a traceback, and values of the column's domain accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.config.file import load_config
from workbench.errors import ConfigError
from workbench.generate.plan.config_check import check_config_against_schema
from workbench.schema.parse import parse_schema_text

REPO = Path(__file__).resolve().parents[2]
SCHEMA = parse_schema_text((REPO / "schema.sql").read_text()).schema


def check(tmp_path: Path, table: str, column: str, body: str) -> None:
    (tmp_path / "sandbox.toml").write_text(f'[tables."public.{table}".columns.{column}]\n{body}\n')
    check_config_against_schema(load_config(tmp_path / "sandbox.toml"), SCHEMA)


@pytest.mark.parametrize(
    ("table", "column", "body", "said"),
    [
        ("orders", "status", "values = { paid = 0.9, bogus = 0.1 }", "'bogus' is not a label"),
        ("orders", "status", "values = [true]", "true is not a label of enum order_status"),
        ("orders", "status", "values = [{ a = 1 }]", "is not a single value"),
        ("orders", "status", "range = [1, 2]", "a range applies to numbers, dates and times"),
        ("orders", "total_amount", "values = [1e400]", "is not a finite number"),
        ("orders", "total_amount", "values = [-5]", "breaks the CHECK of domain positive_money"),
        ("orders", "placed_at", 'values = ["2024-02-30"]', "is not a timestamp such as"),
        ("order_items", "quantity", "range = [0, 10]", "the bound 0 breaks the CHECK"),
        ("order_items", "quantity", "values = [10000000000000000000000]", "outside integer's"),
        ("order_items", "quantity", "range = [{}, {}]", "two numbers, dates or times"),
        ("addresses", "kind", 'values = ["home"]', "'home' breaks the CHECK kind IN"),
        ("customers", "country_code", 'values = ["DEU"]', "longer than the 2 characters"),
        ("customers", "birth_date", "range = [1800-01-01, 2000-01-01]", "breaks the CHECK"),
        ("products", "sku", 'values = ["ab-1"]', "breaks the CHECK sku ~"),
        ("customers", "marketing_opt_in", 'values = ["yes"]', "'yes' is not true or false"),
        ("payments", "id", 'values = ["x"]', "is not a UUID"),
        ("orders", "note", 'values = ["a\\u0000"]', "holds a NUL character"),
    ],
)
def test_values_outside_the_domain_are_config_errors(
    tmp_path: Path, table: str, column: str, body: str, said: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        check(tmp_path, table, column, body)
    message = str(caught.value)
    assert said in message and f"columns.{column}." in message and message.endswith(".")


@pytest.mark.parametrize(
    ("table", "column", "body"),
    [
        ("orders", "status", "values = { paid = 3, pending = 1 }"),
        ("orders", "total_amount", "range = [0, 9999999999.99]"),
        ("orders", "placed_at", "range = [2024-01-01T00:00:00Z, 2024-06-30T00:00:00Z]"),
        ("order_items", "quantity", "values = [1, 50, 7.0]"),
        ("customers", "birth_date", 'values = ["2024-05-15", 1999-12-31]'),
        ("customers", "marketing_opt_in", "values = [true, false]"),
        ("products", "sku", 'values = ["AB-1"]'),
        ("orders", "note", 'values = ["", "é", "1e400"]'),
    ],
)
def test_values_inside_the_domain_pass(tmp_path: Path, table: str, column: str, body: str) -> None:
    check(tmp_path, table, column, body)
