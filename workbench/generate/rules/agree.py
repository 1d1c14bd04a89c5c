"""A row in a state it lives in needs its parent in that state: a row whose lifecycle status
holds a steady label (vocab/outcomes.STEADY: active, live, enabled) that its parent's status
also has (a line `active` on a SIM that can be `active`, a seat `active` in a licence that can
be `active`) lives on a parent in that state: such rows take, through the same foreign key, a
parent holding the label (one free of the batch's other rows where there are enough: a SIM
serves one line), and one without a parent where the key may be NULL gets one. A row in
another state keeps the parent it drew (a terminated line's SIM may be retired), unless it
began (steady or done: an agreement active or ended) under a parent with a life of its own
(a steady label: active) that is still ahead (a facility planned, not open yet): it takes a
parent no longer ahead; one that began without a parent keeps none (a job done under no
contract: the keys along every path may have left it NULL).

Only a key drawn freely (not a key, a children law, a line number, nor one that meets another
of the row's keys at a grandparent) and only parents whose status the table keeps (this
module's `keep_columns`). A key another key was picked to meet (an agreement's facility, its
unit picked among the facility's units) may move: the keys that meet it then pick again among
its new parent's rows (fk_meet.keep_meets, as site_meet.py does). A key that reaches a table
another key of the row reaches too (kinds/every_path.py) takes a parent reaching the same
rows as its pick did (a line's SIM of its plan's operator stays one of that operator's), and
one whose own parent is that table keeps it, unless keys meet it. Read from the schema: both
tables' status labels; no table is named here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.tables import referencing
from workbench.generate.kinds.every_path import shared_ends
from workbench.generate.kinds.meets import Way
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.fk_meet import keep_meets
from workbench.generate.rules.meets import generator_meets, reach_along
from workbench.generate.rules.partitions import drawn_freely
from workbench.generate.vocab.outcomes import lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_BEGUN = ("steady", "done")  # a row's meanings once it began (active, ended)


@dataclass(frozen=True)
class Shared:
    """The child's status column and the parent's; the steady labels both hold; the child's
    labels of a row that began (steady or done) and the parent's of one still ahead."""

    status: str
    parent_status: str
    steady: list[str]
    begun: list[str]
    ahead: list[str]


def shared_states(schema: Schema, child: Table, parent: Table) -> Shared | None:
    """What the child's and the parent's statuses share (`Shared`), or None."""
    mine, theirs = lifecycle_status(schema, child), lifecycle_status(schema, parent)
    if mine is None or theirs is None:
        return None
    meanings = lifecycle_meanings(mine[1]) or {}
    steady = [lb for lb in mine[1] if meanings.get(lb) == "steady" and lb in theirs[1]]
    parents = lifecycle_meanings(theirs[1]) or {}
    # a parent with a life of its own (planned, active, closed: a facility, a club), not an
    # event or a document still to come (a sailing scheduled, a draft invoice)
    lives = "steady" in parents.values()
    ahead = [lb for lb in theirs[1] if parents.get(lb) == "ahead"] if lives else []
    begun = [lb for lb in mine[1] if meanings.get(lb) in _BEGUN] if ahead else []
    if not steady and not (begun and len(ahead) < len(theirs[1])):
        return None
    return Shared(mine[0], theirs[0], steady, begun, ahead)


def keep_columns(view: TableView) -> set[str]:
    """The status a child's steady rows agree with (kept with this table's keys)."""
    out: set[str] = set()
    for table in referencing(view.schema, view.table.qualified):
        if table is view.table:
            continue
        found = shared_states(view.schema, table, view.table)
        if found is not None:
            out.add(found.parent_status)
    return out


