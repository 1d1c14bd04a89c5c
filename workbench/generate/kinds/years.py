"""Labels that spell years: a column whose CHECK pattern is a year, or a year and the next
(`^[0-9]{4}/[0-9]{2}$`: "2025/26"; `^[0-9]{4}-[0-9]{4}$`: "2025-2026"; `^[0-9]{4}$` where the
column's name says a year or a season). Its values are the years of the run's history up to
the current one (base/clock.HISTORY), so a key over it admits that many per owner
(plan/domains.py), and rules/year_periods.py lays each row's window on the years it names."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from workbench.generate.base.clock import HISTORY
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.checks.hints import column_hints
from workbench.schema import memo
from workbench.schema.model import Schema

_DIGITS = r"(?:\[0-9\]|\\d)"
# a year, then optionally a separator and the next year in two or four digits
YEAR_LABEL = re.compile(
    rf"^\^?{_DIGITS}\{{4\}}(?:(?P<sep>[^\[\\]{{1,3}}){_DIGITS}\{{(?P<to>[24])\}})?\$?$"
)
YEARS = int(HISTORY.astype(int)) // 366  # the current year and the ones before, in the history


def year_label(pattern: str, column: str) -> tuple[str, int] | None:
    """(separator, digits of the second year; 0 for a one-year label) that a column's CHECK
    pattern spells, else None (four digits alone only where the name says a year)."""
    found = YEAR_LABEL.match(pattern.strip())
    if found is None:
        return None
    to = int(found["to"] or 0)
    if not to and not {"year", "season"} & set(normalise(column).split("_")):
        return None
    return (found["sep"] or "").replace("\\", ""), to


def label_of(year: int, shape: tuple[str, int]) -> str:
    """The label of the year that starts in `year`."""
    sep, to = shape
    if not to:
        return str(year)
    nxt = (year + 1) % 100 if to == 2 else year + 1
    return f"{year}{sep}{nxt:0{to}d}"


def year_labels(pattern: str, column: str) -> list[str] | None:
    """The labels of the history's years, the latest first (None: not a year label)."""
    shape = year_label(pattern, column)
    if shape is None:
        return None
    this = datetime.now(UTC).year
    return [label_of(this - back, shape) for back in range(YEARS)]


@memo.by_identity
def calendar_owners(schema: Schema) -> set[str]:
    """Tables whose rows own a calendar of years: the parent a year label is unique with
    (`UNIQUE (school_id, label)`, the label a year's CHECK pattern)."""
    out: set[str] = set()
    for table in schema.tables.values():
        keys = {fk.columns[0]: fk for fk in table.foreign_keys if len(fk.columns) == 1}
        for unique in table.uniques:
            cols = list(unique.columns)
            if unique.predicate is not None or len(cols) != 2:
                continue
            for label, owner in (cols, cols[::-1]):
                column = table.column(label) if label is not None else None
                if column is None or owner not in keys:
                    continue
                regex = column_hints(schema, table, column).regex
                if regex and year_label(regex, label or ""):
                    out.add(partition_root(schema, keys[owner].ref_qualified))
    return out
