"""A part of a document's total that its lines charge per unit (kinds/totals.py), whatever the
tables are called: an order's `fees_total` over its lines' quantity × `fee_per_ticket`, a
shipment's `shipping_fee` over its items' quantity × `shipping_each` or `unit_shipping`.

Where the line holds no per-unit amount of that part, the row the line sells holds it: a
line references one row among its parents (a price tier, a product, a rate card) with one
amount named for the part (`booking_fee`, `handling_fee`, `fee_per_unit`), and a line of n
units charges n of it (`sum(quantity × k.booking_fee)`, the row joined by the SQL post-pass).
Exactly one such amount among the line's parents, else none: which one counts is not clear.
A rate or percentage of the part (`fee_rate`, `fee_pct`) is no amount per unit."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.amount_names import quantity_named, stem_forms, stem_names
from workbench.generate.kinds.rollup import Rollup
from workbench.schema.model import sql_name
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, Schema, Table

# `<what>_per_ticket`, `<what>_each`, `unit_<what>`, `per_unit_<what>`: an amount per unit
_PER_UNIT = re.compile(r"^(?:(?:unit|per_unit)_(?P<a>\w+)|(?P<b>\w+?)_(?:each|per_[a-z]+))$")
# the money tails a part's column may end in (`shipping_amount` charges shipping)
_TAILS = ("_amount", "_amt", "_total", "_value", "_sum", "_cost", "_charge", "_fee", "_fees")
_RATE = frozenset({"rate", "rates", "pct", "percent", "percentage", "ratio", "share"})
_NUMERIC = ("int", "decimal", "float")


def part_forms(column: str, stem: str) -> set[str]:
    """What a part of a total charges, as its lines may write it: the stem its name sums
    (`fees_total` → fee, fees), else its name without a money tail (`shipping_amount` →
    shipping; `service_charge` as it is)."""
    if stem:
        return stem_forms(stem)
    norm = normalise(column)
    bare = next((norm[: -len(t)] for t in _TAILS if norm.endswith(t)), "")
    return stem_forms(norm) | (stem_forms(bare) if bare else set())


def per_unit(norm: str, forms: set[str]) -> bool:
    """Whether a normalised column name says an amount of one of `forms` per unit."""
    match = _PER_UNIT.match(norm)
    what = (match.group("a") or match.group("b")) if match else ""
    return bool(what) and (what in forms or any(what.endswith("_" + f) for f in forms))


def _kind(schema: Schema, column: Column) -> str:
    return resolve_type(schema, column.type).kind


def _fits(schema: Schema, column: Column, kind: str) -> bool:
    own = _kind(schema, column)
    if own == "int" or kind == "int":
        return own == kind
    return own in _NUMERIC and kind in _NUMERIC


def _charged(norm: str, forms: set[str]) -> bool:
    """Whether a column of a row sold names an amount of the part (`booking_fee`)."""
    if set(norm.split("_")) & _RATE:
        return False
    named = set().union(*(stem_names(f, ("amount", "value", "charge", "fee")) for f in forms))
    return per_unit(norm, forms) or norm in named or any(norm.endswith("_" + f) for f in forms)


def rollup(
    schema: Schema, table: Table, column: Column, child: Table, stem: str, known: tuple[str, ...]
) -> Rollup | None:
    """`column` as the sum over the child's lines (referencing `table` by one key) of their
    quantity (`known` names first) × the part's amount per unit, held by the line or by the
    one row it sells (see the module's doc); None when neither says it."""
    fks = [
        f for f in child.foreign_keys if partition_root(schema, f.ref_qualified) == table.qualified
    ]
    counts = {normalise(c.name): c.name for c in child.columns if _kind(schema, c) in _NUMERIC}
    quantity = quantity_named(counts, known)
    if quantity is None or len(fks) != 1:
        return None
    fk = fks[0]
    kind = _kind(schema, column)
    forms = part_forms(column.name, stem)
    keys = (tuple(fk.columns), tuple(fk.ref_columns))
    base = (table.qualified, column.name, "sum", child.qualified, *keys)
    own = [
        c.name
        for c in child.columns
        if c.name != quantity and per_unit(normalise(c.name), forms) and _fits(schema, c, kind)
    ]
    qty = sql_name(quantity)
    if len(own) == 1:
        expr = f"{qty} * {sql_name(own[0])}"
        return Rollup(*base, f"c.{qty} * c.{sql_name(own[0])}", f"{quantity} × {own[0]}",
                      row_expr=expr)  # fmt: skip
    if own:
        return None
    found = []
    for ref in child.foreign_keys:
        parent = schema.tables.get(partition_root(schema, ref.ref_qualified))
        if parent is None or parent.qualified in (table.qualified, child.qualified):
            continue
        if len(ref.columns) != 1 or ref is fk:
            continue
        for c in parent.columns:
            if _charged(normalise(c.name), forms) and _fits(schema, c, kind):
                found.append((parent, ref, c.name))
    if len(found) != 1:
        return None
    parent, ref, name = found[0]
    return Rollup(*base, f"c.{qty} * k.{sql_name(name)}", f"{quantity} × {parent.name}.{name}",
                  joined=(parent.qualified, ref.columns[0], ref.ref_columns[0]))  # fmt: skip
