"""One at a time per parent: a thing held, rented or served by one row at a time (a supply
point's contracts, a flat's tenancies, a person's employments, a room's bookings, a plan's
subscriptions), read from weaker structure than a declared UNIQUE: an index whose leading
column is a required key to the parent and whose next column is the row's own window start
(`INDEX (unit_id, start_date)`) and a window of the row's own. Its end may be NULL (the
current contract is open-ended) or required (a booking of a room, a bay, a slot always has its
end: closed windows with gaps between them, none open). The index names the parent, so a row
with several required keys (a customer, a supply point, a tariff) is not guessed at: without
such an index nothing is laid out.

rules/sequence.py lays the rows end to start per parent (each starting on or after the
previous one ended), up to now; this module says which rows those are and settles what the
layout implies. Whether a row may end the day the next begins is what the schema states: a
date end its CHECK lets equal the start (`valid_to >= valid_from`) is the window's last day, so
the next row starts the day after; one the CHECK keeps after the start (`to_date > from_date`:
the morning of departure) is the day the next may begin. For an end that may be NULL, only a
parent's last row may stay open (its end NULL as its status drew it),
every earlier one has its end, and an earlier row whose status says it is still going on
(active, pending) takes the label that ends it (`ended`, whichever label the status rule sets
the end column for, else the lifecycle's happy end). A row that failed (cancelled, rejected)
keeps its label and its end as drawn; a row labelled as ended has its end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from sqlglot import exp

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.sqltree import column_name, strip
from workbench.generate.checks.hints import checks_for
from workbench.generate.kinds.windows import TIME_KINDS, period_of, window_of
from workbench.generate.rules.base import free
from workbench.generate.rules.latest_open import close_gaps, latest_in_force, reach_back
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.rotation import rotation_of
from workbench.generate.rules.status import canon, lifecycle
from workbench.generate.rules.times import time_stem
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView
    from workbench.schema.model import ForeignKey, Schema, Table


def timeline_of(schema: Schema, table: Table, config: Config) -> tuple[ForeignKey, str, str] | None:
    """(the key to the parent, the window's start, its end) when the table's rows are one at
    a time per parent: an index (fk, window start, …) on a required single-column key and a
    window of its own (not a period it accounts for)."""
    window = window_of(schema, table, config)
    if window is None or period_of(schema, table, config) is not None:
        return None
    if rotation_of(schema, table, config) is not None:
        return None  # a vehicle's trips between places: rules/rotation.py lays them
    start, end = table.column(window.start), table.column(window.end)
    if start is None or end is None:
        return None
    if any(resolve_type(schema, c.type).kind not in TIME_KINDS for c in (start, end)):
        return None
    for index in table.indexes:
        cols = index.columns
        if index.predicate is not None or len(cols) < 2 or cols[1] != window.start:
            continue
        fk = next((fk for fk in table.foreign_keys if fk.columns == [cols[0]]
                   and fk.ref_qualified != table.qualified), None)  # fmt: skip
        lead = table.column(cols[0] or "")
        if fk is None or lead is None or lead.nullable:
            continue
        if not end.nullable and _holds_others(schema, table, fk):
            continue  # a hotel's bookings: many at once, in its rooms one at a time
        return fk, window.start, window.end
    return None


def _holds_others(schema: Schema, table: Table, fk: ForeignKey, depth: int = 3) -> bool:
    """Whether the parent holds what the row's other keys name (a hotel its room types and
    rate plans): a container of many things at once, not a unit one row holds at a time (a
    room, a bay, a desk)."""
    seen: set[str] = set()
    mine = (table.qualified, fk.ref_qualified)
    level = {o.ref_qualified for o in table.foreign_keys if o.ref_qualified not in mine}
    for _ in range(depth):
        above: set[str] = set()
        for name in level - seen:
            seen.add(name)
            parent = schema.tables.get(name)
            for up in parent.foreign_keys if parent is not None else []:
                if up.ref_qualified == fk.ref_qualified:
                    return True
                if up.ref_qualified != name:
                    above.add(up.ref_qualified)
        level = above
    return False


def ends_inclusive(schema: Schema, table: Table, start: str, end: str) -> bool:
    """Whether the end is the window's last moment, so the next window starts after it: a
    CHECK that lets the end equal the start (`valid_to >= valid_from`: a one-day window ends
    on its first day), or no CHECK between the two; not when a CHECK keeps the end after the
    start (`to_date > from_date`: the end is when the next may begin)."""
    for _, tree in checks_for(schema, table):
        for node in tree.find_all(exp.GT, exp.LT):
            left, right = strip(node.this), strip(node.expression)
            if not isinstance(left, exp.Column) or not isinstance(right, exp.Column):
                continue
            later = column_name(left) if isinstance(node, exp.GT) else column_name(right)
            earlier = column_name(right) if isinstance(node, exp.GT) else column_name(left)
            if (later, earlier) == (end, start):
                return False
    return True


def cut(
    s_old: np.ndarray,
    e_old: np.ndarray,
    open_: np.ndarray,
    groups: tuple[np.ndarray, np.ndarray],
    cap: int,
    step: tuple[int, int] = (1, 0),
) -> tuple[np.ndarray, np.ndarray]:
    """The rows (in parent, start order) keep their starts, so whatever placed them (a
    tariff on sale, a parent in service) still holds; each ends by the time the next row of
    its parent starts (the old contract ends as the new one begins; `step` = (the time's
    unit, the gap an end inclusive leaves: a day for dates)), the last keeps its end (an open
    one a typical length, by `cap`: now, should its label say it ended). Rows of one parent
    starting together start a unit apart."""
    rank, size = groups
    unit, gap = step
    s_old = s_old.copy()
    apart = max(unit, gap + unit)
    later = np.flatnonzero(rank > 0)
    while later.size:  # as many passes as rows start together in a row: a few
        close = later[s_old[later] < s_old[later - 1] + apart]
        s_old[close] = s_old[close - 1] + apart
        later = close[close + 1 < s_old.size] + 1
        later = later[rank[later] > 0]
    known = ~open_ & (e_old >= s_old)
    typical = float(np.median((e_old - s_old)[known])) if known.any() else 0.0
    own = np.where(known, e_old, np.minimum(s_old + int(typical), max(cap, 0)))
    following = np.r_[s_old[1:], s_old[-1:]] - gap if s_old.size else s_old
    last = rank == size - 1
    e_new = np.where(last, own, np.minimum(own, following))
    return s_old, np.maximum(e_new, s_old)


def _ending_labels(view: TableView, end: str) -> tuple[str, list[str], set[str]] | None:
    """(status column, the labels that end a row, the labels that keep theirs: those and the
    failures) for the table's lifecycle status, when there is one the rules may rewrite: the
    labels the status rule sets the end for, else the label named like the end, else the
    lifecycle's happy end."""
    found = status_meanings(view)
    if found is None or not free(view, found[0]):
        return None
    column, meanings = found
    labels = list(meanings)
    failed = {lb for lb in labels if meanings[lb] == "failed"}
    status = next((r for r in view.rules if r.kind == "status" and r.columns[0] == column), None)
    how, what = status.data["plan"].get(end, ("", [])) if status is not None else ("", [])
    if how == "exact":
        ending = [lb for lb in what if lb not in failed]
    elif how == "reach" and isinstance(what, float | int):
        reach = lifecycle(labels)
        ending = [lb for lb in labels if reach[lb] >= what and lb not in failed]
    else:
        stem = canon(time_stem(end))
        ending = [lb for lb in labels if canon(lb) == stem and lb not in failed]
        ending = ending or [lb for lb in labels if meanings[lb] == "done"][-1:]
    return (column, ending, failed | set(ending)) if ending else None


