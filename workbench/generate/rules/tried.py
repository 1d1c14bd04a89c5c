"""A parent's status is what its children's outcomes made it: a fault ticket repaired or
closed had repair attempts and the last one succeeded; one still open had none (or only failed
ones); a visit completed had its lines, all done; one scheduled has none done yet.

The children: a NOT NULL key, not unique alone, to a parent with a lifecycle status
(kinds/occurrence.lifecycle_status) whose labels split into waiting ones, those under way
(vocab/outcomes.UNDER_WAY: in progress) and done ones (ranked past those under way by
rules/status.lifecycle, or done by their word where none is under way: resolved, closed), and
an outcome of the row's own (a column named as a status or a verdict, `result`, `outcome`,
whose labels hold a done one, success or done, beside others that are not: failed, pending).
Tries (the table's or its number's words: an attempt, a retry, a repair; a visit that ends
in an outcome, not one with a status of its own) end in their last one: under a done parent
the last try per parent succeeded and the ones before it failed (numbered tries are this
rule's even where rules/parent_reach.py labels the children by how far their parent got: that
says only where the last one ended); lines (anything else) are all done under a done parent,
and so are tries without a number (their order is their times', placed by the rules after
this one). Under a parent waiting or failed no child succeeded (a try failed, a line is
still pending, or skipped under a failed parent: a cancelled visit's); under one under way no
try did, and its lines keep their own.

Which rule owns a child's outcome: children that contest their parent (an objection to an
assessment, an appeal of a fine, a dispute of a charge: rules/challenged.contests) give a
verdict on it, not a step towards its end (a settled assessment had no objection it needed,
an upheld one annuls it), so they are rules/challenged.py's alone, and neither part below
reads them. Attempts at the parent's goal (a repair of a fault, an interview of an
application) are this rule's; where the parent's status also names them (`interviewing`) the
challenged rule, after this one, only sets the latest child open under that label and closes
the others left open, which agrees with what this rule gave (no child done under a waiting
parent, a done parent's tries ended).

Two parts: the link rule (`covered`) makes the rows reference parents that got under way or
done, and while the rows last every done parent has one (a closed ticket had a repair); the
row rule (`tried`) gives each child the outcome its parent's status asks for, per parent in
the order of the rows' line number (else their order in the batch). Per batch: a parent's
children in another batch are not seen. Read from the schema (names and labels), no table
named here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.history import is_history_label
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import LinkRule, RowRule, Rule, Stage, free, labels_of, row_rng
from workbench.generate.rules.challenged import contests
from workbench.generate.rules.happened import Status, status_of
from workbench.generate.rules.status import lifecycle
from workbench.generate.vocab.outcomes import (
    STATUS_WORDS,
    UNDER_WAY,
    VERDICT_WORDS,
    called_off,
    lifecycle_meanings,
    meaning,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

# words of a table or a number that counts tries: the last one decides
TRY_WORDS = frozenset({"attempt", "attempts", "try", "tries", "retry", "retries", "repair",
                       "repairs", "fix", "fixes", "callout", "callouts"})  # fmt: skip
# words of rows that are tries where they end in an outcome (a job's visits until one
# completed it), not where they have a status of their own (an installation's maintenance
# visits, scheduled then completed: services of a thing done, after it)
VISIT_WORDS = frozenset({"visit", "visits"})
_OUTCOME_WORDS = STATUS_WORDS | VERDICT_WORDS
# the rules before this one by which a child's own status follows its parent's another way
FOLLOWERS = frozenset({"event_status", "record_status", "parent_reach", "stage_number"})
# a try's happy ends that no lifecycle reads as done (a callout's `fixed` outcome is one of
# several, not the end of the callout's life): done here, as the last try's
MENDED = frozenset({"fixed", "repaired", "mended", "swapped", "replaced", "restored"})


def _done(label: str) -> bool:
    """A label of a thing done: by its word (vocab/outcomes.meaning), or a mend (MENDED)."""
    return meaning(label) == "done" or normalise(label).split("_")[-1] in MENDED


@dataclass(frozen=True)
class Parent:
    """A parent's labels by what they say of its children: waiting (none done yet), going
    (under way), done (every child done, the last try succeeded), failed (none done)."""

    waiting: tuple[str, ...]
    going: tuple[str, ...]
    done: tuple[str, ...]
    failed: tuple[str, ...]


def parent_stages(labels: list[str]) -> Parent | None:
    """The lifecycle's labels as a parent of tried children; None without both a done label
    and one waiting or under way."""
    meanings = lifecycle_meanings(labels) or {}
    if "steady" in meanings.values():
        return None  # a state a thing lives in (a plan active): its visits are done meanwhile
    rank = lifecycle(labels)
    failed = [lb for lb in labels if meanings.get(lb) == "failed" or called_off(lb)]
    rest = [lb for lb in labels if lb not in failed]
    going = [lb for lb in rest if normalise(lb) in UNDER_WAY]
    if going:
        last = max(rank[lb] for lb in going)
        first = min(rank[lb] for lb in going)
        done = [lb for lb in rest if rank[lb] > last]
        waiting = [lb for lb in rest if rank[lb] < first]
    else:
        done = [lb for lb in rest if _done(lb) or meanings.get(lb) == "done"]
        if not done:
            return None
        first = min(rank[lb] for lb in done)
        waiting = [lb for lb in rest if rank[lb] < first]
    if not done or not (waiting or going):
        return None
    return Parent(tuple(waiting), tuple(going), tuple(done), tuple(failed))


@dataclass(frozen=True)
class Tried:
    """The child's key `fk` to `parent` (status `p_status`), its outcome `column` and that
    column's labels: `success`, `failure` (a try that failed, a line skipped), `pending` (not
    decided yet); `number`: its line number; `tries`: the last one decides."""

    fk: str
    parent: str
    p_status: str
    stages: Parent
    column: str
    success: tuple[str, ...]
    failure: tuple[str, ...]
    pending: tuple[str, ...]
    number: str | None
    tries: bool


def _outcome(view: TableView) -> tuple[str, list[str], list[str], list[str]] | None:
    """The row's own outcome column and its labels (success, failure, pending)."""
    for name, spec in view.specs.items():
        if name in view.fk_cols or normalise(name).split("_")[-1] not in _OUTCOME_WORDS:
            continue
        labels = labels_of(spec)
        read = {lb: "done" if _done(lb) else meaning(lb) for lb in labels}
        success = [lb for lb in labels if read[lb] == "done"]
        failure = [lb for lb in labels if read[lb] == "failed"]
        pending = [lb for lb in labels if read[lb] not in ("done", "failed")]
        if success and (failure or pending):
            return name, success, failure, pending
    return None


