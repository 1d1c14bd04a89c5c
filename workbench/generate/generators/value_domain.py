"""The domain of a column's declared values: each `values` entry (or weighted key) and each
`range` bound of a sandbox.toml override must be a value of the column's type (a label of its
enum, a whole number in the integer's range, a date…) that its single-column CHECKs (the
table's and its domain's) accept. A value outside it would otherwise reach the database and
fail the load after the sandbox was dropped, so generate (config_check) and every edit (the
TUI's `e`, config_edit) refuse it with the same sentences.

Each problem is a sentence naming the value and what the column allows; the caller adds the
file and the key."""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from typing import Any

import numpy as np

from workbench.config.file import ColumnOverride
from workbench.generate.base.batch import Col
from workbench.generate.base.sqltree import (
    Unsupported,
    columns_of,
    conjuncts,
    normalize,
    to_datetime,
)
from workbench.generate.checks.env import failing, make_env
from workbench.generate.checks.hints import checks_for, domain_tree
from workbench.schema.model import Column, Schema, Table
from workbench.schema.typeinfo import TypeInfo, resolve_type

# What generate reads as true and false in a `values` list (values._choice).
_TRUE = (True, "true", "t", 1)
_FALSE = (False, "false", "f", 0)
# Kinds a range bounds (values.py reads `range` for numbers, dates and times only).
_RANGED = ("int", "decimal", "money", "float", "date", "timestamp", "timestamptz")


class _Bad(ValueError):
    """A value that is not of the column's type; its message is the sentence's ending."""


def type_label(info: TypeInfo, column: Column) -> str:
    """The column's type as a reader knows it: `enum order_status`, `varchar(80)`…"""
    if info.kind == "enum":
        return f"enum {info.name.rsplit('.', 1)[-1]}"
    return column.type.sql() if hasattr(column.type, "sql") else info.name


def _shown(value: Any) -> str:
    """A value as sandbox.toml writes it (strings quoted, true and false in lower case)."""
    if isinstance(value, bool):
        return str(value).lower()
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _as_int(value: Any, info: TypeInfo) -> int:
    if isinstance(value, bool):
        raise _Bad("is not a whole number")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise _Bad("is not a whole number") from None
    if not isinstance(value, int):
        raise _Bad("is not a whole number")
    lo, hi = info.int_limits
    if not lo <= value <= hi:
        raise _Bad(f"is outside {info.name}'s range ({lo:,} to {hi:,})")
    return value


def _as_number(value: Any, info: TypeInfo) -> float:
    if isinstance(value, bool):
        raise _Bad("is not a number")
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError, OverflowError):
        raise _Bad("is not a number (such as 12.5)") from None
    if not math.isfinite(number):
        raise _Bad("is not a finite number")
    if info.kind == "decimal" and info.precision is not None:
        digits = info.precision - (info.scale or 0)
        if abs(round(number, info.scale or 0)) >= 10.0**digits:
            raise _Bad(f"does not fit {info.name}({info.precision},{info.scale or 0})")
    return number


def _as_bool(value: Any, info: TypeInfo) -> bool:
    probe = value.strip().lower() if isinstance(value, str) else value
    if isinstance(probe, (bool, int, str)) and probe in _TRUE:
        return True
    if isinstance(probe, (bool, int, str)) and probe in _FALSE:
        return False
    raise _Bad("is not true or false")


def _as_time(value: Any, info: TypeInfo) -> np.datetime64:
    example = "2024-05-31" if info.kind == "date" else "2024-05-31 14:30:00"
    try:
        stamp = to_datetime(str(value))
    except (Unsupported, ValueError):
        what = "date" if info.kind == "date" else "timestamp"
        raise _Bad(f"is not a {what} such as {example}") from None
    year = stamp.astype("datetime64[Y]").astype(int) + 1970
    if not 1 <= year <= 9999:
        raise _Bad("is outside the years 1 to 9999")
    return stamp.astype("datetime64[D]") if info.kind == "date" else stamp


def _as_text(value: Any, info: TypeInfo) -> str:
    if isinstance(value, (dict, list)):
        raise _Bad("is not a single value")
    text = value if isinstance(value, str) else str(value)  # as generate writes it
    if "\x00" in text:
        raise _Bad("holds a NUL character, which PostgreSQL text cannot store")
    if info.kind == "enum" and text not in info.labels:
        raise _Bad(
            f"is not a label of enum {info.name.rsplit('.', 1)[-1]} "
            f"(its labels: {', '.join(info.labels)})"
        )
    if info.kind == "uuid":
        try:
            uuid.UUID(text)
        except ValueError:
            raise _Bad("is not a UUID such as 0b6f3c1e-5d6b-4f0a-9a47-3c2d1e0f9a8b") from None
    if info.length is not None and info.kind == "text" and len(text) > info.length:
        raise _Bad(f"is longer than the {info.length} characters {info.name}({info.length}) holds")
    return text