def settle(view: TableView, rule: Rule, batch: Batch, order: np.ndarray,
           groups: tuple[np.ndarray, np.ndarray], was_open: np.ndarray) -> None:  # fmt: skip
    """After the layout: the last row of each parent keeps its open end (as drawn), the
    earlier ones have theirs, and an earlier row still going on takes an ending label."""
    d = rule.data
    end = batch.get(d["end"] or "")
    if end is None:
        return
    rank, size = groups
    last = rank == size - 1
    found = _ending_labels(view, d["end"])
    status = batch.get(found[0]) if found is not None else None
    kept = np.zeros(order.size, bool)
    ended = np.zeros(order.size, bool)
    if found is not None and status is not None:
        names, pos = label_codes(status)
        failed = np.isin(np.asarray(names, dtype=object), list(found[2] - set(found[1])))
        kept = failed[pos][order] & ~status.nulls[order]
        labels_ok = np.isin(np.asarray(names, dtype=object), list(found[2]))
        going = ~last & ~kept & ~(labels_ok[pos][order] & ~status.nulls[order])
        if going.any():
            status.values[order[going]] = typed_label(status, found[1][0])
            status.nulls[order[going]] = False
        names, pos = label_codes(status)
        ending = np.isin(np.asarray(names, dtype=object), found[1])
        ended = ending[pos][order] & ~status.nulls[order]
    if found is None and latest_in_force(view, d["end"]):  # a price list's latest in force
        was_open = was_open.copy()
        was_open[order[last]] = True
        close_gaps(d, batch, order, last)
        reach_back(view, d, batch, order, rank == 0)
    end.nulls[order] = was_open[order] & (last | kept) & ~ended
