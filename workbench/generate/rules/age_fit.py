"""A person joins terms whose ages fit them: a row that names a person (a table of people with
a date of birth) and the terms it is on that state an age range (a membership's plan with its
`min_age` and `max_age`, a ticket's tariff, a course's age range: a minimum age the age limit
generator fills, and beside it a highest age, rules/age_limit.upper_column) names terms whose
range holds the person's age: a junior plan for a child, a full one for an adult.

Per batch, once the keys are filled: each person's age by the run's clock, read from their
drawn date of birth (kept with their keys); a row whose terms do not fit it (the youngest
age above the person's age a few years back, the highest below their age now: the row's own
day is not drawn yet, and lies within the history) picks again among the terms that do, at
random; a row no terms fit keeps its own. Where the dates are drawn, load/age_load.py moves a
date of birth that still misses its terms on the day into them: with the terms picked to
fit, the ranges of a person's rows overlap and that move finds an age for all. A key another
key meets (rules/meets.py) keeps its parent. Any schema: the columns are found by their
generators and their names' words, no table is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.rules.age_limit import limit_column, upper_column
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.cover import birth_columns
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.times import as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView

YEAR_US = 365.25 * 86_400 * 1_000_000
# the youngest age is met this many years before the clock: a row's day lies in the history
LOOKBACK_YEARS = 4


def keep_columns(view: TableView) -> set[str]:
    """Terms' lowest and highest age, kept for the rows that pick them."""
    low = limit_column(view, view.table)
    return {low, upper_column(view.table)} - {""} if low else set()


def people_ages(view: TableView, unit: FKUnit, birth: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Each person's (the unit's parent rows') age in years by the run's clock, and where it
    is known."""
    held = view.keys.tables.get(unit.parent, {}).get(birth)
    if held is None:
        return None
    now = float(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    return (now - as_us(held).astype(np.int64)) / YEAR_US, ~held.nulls


def fits(
    lows: np.ndarray | float, highs: np.ndarray | float, years: np.ndarray | int
) -> np.ndarray:
    """Whether a person this many whole years old by the clock is within the terms' ages on
    any day of the history (LOOKBACK_YEARS back)."""
    return np.asarray((lows <= years - LOOKBACK_YEARS) & (highs >= years), bool)


def _ages(view: TableView, unit: FKUnit, birth: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Each batch row's person's age in years by the run's clock, and where it is known."""
    rows, missing = view.parent_rows(",".join(unit.fk.columns))
    people = people_ages(view, unit, birth)
    if rows is None or people is None:
        return None
    return people[0][rows], ~missing & people[1][rows]


def term_bounds(view: TableView, unit: FKUnit) -> tuple[np.ndarray, np.ndarray] | None:
    """Each terms row's lowest and highest age (inf where none)."""
    table = view.schema.tables.get(unit.parent)
    low = limit_column(view, table) if table is not None else None
    if table is None or low is None:
        return None
    stored = view.keys.tables.get(unit.parent, {})
    if low not in stored:
        return None

    def ages(col: Col, default: float) -> np.ndarray:
        values = np.asarray(col.values, dtype=float)
        return np.where(col.nulls, default, values)

    lows = ages(stored[low], 0.0)
    high = upper_column(table)
    highs = ages(stored[high], np.inf) if high in stored else np.full(lows.size, np.inf)
    return lows, highs


def person_of(view: TableView) -> tuple[FKUnit, str] | None:
    """The row's first single-column key to a table of people with a date of birth, and that
    date's column."""
    people = [
        (unit, births[0])
        for unit in view.units
        if len(unit.fk.columns) == 1
        and unit.parent != view.tp.name
        and (table := view.schema.tables.get(unit.parent)) is not None
        and (births := birth_columns(view, table))
    ]
    return people[0] if people else None


def _apply(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    if not idx.size:
        return
    met = {id(hop) for _, hop, _ in generator_meets(view)}
    found = person_of(view)
    if found is None:
        return
    person, birth = found
    for unit in view.units:
        if unit is person or len(unit.fk.columns) != 1 or id(unit) in met:
            continue
        if unit.mode != "normal" or not view.drawn_freely(unit) or view.numbered(unit):
            continue
        bounds = term_bounds(view, unit)
        aged = _ages(view, person, birth)
        if bounds is not None and aged is not None:
            _repick(view, links, batch, unit, bounds, aged)


def _repick(
    view: TableView,
    links: Links,
    batch: Batch,
    unit: FKUnit,
    bounds: tuple[np.ndarray, np.ndarray],
    aged: tuple[np.ndarray, np.ndarray],
) -> None:
    fk = unit.fk.columns[0]
    rows, nulls = view.parent_rows(fk)
    if rows is None:
        return
    lows, highs = bounds
    age, known = aged
    source, valid = view.parent_keys(unit)
    if valid.size == 0:
        return

    whole = np.floor(np.where(known, age, 0.0)).astype(np.int64)
    todo = np.flatnonzero(known & ~nulls)
    wrong = todo[~fits(lows[rows[todo]], highs[rows[todo]], whole[todo])]
    if not wrong.size:
        return
    rng = view.rng("age_fit:" + fk, int(view.current_rows()[0]))
    picked = rows.copy()
    for years in np.unique(whole[wrong]).tolist():
        where = wrong[whole[wrong] == years]
        fit = valid[fits(lows[valid], highs[valid], years)]
        if fit.size:
            picked[where] = fit[rng.integers(0, fit.size, where.size)]
    changed = wrong[picked[wrong] != rows[wrong]]
    rows = picked
    if not changed.size:
        return
    links.repicked(fk, rows, nulls)
    for child_col, parent_col in unit.ref_map.items():
        batch[child_col].values[changed] = source[parent_col].values[rows[changed]]


RULE = LinkRule(
    "terms that fit the age",
    "a row names terms (a plan, a tariff) whose age range holds its person's age",
    Stage.KEYS,
    _apply,
    after=("headers of their lines' groups",),
    before=("partition parents",),
)
