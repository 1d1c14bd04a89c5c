"""The row rules sandbox.toml declares (docs/config.md), resolved and checked at plan time:

  copy_from = "products.price"        the value of a column of a table reached by foreign keys
  after     = "created_at"            a time after another column of the row …
  after     = "orders.placed_at"      … or of a parent row
  derive    = "quantity * unit_price" an SQL expression over the row's columns

A rule that would break the load is refused with the key named: one writing a key, one copying
a column of another kind or its own total, a derive the evaluator cannot compute, of the wrong
type, or a constant the column cannot hold. A derive's values are computed here for each batch
(lineage.py applies them)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sqlglot
from sqlglot import exp

from workbench.errors import ConfigError
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.sqltree import Unsupported, columns_of, normalize
from workbench.generate.checks import evaluate, failing
from workbench.generate.generators.values import placeholder
from workbench.generate.rules.base import Rule
from workbench.generate.rules.paths import Path, paths_of, qualified
from workbench.generate.view import TableView
from workbench.schema.typeinfo import resolve_type


def plan_declared(view: TableView) -> list[Rule]:
    """The rules sandbox.toml declares for the table, in an order in which each holds."""
    section = view.config.tables.get(view.tp.name)
    if section is None:
        return []
    rules = []
    for column, override in section.columns.items():
        key = f'tables."{view.tp.name}".columns.{column}'
        if (override.copy_from or override.after or override.derive) and column not in view.specs:
            raise _bad(view, key, f"{view.tp.name} has no column {column!r}")
        attr = next((a for a in ("copy_from", "after", "derive") if getattr(override, a)), None)
        if attr is not None:
            check_target(view, column, f"{key}.{attr}")
        if override.copy_from:
            rules.append(_declared_copy(view, column, override.copy_from, key))
        if override.after:
            rules.append(_declared_after(view, column, override.after, key))
        if override.derive:
            rules.append(_declared_derive(view, column, override.derive, key))
    return _in_order(view, rules)


def _reads(rule: Rule) -> set[str]:
    """Columns of the row a declared rule reads (its target is `columns[0]`)."""
    if rule.kind == "derive":
        return set(rule.columns[1:])
    if rule.kind == "after" and "column" in rule.data:
        return {rule.data["column"]}
    return set()


def _in_order(view: TableView, rules: list[Rule]) -> list[Rule]:
    """Copies first, then `after` and `derive` rules each after the rules writing what it reads
    (a derive over a copied price sees the copy); a cycle can never hold, so it is refused."""
    copies = [r for r in rules if r.kind not in ("after", "derive")]
    pending = [r for r in rules if r.kind in ("after", "derive")]
    ordered: list[Rule] = []
    while pending:
        writes = {r.columns[0] for r in pending}
        ready = [r for r in pending if not (_reads(r) - {r.columns[0]}) & writes]
        if not ready:
            cycle = " → ".join(f"{r.columns[0]} ({r.kind})" for r in pending)
            key = f'tables."{view.tp.name}".columns.{pending[0].columns[0]}'
            raise _bad(
                view,
                key,
                f"the declared after/derive rules of {cycle} read each other in a cycle, so no "
                "order of them can hold; expected each to read columns the others do not write",
            )
        ordered += ready
        pending = [r for r in pending if r not in ready]
    return copies + ordered


def _bad(view: TableView, key: str, what: str) -> ConfigError:
    return ConfigError(f"{view.config.path}: {key}: {what}.")


def _resolve(view: TableView, ref: str, key: str, attr: str) -> tuple[Path, str]:
    target, _, column = ref.rpartition(".")
    if not target or not column:
        raise _bad(view, f"{key}.{attr}", f'expected "<table>.<column>", got {ref!r}')
    table = qualified(target)
    if table not in view.schema.tables:
        raise _bad(view, f"{key}.{attr}", f"no table {target!r} in schema.sql (from {ref!r})")
    if column not in {c.name for c in view.schema.tables[table].columns}:
        raise _bad(view, f"{key}.{attr}", f"{table} has no column {column!r} (from {ref!r})")
    paths = [p for p in paths_of(view) if p.table == table]
    if not paths:
        raise _bad(
            view,
            f"{key}.{attr}",
            f"no foreign key of {view.tp.name} leads to {table} (directly or through one "
            f"parent), so {ref!r} names no row; expected a column of a table this one references",
        )
    direct = [p for p in paths if p.via is None]
    chosen = direct or paths
    if len({p.fk for p in chosen}) > 1:
        fks = ", ".join(sorted({p.fk for p in chosen}))
        raise _bad(view, f"{key}.{attr}", f"several foreign keys ({fks}) lead to {table}")
    return chosen[0], column


def _declared_copy(view: TableView, column: str, ref: str, key: str) -> Rule:

    path, source = _resolve(view, ref, key, "copy_from")
    check_copy(view, column, path.table, source, f"{key}.copy_from")
    data = {"path": path, "source": source, "declared": True}
    return Rule("copy", [column], f"{column} copied from {ref} (declared)", data)


def _declared_after(view: TableView, column: str, ref: str, key: str) -> Rule:
    if view.specs[column].kind not in ("timestamp", "date"):
        raise _bad(view, f"{key}.after", f"{column} is not a date or timestamp column")
    if "." not in ref:
        if ref == column:
            raise _bad(
                view, f"{key}.after", f"{column} cannot come after itself; expected another column"
            )
        if ref not in view.specs or view.specs[ref].kind not in ("timestamp", "date"):
            raise _bad(
                view,
                f"{key}.after",
                f"expected a date or timestamp column of {view.tp.name}, got {ref!r}",
            )
        return Rule("after", [column], f"{column} after {ref} (declared)", {"column": ref})
    path, source = _resolve(view, ref, key, "after")

    check_copy(view, column, path.table, source, f"{key}.after")
    return Rule(
        "after", [column], f"{column} after {ref} (declared)", {"path": path, "source": source}
    )


def _declared_derive(view: TableView, column: str, text: str, key: str) -> Rule:

    try:
        tree = normalize(sqlglot.parse_one(text, read="postgres"))
    except Exception as err:  # sqlglot raises several error types
        first = re.sub(r"\x1b\[[0-9;]*m", "", str(err)).splitlines()[0].rstrip(".")
        raise _bad(view, f"{key}.derive", f"not an SQL expression ({first})") from None
    unknown = sorted(columns_of(tree) - set(view.specs))
    if unknown:
        raise _bad(
            view,
            f"{key}.derive",
            f"{text!r} reads column(s) {', '.join(unknown)} that {view.tp.name} does not have",
        )

    probe_derive(view, column, tree, key)
    return Rule(
        "derive",
        [column, *sorted(columns_of(tree))],
        f"{column} = {text} (declared)",
        {"tree": tree},
    )


@dataclass
class DeriveFailures:
    """Why a declared derive could not be computed on a batch, by its column (scratch; read
    and cleared by declared_held)."""

    by_column: dict[str, str] = field(default_factory=dict)


def derived(view: TableView, rule: Rule, batch: Batch, target: Col) -> tuple[Any, Any, np.ndarray]:
    """A declared derive's values over the batch (rounded to a decimal target's scale), where
    it gives NULL, and where its value fits the column's type (a row whose value does not
    keeps its drawn one: declared_held.py counts it)."""

    n = target.values.size
    try:
        val = evaluate(rule.data["tree"], batch, n, view.env)
    except (OverflowError, Unsupported) as err:  # beyond 64 bits, a division by zero on a row
        view.scratch.get(DeriveFailures).by_column[rule.columns[0]] = str(err)
        return target.values, np.zeros(n, bool), np.zeros(n, bool)
    values = np.broadcast_to(
        np.asarray(val.values, dtype=object if val.kind == "text" else None), (n,)
    )
    nulls = np.broadcast_to(np.asarray(val.nulls, dtype=bool), (n,))
    fits = np.ones(n, bool)
    if target.kind in ("int", "decimal", "float") and values.dtype != object:
        if target.kind == "decimal":
            values = np.round(
                values.astype(np.float64), int(view.specs[rule.columns[0]].info.scale or 2)
            )
        fits = nulls | view.specs[rule.columns[0]].info.holds(values.astype(np.float64))
        fits &= ~_wrapped(view, rule, batch, n)
    length = view.specs[rule.columns[0]].info.length
    if target.kind == "text" and length is not None and values.dtype == object:
        fits = nulls | (np.char.str_len(values.astype(str)) <= length)
    if target.kind in _TIME_RANGE and values.dtype.kind == "M":
        lo, hi = _TIME_RANGE[target.kind]
        unit = np.datetime_data(lo.dtype)[0]
        days = values.astype(f"datetime64[{unit}]")
        fits = nulls | ((days >= lo) & (days <= hi))
    return values, nulls, fits


# PostgreSQL's date and timestamp ranges (a day inside, for time zones), in units numpy holds
_TIME_RANGE = {
    "date": (np.datetime64("-4712-01-02", "D"), np.datetime64("5874897-12-30", "D")),
    "timestamp": (np.datetime64("-4712-01-02", "s"), np.datetime64("294276-12-30", "s")),
}


def _wrapped(view: TableView, rule: Rule, batch: Batch, n: int) -> np.ndarray:
    """Rows where 64-bit integer arithmetic of the derive wrapped around: the same expression
    over the integers as floats leaves the 64-bit range there."""

    ints = {k: c for k, c in batch.items() if c.kind == "int" and c.values.dtype != object}
    if not ints:
        return np.zeros(n, bool)
    shadow = dict(batch)
    for name, col in ints.items():
        shadow[name] = Col(col.values.astype(np.float64), col.nulls, "float")
    try:
        val = evaluate(rule.data["tree"], shadow, n, view.env)
        wide = np.broadcast_to(np.asarray(val.values, dtype=np.float64), (n,))
    except (Unsupported, ValueError, TypeError, OverflowError):
        return np.zeros(n, bool)
    out: np.ndarray = ~np.isfinite(wide) | (np.abs(wide) >= 2.0**63)
    return out


# the evaluator's result kinds (evaluator/core.py Val.kind) a column's batch kind accepts
_ACCEPTS = {
    "int": ("int", "num"),
    "float": ("int", "num"),
    "decimal": ("int", "num"),
    "bool": ("bool",),
    "date": ("date", "ts"),
    "timestamp": ("date", "ts"),
}


_SHOWN = {"int": "a number", "float": "a number", "decimal": "a number", "bool": "a boolean"}


_PROBE_ROWS = 4


def probe_derive(view: TableView, column: str, tree: Any, key: str) -> None:
    """The derive computed over stand-in rows: refused when the evaluator cannot compute it,
    when its type does not fit the column, or when it is a constant the column cannot hold."""

    where = f"{view.config.path}: {key}.derive"
    reads = columns_of(tree)
    if column in reads:
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} reads {column}, the column it sets, "
            "so it can never hold (a cycle); expected an expression over other columns of the row."
        )
    _check_literals(tree, where)
    batch = {
        name: Col(
            placeholder(view.specs[name], _PROBE_ROWS), np.zeros(_PROBE_ROWS, bool), spec.kind
        )
        for name, spec in view.specs.items()
        if name in reads or name == column
    }
    try:
        val = evaluate(tree, batch, _PROBE_ROWS, view.env)
    except Unsupported as err:
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} cannot be computed by the workbench "
            f"({err}); expected arithmetic, comparisons, CASE, casts and the common text, "
            "number and date functions over the row's columns (no subqueries)."
        ) from None
    spec = view.specs[column]
    accepted = _ACCEPTS.get(spec.kind)
    if accepted is not None and val.kind not in (*accepted, "unknown"):
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} gives {val.kind} values but "
            f"{view.tp.name}.{column} is {spec.info.name}; expected an expression giving "
            f"{_SHOWN.get(spec.kind, 'a date or timestamp')}."
        )
    if reads - {column}:
        return
    # a constant: every row holds the same value
    if spec.unique:
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} gives every row the same value but "
            f"{view.tp.name}.{column} is unique; expected an expression over other columns of "
            "the row that differs between rows."
        )
    _check_constant_fits(view, column, val, where, tree)
    batch[column] = _as_column(val, batch[column])
    for name, check in view.checks:
        if columns_of(check) != {column}:
            continue
        try:
            bad = failing(check, batch, _PROBE_ROWS, view.env).any()
        except Unsupported:
            continue
        if bad:
            raise ConfigError(
                f"{where}: {tree.sql(dialect='postgres')!r} gives every row a value the CHECK "
                f"{name!r} of {view.tp.name} rejects; expected a value inside that CHECK."
            )


def _check_constant_fits(view: TableView, column: str, val: Any, where: str, tree: Any) -> None:
    """A constant number the column's type cannot hold (beyond integer's range or a
    numeric(p,s)'s digits) would break the rule on every row."""
    if view.specs[column].kind not in ("int", "decimal", "float") or val.kind not in ("int", "num"):
        return
    values = np.atleast_1d(np.asarray(val.values, dtype=np.float64))
    nulls = np.atleast_1d(np.asarray(val.nulls, dtype=bool))
    if (~nulls & ~view.specs[column].info.holds(values)).any():
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} gives every row a value "
            f"{view.tp.name}.{column} ({view.specs[column].info.label()}) cannot hold; expected a "
            "value inside the column's type."
        )


