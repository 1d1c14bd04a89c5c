"""A result of one part lies near the part's norm: where a table holds a row's results part by
part (kinds/parts_done.per_part: a round's hole scores keyed by round and hole, a sitting's
answers keyed by sitting and question) and the part states a norm (a column named as one,
NORMS: a hole's `par`, a stage's `target`, a task's `standard`), the result is the norm give or
take a little: most at it or a step over, some a step under or two over, two under or five
over rarely (a hole-in-one on a par 3, a ten on a par 5). A step is one for a norm of up to a
dozen, an eighth of it above. The result is the results table's one number that may not be
NULL and no key, drawn freely (the strokes beside nullable putts); with two such numbers the
rule cannot tell which is measured against the norm and leaves them. Nothing here names a
table: the key shape is the schema's, the norm read from the name's words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.parts_done import per_part
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

# the words that name what a part is expected to take
NORMS = frozenset({"par", "norm", "target", "standard", "nominal", "benchmark", "baseline",
                   "expected", "quota", "bogey"})  # fmt: skip
# steps from the norm and their shares: at it or one over mostly, two under or five over rarely
OFFSETS = np.array([-2, -1, 0, 1, 2, 3, 4, 5])
SHARES = np.array([0.004, 0.12, 0.36, 0.3, 0.14, 0.05, 0.02, 0.006])
_STEP_AT = 12  # a norm up to this steps by one; above, by an eighth of itself


def norm_columns(schema_table: Table, kind_of: dict[str, str]) -> list[str]:
    """The table's integer columns named as a norm (`par`, `target_count`, `standard_units`)."""
    out = []
    for column in schema_table.columns:
        words = set(normalise(column.name).split("_"))
        if words & NORMS and kind_of.get(column.name) == "int":
            out.append(column.name)
    return out


def _kinds(view: TableView, table: Table) -> dict[str, str]:
    return {c.name: resolve_type(view.schema, c.type).kind for c in table.columns}


def keep_columns(view: TableView) -> set[str]:
    """A part's norm, which its results read."""
    return set(norm_columns(view.table, _kinds(view, view.table)))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    results = [c for c, s in view.specs.items()
               if s.kind == "int" and not s.nullable and free(view, c)]  # fmt: skip
    if len(results) != 1:
        return []
    for path in paths_of(view):
        part = view.schema.tables.get(path.parent)
        if path.via is not None or part is None or "," in path.fk:
            continue
        whole = per_part(view.schema, view.table, path.parent)
        if whole is None or per_part(view.schema, view.table, whole) != path.parent:
            continue
        norms = norm_columns(part, _kinds(view, part))
        if len(norms) != 1:
            continue
        detail = f"near its {path.parent.rsplit('.', 1)[-1]}'s {norms[0]}"
        return [Rule("near_norm", [results[0]], detail,
                     {"fk": path.fk, "parent": path.parent, "norm": norms[0]})]  # fmt: skip
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    got = source_values(view, Path(rule.data["fk"], rule.data["parent"]), rule.data["norm"], batch)
    if col is None or got is None:
        return
    norm = np.asarray(got[0], dtype=float)
    rows = ~got[1] & ~col.nulls & (norm > 0)
    rng = row_rng(view, rule, idx)
    step = np.where(norm > _STEP_AT, np.round(norm / 8), 1.0)
    value = norm + step * rng.choice(OFFSETS, size=norm.size, p=SHARES / SHARES.sum())
    values = np.asarray(col.values)
    values[rows] = np.maximum(value[rows], 1).astype(values.dtype)


RULE = RowRule(
    "near_norm",
    "a part's result lies near the part's norm (a hole's score near its par)",
    _plan,
    _apply,
    phases={"near_norm": Phase.ROW},
    after=("day_hours",),
    before=("strength",),
)