def tried_of(view: TableView) -> Tried | None:
    """The row's key to a parent whose status its outcome decides, else None."""
    if contests(view.table):
        return None  # a verdict on its parent (an objection upheld annuls): rules/challenged.py
    own = _outcome(view)
    if own is None:
        return None
    column, success, failure, pending = own
    unique = unique_sets(view.table)
    for unit in view.units:
        if len(unit.fk.columns) != 1 or unit.nullable or unit.parent == view.tp.name:
            continue
        fk = unit.fk.columns[0]
        parent = view.schema.tables.get(unit.parent)
        if parent is None or [fk] in unique:
            continue
        found = lifecycle_status(view.schema, parent)
        stages = parent_stages(found[1]) if found is not None else None
        if found is None or stages is None:
            continue
        number = next(
            (c for c in view.specs if c != fk and sorted([fk, c]) in map(sorted, unique)
             and is_line_number(c, view.table.name)),
            None,
        )  # fmt: skip
        words = set(normalise(view.table.name).split("_"))
        if number is not None:
            words |= set(normalise(number).split("_"))
        verdict = normalise(column).split("_")[-1] in VERDICT_WORDS
        tries = bool(words & TRY_WORDS or (verdict and words & VISIT_WORDS))
        if number is None and not tries:
            continue  # many rows of one parent, not its steps (a sailing's bookings)
        return Tried(fk, unit.parent, found[0], stages, column, tuple(success), tuple(failure),
                     tuple(pending), number, tries)  # fmt: skip
    return None