def _as_column(val: Any, like: Any) -> Any:

    values = np.broadcast_to(np.asarray(val.values), like.values.shape)
    try:
        values = values.astype(like.values.dtype)
    except (TypeError, ValueError):
        values = np.asarray(values, dtype=object)
    nulls = np.broadcast_to(np.asarray(val.nulls, dtype=bool), like.values.shape).copy()
    return Col(values.copy(), nulls, like.kind)


_INT64 = 2**63 - 1


def _check_literals(tree: Any, where: str) -> None:
    """An integer beyond 64 bits is refused: the evaluator computes integers in 64 bits, so
    every row would break the rule."""

    for lit in tree.find_all(exp.Literal):
        if lit.is_string or not lit.this.isdigit():
            continue  # a decimal or float number is computed as a double
        if int(lit.this) > _INT64:
            raise ConfigError(
                f"{where}: the integer {lit.this} in {tree.sql(dialect='postgres')!r} is "
                "beyond the 64-bit integers the workbench computes with; expected integers "
                f"up to {_INT64} (or a decimal number such as 1e20)."
            )


def check_target(view: TableView, column: str, key: str) -> None:
    """A declared rule may not write a key: a derived primary key repeats, a derived foreign
    key names no parent (the load would fail halfway)."""
    pk = view.table.primary_key.columns if view.table.primary_key else []
    what = "its primary key" if column in pk else None
    if column in view.fk_cols:
        what = f"a foreign key to {view.fk_cols[column].parent}"
    if what is not None:
        raise ConfigError(
            f"{view.config.path}: {key}: {view.tp.name}.{column} is {what}, which the workbench "
            "fills itself so that every key holds; expected copy_from, after or derive on a "
            "column that is not a key."
        )


