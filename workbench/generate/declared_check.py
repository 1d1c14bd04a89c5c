"""Declared row rules (copy_from, after, derive) checked at plan time, before anything is
dropped: each table's generator is built offline (which resolves the rules and orders them,
lineage.py), and every `derive` is computed once over a few stand-in rows so that a function
the evaluator lacks, a result of the wrong type, a constant a CHECK rejects or a constant on a
unique column is a ConfigError naming the key, not a failure halfway through a load. The
parents' totals (sum_of / count_of) are resolved here by the same function the loader uses
(totals.table_rollups), so a bad one is refused before a table is touched too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.config import Config
from workbench.errors import ConfigError
from workbench.generate.plan import Plan
from workbench.schema.model import Schema

if TYPE_CHECKING:
    from workbench.generate.rows import TableGenerator

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


def check_declared_rules(schema: Schema, plan: Plan, config: Config) -> None:
    """Every table of the plan with a declared row rule: its generator built without a server
    and its declared totals resolved (ConfigError on the first bad rule)."""
    from workbench.generate.rows import KeyStore, TableGenerator
    from workbench.generate.totals import table_rollups

    for tp in plan.tables:
        section = config.tables.get(tp.name)
        if section is None:
            continue
        overrides = section.columns.values()
        if any(o.sum_of or o.count_of for o in overrides):
            full = plan.schema or schema
            table_rollups(full, full.tables[tp.name], config)
        if any(o.copy_from or o.after or o.derive for o in overrides):
            TableGenerator(schema, plan, tp, config, plan.seed, KeyStore(), offline=True)


def probe_derive(gen: TableGenerator, column: str, tree: Any, key: str) -> None:
    """The derive computed over stand-in rows: refused when the evaluator cannot compute it,
    when its type does not fit the column, or when it is a constant the column cannot hold."""
    from workbench.generate.checks import Col, Unsupported, columns_of, evaluate, failing
    from workbench.generate.values import _placeholder

    where = f"{gen.config.path}: {key}.derive"
    reads = columns_of(tree)
    if column in reads:
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} reads {column}, the column it sets, "
            "so it can never hold (a cycle); expected an expression over other columns of the row."
        )
    _check_literals(tree, where)
    batch = {
        name: Col(
            _placeholder(gen.specs[name], _PROBE_ROWS), np.zeros(_PROBE_ROWS, bool), spec.kind
        )
        for name, spec in gen.specs.items()
        if name in reads or name == column
    }
    try:
        val = evaluate(tree, batch, _PROBE_ROWS, gen.env)
    except Unsupported as err:
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} cannot be computed by the workbench "
            f"({err}); expected arithmetic, comparisons, CASE, casts and the common text, "
            "number and date functions over the row's columns (no subqueries)."
        ) from None
    spec = gen.specs[column]
    accepted = _ACCEPTS.get(spec.kind)
    if accepted is not None and val.kind not in (*accepted, "unknown"):
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} gives {val.kind} values but "
            f"{gen.tp.name}.{column} is {spec.info.name}; expected an expression giving "
            f"{_SHOWN.get(spec.kind, 'a date or timestamp')}."
        )
    if reads - {column}:
        return
    # a constant: every row holds the same value
    if spec.unique:
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} gives every row the same value but "
            f"{gen.tp.name}.{column} is unique; expected an expression over other columns of "
            "the row that differs between rows."
        )
    _check_constant_fits(gen, column, val, where, tree)
    batch[column] = _as_column(val, batch[column])
    for name, check in gen.checks:
        if columns_of(check) != {column}:
            continue
        try:
            bad = failing(check, batch, _PROBE_ROWS, gen.env).any()
        except Unsupported:
            continue
        if bad:
            raise ConfigError(
                f"{where}: {tree.sql(dialect='postgres')!r} gives every row a value the CHECK "
                f"{name!r} of {gen.tp.name} rejects; expected a value inside that CHECK."
            )


def _check_constant_fits(gen: TableGenerator, column: str, val: Any, where: str, tree: Any) -> None:
    """A constant number the column's type cannot hold (beyond integer's range or a
    numeric(p,s)'s digits) would break the rule on every row."""
    from workbench.generate.declared_held import _type_shown
    from workbench.generate.totals_memory import _fits

    if gen.specs[column].kind not in ("int", "decimal", "float") or val.kind not in ("int", "num"):
        return
    values = np.atleast_1d(np.asarray(val.values, dtype=np.float64))
    nulls = np.atleast_1d(np.asarray(val.nulls, dtype=bool))
    if (~nulls & ~_fits(gen, column, values)).any():
        raise ConfigError(
            f"{where}: {tree.sql(dialect='postgres')!r} gives every row a value "
            f"{gen.tp.name}.{column} ({_type_shown(gen, column)}) cannot hold; expected a "
            "value inside the column's type."
        )


