"""A label that decides how long a row's period lasts: a choice column whose VALUES (enum
labels, a CHECK's IN list, sandbox.toml's values) are cadence words (vocab/cadences.py:
monthly, quarterly, annual, weekly, `month`/`year`), on the row itself or on a parent it
reaches through NOT NULL keys (one or two hops). A subscription billed on its plan's
interval, an invoice on its contract's billing frequency, a rent charge on its lease's
schedule, a service visit on its maintenance plan's: each row's period is the one its label
names. Found from the values, never from the column's name.

Periods of calendar months are counted inclusively: one that ends on the 30th of April and
lasts a month started on the 31st of March (30 days, both ends counted), a quarter spans 89
to 92 days."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.kinds.defaults import constant_default
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.rules.base import labels_of
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab.cadences import Cadence, cadence_of, cadences
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Column

LABELLED = ("text", "enum")  # the kinds of column a label is stored in
# a period no label decides: a month mostly, else a quarter (no cadence the schema lacks)
DEFAULT = ((Cadence(months=1), 0.85), (Cadence(months=3), 0.15))


@dataclass(frozen=True)
class Source:
    """Where a row reads its cadence: its own column (path None) or a parent's, and each
    label's period."""

    column: str
    periods: dict[str, Cadence]
    path: Path | None = None
    fixed: Cadence | None = None  # one period for every row, no label read (rules/dues.py)

    def describe(self) -> str:
        if self.fixed is not None:
            unit = "months" if self.fixed.months else "days"
            return f"{self.fixed.months or self.fixed.days} {unit}"
        where = self.column if self.path is None else f"{self.path.table}.{self.column}"
        return f"{where} ({', '.join(sorted(self.periods))})"


def _declared(column: Column | None) -> dict[str, Cadence] | None:
    """A label column's constant DEFAULT that is a cadence word (`DEFAULT 'monthly'` on a
    text column no CHECK lists): the rows that hold it (most: kinds/defaults.py) follow it."""
    value = constant_default(column) if column is not None else None
    found = cadence_of(value) if isinstance(value, str) else None
    return {value: found} if found is not None and isinstance(value, str) else None


def cadence_columns(view: TableView) -> dict[str, dict[str, Cadence]]:
    """The table's choice columns whose values read as cadences (else whose DEFAULT is one),
    each label's period."""
    out = {}
    for name, spec in view.specs.items():
        if name in view.fk_cols or spec.info.kind not in LABELLED:
            continue
        found = cadences(labels_of(spec)) or _declared(view.table.column(name))
        if found:
            out[name] = found
    return out


def keep_columns(view: TableView) -> set[str]:
    """What a parent keeps for its children's periods: its cadence columns."""
    return set(cadence_columns(view))


def _parent_cadences(view: TableView, table_name: str) -> dict[str, dict[str, Cadence]]:
    table = view.schema.tables.get(table_name)
    if table is None:
        return {}
    out = {}
    keys = {c for fk in table.foreign_keys for c in fk.columns}
    for column in table.columns:
        if column.name in keys or resolve_type(view.schema, column.type).kind not in LABELLED:
            continue
        decision = decide_column(view.schema, table, column, view.config)
        values = decision.params.get("values") or [] if decision.generator == "choice" else []
        found = cadences([str(v) for v in values]) or _declared(column)
        if found:
            out[column.name] = found
    return out


def source_of(view: TableView) -> Source | None:
    """The row's own cadence column, else the nearest parent's through NOT NULL keys."""
    own = cadence_columns(view)
    if own:
        name = next(iter(own))
        return Source(name, own[name])
    required = {",".join(u.fk.columns) for u in view.units if not u.nullable and u.mode != "self"}
    paths = [p for p in paths_of(view) if p.fk in required]
    for path in sorted(paths, key=lambda p: p.via is not None):
        if path.via is not None:
            parent = view.schema.tables.get(path.parent)
            via = parent.column(path.via) if parent is not None else None
            if via is None or via.nullable:
                continue
        found = _parent_cadences(view, path.table)
        if found:
            name = next(iter(found))
            return Source(name, found[name], path)
    return None


def row_cadences(
    view: TableView, source: Source | None, batch: Batch, n: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """(months, days) of each of the batch's `n` rows' period: its label's, else drawn from
    DEFAULT."""
    pick = rng.choice(len(DEFAULT), n, p=[w for _, w in DEFAULT])
    months = np.asarray([c.months for c, _ in DEFAULT])[pick]
    days = np.asarray([c.days for c, _ in DEFAULT])[pick]
    if source is not None and source.fixed is not None:
        return np.full(n, source.fixed.months, np.int64), np.full(n, source.fixed.days, np.int64)
    if source is None:
        return months, days
    if source.path is None:
        col = batch.get(source.column)
        if col is None:
            return months, days
        values, missing = np.asarray(col.values), col.nulls
    else:
        got = source_values(view, source.path, source.column, batch)
        if got is None:
            return months, days
        values, missing = np.asarray(got[0]), got[1]
    uniq, pos = factorize(values)
    per = [source.periods.get(str(label)) for label in uniq]
    have = np.array([c is not None for c in per], bool)[pos] & ~missing
    m = np.array([c.months if c else 0 for c in per], np.int64)[pos]
    d = np.array([c.days if c else 0 for c in per], np.int64)[pos]
    return np.where(have, m, months), np.where(have, d, days)


def period_starts(end: np.ndarray, months: np.ndarray, days: np.ndarray) -> np.ndarray:
    """The first day of each period that ends on `end` (days) and lasts `months` calendar
    months (the day after its end, that many months back, the day clipped to the month's
    length) or else `days` days, both ends counted."""
    end = end.astype("datetime64[D]")
    after = end + 1
    month = after.astype("datetime64[M]")
    into = (after - month.astype("datetime64[D]")).astype(np.int64)
    back = month - months.astype("timedelta64[M]")
    length = ((back + 1).astype("datetime64[D]") - back.astype("datetime64[D]")).astype(np.int64)
    by_month = back.astype("datetime64[D]") + np.minimum(into, length - 1)
    by_day = end - (np.maximum(days, 1) - 1).astype("timedelta64[D]")
    out: np.ndarray = np.where(months > 0, by_month, by_day)
    return out


def typical_days(months: np.ndarray, days: np.ndarray) -> np.ndarray:
    """About how many days each period lasts (a month 30.4)."""
    out: np.ndarray = np.where(months > 0, months * 30.44, np.maximum(days, 1)).astype(float)
    return out
