"""A numbered row followed by another of its parent is over: a job's first visit ended before
the second began, a course's session 2 was held before session 3, a claim's first review
closed before the next. The status rule (rules/status.py) decides per row whether its end is
there yet, with a label that says so (an outcome NULL until the visit ends, `in_progress`,
`scheduled`): drawn per row, it leaves open rows in the middle of a chain that
rules/sequence.py lays in order.

Per parent, in the number's order, a row with a later row of its parent in the batch, that
began before the run's clock, whose end the status left NULL and whose label is NULL or says
the row is still open or ahead (vocab/outcomes: not one called off, which never took place),
takes the label of another row of the batch whose end is there (a label that goes with an
ended row, as the batch shows), and an end: its start and the length the ended rows of the
batch have (their median; the row's own where it counts it: `duration_minutes`, which
follows), cut to before the next row begins. The last row of a parent keeps what the status
gave it: it may well be going on.

The shape: rules/sequence.shape_of with a number and an end of the row's own, the end one
the table's status rule stamps. Applied after the rows are laid in order (rules/sequence.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.rules import rest
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.sequence import shape_of
from workbench.generate.rules.times import as_us, store
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

_HOUR_US = 3600 * 1_000_000
_STILL = outcomes.OPEN | outcomes.AHEAD | outcomes.UNDER_WAY


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    shape = shape_of(view.schema, view.table, view.config)
    if shape is None or shape.number is None or shape.end is None or shape.single:
        return []
    status = next((r for r in planned if r.kind == "status"), None)
    if status is None or shape.end not in (status.data.get("stamps") or {}):
        return []
    label = str(status.data["status"])
    if label not in view.specs or not free(view, shape.end) or not free(view, label):
        return []
    fk = ",".join(shape.fk.columns)
    detail = (f"a {shape.number} followed by another per {shape.fk.ref_qualified} ({fk}) has "
              f"its {shape.end}, with a {label} of an ended row")  # fmt: skip
    tally = rest.own_count(view, shape.start)  # a length the row counts (`duration_minutes`)
    data = {"fk": fk, "number": shape.number, "start": shape.start, "end": shape.end,
            "label": label, "length": list(tally) if tally else None}  # fmt: skip
    lengths = [tally[0]] if tally else []
    return [Rule("over", [shape.end, label, shape.start, *lengths], detail, data)]


def _order_key(col: Col) -> np.ndarray:
    if col.kind in ("int", "decimal", "float"):
        values = np.asarray(col.values).astype(np.float64)
    else:
        values = as_us(col).astype(np.int64).astype(np.float64)
    return np.where(col.nulls, np.inf, values)


def _still(label: Col) -> np.ndarray:
    """Rows whose label is NULL or says the row is still open or ahead."""
    names, pos = label_codes(label)
    still = np.array([outcomes.norm_label(n) in _STILL for n in names], dtype=bool)
    out: np.ndarray = label.nulls | (still[pos] if names else np.zeros(label.nulls.size, bool))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    rows_p, nulls = view.parent_rows(d["fk"])
    if rows_p is None or any(c not in batch for c in (d["number"], d["start"], d["end"])):
        return
    start, end, label = batch[d["start"]], batch[d["end"]], batch[d["label"]]
    live = np.flatnonzero(~nulls & ~start.nulls)
    if live.size < 2:
        return
    order = live[np.lexsort((_order_key(batch[d["number"]])[live], rows_p[live]))]
    p = rows_p[order]
    followed = np.r_[p[1:] == p[:-1], False]
    still = _still(label)
    s = as_us(start).astype(np.int64)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    open_ = followed & end.nulls[order] & still[order] & (s[order] < now)
    if not open_.any():
        return
    ended = np.flatnonzero(~end.nulls & ~label.nulls & ~still)
    if not ended.size:
        return
    e = as_us(end).astype(np.int64)
    both = ended[~start.nulls[ended]]
    length = int(np.median(e[both] - s[both])) if both.size else _HOUR_US
    length = max(length, 1)
    rows = order[open_]
    nxt = order[np.flatnonzero(open_) + 1]
    room = s[nxt] - s[rows]
    counted = d["length"] is not None and d["length"][0] in batch
    want = rest.count_us(batch, d["length"], rows).astype(np.int64) if counted else length
    cut = np.where(room > 1, np.minimum(want, (room * 4) // 5), -1)
    if counted:  # whole units of the row's count, which says how long it lasted
        unit = int(d["length"][1])
        cut = np.where(cut > 0, np.maximum(cut // unit, 1) * unit, -1)
    fits = (cut > 0) & (cut < room)
    rows, cut = rows[fits], cut[fits]
    if not rows.size:
        return
    if counted:
        count = batch[d["length"][0]]
        count.values[rows] = (cut // int(d["length"][1])).astype(count.values.dtype)
        count.nulls[rows] = False
    e[rows] = s[rows] + cut
    store(end, e.astype("datetime64[us]"), rows)
    end.nulls[rows] = False
    rng = row_rng(view, rule, idx)
    donors = ended[rng.integers(0, ended.size, rows.size)]
    label.values[rows] = np.asarray(label.values)[donors]
    label.nulls[rows] = False


RULE = RowRule(
    "over",
    "a numbered row followed by another of its parent is over (its end set, a label of an "
    "ended row)",
    _plan,
    _apply,
    phases={"over": Phase.FINAL},
    after=("sequence", "apart", "lifetime"),
    before=("so_far",),
)
