"""A case's steps were taken before it was closed: the tries of a parent whose status says
they were done (rules/tried.py: a fault resolved by its repairs, a ticket closed after
its fix attempts) ended by the parent's time of being done (`resolved_at`, `closed_at`: the
status's stamp of its first done label or a later one, happened.status_of), and began after
the parent came to be (its anchor: `reported_at`, `raised_at`).

Once every other time rule placed the row (the final phase), the rows of a done parent of
which one ends after the parent's done time move back, all their times by one shift per
parent (their order and lengths hold), the last to end a little before it, not before the
parent's anchor; where they do not fit between, the first starts just after the anchor and
the rest end by the done time, unless a column counts the row's length (labour minutes:
then no move); a time the row ends at left NULL
(`finished_at`: its name says done) is set, a little after the row's other times and by the
done time where they are by it (what counted the row's length from it, labour minutes,
stayed NULL with it). Only tries: lines of a done thing
may come after it (an installation's services). Rows of parents not done, or whose done time
is NULL, keep their times; so do the tries whose parent's done time follows its last try
(rules/last_try.py), their NULL ends set all the same. Read from the schema (the parent's
status labels and stamp names), no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, TIME_KINDS, as_us, time_stem
from workbench.generate.rules.tried import done_tries
from workbench.generate.vocab.outcomes import meaning

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

MARGIN_US = 2 * 3_600_000_000  # the most a moved row ends before its parent was done
# rules that count a row's length into a column of its own (labour minutes): no squeezing
COUNTED = frozenset({"elapsed", "call_length", "net_worked"})
FINISH_US = 4 * 3_600_000_000  # the longest a try's end left NULL is set after its start
_NAT = np.iinfo(np.int64).min


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    done = done_tries(view, planned)
    if done is None:
        return []
    tried, parent, found, stamps = done.tried, done.parent, done.found, done.stamps
    times = [c for c, s in view.specs.items()
             if s.kind in TIME_KINDS and c not in view.fk_cols and free(view, c)]  # fmt: skip
    if not times:
        return []
    anchor = anchor_of(view.schema, parent, view.config)
    done_at = stamps[0][1]
    detail = f"{', '.join(times)} by {tried.parent}.{done_at} where its {found.column} is done"
    finished = [c for c in times if view.specs[c].nullable and meaning(time_stem(c)) == "done"]
    data = {"fk": tried.fk, "parent": tried.parent, "status": found.column,
            "done": list(tried.stages.done), "done_at": done_at, "anchor": anchor,
            "times": times, "finished": finished,
            "squeeze": not any(r.kind in COUNTED for r in planned),
            # the parent's time follows its last try instead (rules/last_try.py)
            "move": not any(r.kind == "last_try" for r in planned)}  # fmt: skip
    return [Rule("tried_by", times, detail, data)]


def _us(values: np.ndarray, nulls: np.ndarray, kind: str, end: bool = False) -> np.ndarray:
    """Times in microseconds (NULL: the lowest int); a date's end is its last moment."""
    out = np.asarray(values).astype("datetime64[us]").astype(np.int64)
    if kind == "date" and end:
        out = out + DAY_US - 1
    return np.where(nulls, _NAT, out)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    rows, nulls = view.parent_rows(d["fk"])
    stored = view.keys.tables.get(d["parent"], {})
    status, done_at = stored.get(d["status"]), stored.get(d["done_at"])
    cols = [c for c in (batch.get(n) for n in d["times"]) if c is not None]
    if rows is None or status is None or done_at is None or not cols:
        return
    names, pos = label_codes(status)
    done = np.isin(np.asarray(names, dtype=object), d["done"])[pos] & ~status.nulls
    ends = _us(done_at.values, done_at.nulls, done_at.kind, end=True)[rows]
    ok = ~nulls & done[rows] & (ends > _NAT)
    anchor = stored.get(d["anchor"] or "")
    starts = np.full(rows.size, _NAT)
    if anchor is not None:
        starts = _us(anchor.values, anchor.nulls, anchor.kind)[rows]
    times = [_us(as_us(c), c.nulls, c.kind) for c in cols]
    _finish(view, rule, idx, cols, times, ok, ends)
    if not d.get("move", True):
        return
    latest = np.max(times, axis=0)
    firsts = np.min([np.where(t == _NAT, np.iinfo(np.int64).max, t) for t in times], axis=0)
    late = ok & (latest > _NAT) & (latest > ends)
    if not late.any():
        return
    # one shift per parent: its rows in the batch move together and keep their order
    live = np.flatnonzero(ok & (latest > _NAT))
    parents, group = np.unique(rows[live], return_inverse=True)
    need = np.zeros(parents.size, np.int64)
    np.maximum.at(need, group, np.where(late[live], latest[live] - ends[live], 0))
    earliest = np.full(parents.size, np.iinfo(np.int64).max)
    np.minimum.at(earliest, group, firsts[live])
    first_row = np.zeros(parents.size, np.int64)
    first_row[group[::-1]] = live[::-1]
    end, start = ends[first_row], starts[first_row]
    rng = row_rng(view, rule, idx)
    room = np.where(start > _NAT, end - start, MARGIN_US * 4)
    margin = (rng.random(parents.size) * np.clip(room // 4, 0, MARGIN_US)).astype(np.int64)
    # not before the parent came to be: a margin where it fits, else none, else no move (a
    # row's own lengths hold: a repair of hours under a fault resolved in minutes stays)
    floor = np.where(start > _NAT, start, _NAT)
    shift = np.where(earliest - need - margin >= floor, need + margin, need)
    if rule.data["squeeze"]:  # start just after the anchor, the rest by the done time
        floor = np.where(start > _NAT, start + np.clip(room // 8, 0, MARGIN_US), _NAT)
        shift = np.where(earliest - shift < floor, np.maximum(earliest - floor, 0), shift)
    shift = np.where((need > 0) & (earliest - shift >= floor), shift, 0)
    moves = live[shift[group] > 0]
    by = shift[group][shift[group] > 0]
    for col, t in zip(cols, times, strict=True):
        keep = t[moves] > _NAT
        here = moves[keep]
        if not here.size:
            continue
        moved = t[here] - by[keep]
        if rule.data["squeeze"]:
            moved = np.minimum(moved, ends[here])
        values = moved.astype("datetime64[us]")
        if col.kind == "date":
            col.values[here] = values.astype("datetime64[D]")
        else:
            col.values[here] = values.astype("datetime64[s]").astype(col.values.dtype)


def _finish(view: TableView, rule: Rule, idx: np.ndarray, cols: list[Col], times: list[np.ndarray],
            ok: np.ndarray, ends: np.ndarray) -> None:  # fmt: skip
    """A done parent's tries and lines ended: their NULL times named as done (`finished_at`,
    `completed_at`) are set, after the row's other times and by the parent's done time."""
    done = [i for i, c in enumerate(cols) if rule.columns[i] in rule.data["finished"]]
    if not done:
        return
    latest = np.max(times, axis=0)
    rng = view.rng(f"tried-finish:{rule.data['fk']}", int(idx[0]) if idx.size else 0)
    for i in done:
        col, t = cols[i], times[i]
        at = np.flatnonzero(ok & col.nulls & (latest > _NAT))
        if not at.size:
            continue
        room = np.clip(ends[at] - latest[at], 0, FINISH_US)  # a row ending late moves after
        t[at] = latest[at] + (rng.random(at.size) * room).astype(np.int64)
        values = t[at].astype("datetime64[us]")
        if col.kind == "date":
            col.values[at] = values.astype("datetime64[D]")
        else:
            col.values[at] = values.astype("datetime64[s]").astype(col.values.dtype)
        col.nulls[at] = False


RULE = RowRule(
    "tried_by",
    "a done parent's tries and lines ended by the time it was done, after it came to be",
    _plan,
    _apply,
    phases={"tried_by": Phase.FINAL},
    after=("stage_after",),
    before=("valid_last",),
)
