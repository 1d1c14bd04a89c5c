"""What the names of amounts say about how they add up, whatever the tables are called.

- A line's own pre-tax amount by its words (`line_net`, `item_net_amount`, `ext_value`,
  `net_line_amount`): a word of a line and only words of a net amount, so quantity × unit
  price (rules/lineage.py) and what its document's net sums (kinds/totals.py). Not a gross or
  tax amount (`line_gross` holds the tax too, `line_vat` only the tax).
- The amounts a line holds of what a parent's `<what>_total` sums: `<what>_amount`
  (`hammer_amt`: hammer_amount), `<what>_value`, `<what>_sum`, `<what>_total`, … of the
  singular or plural (`parts_total` over `part_amount`).
- The parts a document's total adds (kinds/arithmetic.py): its `<what>_total` columns whose
  lines hold an amount of `<what>` (an auction invoice's hammer_total and premium_total over
  its lines' hammer_amt and premium_amt; a repair's parts_total and labour_total), so
  `total_due = hammer_total + premium_total + vat_total`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root
from workbench.generate.vocab.unit_prices import MONEY_WORDS, PRICE_WORDS
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

# the words of a line's own amount (`line_net`, `item_amount`, `extended_value`) …
LINE_OWN_WORDS = frozenset({"line", "item", "ext", "extended", "position", "row"})
# … and of an amount before tax (never gross, tax or vat: those are not quantity × price)
NET_WORDS = frozenset({"net", "amount", "total", "sum", "value", "subtotal"})
# the tails of an amount of something (`hammer_amount`, `labour_value`, `fare_price`)
AMOUNT_TAILS = ("amount", "value", "sum", "total", "price", "cost", "charge", "fee", "rate")
# tails that name money and nothing else: a part of a total is held under one of them
_MONEY_TAILS = frozenset({"amount", "value", "sum", "total", "price", "cost", "charge", "fee"})
_NUMERIC = ("int", "decimal", "float")
# what is paid against a total, or left of it, is no part of it (`paid_total` over payments'
# `paid_amount`, `refunds_total`, `balance_total`)
_SETTLING = frozenset({"paid", "payment", "payments", "refund", "refunds", "refunded", "credit",
                       "credits", "deposit", "deposits", "received", "receipt", "receipts",
                       "balance", "outstanding", "settled", "collected", "due", "owed",
                       "allocated", "applied", "writeoff", "written", "remittance",
                       "remittances", "remitted"})  # fmt: skip


def worded_line_total(norm: str) -> bool:
    """Whether a normalised column name says a line's own pre-tax amount by its words."""
    words = norm.split("_")
    if len(words) < 2 or len(set(words)) != len(words):
        return False
    own = set(words)
    if not own <= LINE_OWN_WORDS | NET_WORDS:
        return False
    return bool(own & LINE_OWN_WORDS) and bool(own & NET_WORDS)


def stem_forms(stem: str) -> set[str]:
    """`<what>` as a line may write it: as is, singular (`parts` → part)."""
    head, _, last = stem.rpartition("_")
    return {f"{head}_{s}" if head else s for s in singular_forms(last)} | {stem}


def stem_names(stem: str, tails: tuple[str, ...] = AMOUNT_TAILS) -> set[str]:
    """The normalised names a line holds its amount of `<stem>` under (with the bare stem)."""
    names: set[str] = set()
    for form in stem_forms(stem):
        names |= {form, f"line_{form}", *(f"{form}_{t}" for t in tails)}
    return names


def _money_names(stem: str) -> set[str]:
    return {f"{form}_{tail}" for form in stem_forms(stem) for tail in _MONEY_TAILS}


def _children(schema: Schema, table: Table) -> list[Table]:
    """Tables referencing `table` through exactly one foreign key (not itself)."""
    out = []
    for child in schema.tables.values():
        if child is table or child.partition_of:
            continue
        fks = [
            fk
            for fk in child.foreign_keys
            if partition_root(schema, fk.ref_qualified) == table.qualified
        ]
        if len(fks) == 1:
            out.append(child)
    return out


def held_parts(schema: Schema, table: Table, stems: dict[str, str]) -> list[str]:
    """Of the row's `<what>_total` columns (column -> what it sums), those whose lines hold a
    money amount of `<what>` (`<what>_amount`, `<what>_value`…, numeric), in the row's order:
    the parts its total adds. One table of lines must hold them all."""
    found: dict[str, list[str]] = {}
    for child in _children(schema, table):
        held = {
            normalise(c.name)
            for c in child.columns
            if resolve_type(schema, c.type).kind in _NUMERIC
        }
        names = [
            column
            for column, stem in stems.items()
            if _money_names(stem) & held and not set(stem.split("_")) & _SETTLING
        ]
        if names:
            found[child.qualified] = names
    best = sorted(found.values(), key=len, reverse=True)
    if not best or (len(best) > 1 and len(best[0]) == len(best[1])):
        return []
    return best[0]


