"""The "amounts in N currencies mixed in one column" flag is for money only (newbie27 F3: it
was on every numeric column of a table with, or below, a currency column: ids, star ratings,
weights, quantities, line numbers). On the shipped example: none on those, kept on the money
columns, and kept on a plain numeric column named as an amount under a declared range."""

from __future__ import annotations

from tests.conftest import MakeProject
from workbench.engine import Engine

ROWS = """[generate]
rows = 200

[tables."public.orders".columns.total_amount]
range = [1, 900]
"""

MIXED = "currencies mixed in one column"


def _flagged(engine: Engine, table: str, column: str) -> bool:
    flags = engine.distributions.of(table, column).to_dict()["flags"]
    return any(MIXED in f for f in flags)


def test_only_money_is_said_to_mix_currencies(make_project: MakeProject) -> None:
    engine = Engine(make_project(extra=ROWS))  # the shipped example's schema
    engine.generate()
    for table, column in (
        ("orders", "id"),
        ("products", "id"),
        ("reviews", "id"),
        ("reviews", "rating"),
        ("products", "weight_grams"),
        ("stock", "quantity"),
        ("stock", "reserved"),
        ("order_items", "line_no"),
        ("order_items", "quantity"),
    ):
        assert not _flagged(engine, table, column), (table, column)
    for table, column in (
        ("payments", "amount"),
        ("order_items", "unit_price"),
        ("products", "price"),
        ("orders", "total_amount"),  # a declared range: money by its name and type
    ):
        assert _flagged(engine, table, column), (table, column)
