"""A tax rate a row reaches: the VAT of an invoice is charged at the rate of the country where
the sale took place, which the invoice does not carry but reaches through its keys (invoice →
rental → pickup branch → country.vat_rate). Found by the names and the foreign keys only: a
rate column of kinds/arithmetic.RATES (`vat_rate`, `tax_rate`, `sales_tax_percent`), or one
qualified as the usual rate (a country's `standard_vat_rate`, not its reduced one), on a table
the row reaches through required keys, within MAX_HOPS. A path through a site the business
runs (a branch, a store: kinds/meets.business_site) wins, since that is where the tax is due
(not the country that issued the customer's licence); then the shortest; then the keys in the
order the schema declares them. The totals post-pass (load/totals_load.py) computes the tax
from it once the row's subtotal is final."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.arithmetic import RATES, read_as_percent
from workbench.generate.kinds.meets import business_site
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

MAX_HOPS = 3


@dataclass(frozen=True)
class Hop:
    columns: tuple[str, ...]  # the columns of the row (or the previous hop's table) …
    table: str  # … referencing this table
    ref: tuple[str, ...]  # … by these columns


@dataclass(frozen=True)
class ReachedRate:
    hops: tuple[Hop, ...]
    column: str  # the rate column of the last hop's table
    percent: bool  # 19.00 means 19 % (else 0.19)

    @property
    def shown(self) -> str:
        steps = [f"{','.join(h.columns)} → {h.table.rsplit('.', 1)[-1]}" for h in self.hops]
        return " → ".join(steps) + f".{self.column}"


# Words that name a table's usual rate among others it may keep (a country's standard VAT
# rate beside its reduced one): `standard_vat_rate` is the rate a sale is charged at.
_USUAL = frozenset({"standard", "default", "base", "general", "normal", "regular"})


def _rate_name(name: str) -> int | None:
    """How a column names a tax rate: 0 a rate of RATES itself, 1 one qualified as the usual
    one (`standard_vat_rate`, `default_tax_rate`), None no rate (`reduced_vat_rate`)."""
    norm = normalise(name)
    if norm in RATES:
        return 0
    first, _, rest = norm.partition("_")
    return 1 if first in _USUAL and rest in RATES else None


def _rate_column(schema: Schema, table: Table) -> tuple[str, bool] | None:
    found = []
    for column in table.columns:
        rank = _rate_name(column.name)
        if rank is None:
            continue
        info = resolve_type(schema, column.type)
        if info.kind not in ("int", "decimal", "float"):
            continue
        found.append((rank, column.name, read_as_percent(schema, column) is not False))
    if not found:
        return None
    _, name, percent = min(found, key=lambda f: f[0])
    return name, percent


def usual_rate(schema: Schema, table: Table) -> tuple[str, bool] | None:
    """The table's own tax rate column (the usual one of several: a country's standard VAT
    rate, not its reduced one) and whether it holds percents; None without one."""
    return _rate_column(schema, table)


def _required(table: Table, names: tuple[str, ...] | list[str]) -> bool:
    columns = [table.column(c) for c in names]
    return all(c is not None and not c.nullable for c in columns)


@memo.by_identity
def reached_rate(schema: Schema, table: Table) -> ReachedRate | None:
    """The tax rate `table`'s rows reach through their required keys (see the module)."""
    found: list[tuple[bool, int, int, ReachedRate]] = []
    todo: list[tuple[Table, tuple[Hop, ...], bool]] = [(table, (), False)]
    while todo:
        current, hops, sited = todo.pop(0)
        if len(hops) >= MAX_HOPS:
            continue
        seen = {table.qualified, *(h.table for h in hops)}
        required = [fk for fk in current.foreign_keys if _required(current, fk.columns)]
        targets = [partition_root(schema, fk.ref_qualified) for fk in required]
        for fk, parent_name in zip(required, targets, strict=True):
            parent = schema.tables.get(parent_name)
            if parent is None or parent_name in seen or targets.count(parent_name) > 1:
                continue  # a loop, or two required keys to one table (from and to: which?)
            step = (*hops, Hop(tuple(fk.columns), parent_name, tuple(fk.ref_columns)))
            through = sited or business_site(schema, parent_name)
            rate = _rate_column(schema, parent)
            if rate is not None:
                found.append((not through, len(step), len(found), ReachedRate(step, *rate)))
            else:
                todo.append((parent, step, through))
    return min(found, key=lambda f: f[:3])[3] if found else None
