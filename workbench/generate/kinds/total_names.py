"""The names of a document's totals and of its lines' amounts (kinds/totals.py reads them to
find a total's lines, kinds/item_sums.py the other tables of what a document sells): a total's
own names, a line's stored total, its quantity and its unit price, and the bare names a line
and a payment alike may hold."""

from __future__ import annotations

SUM_NAMES = frozenset(
    {"total", "total_amount", "total_price", "order_total", "grand_total", "subtotal",
     "sub_total", "items_total", "total_value", "amount_total", "total_cost", "invoice_total",
     "cart_total", "basket_total", "net_total", "lines_total", "total_net", "total_gross"}
)  # fmt: skip
LINE_TOTALS = ("line_total", "total_price", "line_amount", "extended_price", "extended_amount",
               "extended_cost", "ext_price", "subtotal", "sub_total", "total", "amount",
               "line_price", "line_cost", "net_amount", "line_net_amount", "total_amount",
               "total_cost", "amount_total")  # fmt: skip
BARE = frozenset({"total", "amount", "total_amount", "total_cost", "amount_total"})
QTY = ("quantity", "qty", "units", "count", "amount_ordered", "quantity_ordered", "qty_ordered",
       "ordered_quantity", "hours", "num_units", "litres", "liters", "kg", "kilograms", "tonnes",
       "kwh", "gallons", "volume_litres", "weight_kg", "quantity_kg")  # fmt: skip
UNIT_PRICES = ("unit_price", "price", "item_price", "list_price", "sale_price", "unit_cost",
               "price_each", "each_price", "unit_amount", "unit_rate", "rate", "price_per_unit",
               "cost_per_unit", "unit_value", "hourly_rate", "unit_price_amount",
               "unit_cost_amount", "unit_net_price", "net_unit_price")  # fmt: skip