@dataclass(frozen=True)
class DoneTries:
    """Tries (`tried`) under a `parent` whose lifecycle status (`found`) they end in: the
    parent's `stamps` (rank, column) from its first done stage on, earliest first."""

    tried: Tried
    parent: Table
    found: Status
    stamps: list[tuple[float, str]]


def done_tries(view: TableView, planned: Sequence[Rule]) -> DoneTries | None:
    """The table's tries and their parent's done stamps where `tried` is planned on it (the
    rules that time a done parent by its tries read them); None where it is not, where the
    rows are no tries (lines of a done thing may come after it) or the parent has no done
    stamp."""
    if not any(r.kind == "tried" for r in planned):
        return None
    tried = tried_of(view)
    parent = view.schema.tables.get(tried.parent) if tried is not None else None
    found = status_of(view.schema, parent) if parent is not None else None
    if tried is None or not tried.tries or parent is None or found is None:
        return None
    rank = lifecycle(list(found.labels))
    first = min(rank[lb] for lb in tried.stages.done)
    stamps = sorted((at, c) for c, at in found.stamps if at >= first - 1e-9)
    return DoneTries(tried, parent, found, stamps) if stamps else None


@dataclass
class _Cover:
    """Per table (scratch): the planned shape, and the done parents in the order covered."""

    planned: bool = False
    tried: Tried | None = None
    order: np.ndarray | None = None
    fit: np.ndarray | None = field(default=None)


def _parent_labels(view: TableView, tried: Tried) -> np.ndarray | None:
    held = view.keys.tables.get(tried.parent, {}).get(tried.p_status)
    if held is None:
        return None
    names, pos = label_codes(held)
    text: np.ndarray = np.asarray([*names, None], dtype=object)
    return text[np.where(held.nulls, len(names), pos)] if pos.size else text[:0]


def done_parents(view: TableView, fk: str) -> np.ndarray | None:
    """Over the parent rows of the key `fk`: those whose status says their tries or lines
    were done (each holds a row, however short its window: rules/sequence_parents.py); None
    where the table's rows are no such children."""
    state = view.scratch.get(_Cover)
    if not any(r.kind == "tried" for r in view.rules):
        return None
    tried = state.tried if state.planned else tried_of(view)
    if tried is None or tried.fk != fk:
        return None
    labels = _parent_labels(view, tried)
    return None if labels is None else np.isin(labels, list(tried.stages.done))