_FAMILIES = {
    "int": "a number", "float": "a number", "decimal": "a number", "money": "a number",
    "timestamp": "a time", "timestamptz": "a time", "date": "a time",
    "text": "text", "enum": "text", "bool": "a boolean",
}  # fmt: skip


def check_copy(view: TableView, column: str, table: str, source: str, where: str) -> None:
    """copy_from / after across a foreign key: the other column is of the same family of types
    (a number, a time, text…), and a copy never reads a total summed from this very column."""

    model = view.schema.tables[table]
    other = next(c for c in model.columns if c.name == source)
    info = resolve_type(view.schema, other.type)
    theirs = _FAMILIES.get(info.kind) if not info.array_dims else None
    spec = view.specs[column]
    mine = "a time" if where.endswith(".after") else _FAMILIES.get(spec.info.kind)
    if spec.info.array_dims:
        mine = None
    if theirs is not None and mine is not None and theirs != mine:
        raise ConfigError(
            f"{view.config.path}: {where}: {table}.{source} is {info.name} but "
            f"{view.tp.name}.{column} takes {mine}; expected a column of that kind."
        )
    rollup = view.config.tables.get(table)
    override = rollup.columns.get(source) if rollup is not None else None
    summed = (override.sum_of or override.count_of or "") if override is not None else ""
    short = view.tp.name.rsplit(".", 1)[-1]
    if summed and f"{short}.{column}" in summed.replace(f"{view.tp.name}.", f"{short}."):
        raise ConfigError(
            f"{view.config.path}: {where}: {table}.{source} is declared as the total of "
            f"{summed!r}, which reads {view.tp.name}.{column} itself: the copy and the total "
            "cannot both hold; expected one of the two rules."
        )
