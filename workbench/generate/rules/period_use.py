"""What a row measures over its period grows with the period: a bill's consumption over
`period_start`..`period_end` is a day's use times the period's days, a 90-day quarter three
times a 30-day month. A day's use is a household's (vocab/daily_use.py: by the unit the
quantity is counted in, `consumption_m3`, `usage_kwh`, `billed_litres`) times what the
consumer's class draws (a shop several times a home, a factory tens of times:
data/consumer_classes.tsv), the class a label of the row's own or of an ancestor's a key or two
away (a bill's connection's customer's `customer_class`); none found, a household's.

The period is the row's (kinds/windows.period_of: a start and an end whose names say a period);
the quantity a free numeric column named as used (`consumption`, `usage`, `used`, `consumed`,
`billed`) with a unit word the file knows. Applied last, on the period the date rules settled;
a row with no period keeps its drawn value. Nothing here names a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.meets import personal
from workbench.generate.kinds.windows import period_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.label_bands import label_column, labelled, row_labels
from workbench.generate.rules.shape import store_measure
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.vocab.daily_use import class_times, daily_use

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

USED = frozenset({"consumption", "consumed", "usage", "used", "use", "billed", "metered"})
_SIGMA = 6.0  # a band's width (lowest to highest, in logs) over the values' spread


def _unit(norm: str) -> str | None:
    """The unit a quantity named as used is counted in (`consumption_m3`: m3), else None."""
    words = norm.split("_")
    if not set(words) & USED:
        return None
    return next((w for w in words if daily_use(w) is not None), None)


def _classes(schema: Schema, table: Table) -> tuple[str, dict[str, float]] | None:
    return label_column(schema, table, class_times)


def _consumer_class(view: TableView) -> tuple[dict[str, Any], str] | None:
    """Where the consumer's class is: the row's own label, else the nearest party's a key or
    two away (a connection's customer; not a tariff's class, a price list's), else the
    nearest ancestor's."""
    return labelled(view, _classes, prefer=personal)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    period = period_of(view.schema, view.table, view.config)
    if period is None or not all(p in view.specs for p in period):
        return []
    out = []
    for name, spec in view.specs.items():
        unit = _unit(normalise(name))
        if (
            unit is None
            or spec.info.kind not in ("int", "decimal", "float")
            or not free(view, name)
        ):
            continue
        found = _consumer_class(view)
        data: dict[str, object] = {"unit": unit, "period": list(period)}
        by = "a household's"
        if found is not None:
            data["classes"], where = found
            by = f"by {where} {found[0]['source']}"
        detail = f"{name} = a day's use in {unit} ({by}) × the days of {period[0]}..{period[1]}"
        out.append(Rule("period_use", [name, *period], detail, data))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    start, end = (batch.get(c) for c in rule.data["period"])
    band = daily_use(str(rule.data["unit"]))
    if col is None or start is None or end is None or band is None or not idx.size:
        return
    days = (as_us(end) - as_us(start)).astype(np.int64) / DAY_US
    if end.kind == "date":
        days = days + 1.0  # a period of dates counts both its first and its last day
    rows = ~(col.nulls | start.nulls | end.nulls) & (days > 0)
    times = np.ones(len(col.values))
    classes = rule.data.get("classes")
    if isinstance(classes, dict):
        got = row_labels(view, classes, batch)
        if got is not None:
            labels, missing = got
            for label, factor in classes["bands"].items():
                times[(labels == label) & ~missing] = factor
    lo, typical, hi = band
    rng = row_rng(view, rule, idx)
    daily = np.clip(typical * np.exp(rng.normal(0.0, np.log(hi / lo) / _SIGMA, len(times))), lo, hi)
    store_measure(view, batch, rule.columns[0], daily * times * np.maximum(days, 0.0), rows)


RULE = RowRule(
    "period_use",
    "what a row measures over its period is a day's use (by the consumer's class) × its days",
    _plan,
    _apply,
    phases={"period_use": Phase.FINAL},
    after=("standard_code",),  # last: on the period every date rule settled
    before=("document_number",),
)