def _covered(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Rows reference parents under way or done, every done parent one while the rows last
    (the table's first rows take them once each, in an order drawn once)."""
    state = view.scratch.get(_Cover)
    if not state.planned:
        state.planned = True
        state.tried = tried_of(view)
    tried = state.tried
    if tried is None or not idx.size or not any(r.kind == "tried" for r in view.rules):
        return
    unit = view.fk_cols.get(tried.fk)
    rows, nulls = view.parent_rows(tried.fk)
    if unit is None or rows is None or not view.drawn_freely(unit):
        return
    source, valid = view.parent_keys(unit)
    if state.order is None:
        labels = _parent_labels(view, tried)
        if labels is None:
            return
        done = np.isin(labels, list(tried.stages.done))
        state.fit = done | np.isin(labels, list(tried.stages.going))
        rng = view.rng(f"tried-cover:{tried.fk}", 0)
        state.order = rng.permutation(valid[done[valid]])
    fit, order = state.fit, state.order
    assert fit is not None
    fits = valid[fit[valid]]
    if not fits.size:
        return
    picked = rows
    rows = rows.copy()
    first = idx < order.size
    rows[first] = order[idx[first]]
    wrong = ~first & ~fit[rows]
    if wrong.any():
        rng = view.rng(f"tried:{tried.fk}", int(idx[0]))
        rows[wrong] = fits[rng.integers(0, fits.size, int(wrong.sum()))]
    if not np.array_equal(rows, picked):
        links.assign(batch, unit, rows, idx.size, nulls, source)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    tried = tried_of(view)
    if tried is None or not free(view, tried.column):
        return []
    # its parent's status already leads it (a booking of an event's); but how far a done
    # parent got says only where its last try ended: the tries before it did not finish
    leaders = FOLLOWERS - ({"parent_reach"} if tried.tries and tried.number else set())
    if any(tried.column in r.columns and r.kind in leaders for r in planned):
        return []
    if is_history_label(view.schema, view.table, tried.column):
        return []  # the steps of its parent's way, not an outcome (rules/steps.py)
    what = "the last try succeeded" if tried.tries else "every line done"
    detail = f"{tried.column} as {tried.parent}.{tried.p_status} says: done parents, {what}"
    return [Rule("tried", [tried.column], detail, {"tried": tried})]


def _last(parents: np.ndarray, order_key: np.ndarray) -> np.ndarray:
    """Which rows are the last of their parent's in the batch, by `order_key`."""
    order = np.lexsort((order_key, parents))
    last = np.zeros(parents.size, bool)
    if order.size:
        p = parents[order]
        ends = np.r_[p[1:] != p[:-1], True]
        last[order[ends]] = True
    return last


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    tried: Tried = rule.data["tried"]
    col = batch.get(tried.column)
    rows, nulls = view.parent_rows(tried.fk)
    labels = _parent_labels(view, tried)
    if col is None or rows is None or labels is None or not rows.size:
        return
    of = np.where(nulls, None, labels[rows])
    rng = row_rng(view, rule, idx)
    done = np.isin(of, list(tried.stages.done))
    failed = np.isin(of, list(tried.stages.failed))
    # a parent under way has tries that failed so far, and lines some of which are done
    short = np.isin(of, list(tried.stages.waiting + (tried.stages.going if tried.tries else ())))
    number = batch.get(tried.number or "")
    key = np.arange(rows.size, dtype=np.float64)
    if number is not None:
        key = np.where(number.nulls, key, np.asarray(number.values, dtype=np.float64))
    last = _last(np.where(nulls, -1, rows), key)
    undone = list(tried.failure or tried.pending)
    not_yet = undone if tried.tries else list(tried.pending or tried.failure)
    # tries without a number are ordered by times the rules after this one place: under a
    # done parent each of them succeeded (a fix, then a check that it held), so the last did
    ordered = tried.tries and tried.number is not None
    moves = [(done & last if ordered else done, list(tried.success))]
    if ordered:
        moves.append((done & ~last, undone))
    moves += [(short, not_yet), (failed, undone)]
    for hit, choices in moves:
        # an outcome not known yet (NULL) is known under a done parent: its tries ended
        known = ~col.nulls | (done if choices == list(tried.success) else False)
        at = np.flatnonzero(hit & known)
        if not at.size or not choices:
            continue
        picked = np.asarray(choices, dtype=object)[rng.integers(0, len(choices), at.size)]
        for label in choices:
            col.values[at[picked == label]] = typed_label(col, label)
        col.nulls[at] = False


COVER = LinkRule(
    "parents of tries",
    "children whose outcome decides their parent's status reference parents under way or "
    "done, every done parent one",
    Stage.KEYS,
    _covered,
    after=("scopes with the lines' things",),
    before=("keys that meet",),
)
RULE = RowRule(
    "tried",
    "a child's outcome follows its parent's status (a done parent's last try succeeded, its "
    "lines done; a waiting parent's none done)",
    _plan,
    _apply,
    after=("parent_reach",),
    before=("stage_number",),
)
