"""Amounts of one row that its names tie together, beyond a total and its subtotal
(kinds/arithmetic.py):

- a total named for its siblings: `total_cost` = `labour_cost` + `parts_cost`, `fees_total` =
  `booking_fee` + `cleaning_fee` (`SiblingTotal`): a sum word and one money word, and two or
  more amounts of the row of that money word qualified by what they are;
- an amount at a rate of its own name: `vat_amount` = `net_amount` × `vat_rate`,
  `retention_amount` = `gross_value_to_date` × the project's `retention_pct` (`Rated`): the
  rate on the row itself or on a row it references through a required key, the base the row's
  net amount for a tax and its gross amount for anything else (a retention, a commission),
  else the row's one other amount (a placement's `fee_amount` at its `fee_percent` of its
  `annual_salary`);
- a net that remains of a gross: `net_due` = `gross_value_to_date` - `retention_amount` -
  `previously_certified` (`NetOfGross`): a net and a gross amount and what the row's names
  say comes off (a retention, a deduction, what was certified or paid before).

Names only, whatever the tables are called; the rules that keep them are rules/sibling_total.py,
rules/rated_amount.py and rules/net_of_gross.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import children_of, partition_root
from workbench.generate.kinds.arithmetic import (
    RATE_WORDS,
    TAX_WORDS,
    formula,
    read_as_percent,
)
from workbench.generate.kinds.totals import line_total
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, Schema, Table

_NUMERIC = ("int", "decimal", "float")
_SUM_WORDS = frozenset({"total", "totals", "sum"})
# the money words a total may be named for (`total_cost` over `labour_cost`, `parts_cost`)
_MONEY = frozenset({"cost", "costs", "amount", "amounts", "fee", "fees", "charge", "charges",
                    "price", "value", "expense", "expenses", "spend"})  # fmt: skip
# words that make a same-named amount no part of the total: an estimate beside the actual, a
# price per unit, a bound
_NOT_PART = frozenset(
    {"estimated", "estimate", "planned", "plan", "budget", "budgeted", "expected", "forecast",
     "original", "revised", "approved", "quoted", "quote", "max", "maximum", "min", "minimum",
     "avg", "average", "unit", "per", "hourly", "daily", "weekly", "monthly", "yearly",
     "annual", "previous", "prior", "last", "target", "limit", "cap", "base", "list", "net",
     "gross", "paid", "due", "outstanding", "balance", "refunded", "reference", "standard"}
)  # fmt: skip
# the tails an amount carries after what it is (`vat_amount`: vat)
_TAILS = frozenset({"amount", "amt", "value", "sum", "total"})
# what a row's names say comes off its gross (a retention, a deduction, what was paid before)
_OFF_WORDS = frozenset(
    {"retention", "retained", "withheld", "withholding", "deduction", "deductions",
     "deducted", "previously", "prior", "already", "discount", "discounts", "rebate",
     "advance", "recovered", "recovery", "contra", "clawback"}
)  # fmt: skip
_NET = "net"
_GROSS = "gross"


def _kind(schema: Schema, column: Column) -> str:
    return resolve_type(schema, column.type).kind


def _same(a: str, b: str) -> bool:
    return (a == "int") == (b == "int")


def _amounts(schema: Schema, table: Table) -> list[tuple[Column, list[str]]]:
    return [(c, normalise(c.name).split("_")) for c in table.columns
            if c.generated is None and _kind(schema, c) in _NUMERIC]  # fmt: skip


# --- a total named for its siblings -----------------------------------------------------------


@dataclass(frozen=True)
class SiblingTotal:
    total: str
    parts: tuple[str, ...]

    @property
    def shown(self) -> str:
        return f"{self.total} = {' + '.join(self.parts)}"


@memo.by_identity
def sibling_totals(schema: Schema, table: Table) -> list[SiblingTotal]:
    """The row's totals of its sibling amounts (see the module): not one the row arithmetic
    already writes (kinds/arithmetic.formula)."""
    row = formula(schema, table)
    taken = set(row.columns) if row is not None else set()
    amounts = _amounts(schema, table)
    out = []
    for column, words in amounts:
        rest = [w for w in words if w not in _SUM_WORDS]
        if column.name in taken or len(rest) != 1 or len(words) != 2 or rest[0] not in _MONEY:
            continue
        money = rest[0].rstrip("s") if rest[0].endswith("s") else rest[0]
        kind = _kind(schema, column)
        parts = tuple(
            other.name
            for other, own in amounts
            if other is not column
            and len(own) >= 2
            and own[-1].rstrip("s") == money
            and not set(own) & (_NOT_PART | _SUM_WORDS | RATE_WORDS)
            and _same(_kind(schema, other), kind)
        )
        if len(parts) >= 2:
            out.append(SiblingTotal(column.name, parts))
    return out


# --- an amount at a rate of its own name ------------------------------------------------------


@dataclass(frozen=True)
class Rated:
    amount: str
    base: str
    rate: str
    fk: tuple[str, ...] = ()  # the row's key to the table holding the rate (none: the row's)
    parent: str = ""
    percent: bool | None = None  # 19 means 19 % (None: each value says)
    optional: bool = False  # the key may be NULL: a row without the rate's row takes nothing
    # the row's own rate copied from the same-named rate of a row it references (a
    # settlement's commission_pct is its contract's): that row's table and the key to it
    source: str = ""
    source_fk: tuple[str, ...] = ()

    @property
    def shown(self) -> str:
        where = f"{self.parent.rsplit('.', 1)[-1]}." if self.parent else ""
        return f"{self.amount} = {self.base} × {where}{self.rate}"


def _stem(words: list[str]) -> str:
    """What an amount is of: `vat_amount`, `retention_value`: vat, retention; a tax named
    with no tail but what holds it (`line_vat`, `item_tax`): the tax."""
    rest = [w for w in words if w not in _TAILS]
    if rest and len(rest) < len(words):
        return "_".join(rest)
    taxes = [w for w in words if w in TAX_WORDS]
    return taxes[0] if len(taxes) == 1 and not set(words) & (RATE_WORDS | _OFF_WORDS) else ""


def _rate_of(schema: Schema, table: Table, stem: str) -> tuple[str, bool | None] | None:
    for column, words in _amounts(schema, table):
        if not set(words) & RATE_WORDS:
            continue
        if "_".join(w for w in words if w not in RATE_WORDS) == stem:
            return column.name, read_as_percent(schema, column)
    return None


def _base(schema: Schema, table: Table, amount: Column, taxed: bool) -> str | None:
    """The row's net amount for a tax, its gross for anything else (the other when it has
    only one), of the amount's kind."""
    kind = _kind(schema, amount)
    found: dict[str, str] = {}
    for column, words in _amounts(schema, table):
        if column is amount or set(words) & RATE_WORDS or not _same(_kind(schema, column), kind):
            continue
        for word in (_NET, _GROSS):
            if word in words and not set(words) & (TAX_WORDS | _OFF_WORDS):
                found.setdefault(word, column.name)
    first, second = (_NET, _GROSS) if taxed else (_GROSS, _NET)
    if found:
        return found.get(first) or found.get(second)
    # else a line's own amount (`line_value`, `extended_price`: kinds/totals.line_total)
    norms = {normalise(c.name): c.name for c, words in _amounts(schema, table)
             if c is not amount and _same(_kind(schema, c), kind)}  # fmt: skip
    found_line = line_total(norms)
    if found_line is not None:
        return found_line
    # else the row's one other amount of its kind, not a rate (a placement's fee at its
    # fee_percent is of its annual_salary, an agent's commission of the sale's price)
    others = [n for n, c in norms.items() if not set(n.split("_")) & RATE_WORDS]
    return norms[others[0]] if len(others) == 1 else None