_CONVERT: dict[str, tuple[str, Callable[[Any, TypeInfo], Any]]] = {
    "int": ("int", _as_int),
    "decimal": ("decimal", _as_number),
    "money": ("decimal", _as_number),
    "float": ("float", _as_number),
    "bool": ("bool", _as_bool),
    "date": ("date", _as_time),
    "timestamp": ("timestamp", _as_time),
    "timestamptz": ("timestamp", _as_time),
    "text": ("text", _as_text),
    "enum": ("text", _as_text),
    "uuid": ("text", _as_text),
}


def _typed(info: TypeInfo, values: list[Any]) -> tuple[Col | None, list[str], list[str]]:
    """The values of the column's type as a batch column (None when no CHECK can read them),
    how each of those is shown, and a problem per value that is not of the type."""
    kind, convert = _CONVERT.get(info.kind, ("other", _as_text))
    good: list[Any] = []
    shown: list[str] = []
    problems: list[str] = []
    for value in values:
        try:
            good.append(convert(value, info))
            shown.append(_shown(value))
        except _Bad as bad:
            problems.append(f"{_shown(value)} {bad}")
    if not good or kind == "other" or info.array_dims:
        return None, shown, problems
    if kind == "text":
        array = np.empty(len(good), dtype=object)
        array[:] = good
    elif kind in ("date", "timestamp"):
        array = np.asarray(good).astype("datetime64[D]" if kind == "date" else "datetime64[us]")
    else:
        array = np.asarray(good, dtype={"int": np.int64, "bool": bool}.get(kind, np.float64))
    return Col(array, np.zeros(len(good), dtype=bool), kind), shown, problems


def _single_column_checks(schema: Schema, table: Table, column: Column) -> list[tuple[str, Any]]:
    """(how it is named, tree) of every CHECK conjunct that reads this column alone."""
    info = resolve_type(schema, column.type)
    trees = [("the CHECK ", tree) for _, tree in checks_for(schema, table)]
    for domain, check in info.domain_checks:
        tree = domain_tree(check, column.name)
        if tree is not None:
            trees.append((f"the CHECK of domain {domain.rsplit('.', 1)[-1]}: ", normalize(tree)))
    out = []
    for named, tree in trees:
        for part in conjuncts(tree):
            if columns_of(part) == {column.name}:
                out.append((named + part.sql(dialect="postgres"), part))
    return out


def _check_problems(
    schema: Schema, table: Table, column: Column, info: TypeInfo, col: Col, shown: list[str]
) -> list[str]:
    env = make_env(schema, {column.name: info})
    problems: list[str] = []
    for sql, tree in _single_column_checks(schema, table, column):
        try:
            bad = failing(tree, {column.name: col}, len(shown), env)
        except (Unsupported, ValueError, TypeError, ArithmeticError):
            continue  # a CHECK the evaluator cannot compute: generate repairs or asks the server
        for index in np.flatnonzero(bad).tolist():
            problems.append(f"{shown[index]} breaks {sql}")
    return problems


def value_problems(schema: Schema, table: Table, column: Column, values: list[Any]) -> list[str]:
    """Sentences (without a final stop) for the values that are not in the column's domain."""
    info = resolve_type(schema, column.type)
    col, shown, problems = _typed(info, values)
    if col is not None:
        problems += _check_problems(schema, table, column, info, col, shown)
    return problems


def range_problems(schema: Schema, table: Table, column: Column, bounds: list[Any]) -> list[str]:
    info = resolve_type(schema, column.type)
    if info.kind not in _RANGED or info.array_dims:
        return [
            f"a range applies to numbers, dates and times, and {column.name} is "
            f"{type_label(info, column)}"
        ]
    problems = [f"the bound {p}" for p in value_problems(schema, table, column, bounds)]
    if problems or len(bounds) != 2:
        return problems
    col, _, _ = _typed(info, bounds)
    if col is not None and col.values[0] > col.values[1]:
        problems.append(f"the range's low bound {_shown(bounds[0])} is above its high bound")
    return problems


def override_problems(
    schema: Schema, table: Table, column: Column, override: ColumnOverride
) -> list[tuple[str, str]]:
    """(key, sentence) for each declared value or bound outside the column's domain."""
    out: list[tuple[str, str]] = []
    if override.values is not None:
        values = list(override.values)
        out += [("values", p) for p in value_problems(schema, table, column, values)]
    if override.range is not None:
        out += [("range", p) for p in range_problems(schema, table, column, list(override.range))]
    return out


def describe_domain(schema: Schema, table: Table, column: Column) -> str:
    """The column's domain in one line, for the edit dialog: its type (an enum's labels), and
    the single-column CHECKs its values must pass."""
    info = resolve_type(schema, column.type)
    text = type_label(info, column)
    if info.kind == "enum":
        text += f": {', '.join(info.labels)}"
    checks = [sql for sql, _ in _single_column_checks(schema, table, column)]
    if checks:
        text += "; " + "; ".join(c.removeprefix("the ") for c in checks)
    return text


def describe_column(schema: Schema, table: str, column: str) -> str:
    """`describe_domain` of a column named by its table and name ("" when there is none)."""
    found = schema.tables.get(table)
    col = found.column(column) if found is not None else None
    return describe_domain(schema, found, col) if found is not None and col is not None else ""
