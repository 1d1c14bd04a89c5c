"""The seed's values through their columns' rules, in memory, before anything is written.

Each column is handled whole: NULLs stay NULL, the distinct values of a masked column are
masked once each (maskers.py) and mapped back through one dict (a C-level pass, no Python
loop per value), so a value repeated a million times costs one hash. Kept columns are never
decoded: their COPY text passes through as read."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from workbench.config.file import Config
from workbench.generate.load.preview import preview_column
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type
from workbench.seed.copytext import NULL, SeedError, SeedTable, escape, unescape
from workbench.seed.maskers import MASKERS, Keyed
from workbench.seed.policy import ColumnRule, SeedPolicy

_SPECIAL = re.compile(r"[\\\t\n\r]")  # what COPY text escapes


@dataclass
class MaskReport:
    values: dict[str, int] = field(default_factory=dict)  # action -> values it changed
    seconds: float = 0.0

    def add(self, action: str, count: int) -> None:
        self.values[action] = self.values.get(action, 0) + count


@dataclass
class _Masking:
    """What every column of one import is masked with; `masked` remembers each kind's values
    already masked (a foreign key repeats the values of the key it references: they are
    masked once, as the same output by construction)."""

    schema: Schema
    config: Config
    keyed: Keyed
    report: MaskReport
    masked: dict[str, dict[str, str]] = field(default_factory=dict)


def mask_seed(
    tables: list[SeedTable],
    policy: SeedPolicy,
    schema: Schema,
    config: Config,
    key: bytes,
) -> tuple[list[SeedTable], MaskReport]:
    """The imported tables (dropped ones left out), named by their qualified schema name,
    every column through its rule."""
    started = time.perf_counter()
    run = _Masking(schema, config, Keyed(key), MaskReport())
    out: list[SeedTable] = []
    for st in tables:
        name = policy.names[st.name]
        if name not in policy.tables:
            continue
        model = schema.tables[name]
        rules = policy.tables[name]
        masked = SeedTable(name, list(st.columns), origin=st.origin)
        for column, values in zip(st.columns, st.values, strict=True):
            masked.values.append(_apply(run, rules[column], values, model, column))
        out.append(masked)
    run.report.seconds = time.perf_counter() - started
    return out, run.report


def _apply(
    run: _Masking, rule: ColumnRule, values: list[str], table: Table, column: str
) -> list[str]:
    report = run.report
    if rule.action == "keep":
        return values
    if rule.action == "null":
        report.add("null", sum(1 for v in values if v != NULL))
        return [NULL] * len(values)
    if rule.action == "fake":
        made = preview_column(run.schema, run.config, table.qualified, column, n=len(values))
        report.add("fake", len(values))
        return [NULL if v is None else escape(str(v)) for v in made]
    return _mask(run, rule.kind, values, table, column)


def _mask(run: _Masking, kind: str, values: list[str], table: Table, column: str) -> list[str]:
    index = dict.fromkeys(values)  # the distinct values, in order (one C pass)
    nulls = NULL in index
    index.pop(NULL, None)
    escaped = list(index)
    # one C scan of all the column's values for a backslash, and only then a test per value
    # (most columns have none); the same for what COPY escapes in the masked values below
    if "\\" in "\0".join(escaped):
        distinct = [unescape(v) if "\\" in v else v for v in escaped]
    else:
        distinct = escaped
    known = run.masked.setdefault(kind, {})
    if not known:  # the first column of this kind: every value is new
        masked = MASKERS[kind](distinct, run.keyed)
        known.update(zip(distinct, masked, strict=True))
    else:
        todo = [v for v in distinct if v not in known]
        if todo:
            known.update(zip(todo, MASKERS[kind](todo, run.keyed), strict=True))
        masked = list(map(known.__getitem__, distinct))
    model = table.column(column)
    limit = resolve_type(run.schema, model.type).length if model is not None else None
    if limit:
        masked = [_fit(m, limit) for m in masked]
    if _is_unique(table, column) and len(set(masked)) < len(masked):
        raise SeedError(
            f"{table.qualified}.{column}: two different values mask to the same {kind} value, "
            "and the column is unique. Nothing was written. Declare the column "
            '`seed = "mask"` with a generator whose shape holds more values (e.g. '
            'generator = "text"), or report it: the masked space is too small here.'
        )
    if _SPECIAL.search("\0".join(masked)):
        encoded = [escape(m) if _SPECIAL.search(m) else m for m in masked]
    else:
        encoded = masked
    mapping = dict(zip(escaped, encoded, strict=True))
    if nulls:
        mapping[NULL] = NULL
        run.report.add("mask", len(values) - values.count(NULL))
    else:
        run.report.add("mask", len(values))
    return list(map(mapping.__getitem__, values))


def _fit(value: str, limit: int) -> str:
    """A masked value no longer than the column allows (an email keeps a reserved domain)."""
    if len(value) <= limit:
        return value
    local, at, domain = value.rpartition("@")
    if at and limit >= 8:
        domain = domain if len(domain) + 2 <= limit else "x.test"
        return f"{local[: limit - len(domain) - 1]}@{domain}"
    return value[:limit]


def _is_unique(table: Table, column: str) -> bool:
    if table.primary_key is not None and table.primary_key.columns == [column]:
        return True
    return any(u.columns == [column] and u.predicate is None for u in table.uniques)