def agree_states(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    meets = generator_meets(view)
    hops = {id(hop) for _, hop, _ in meets}
    directs = {id(direct): meet.direct for meet, _, direct in meets}
    moved: set[str] = set()
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.mode != "normal" or parent is view.table or id(unit) in hops:
            continue
        found = shared_states(view.schema, view.table, parent)
        if found is None or found.status not in batch or not drawn_freely(view, unit, batch):
            continue
        status = found.status
        stored = view.keys.tables.get(unit.parent, {}).get(found.parent_status)
        fk = ",".join(unit.fk.columns)
        rows, nulls = view.parent_rows(fk)
        reached = reached_codes(view, unit)
        if reached is None and stored is not None and id(unit) in directs:
            # the keys that meet it pick again once it moved (keep_meets): any parent fits
            reached = np.zeros(len(stored.values), np.int64)
        if stored is None or rows is None or reached is None:
            continue
        source, valid = view.parent_keys(unit)
        theirs = np.asarray(stored.values).astype(str)
        mine = np.asarray(batch[status].values).astype(str)
        rows, nulls = rows.copy(), nulls.copy()
        changed = False
        held = np.where(nulls, 0, rows)
        # (the child's labels, the parent's labels that fit them, a name for the draw)
        asks = [([lb], [lb], lb) for lb in found.steady]
        if found.begun:  # a row that began lives on a parent that is no longer ahead
            opened = [lb for lb in np.unique(theirs[valid]).tolist() if lb not in found.ahead]
            asks.append((found.begun, opened, ":begun"))
        for labels, fits, name in asks:
            fit = valid[np.isin(theirs[valid], fits) & ~stored.nulls[valid]]
            want = np.isin(mine, labels) & ~batch[status].nulls
            # a row that began without a parent (a job done under no contract) keeps none
            lacking = nulls if name != ":begun" else np.zeros_like(nulls)
            wrong = np.flatnonzero(want & (lacking | (~nulls & ~np.isin(theirs[held], fits))))
            if fit.size == 0 or wrong.size == 0:
                continue
            rng = view.rng(f"agree:{fk}:{name}", int(idx[0]) if idx.size else 0)
            asked = np.where(nulls[wrong], -1, reached[np.where(nulls, 0, rows)[wrong]])
            for code in np.unique(asked).tolist():
                pool = fit if code < 0 else fit[reached[fit] == code]
                if pool.size:  # else the rows keep their pick (the meets stand)
                    at = wrong[asked == code]
                    rows[at] = _spread(rng, pool, rows, nulls, at)
                    nulls[at] = False
            held = np.where(nulls, 0, rows)
            changed = True
        if changed:
            links.assign(batch, unit, rows, idx.size, nulls, source)
            if id(unit) in directs:
                moved.add(directs[id(unit)])
    if moved:  # the keys that meet a moved key pick again among its rows, leaving it there
        keep_meets(view, links, batch, idx, frozenset(moved))


def reached_codes(view: TableView, unit: FKUnit) -> np.ndarray | None:
    """One code per parent row for the rows it reaches along the key's ways to tables another
    key of the row reaches too (kinds/every_path.py; -1 where one is missing), or None where
    the key's own parent is such a table or a way is not kept."""
    ways: list[Way] = []
    for s in shared_ends(view.schema, view.table):
        for column, way in ((s.a, s.way_a), (s.b, s.way_b)):
            if [column] != unit.fk.columns:
                continue
            if not way or any(c not in view.keys.tables.get(t, {}) for t, c in way):
                return None
            ways.append(way)
    stored = view.keys.tables.get(unit.parent, {})
    if not stored:
        return None
    code = np.zeros(len(next(iter(stored.values())).values), np.int64)
    for way in ways:
        values, missing = reach_along(view, way)
        _, inverse = np.unique(np.asarray(values).astype(str), return_inverse=True)
        inverse = inverse.reshape(-1).astype(np.int64)
        code = np.where(
            (code < 0) | missing, -1, code * (int(inverse.max(initial=0)) + 1) + inverse
        )
        known = code >= 0  # kept small: one code per distinct set of rows reached
        code[known] = np.unique(code[known], return_inverse=True)[1].reshape(-1)
    return code


def _spread(
    rng: np.random.Generator,
    fit: np.ndarray,
    rows: np.ndarray,
    nulls: np.ndarray,
    wrong: np.ndarray,
) -> np.ndarray:
    """Fit parents for the `wrong` rows, each once where enough are free of the batch's other
    rows (a SIM serves one line, a fob one membership), else evenly among them all."""
    others = np.ones(rows.size, bool)
    others[wrong] = False
    free_fit = fit[~np.isin(fit, rows[others & ~nulls])]
    if free_fit.size >= wrong.size:
        return rng.choice(free_fit, wrong.size, replace=False)
    return fit[rng.integers(0, fit.size, wrong.size)]


RULE = LinkRule(
    "states agree",
    "a row in a steady state (active) lives on a parent in that state",
    Stage.ROWS,
    agree_states,
    after=("parents that happened",),
    before=("in force throughout",),
)
