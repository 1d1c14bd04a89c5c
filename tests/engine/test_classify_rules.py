"""`workbench classify` shows the row rules the generator infers for each column (what its
values will agree with), in the text and in the JSON, for the shipped example."""

from __future__ import annotations

from tests.conftest import REPO
from workbench.engine import Engine


def test_classify_lists_each_columns_row_rules(tmp_path) -> None:
    for name in ("schema.sql", "sandbox.toml"):
        (tmp_path / name).write_text((REPO / name).read_text())
    items = {
        (i["table"], i["column"]): i for i in Engine(str(tmp_path / "sandbox.toml")).classify()
    }
    email = items[("public.customers", "email")]["rules"]
    assert any("first_name" in r and "last_name" in r for r in email)
    shipped = items[("public.orders", "shipped_at")]["rules"]
    assert any("status" in r for r in shipped) and any("placed_at" in r for r in shipped)
    assert any("products.price" in r for r in items[("public.order_items", "unit_price")]["rules"])
    # a serial key is handed out in the order of its row's creation time
    assert items[("public.orders", "id")]["rules"] == ["id grows with placed_at"]
    # a column no rule touches says so by an empty list
    assert items[("public.orders", "note")]["rules"] == []