def _as_column(val: Any, like: Any) -> Any:
    from workbench.generate.checks import Col

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
    from sqlglot import exp

    for lit in tree.find_all(exp.Literal):
        if lit.is_string or not lit.this.isdigit():
            continue  # a decimal or float number is computed as a double
        if int(lit.this) > _INT64:
            raise ConfigError(
                f"{where}: the integer {lit.this} in {tree.sql(dialect='postgres')!r} is "
                "beyond the 64-bit integers the workbench computes with; expected integers "
                f"up to {_INT64} (or a decimal number such as 1e20)."
            )


def check_target(gen: TableGenerator, column: str, key: str) -> None:
    """A declared rule may not write a key: a derived primary key repeats, a derived foreign
    key names no parent (the load would fail halfway)."""
    pk = gen.table.primary_key.columns if gen.table.primary_key else []
    what = "its primary key" if column in pk else None
    if column in gen.fk_cols:
        what = f"a foreign key to {gen.fk_cols[column].parent}"
    if what is not None:
        raise ConfigError(
            f"{gen.config.path}: {key}: {gen.tp.name}.{column} is {what}, which the workbench "
            "fills itself so that every key holds; expected copy_from, after or derive on a "
            "column that is not a key."
        )


_FAMILIES = {
    "int": "a number", "float": "a number", "decimal": "a number", "money": "a number",
    "timestamp": "a time", "timestamptz": "a time", "date": "a time",
    "text": "text", "enum": "text", "bool": "a boolean",
}  # fmt: skip


def check_copy(gen: TableGenerator, column: str, table: str, source: str, where: str) -> None:
    """copy_from / after across a foreign key: the other column is of the same family of types
    (a number, a time, text…), and a copy never reads a total summed from this very column."""
    from workbench.generate.types import resolve_type

    model = gen.schema.tables[table]
    other = next(c for c in model.columns if c.name == source)
    info = resolve_type(gen.schema, other.type)
    theirs = _FAMILIES.get(info.kind) if not info.array_dims else None
    spec = gen.specs[column]
    mine = "a time" if where.endswith(".after") else _FAMILIES.get(spec.info.kind)
    if spec.info.array_dims:
        mine = None
    if theirs is not None and mine is not None and theirs != mine:
        raise ConfigError(
            f"{gen.config.path}: {where}: {table}.{source} is {info.name} but "
            f"{gen.tp.name}.{column} takes {mine}; expected a column of that kind."
        )
    rollup = gen.config.tables.get(table)
    override = rollup.columns.get(source) if rollup is not None else None
    summed = (override.sum_of or override.count_of or "") if override is not None else ""
    short = gen.tp.name.rsplit(".", 1)[-1]
    if summed and f"{short}.{column}" in summed.replace(f"{gen.tp.name}.", f"{short}."):
        raise ConfigError(
            f"{gen.config.path}: {where}: {table}.{source} is declared as the total of "
            f"{summed!r}, which reads {gen.tp.name}.{column} itself: the copy and the total "
            "cannot both hold; expected one of the two rules."
        )
