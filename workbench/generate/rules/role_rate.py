"""An hour of a person's work costs what their role's hour costs: a partner's billing rate
several times a trainee's, a head chef's pay above a line cook's and a porter's. The role is
the row's own or an ancestor's (a key or two away: a rate of a timekeeper of a role): a label
column whose labels mostly name roles (an enum's, a CHECK's list: `head_chef`, `sommelier`),
or the name of a table of a trade's roles (kinds/reference_lists.py: its rows the trade's
real roles, most senior first). The hour's money is a rate per hour (kinds/unit_prices.py:
`hourly_rate`, `rate_per_hour`); each is drawn around its role's typical rate, between its
lowest and highest (vocab/data/role_rates.tsv), in US dollars, and the money rule scales it
to the row's currency. A role the file does not know keeps the rate drawn. Nothing here names
a table: the roles are data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.reference_lists import table_reference
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab.role_rates import role_rate
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Column, Schema, Table

_KNOWN = 0.6  # the share of a column's roles the file must know
_SIGMA = 6.0  # a band's width (lowest to highest, in logs) over the rates' spread


def _known(labels: Sequence[str]) -> dict[str, list[float]] | None:
    found = {lb: list(r) for lb in labels if (r := role_rate(lb)) is not None}
    if len(found) < 2 or len(found) < _KNOWN * len(labels):
        return None
    return found


def _labels(schema: Schema, table: Table, column: Column) -> list[str]:
    info = resolve_type(schema, column.type)
    if info.kind == "enum":
        return [str(v) for v in info.labels]
    if info.kind == "text":
        allowed = column_hints(schema, table, column).allowed
        return [str(v) for v in allowed] if allowed else []
    return []


def _role_of(schema: Schema, table: Table) -> tuple[str, dict[str, list[float]]] | None:
    """The table's column naming roles and each role's hourly band."""
    listed = table_reference(schema, table)
    if listed is not None:
        found = _known([name for name, _ in listed.entries])
        if found is not None:
            for column in table.columns:
                norm = normalise(column.name)
                if norm == "name" or norm.endswith("_name"):
                    return column.name, found
    for column in table.columns:
        found = _known(_labels(schema, table, column))
        if found is not None:
            return column.name, found
    return None


def keep_columns(view: TableView) -> set[str]:
    """This table's roles, which the rates of its people's rows read."""
    found = _role_of(view.schema, view.table)
    return {found[0]} if found is not None else set()


def _hourly(view: TableView, name: str) -> bool:
    spec = view.specs[name]
    return spec.generator == "price_per_unit" and spec.params.get("unit") == "hour"


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    rates = [c for c in view.specs if _hourly(view, c) and free(view, c)]
    if not rates:
        return []
    data: dict[str, Any] | None = None
    where = "its"
    own = _role_of(view.schema, view.table)
    if own is not None:
        data = {"source": own[0], "roles": own[1]}
    else:
        for hops in (False, True):
            for path in paths_of(view):
                table = view.schema.tables.get(path.table)
                if data is not None or (path.via is not None) != hops or table is None:
                    continue
                found = _role_of(view.schema, table)
                if found is not None:
                    data = {"source": found[0], "roles": found[1],
                            "path": [path.fk, path.parent, path.via, path.target,
                                     path.target_key]}  # fmt: skip
                    where = f"its {path.table.rsplit('.', 1)[-1]}'s"
    if data is None:
        return []
    detail = f"by {where} {data['source']}: what an hour of that role costs"
    return [Rule("role_rate", [name], f"{name} {detail}", dict(data)) for name in rates]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None or not idx.size:
        return
    if "path" in rule.data:
        got = source_values(view, Path(*rule.data["path"]), rule.data["source"], batch)
        if got is None:
            return
        labels, missing = got
    else:
        own = batch.get(rule.data["source"])
        if own is None:
            return
        labels, missing = own.values, own.nulls
    labels = np.asarray(labels).astype(str)
    missing = np.asarray(missing, dtype=bool)
    rng = row_rng(view, rule, idx)
    spec = view.specs[rule.columns[0]]
    step = spec.step or 0.01
    bounds = spec.info.bounds()
    for label, (lo, typical, hi) in rule.data["roles"].items():
        rows = (labels == label) & ~missing & ~col.nulls
        k = int(rows.sum())
        if not k:
            continue
        sigma = np.log(hi / lo) / _SIGMA
        made = np.clip(typical * np.exp(rng.normal(0.0, sigma, k)), lo, hi)
        if bounds is not None:
            made = np.clip(made, bounds[0], bounds[1])
        made = np.maximum(np.round(made / step) * step, step)
        col.values[rows] = made.astype(col.values.dtype)


RULE = RowRule(
    "role_rate",
    "an hour of a person's work costs what an hour of their role costs (a partner, a porter)",
    _plan,
    _apply,
    phases={"role_rate": Phase.PARENTS},  # before lineage's money scales it to the currency
    after=("item_price",),
    before=("lineage",),
)