def money_column(schema: Schema, child: Table) -> str | None:
    """The child's one amount of money by its bare name (`amount`, `total`, `value`…, or
    `line_<what>`), when it has exactly one."""
    held = [
        c.name
        for c in child.columns
        if resolve_type(schema, c.type).kind in _NUMERIC
        and (normalise(c.name) in _MONEY_TAILS or normalise(c.name) in _MONEY_LINE)
    ]
    return held[0] if len(held) == 1 else None


_MONEY_LINE = frozenset({"line_total", "line_amount", "total_amount", "amount_total"})


def table_parts(schema: Schema, table: Table, stems: dict[str, str]) -> dict[str, str]:
    """Of the row's `<what>_total` columns (column -> what it sums), those that sum a table of
    their own (column -> the table): the table named `<what>` referencing the row and holding
    one amount of money (an invoice's disbursements_total over its `disbursements` rows'
    amount); then, when exactly one such column is left and exactly one table holding an
    amount references the row unclaimed (not payments, refunds or credits), that one (its
    fees_total over its time entries). At least one table must be named for what it sums."""
    tables: dict[str, str] = {}
    free: list[Table] = []
    for child in _children(schema, table):
        words = set(normalise(child.name).split("_"))
        if words & _SETTLING or money_column(schema, child) is None:
            continue
        named = [c for c, stem in stems.items() if normalise(child.name) in stem_forms(stem)]
        for column in named[:1]:
            tables.setdefault(column, child.qualified)
        if not named:
            free.append(child)
    if not tables:
        return {}
    left = [c for c, s in stems.items() if c not in tables and not set(s.split("_")) & _SETTLING]
    if len(left) == 1 and len(free) == 1:
        tables[left[0]] = free[0].qualified
    return tables


# a quantity by its words (`quantity_bottles`, `qty_cases`, `bottle_qty`), when no name of a
# known list says it; not a bound or a threshold of one (`min_qty`, `reorder_quantity`)
_QTY_WORDS = frozenset({"quantity", "qty"})
_NOT_QTY = frozenset({"min", "max", "minimum", "maximum", "reorder", "threshold", "per", "limit",
                      "unit", "units", "available", "stock", "free", "default"})  # fmt: skip


def quantity_named(
    norms: dict[str, str], known: tuple[str, ...], beside: tuple[Schema, Table, str] | None = None
) -> str | None:
    """The row's quantity among its numeric columns (normalised name -> name): the first of
    `known` it has, else the first whose first or last word is a quantity word, else, beside
    a unit price (`beside`: the schema, the row's table and its price column), its one count
    (line_count)."""
    found = next((norms[n] for n in known if n in norms), None)
    if found is not None:
        return found
    for norm, name in norms.items():
        words = norm.split("_")
        if len(words) > 1 and {words[0], words[-1]} & _QTY_WORDS and not set(words) & _NOT_QTY:
            return name
    return line_count(*beside) if beside is not None else None


# words of a number that is no count of what a line sells: money, a share or a rate, a place
# in a sequence (`line_no`, `slot`, `position`), a bound (`min_qty`)
_NOT_COUNT = frozenset({*MONEY_WORDS, *PRICE_WORDS, *_NOT_QTY, "tax", "vat", "percent", "pct",
                        "share", "ratio", "margin", "markup", "no", "nr", "line", "seq", "sort",
                        "sequence", "position", "pos", "rank", "index", "idx", "slot", "ordinal",
                        "version", "rating", "score", "stars", "year", "age"})  # fmt: skip


_PLACE_TAILS = frozenset({"number", "num", "no", "nr", "id", "code"})


def line_count(schema: Schema, table: Table, price: str) -> str | None:
    """The count a line's amount is a product of when no name says it a quantity: beside a
    unit price, the one plain number of the row that is no key, no money and no place in a
    sequence (`servings`, `nights`, `seats`, `portions`, `boxes`, `weight_kg`); of several, the
    one integer among them (a line total is money: never the count). None when none is."""
    keyed = set(table.primary_key.columns) if table.primary_key else set()
    for fk in table.foreign_keys:
        keyed |= set(fk.columns)
    found: list[tuple[str, str]] = []
    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        if column.name in keyed or column.name == price or kind not in _NUMERIC:
            continue
        if column.identity or column.generated is not None:
            continue
        words = normalise(column.name).split("_")
        if set(words) & _NOT_COUNT or words[-1] in _PLACE_TAILS:  # seat_no: seat_number
            continue
        found.append((column.name, kind))
    whole = [name for name, kind in found if kind == "int"]
    if len(whole) == 1:
        return whole[0]
    return found[0][0] if len(found) == 1 else None