def _required(table: Table, columns: tuple[str, ...]) -> bool:
    return all((c := table.column(n)) is not None and not c.nullable for n in columns)


def _stated_by(schema: Schema, table: Table, rate: str) -> tuple[str, tuple[str, ...]]:
    """The table (and the row's required key to it) whose row states the row's rate under the
    same name (a settlement's commission_pct, its contract's commission_pct): the terms agreed
    on the row referenced, copied onto each row taken at them; ("", ()) when none does."""
    for fk in table.foreign_keys:
        parent = schema.tables.get(partition_root(schema, fk.ref_qualified))
        if parent is None or parent is table or not _required(table, tuple(fk.columns)):
            continue
        column = parent.column(rate)
        if column is not None and column.generated is None and _kind(schema, column) in _NUMERIC:
            return parent.qualified, tuple(fk.columns)
    return "", ()


@memo.by_identity
def rated_amounts(schema: Schema, table: Table) -> list[Rated]:
    """The row's amounts at a rate of their own name (see the module), the rate on the row or
    on a row it references through one required key; not a tax the row arithmetic already
    takes at its own rate."""
    row = formula(schema, table)
    skip = set(row.taxes) if row is not None and row.rate else set()
    if row is not None:
        skip.add(row.total)
    out = []
    for column, words in _amounts(schema, table):
        stem = _stem(words)
        if not stem or column.name in skip or set(words) & RATE_WORDS:
            continue
        base = _base(schema, table, column, bool(set(stem.split("_")) & TAX_WORDS))
        if base is None:
            continue
        own = _rate_of(schema, table, stem)
        if own is not None:
            source = _stated_by(schema, table, own[0])
            out.append(Rated(column.name, base, own[0], percent=own[1],
                             source=source[0], source_fk=source[1]))  # fmt: skip
            continue
        # through a required key first; a key that may be NULL (a booking's voucher) rates
        # only the rows that have one (the others take nothing)
        fks = sorted(table.foreign_keys, key=lambda f: not _required(table, tuple(f.columns)))
        for fk in fks:
            parent = schema.tables.get(partition_root(schema, fk.ref_qualified))
            if parent is None or parent is table:
                continue
            got = _rate_of(schema, parent, stem)
            if got is not None:
                optional = not _required(table, tuple(fk.columns))
                out.append(Rated(column.name, base, got[0], tuple(fk.columns),
                                 parent.qualified, got[1], optional))  # fmt: skip
                break
    return out


