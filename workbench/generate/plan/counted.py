"""How many children each parent row has: the law drawn per parent row (`children_counts`),
and the parent that says how many parts it has.

A table of a parent's numbered parts (a key unique with its parent's: `UNIQUE (course_id,
hole_number)`, the holes of a course, the floors of a building, the questions of a test)
whose parent counts them (kinds/totals.py: `holes_count`, `number_of_questions`, set from the
rows once they are loaded) under a CHECK that bounds the count (`IN (9, 18)`, `BETWEEN 1 AND
40`) has as many rows per parent as that count may be: each parent row draws one of the
counts the CHECK allows (a course 9 or 18 holes), or a count of its law (plan/lines.py: a
document's lines) kept within the CHECK's bounds, and the counter then says what was drawn.
The parent's CHECK holds, the parts are numbered 1..n, and the fan-out is the one planned:
the rows of the table follow from its parents', as for any table of children, whatever
`--rows` says. Not where sandbox.toml or the statistics size the table."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from workbench.config.file import ChildrenSpec, Config
from workbench.errors import ConfigError
from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.tables import partition_root
from workbench.generate.checks.hints import column_hints
from workbench.generate.generators.pools import zipf_ranks
from workbench.generate.kinds.totals import table_rollups
from workbench.generate.plan import lines
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

MOST_PARTS = 500  # a count a CHECK allows beyond this is no number of parts to draw


@dataclass
class CountedSpec(ChildrenSpec):
    """Children per parent row as the parent's counter may hold them: one of `values` each
    (the counts its CHECK allows), else the law's min..max within the CHECK's bounds."""

    column: str = ""  # the parent's counter
    values: tuple[int, ...] = ()


def children_counts(spec: ChildrenSpec, n_parents: int, seed: int, table: str) -> np.ndarray:
    rng = np.random.default_rng([seed, stable_hash(table, "children")])
    if isinstance(spec, CountedSpec) and spec.values:
        return rng.choice(np.asarray(spec.values, np.int64), n_parents)
    if spec.distribution == "fixed":
        return np.full(n_parents, spec.count or 0, dtype=np.int64)
    if spec.distribution == "uniform":
        return rng.integers(spec.min, spec.max + 1, n_parents).astype(np.int64)
    # zipf: most parents have few children, a few have many, up to max
    return spec.min + zipf_ranks(rng, spec.max - spec.min + 1, n_parents, spec.skew)


def note(spec: ChildrenSpec) -> str:
    if not isinstance(spec, CountedSpec):
        return lines.note(spec)
    counts = (
        " or ".join(", ".join(map(str, spec.values)).rsplit(", ", 1))
        if spec.values
        else f"{spec.min}-{spec.max}"
    )
    return f"{counts} rows per {spec.parent} row: as many as its {spec.column} says"


def _numbered(table: Table, fk: tuple[str, ...]) -> bool:
    """Whether the rows are numbered per parent: a key of the parent's key and one more."""
    keys = [set(u.columns) for u in table.uniques]
    if table.primary_key is not None:
        keys.append(set(table.primary_key.columns))
    return any(len(k - set(fk)) == 1 and set(fk) < k for k in keys)


def _required(table: Table, columns: tuple[str, ...]) -> bool:
    return all(c is not None and not c.nullable for c in (table.column(n) for n in columns))


def _law(
    schema: Schema, parent: Table, column: str, base: ChildrenSpec | None
) -> ChildrenSpec | None:
    """The children law the parent's counter `column` allows, when its CHECK bounds it."""
    model = parent.column(column)
    if model is None or resolve_type(schema, model.type).kind != "int":
        return None
    hints = column_hints(schema, parent, model)
    allowed = sorted(
        {int(v) for v in hints.allowed or () if isinstance(v, int) and v not in hints.excluded}
    )
    if allowed and allowed[0] >= 0 and allowed[-1] <= MOST_PARTS:
        return CountedSpec(parent.qualified, "choice", min=allowed[0], max=allowed[-1],
                           column=column, values=tuple(allowed))  # fmt: skip
    if hints.allowed:
        return None
    lo = hints.lo + (0 if hints.lo_incl else 1) if isinstance(hints.lo, int) else None
    hi = hints.hi - (0 if hints.hi_incl else 1) if isinstance(hints.hi, int) else None
    if lo is None and hi is None:
        return None
    law = base or ChildrenSpec(parent.qualified, "zipf", min=1, max=lines.LINES_MAX,
                               skew=lines.LINES_SKEW)  # fmt: skip
    least = max(law.min, lo or 0)
    most = max(min(law.max, hi if hi is not None else law.max), least)
    if base is not None and (least, most) == (law.min, law.max):
        return None  # the law keeps within the CHECK already
    if base is None and (lo or 0) < 1:
        return None  # a fan-out drawn freely: no count the CHECK refuses but too many
    if most > MOST_PARTS:
        return None
    return CountedSpec(parent.qualified, law.distribution, law.count, least, most, law.skew,
                       column=column)  # fmt: skip


def counted_laws(
    schema: Schema,
    config: Config,
    names: list[str],
    shaped: set[str],
    laws: dict[str, ChildrenSpec],
) -> dict[str, ChildrenSpec]:
    """`laws` (table -> its children law, plan/lines.py) with the laws of the numbered parts
    whose parent's CHECK bounds how many it has, for the tables neither sandbox.toml (`rows`,
    `children`) nor the statistics (`shaped`) size."""
    out = dict(laws)
    for name in names:
        parent = schema.tables[name]
        try:
            rollups = table_rollups(schema, parent, config)
        except ConfigError:
            continue  # reported with its key when the table is generated
        for rollup in rollups:
            child = schema.tables.get(rollup.child)
            if rollup.kind != "count" or child is None or rollup.child not in names:
                continue
            section = config.table(rollup.child)
            if section.rows is not None or section.children is not None or rollup.child in shaped:
                continue
            base = laws.get(rollup.child)
            if base is not None and partition_root(schema, base.parent) != name:
                continue  # another parent's lines
            if not (_required(child, rollup.fk) and _numbered(child, rollup.fk)):
                continue
            law = _law(schema, parent, rollup.column, base)
            if law is not None:
                out[rollup.child] = law
    return out
