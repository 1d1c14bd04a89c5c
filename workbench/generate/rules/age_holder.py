"""A person holds only terms their age fits, once the terms are final: a row naming a person
(a table of people with a date of birth) and terms that state an age range (a pass's product
with its `min_age`/`max_age`, a ticket's tariff, a course's age range: rules/age_fit.py
reads them) whose terms the row's other keys decide (a pass's product is its order line's:
rules/every_path.py picked it after age_fit picked terms for the person) names a person the
terms fit: a row whose person is outside the terms' ages (by the run's clock, on any day of
the history: age_fit.fits) picks again among the people they fit, at random. Where nobody is
that age yet (customers drawn as adults, a child's pass), the rows of one age range pick
among people no other row of the batch names, each then held by that range alone, and
load/age_load.py moves their dates of birth into it; a row none fits keeps its own.

Runs after the keys that meet along every path, so the terms it reads are the row's last;
the person's key only moves where it is drawn freely and no other key meets it nor agrees
with it along another path (a session's game master is of its room's venue: staff are no
holders of the room's ages). Any schema: the columns are found by their generators and
their names' words, no table is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.age_fit import fits, people_ages, person_of, term_bounds
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.every_path import agreeing_keys
from workbench.generate.rules.meets import generator_meets

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


def _apply(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    if not idx.size:
        return
    found = person_of(view)
    if found is None:
        return
    person = found[0]
    met = {id(hop) for _, hop, _ in generator_meets(view)}
    if id(person) in met or person.mode != "normal" or not view.drawn_freely(person):
        return
    if view.numbered(person) or person.fk.columns[0] in agreeing_keys(view):
        return  # a person other keys decide (a game master of the room's venue) stays
    for unit in view.units:
        if unit is person or len(unit.fk.columns) != 1:
            continue
        bounds = term_bounds(view, unit)
        if bounds is not None:
            _repick(view, links, batch, found, unit, bounds)


def _repick(
    view: TableView,
    links: Links,
    batch: Batch,
    person: tuple[FKUnit, str],
    unit: FKUnit,
    bounds: tuple[np.ndarray, np.ndarray],
) -> None:
    """Each row whose person the terms do not fit picks again among the people they fit."""
    who, birth = person
    fk = who.fk.columns[0]
    rows, nulls = view.parent_rows(fk)
    terms, no_terms = view.parent_rows(unit.fk.columns[0])
    aged = people_ages(view, who, birth)
    source, valid = view.parent_keys(who)
    if rows is None or terms is None or aged is None or valid.size == 0:
        return
    lows, highs = bounds
    age, known = aged
    years = np.floor(np.where(known, age, 0.0)).astype(np.int64)
    todo = np.flatnonzero(~nulls & ~no_terms & known[rows])
    wrong = todo[~fits(lows[terms[todo]], highs[terms[todo]], years[rows[todo]])]
    if not wrong.size:
        return
    rng = view.rng("age_holder:" + fk, int(view.current_rows()[0]))
    candidates = valid[known[valid]]
    taken = np.zeros(known.size, bool)  # people the batch's other rows name as they are
    taken[rows[np.setdiff1d(np.flatnonzero(~nulls), wrong)]] = True
    picked = rows.copy()
    bands = np.stack([lows[terms[wrong]], highs[terms[wrong]]], axis=1)
    for lo, hi in np.unique(bands, axis=0).tolist():
        where = wrong[(bands[:, 0] == lo) & (bands[:, 1] == hi)]
        fit = candidates[fits(lo, hi, years[candidates])]
        if not fit.size:  # nobody that age yet: people of no other row, born to fit later
            fit = candidates[~taken[candidates]]
        if fit.size:
            picked[where] = fit[rng.integers(0, fit.size, where.size)]
            taken[picked[where]] = True
    changed = wrong[picked[wrong] != rows[wrong]]
    if not changed.size:
        return
    links.repicked(fk, picked, nulls)
    for child_col, parent_col in who.ref_map.items():
        batch[child_col].values[changed] = source[parent_col].values[picked[changed]]


RULE = LinkRule(
    "people the terms fit",
    "a row's person is one whose age its terms (a product, a tariff) fit",
    Stage.KEYS,
    _apply,
    after=("keys that meet along every path",),
    before=("valid when used",),
)
