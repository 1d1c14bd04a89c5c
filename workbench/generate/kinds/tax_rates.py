"""A tax rate a row reaches: the VAT of an invoice is charged at the rate of the country where
the sale took place, which the invoice does not carry but reaches through its keys (invoice →
rental → pickup branch → country.vat_rate). Found by the names and the foreign keys only: a
rate column of kinds/arithmetic.RATES (`vat_rate`, `tax_rate`, `sales_tax_percent`), or one
qualified as the usual rate (a country's `standard_vat_rate`, not its reduced one), on a table
the row reaches through required keys, within MAX_HOPS. A path through a site the business
runs (a branch, a store: kinds/meets.business_site) wins, since that is where the tax is due
(not the country that issued the customer's licence); then the shortest; then the keys in the
order the schema declares them. The totals post-pass (load/totals_load.py) computes the tax
from it once the row's subtotal is final.

A rate may also live in a schedule of its own: a table named for a tax (`tax_rates`,
`vat_schedule`) whose rows carry a rate (`rate_percent`, `rate`) and a window of validity
(`valid_from`/`valid_to`), keyed by one required key to a parent the row reaches (a country):
the rate is then the one of the row's parent in force at the row's time (its anchor: an
invoice's issue), the latest one where the row has no time yet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root, referencing
from workbench.generate.kinds.arithmetic import RATE_WORDS, RATES, TAX_WORDS, read_as_percent
from workbench.generate.kinds.meets import business_site
from workbench.generate.kinds.windows import TIME_KINDS, used_at, window_of
from workbench.generate.vocab import lexicon
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.schema.model import Schema, Table

MAX_HOPS = 3


@dataclass(frozen=True)
class Hop:
    columns: tuple[str, ...]  # the columns of the row (or the previous hop's table) …
    table: str  # … referencing this table
    ref: tuple[str, ...]  # … by these columns


@dataclass(frozen=True)
class Schedule:
    """A table of rates in force over windows, per row of a parent (a country's VAT rates)."""

    table: str
    parent: str
    key: tuple[str, ...]  # its columns referencing the parent …
    ref: tuple[str, ...]  # … by these columns
    start: str  # its window of validity
    end: str
    dated: bool  # its window in dates (its end the window's last day)


@dataclass(frozen=True)
class ReachedRate:
    hops: tuple[Hop, ...]
    column: str  # the rate column of the last hop's table (of the schedule's, with one)
    percent: bool  # 19.00 means 19 % (else 0.19)
    schedule: Schedule | None = None  # the rates of the last hop's row over time
    when: str = ""  # the row's time the schedule's rate is in force at

    @property
    def shown(self) -> str:
        steps = [f"{','.join(h.columns)} → {h.table.rsplit('.', 1)[-1]}" for h in self.hops]
        if self.schedule is not None:
            name = self.schedule.table.rsplit(".", 1)[-1]
            at = self.when or "now"
            return " → ".join(steps) + f" ← {name}.{self.column} in force at {at}"
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


def schedule_rate(schema: Schema, table: Table) -> tuple[str, bool] | None:
    """The rate column of a table named for a tax (`tax_rates.rate_percent`, `vat_bands.rate`,
    `gst_schedule.vat_rate`): one whose words say a rate and nothing but the tax, and whether
    it holds percents; None for a table of anything else."""
    if not set(normalise(table.name).split("_")) & TAX_WORDS:
        return None
    found = _rate_column(schema, table)
    if found is not None:
        return found
    for column in table.columns:
        words = set(normalise(column.name).split("_"))
        if not words & RATE_WORDS or words - RATE_WORDS - TAX_WORDS - _USUAL:
            continue
        if resolve_type(schema, column.type).kind in ("int", "decimal", "float"):
            return column.name, read_as_percent(schema, column) is not False
    return None


@memo.by_identity
def schedule_of(schema: Schema, table: Table, config: Config) -> Schedule | None:
    """The table as a schedule of tax rates (see the module): a rate column, a window of
    validity and one required key, to the parent whose rates they are."""
    window = window_of(schema, table, config)
    if window is None or not window.validity or schedule_rate(schema, table) is None:
        return None
    required = [fk for fk in table.foreign_keys if _required(table, fk.columns)]
    if len(required) != 1:
        return None
    fk = required[0]
    parent = partition_root(schema, fk.ref_qualified)
    start = table.column(window.start)
    dated = start is not None and resolve_type(schema, start.type).kind == "date"
    keys = (tuple(fk.columns), tuple(fk.ref_columns))
    return Schedule(table.qualified, parent, *keys, window.start, window.end, dated)


def _taxed_at(schema: Schema, table: Table, config: Config) -> str:
    """The time a row is taxed at: the time it uses what it reaches (windows.used_at), else
    its first time named as what happened (an invoice's `issued_at`, NULL while a draft);
    '' for none."""
    found = used_at(schema, table, config)
    if found is not None:
        return found
    for column in table.columns:
        if column.generated is not None:
            continue
        if resolve_type(schema, column.type).kind not in TIME_KINDS:
            continue
        name = column.name
        if lexicon.happened(name) and not lexicon.planned(name) and not lexicon.record_time(name):
            return name
    return ""


def _schedules(schema: Schema, parent: str, config: Config) -> list[tuple[Table, Schedule]]:
    """The schedules of tax rates keyed by `parent`."""
    out = []
    for child in referencing(schema, parent):
        found = schedule_of(schema, child, config)
        if found is not None and found.parent == parent:
            out.append((child, found))
    return out


def _required(table: Table, names: tuple[str, ...] | list[str]) -> bool:
    columns = [table.column(c) for c in names]
    return all(c is not None and not c.nullable for c in columns)


@memo.by_identity
def reached_rate(schema: Schema, table: Table, config: Config) -> ReachedRate | None:
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
                continue
            dated = _schedules(schema, parent_name, config)
            if len(dated) == 1:  # one schedule of the parent's rates: the one in force
                child, schedule = dated[0]
                column, percent = schedule_rate(schema, child) or ("", True)
                when = _taxed_at(schema, table, config)
                reached = ReachedRate(step, column, percent, schedule, when)
                found.append((not through, len(step), len(found), reached))
                continue
            todo.append((parent, step, through))
    return min(found, key=lambda f: f[:3])[3] if found else None
