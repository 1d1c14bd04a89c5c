"""Where a declared `derive` or `after` (sandbox.toml) does not hold, the user is told.

A CHECK always wins over a row rule (rows.py gives a row its drawn values back where a rule's
value breaks a CHECK), and a declared range over an `after`. For a declared rule that is no
silent matter: after each batch the rows where the rule does not hold are counted (one
vectorised evaluation of the rule over the finished batch), the CHECKs that reject the
declared value on those rows are named, and the table's warnings say so when it is finished:

    public.subscriptions.yearly: 12 row(s) keep their drawn value instead of
    derive = 'fee * seats * 12': CHECK subscriptions_yearly_check rejects the declared value"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from workbench.generate.checks import Batch
    from workbench.generate.coherence import Rule
    from workbench.generate.rows import TableGenerator


@dataclass
class Held:
    """Per declared target column: rows where its rule did not hold, and what overruled it."""

    kept: dict[str, int] = field(default_factory=dict)
    why: dict[str, set[str]] = field(default_factory=dict)


def _declared(gen: TableGenerator) -> list[Rule]:
    return [r for r in gen.rules if r.kind in ("derive", "after")]


def count_unheld(gen: TableGenerator, batch: Batch) -> None:
    """Count the rows of the finished batch where a declared derive or after does not hold,
    and name what rejects the declared value there."""
    for rule in _declared(gen):
        column = rule.columns[0]
        if column not in batch:
            continue
        got = (
            _derive_broken(gen, rule, batch)
            if rule.kind == "derive"
            else _after_broken(gen, rule, batch)
        )
        if got is None or not got[0].any():
            continue
        broken, wanted, unfit = got
        gen.held.kept[column] = gen.held.kept.get(column, 0) + int(broken.sum())
        why = gen.held.why.setdefault(column, set())
        failed = gen.__dict__.get("derive_failures", {}).pop(column, None)
        if failed is not None:  # the expression itself failed on the batch
            why.add(f"the expression cannot be computed on every row ({failed})")
        elif unfit.any():
            why.add(f"its type ({_type_shown(gen, column)})")
        fit = broken & ~unfit
        if fit.any():
            why.update(_blame(gen, batch, column, wanted, fit))


def _type_shown(gen: TableGenerator, column: str) -> str:
    info = gen.specs[column].info
    if info.kind == "decimal" and info.precision is not None:
        return f"{info.name}({info.precision},{info.scale or 0})"
    if info.kind == "text" and info.length is not None:
        return f"{info.name}({info.length})"
    return str(info.name)


def _blame(
    gen: TableGenerator, batch: Batch, column: str, wanted: np.ndarray, broken: np.ndarray
) -> set[str]:
    """The CHECKs (and a declared range) that reject the declared value on the broken rows."""
    from workbench.generate.checks import Unsupported, columns_of, failing
    from workbench.generate.timeline import declared_window

    col = batch[column]
    saved = col.values.copy(), col.nulls.copy()
    col.values[broken] = wanted[broken]
    col.nulls[broken] = False
    out = set()
    try:
        for name, tree in gen.checks:
            if column not in columns_of(tree):
                continue
            try:
                if (failing(tree, batch, col.values.size, gen.env) & broken).any():
                    out.add(name)
            except (Unsupported, ValueError, TypeError):
                continue
        window = declared_window(gen.specs[column])
        if window is not None:
            now = col.values[broken].astype("datetime64[us]")
            if ((now < window[0]) | (now > window[1])).any():
                out.add("its declared range")
    finally:
        col.values, col.nulls = saved
    return out


def _derive_broken(
    gen: TableGenerator, rule: Rule, batch: Batch
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    from workbench.generate.checks import Unsupported
    from workbench.generate.lineage import derived

    target = batch[rule.columns[0]]
    try:
        values, nulls, fits = derived(gen, rule, batch, target)
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


def _after_broken(
    gen: TableGenerator, rule: Rule, batch: Batch
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    from workbench.generate.lineage import _source_values
    from workbench.generate.timeline import _us

    target = batch[rule.columns[0]]
    if "column" in rule.data:
        base_col = batch.get(rule.data["column"])
        if base_col is None:
            return None
        base, missing = _us(base_col), base_col.nulls
    else:
        got = _source_values(gen, rule.data["path"], rule.data["source"], batch)
        if got is None:
            return None
        base, missing = np.asarray(got[0]).astype("datetime64[us]"), got[1]
    broken: np.ndarray = ~missing & ~target.nulls & (_us(target) <= base)
    step = np.timedelta64(1, "D" if target.kind == "date" else "s")
    wanted = (base + step).astype(target.values.dtype)
    return broken, wanted, np.zeros(broken.size, bool)


def kept_warnings(gen: TableGenerator) -> list[str]:
    """One warning per declared column with rows where its rule does not hold."""
    out = []
    section = gen.config.tables.get(gen.tp.name)
    for column, count in sorted(gen.held.kept.items()):
        override = section.columns.get(column) if section is not None else None
        if override is None:
            continue
        key, text = ("derive", override.derive) if override.derive else ("after", override.after)
        reasons = sorted(gen.held.why.get(column, set()))
        checks = [r for r in reasons if not r.startswith("its ")]
        others = [r for r in reasons if r.startswith("its ")]
        named = ([f"CHECK {', '.join(checks)}"] if checks else []) + others
        why = " and ".join(named) or "the table's CHECKs and keys"
        verb = "rejects" if len(named) == 1 and len(checks) <= 1 else "reject"
        out.append(
            f"{gen.tp.name}.{column}: {count:,} row(s) keep their drawn value instead of "
            f"{key} = {text!r}: {why} {verb} the declared value"
        )
    return out