def rates_for_children(schema: Schema, table: Table) -> set[str]:
    """The rate columns of `table` an amount of a row referencing it is taken at (kept with
    the parent's keys for the child's rule)."""
    out: set[str] = set()
    for child in children_of(schema, table.qualified):
        if child is table:
            continue
        out |= {r.rate for r in rated_amounts(schema, child)
                if table.qualified in (r.parent, r.source)}  # fmt: skip
    return out


# --- a net that remains of a gross ------------------------------------------------------------


@dataclass(frozen=True)
class NetOfGross:
    net: str
    gross: str
    takes: tuple[str, ...]

    @property
    def shown(self) -> str:
        return f"{self.net} = {self.gross} - {' - '.join(self.takes)}"


@memo.by_identity
def net_of_gross(schema: Schema, table: Table) -> NetOfGross | None:
    """A net and a gross amount of one kind and what comes off the gross (see the module),
    when the row arithmetic has no formula of its own."""
    if formula(schema, table) is not None:
        return None
    net = gross = None
    takes: list[str] = []
    kinds: dict[str, str] = {}
    for column, words in _amounts(schema, table):
        if set(words) & RATE_WORDS:
            continue
        kinds[column.name] = _kind(schema, column)
        if set(words) & _OFF_WORDS:
            takes.append(column.name)
        elif _NET in words and net is None and not set(words) & TAX_WORDS:
            net = column.name
        elif _GROSS in words and gross is None:
            gross = column.name
    # an amount at a rate of the gross comes off it too (a commission, a fee withheld)
    takes += [r.amount for r in rated_amounts(schema, table)
              if r.base == gross and r.amount not in takes and r.amount != net
              and not set(normalise(r.amount).split("_")) & TAX_WORDS]  # fmt: skip
    if net is None or gross is None or not takes or not _same(kinds[net], kinds[gross]):
        return None
    same = tuple(t for t in takes if _same(kinds[t], kinds[net]))
    return NetOfGross(net, gross, same) if same else None
