"""An offset inside its parent's span lies within it: a goal's `minute` within its match's
`duration_minutes`, a player's `minutes_played` up to it, a concert's `day_number` within its
tour's `days`, a lap's `lap_number` within its race's `laps`.

The parent's length is a number named as a count of a unit (UNITS: minutes, days, nights,
laps, rounds…) and otherwise only words of a length (LENGTH_WORDS: `duration_minutes`,
`length_min`, `days`, `num_laps`, `total_rounds`). The child's offset is a number named for
one such unit and otherwise only words of a place in it (OFFSET_WORDS: `minute`,
`day_number`, `lap_no`, `at_minute`); a unit's plural beside a word of time spent in it
(SPENT: `minutes_played`) is a share of the span, most often all of it. The child reaches
the parent by a key of one column; the parent keeps its length for it (keep_columns). An
offset falls on 1 to the parent's length; time spent is the whole of it on PLAYED_ALL of
the rows (a side's starters), else any part. A parent without a length, or a NULL one, leaves
the drawn value. Nothing here names a table: the words are the schema's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

# a unit and the words naming a count of it (a parent's length) or one of it (an offset)
UNITS = {
    "minute": ({"minutes", "mins", "min"}, {"minute", "min"}),
    "day": ({"days"}, {"day"}),
    "night": ({"nights"}, {"night"}),
    "week": ({"weeks"}, {"week"}),
    "lap": ({"laps"}, {"lap"}),
    "round": ({"rounds"}, {"round"}),
    "stage": ({"stages"}, {"stage"}),
    "leg": ({"legs"}, {"leg"}),
    "hole": ({"holes"}, {"hole"}),
    "inning": ({"innings"}, {"inning"}),
}
# the other words of a parent's length
LENGTH_WORDS = frozenset({"duration", "length", "total", "num", "number", "n", "no", "nb",
                          "of", "planned", "scheduled", "nominal", "count", "in"})  # fmt: skip
# the other words of an offset inside the span
OFFSET_WORDS = frozenset({"number", "no", "num", "nr", "index", "idx", "at", "of", "in", "seq",
                          "match", "game", "race", "trip", "tour"})  # fmt: skip
# words of time spent in the span (a player's `minutes_played`)
SPENT = frozenset({"played", "spent", "on", "field", "pitch", "elapsed"})
PLAYED_ALL = 0.65
_NUMBERS = ("int", "decimal", "float")


def _length_unit(name: str) -> str | None:
    words = normalise(name).split("_")
    for unit, (counts, _) in UNITS.items():
        if words[-1] in counts and set(words[:-1]) <= LENGTH_WORDS:
            return unit
    return None


def lengths(table: Table) -> dict[str, str]:
    """{unit: column} of the table's lengths of a unit (see the module)."""
    out: dict[str, str] = {}
    for column in table.columns:
        unit = _length_unit(column.name)
        if unit is not None and column.generated is None:
            out.setdefault(unit, column.name)
    return out


def _offset(name: str) -> tuple[str, bool] | None:
    """(unit, spent) of an offset column's name, else None."""
    words = normalise(name).split("_")
    for unit, (counts, ones) in UNITS.items():
        said = set(words)
        if said & ones and said - ones <= OFFSET_WORDS:
            return unit, False
        if said & counts and said & SPENT and said - counts <= SPENT | OFFSET_WORDS:
            return unit, True
    return None


def keep_columns(view: TableView) -> set[str]:
    """The lengths its children's offsets lie within."""
    return {c for c in lengths(view.table).values() if c in view.specs}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for rule in planned for c in rule.columns[:1]}
    out = []
    for name, spec in view.specs.items():
        found = _offset(name) if spec.kind in _NUMBERS else None
        if found is None or not free(view, name) or name in taken:
            continue
        unit, spent = found
        for fk in view.table.foreign_keys:
            if len(fk.columns) != 1 or fk.ref_qualified == view.table.qualified:
                continue
            parent = view.schema.tables.get(fk.ref_qualified)
            length = lengths(parent).get(unit) if parent is not None else None
            if parent is None or length is None:
                continue
            how = "up to, mostly all of" if spent else "1 to"
            detail = f"{name} {how} its {fk.ref_table}.{length}"
            data = {"fk": fk.columns[0], "parent": parent.qualified, "column": length,
                    "spent": spent}  # fmt: skip
            out.append(Rule("offset", [name], detail, data))
            break
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    col = batch.get(rule.columns[0])
    rows, nulls = view.parent_rows(d["fk"])
    stored = view.keys.tables.get(d["parent"], {}).get(d["column"])
    if col is None or rows is None or stored is None:
        return
    length = np.floor(np.asarray(stored.values[rows], dtype=np.float64))
    ok = ~nulls & ~stored.nulls[rows] & (length >= 1)
    rng = row_rng(view, rule, idx)
    n = length.size
    at = np.floor(1 + rng.random(n) * np.maximum(length, 1))  # 1..length
    if d["spent"]:
        at = np.where(rng.random(n) < PLAYED_ALL, length, at)
    at = np.minimum(at, length)
    put = np.flatnonzero(ok)
    col.values[put] = at[put].astype(col.values.dtype)


RULE = RowRule(
    "offset",
    "an offset inside its parent's span lies within it (a goal's minute within the match)",
    _plan,
    _apply,
    phases={"offset": Phase.FINAL},
    after=("misread",),  # reads the parent's length as generated, before any rule of the row
    before=("site_shares",),
)
