"""A parent's sums split by a label on the row its lines reference: a payslip's gross pay is the
sum of its lines whose pay component is an earning, its total deductions the sum of those whose
component is a deduction, its net pay the one less the other; an invoice's total charges and
total discounts sum the lines whose product's kind is a charge or a discount, and its net
amount is their difference.

From the schema alone: the parent P has a child L (lines: one foreign key to P, an amount as
totals.py reads one: the line's total, or quantity × rate) and L has a single-column foreign
key to a table K with a label column (an enum, or text a CHECK's IN list allows) among whose
labels at least one adds to a sum (earning, income, charge, allowance: lexicon.ADDING) and one
takes from it (deduction, discount, withholding, rebate: lexicon.TAKING). A numeric column of
P that is free to set (no key) then reads, word by word:

- a word naming one side's labels (`total_deductions`, `deductions_amount`, `total_charges`,
  `earnings_total`): the sum of the lines with one of those labels;
- `gross`: the sum of the adding lines;
- `net`: the adding lines less the taking ones;

and no other word than ones naming the sum itself (`pay`, `amount`, `total`): a year-to-date
gross (`ytd_gross`) runs through many parents, a gross weight is no money.

Taking lines count by their size, whatever their sign (a deduction stored as −50 or 50).
Lines with a label of neither side (an employer's cost beside earnings and deductions) count
in none. The sums are set by the totals post-pass in SQL, joined to K (totals_load.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from psycopg import sql

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.checks.hints import column_hints
from workbench.generate.vocab import lexicon
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, Schema, Table


# the most a parent's taking lines take of its adding ones (a payslip's deductions of its gross,
# an invoice's discounts of its charges): lines drawn apart are scaled down to it (totals_load)
TAKEN_AT_MOST = 0.45


@dataclass(frozen=True)
class Split:
    """What the lines of a split sum are: the labelled table's label column, its adding and
    taking labels, and the line's stored amount, quantity and unit price columns ("" where it
    has none)."""

    label: str
    adding: tuple[str, ...]
    taking: tuple[str, ...]
    total: str
    qty: str
    price: str


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


def _side(label: str) -> str | None:
    """ "add", "take" or None: what a line with this label does to the parent's sums."""
    words = _words(label)
    if words & lexicon.TAKING:
        return "take"
    if words & lexicon.ADDING:
        return "add"
    return None


Labelled = tuple[str, str, str, str, dict[str, str | None]]


def _own_labelled(found: Labelled | None) -> Labelled | None:
    return None if found is None else (*found[:4], dict(found[4]))


# asked for every child of a parent once per numeric column of the parent (totals._split)
@memo.by_identity_copied(_own_labelled)
def labelled_parent(schema: Schema, child: Table) -> Labelled | None:
    """(the child's key column, K, K's referenced column, K's label column, label -> side)
    for the child's one key to a table whose enum labels split into adding and taking ones."""
    found = []
    for fk in child.foreign_keys:
        if len(fk.columns) != 1 or len(fk.ref_columns) != 1:
            continue
        parent = schema.tables.get(partition_root(schema, fk.ref_qualified))
        if parent is None or parent.qualified == child.qualified:
            continue
        for column in parent.columns:
            labels = _labels(schema, parent, column)
            if not labels:
                continue
            sides = {label: _side(label) for label in labels}
            if "add" in sides.values() and "take" in sides.values():
                found.append((fk.columns[0], parent.qualified, fk.ref_columns[0], column.name,
                              sides))  # fmt: skip
    return found[0] if len(found) == 1 else None


# the words beside a side's that still name the sum itself (`gross_pay`, `total_deductions`,
# `net_amount`), not a running one (`ytd_gross`) nor another sum (`gross_weight`)
_SUM_WORDS = frozenset({"total", "totals", "sum", "amount", "amt", "pay", "value", "salary",
                        "wage", "wages", "income", "due", "price", "cost"})  # fmt: skip


def _labels(schema: Schema, table: Table, column: Column) -> list[str]:
    """A label column's labels: an enum's, or the text a CHECK's IN list allows."""
    info = resolve_type(schema, column.type)
    if info.kind == "enum":
        return list(info.labels)
    if info.kind != "text":
        return []
    allowed = column_hints(schema, table, column).allowed or []
    return [v for v in allowed if isinstance(v, str)]


def column_side(column: Column, sides: dict[str, str | None]) -> str | None:
    """What a parent's column sums: "add", "take", "net", or None (module docstring)."""
    words = _words(column.name)
    named_words = {w for label in sides for w in _words(label)} | lexicon.ADDING | lexicon.TAKING
    rest = words - named_words - {w + "s" for w in named_words}
    if rest - _SUM_WORDS - lexicon.NET_WORDS - lexicon.GROSS_WORDS:
        return None  # another quantity beside the sum (ytd_gross, gross_weight_kg)
    named = {side for label, side in sides.items() if side and _names(words, label)}
    if len(named) == 1:
        return named.pop()
    if named:
        return None
    if words & lexicon.NET_WORDS:
        return "net"
    if words & lexicon.GROSS_WORDS:
        return "add"
    return None


def _names(words: set[str], label: str) -> bool:
    """Whether a column's words name a label (`deductions` a `deduction`, `charges` a
    `charge_line`'s charge): a word of the label, as it is or plural."""
    for word in _words(label):
        if word in lexicon.ADDING | lexicon.TAKING and ({word, word + "s"} & words):
            return True
    return False


def split_expr(
    amount: str, key: str, label: str, sides: dict[str, str | None], side: str
) -> tuple[str, str]:
    """(the SQL summed over the child `c` joined to K as `k`, as shown) for one side."""
    col = sql.Identifier(label).as_string(None)
    adding = [lb for lb, s in sides.items() if s == "add"]
    taking = [lb for lb, s in sides.items() if s == "take"]

    def among(labels: list[str]) -> str:
        quoted = ", ".join(sql.Literal(lb).as_string(None) for lb in labels)
        return f"k.{col}::text IN ({quoted})"

    plus = f"WHEN {among(adding)} THEN {amount}"
    minus = f"WHEN {among(taking)} THEN abs({amount})"
    if side == "add":
        return f"CASE {plus} ELSE 0 END", f"{amount} of the {'/'.join(adding)} lines"
    if side == "take":
        return f"CASE {minus} ELSE 0 END", f"{amount} of the {'/'.join(taking)} lines"
    net = f"CASE {plus} WHEN {among(taking)} THEN -abs({amount}) ELSE 0 END"
    return net, f"{amount} of the {'/'.join(adding)} less the {'/'.join(taking)} lines"
