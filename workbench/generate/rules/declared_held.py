"""Where a declared `derive` or `after` (sandbox.toml) does not hold, the user is told.

A CHECK always wins over a row rule (rows.py gives a row its drawn values back where a rule's
value breaks a CHECK), and a declared range over an `after`. For a declared rule that is no
silent matter: after each batch the rows where the rule does not hold are counted (one
vectorised evaluation of the rule over the finished batch), the CHECKs that reject the
declared value on those rows are named, and the table's warnings say so when it is finished:

    public.subscriptions.yearly: 12 row(s) keep their drawn value instead of
    derive = 'fee * seats * 12': CHECK subscriptions_yearly_check rejects the declared value"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.checks import failing
from workbench.generate.rules.declared import DeriveFailures, derived
from workbench.generate.rules.paths import source_values
from workbench.generate.rules.times import as_us, declared_window

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView


# Where a rule does not hold on the batch's rows, the value it wanted there, and where that
# value does not fit the column's type.
Broken = tuple[np.ndarray, np.ndarray, np.ndarray]


@dataclass
class Held:
    """Per declared target column: rows where its rule did not hold, and what overruled it."""

    kept: dict[str, int] = field(default_factory=dict)
    why: dict[str, set[str]] = field(default_factory=dict)


def count_unheld(view: TableView, batch: Batch) -> None:
    """Count the rows of the finished batch where a declared derive or after does not hold,
    and name what rejects the declared value there."""
    for rule in view.rules:  # as planned for the table (a declared copy has no check here)
        broken_rows = _BROKEN.get(rule.kind)
        column = rule.columns[0]
        if broken_rows is None or column not in batch:
            continue
        got = broken_rows(view, rule, batch)
        if got is None or not got[0].any():
            continue
        broken, wanted, unfit = got
        view.scratch.get(Held).kept[column] = view.scratch.get(Held).kept.get(column, 0) + int(
            broken.sum()
        )
        why = view.scratch.get(Held).why.setdefault(column, set())
        failed = view.scratch.get(DeriveFailures).by_column.pop(column, None)
        if failed is not None:  # the expression itself failed on the batch
            why.add(f"the expression cannot be computed on every row ({failed})")
        elif unfit.any():
            why.add(f"its type ({view.specs[column].info.label()})")
        fit = broken & ~unfit
        if fit.any():
            why.update(_blame(view, batch, column, wanted, fit))


def _blame(
    view: TableView, batch: Batch, column: str, wanted: np.ndarray, broken: np.ndarray
) -> set[str]:
    """The CHECKs (and a declared range) that reject the declared value on the broken rows."""

    col = batch[column]
    saved = col.values.copy(), col.nulls.copy()
    col.values[broken] = wanted[broken]
    col.nulls[broken] = False
    out = set()
    try:
        for name, tree in view.checks:
            if column not in columns_of(tree):
                continue
            try:
                if (failing(tree, batch, col.values.size, view.env) & broken).any():
                    out.add(name)
            except (Unsupported, ValueError, TypeError):
                continue
        window = declared_window(view.specs[column])
        if window is not None:
            now = col.values[broken].astype("datetime64[us]")
            if ((now < window[0]) | (now > window[1])).any():
                out.add("its declared range")
    finally:
        col.values, col.nulls = saved
    return out


def _derive_broken(view: TableView, rule: Rule, batch: Batch) -> Broken | None:

    target = batch[rule.columns[0]]
    try:
        values, nulls, fits = derived(view, rule, batch, target)
    except (Unsupported, ValueError, TypeError):
        return None
    values = np.asarray(values)
    ok = ~np.asarray(nulls)
    unfit = ok & ~fits
    if target.values.dtype != object:
        if values.dtype == object:
            return None
        # a value the type cannot hold is never cast (it would wrap): its row is broken
        values = np.where(unfit, target.values, values).astype(target.values.dtype)
    if target.kind in ("decimal", "float"):
        same = np.isclose(target.values.astype(np.float64), values.astype(np.float64))
    else:
        same = target.values == values
    broken: np.ndarray = ok & (target.nulls | ~np.asarray(same, dtype=bool) | unfit)
    return broken, values, unfit


def _after_broken(view: TableView, rule: Rule, batch: Batch) -> Broken | None:

    target = batch[rule.columns[0]]
    if "column" in rule.data:
        base_col = batch.get(rule.data["column"])
        if base_col is None:
            return None
        base, missing = as_us(base_col), base_col.nulls
    else:
        got = source_values(view, rule.data["path"], rule.data["source"], batch)
        if got is None:
            return None
        base, missing = np.asarray(got[0]).astype("datetime64[us]"), got[1]
    broken: np.ndarray = ~missing & ~target.nulls & (as_us(target) <= base)
    step = np.timedelta64(1, "D" if target.kind == "date" else "s")
    wanted = (base + step).astype(target.values.dtype)
    return broken, wanted, np.zeros(broken.size, bool)


# The rows where each kind of declared rule does not hold, by the kind's name (the planned
# rules of other kinds, a declared copy among them, are not counted).
_BROKEN: dict[str, Callable[[TableView, Rule, Batch], Broken | None]] = {
    "derive": _derive_broken,
    "after": _after_broken,
}


def kept_warnings(view: TableView) -> list[str]:
    """One warning per declared column with rows where its rule does not hold."""
    out = []
    section = view.config.tables.get(view.tp.name)
    for column, count in sorted(view.scratch.get(Held).kept.items()):
        override = section.columns.get(column) if section is not None else None
        if override is None:
            continue
        key, text = ("derive", override.derive) if override.derive else ("after", override.after)
        reasons = sorted(view.scratch.get(Held).why.get(column, set()))
        checks = [r for r in reasons if not r.startswith("its ")]
        others = [r for r in reasons if r.startswith("its ")]
        named = ([f"CHECK {', '.join(checks)}"] if checks else []) + others
        why = " and ".join(named) or "the table's CHECKs and keys"
        verb = "rejects" if len(named) == 1 and len(checks) <= 1 else "reject"
        out.append(
            f"{view.tp.name}.{column}: {count:,} row(s) keep their drawn value instead of "
            f"{key} = {text!r}: {why} {verb} the declared value"
        )
    return out
