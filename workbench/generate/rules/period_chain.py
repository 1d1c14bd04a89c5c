"""A chain of periods under one parent (rules/sequence.py's periods a thing accounts for:
billing periods, statements) numbered and ordered as its documents are: the number a key
counts per parent (`UNIQUE (lease_id, installment_no)`) counts them 1, 2, 3 in the order the
chain lays them, batch after batch; a partial key (`WHERE status <> 'void'`) leaves some rows
out of the count (a voided bill), which stand beside the row that replaced it; and the rows
whose status is still open (issued, not due yet; a draft) come last, the latest of their
parent, issued lately. Whole months are laid from the parent's start on its day of the month."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks import evaluate
from workbench.generate.plan.keys import table_keys
from workbench.generate.rules.base import free
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import DAY_US, as_us, store
from workbench.generate.vocab.outcomes import bill_meaning

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView
    from workbench.schema.model import ForeignKey

TIER = 1 << 56  # a status's place in a chain of periods, above any time in microseconds
OPEN_TIER = 2  # the tier of what is open (issued, not due yet)


class _Counted:
    """The rows a key numbered per parent row, across batches."""

    def __init__(self) -> None:
        self.counted: dict[str, np.ndarray] = {}


def status_tiers(late: dict[str, Any], batch: Batch, n: int) -> np.ndarray | None:
    """Each row's tier in the chain (0 for settled or failed, up to 3 for a draft), or None
    when the chain knows no status."""
    status = batch.get(late.get("column", ""))
    if status is None:
        return None
    labels, pos = label_codes(status)
    tier = np.asarray([late["tiers"].get(str(lb), 0) for lb in labels], np.int64)[pos]
    return np.where(status.nulls, 0, tier)


def counted_here(view: TableView, fk: ForeignKey, number: str | None) -> bool:
    """The periods' number counts the parent's rows and nothing else (no key holds it with
    other columns): the chain numbers them in the order it lays them."""
    if number is None or view.specs[number].kind != "int":
        return False
    whole = {*fk.columns, number}
    for key in table_keys(view.table):
        cols = {p.column for p in key.parts}
        if number in cols and cols != whole:
            return False
    return free(view, number) or number in view.built


def numbered_where(view: TableView, fk: ForeignKey, number: str | None) -> Any:
    """The condition of a partial key that numbers the parent's rows (`UNIQUE (lease_id,
    installment_no) WHERE status <> 'void'`): the rows it leaves out (a voided bill) take no
    place of their own in the chain, but stand beside the row that replaced them."""
    if number is None:
        return None
    whole = {*fk.columns, number}
    for key in table_keys(view.table):
        cols = {p.column for p in key.parts}
        if cols == whole and key.predicate is not None and not key.unsupported:
            return key.predicate
    return None


def late_labels(view: TableView) -> dict[str, Any]:
    """The status column and where each label comes in a chain of periods: settled or
    failed ones in the history, then what fell overdue, then what is open (issued, not
    due yet), then what is not issued yet (a draft): the open bills are a parent's latest."""
    found = status_meanings(view)
    if found is None:
        return {}
    column, meanings = found
    tiers = {"open": OPEN_TIER, "ahead": OPEN_TIER + 1}
    ranks = {lb: 1 if bill_meaning(lb) == "past_due" else tiers.get(m, 0)
             for lb, m in meanings.items()}  # fmt: skip
    return {"column": column, "tiers": ranks} if any(ranks.values()) else {}


def count_rows(view: TableView, rule: Rule, number: Col, rows_p: np.ndarray,
               scope: np.ndarray, order: np.ndarray) -> None:  # fmt: skip
    """Number the parent's rows the key counts 1, 2, 3… across batches: the rows laid out in
    their order, then the batch's other rows the key counts (laid nowhere: a parent
    without room), so the key holds on every row."""
    parents = len(next(iter(view.keys.tables[rule.data["parent"]].values())).values)
    laid = view.scratch.get(_Counted).counted.setdefault(
        rule.columns[0], np.zeros(parents, np.int64)
    )
    rest = np.setdiff1d(np.flatnonzero(scope), order)
    rows = np.concatenate([order, rest[np.argsort(rows_p[rest], kind="stable")]])
    if not rows.size:
        return
    p = rows_p[rows]
    at = np.lexsort((np.arange(rows.size), p))
    p_sorted = p[at]
    new = np.r_[True, p_sorted[1:] != p_sorted[:-1]]
    first = np.maximum.accumulate(np.where(new, np.arange(p_sorted.size), 0))
    nth = np.empty(rows.size, np.int64)
    nth[at] = np.arange(p_sorted.size) - first
    number.values[rows] = (laid[p] + nth + 1).astype(number.values.dtype)
    np.add.at(laid, p, 1)


def left_out(view: TableView, outside: Any, batch: Batch, n: int) -> np.ndarray:
    """The rows a partial numbering key leaves out (its condition not true)."""
    if outside is None:
        return np.zeros(n, bool)
    try:
        v = evaluate(outside, batch, n, view.env)
    except Unsupported:
        return np.zeros(n, bool)
    vals = np.broadcast_to(np.asarray(v.values, dtype=bool), (n,))
    nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
    out: np.ndarray = ~(vals & ~nulls)
    return out


def beside(d: dict[str, Any], batch: Batch, rows: np.ndarray, order: np.ndarray,
           rows_p: np.ndarray, rng: np.random.Generator) -> None:  # fmt: skip
    """Each row left out of the numbering (a voided bill) takes the number, the period and
    the recorded times of one of its parent's rows laid in this batch (the bill that
    replaced it); a parent with none here leaves it as it was."""
    laid = order[np.argsort(rows_p[order], kind="stable")]
    keys = rows_p[laid]
    lo = np.searchsorted(keys, rows_p[rows], side="left")
    hi = np.searchsorted(keys, rows_p[rows], side="right")
    has = hi > lo
    rows, lo, hi = rows[has], lo[has], hi[has]
    if not rows.size:
        return
    twin = laid[lo + (rng.random(rows.size) * (hi - lo)).astype(np.int64)]
    for column in [d["number"], d["start"], d["end"], *d["issued"]]:
        col = batch.get(column or "")
        if col is None:
            continue
        both = ~col.nulls[rows] & ~col.nulls[twin]
        col.values[rows[both]] = col.values[twin[both]]


def open_lately(bill: dict[str, str], batch: Batch, rows: np.ndarray, now: int,
                rng: np.random.Generator) -> None:  # fmt: skip
    """An open bill (issued, not due yet) laid as its parent's latest was issued lately: its
    issue moves up to the last weeks before now, its due date with it, so it is not due yet
    (a period that ended weeks ago is billed late, not overdue)."""
    issue, due = batch.get(bill.get("issue", "")), batch.get(bill.get("due", ""))
    if issue is None or due is None or not rows.size:
        return
    rows = rows[~issue.nulls[rows] & ~due.nulls[rows]]
    at = as_us(issue).astype(np.int64)[rows]
    terms = np.maximum(as_us(due).astype(np.int64)[rows] - at, DAY_US)
    lately = now - (terms * rng.uniform(0.0, 0.9, rows.size)).astype(np.int64)
    moved = np.maximum(at, np.minimum(lately, now - DAY_US))
    if issue.kind == "date":
        moved = (moved // DAY_US) * DAY_US
    issued, falls = as_us(issue).astype(np.int64), as_us(due).astype(np.int64)
    issued[rows], falls[rows] = moved, moved + terms
    store(issue, issued.astype("datetime64[us]"), rows)
    store(due, falls.astype("datetime64[us]"), rows)


def whole_months(months: np.ndarray, groups: tuple[np.ndarray, ...], lo: np.ndarray,
            hi: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """Periods of whole months (as many per period as the first row of its parent says: its
    cadence label's, else a month or a quarter, rules/cadence.py), end to start from the
    window's start on its day of the month (a lease that began on the 17th is billed from
    the 17th to the 16th, one that began on the 1st by calendar months; a day past a
    month's end is its last day): (starts, ends, whether the window holds them; one month
    each when the longer do not fit, none for a cadence of days)."""
    rank, size, gid = groups
    first_row = np.full(int(gid.max()) + 1, months.size)
    np.minimum.at(first_row, gid, np.arange(months.size))
    months = months[first_row][gid]
    cal = months > 0
    months = np.maximum(months, 1)
    first = lo.astype("datetime64[us]").astype("datetime64[D]")
    last = hi.astype("datetime64[us]").astype("datetime64[D]")
    month0 = first.astype("datetime64[M]")
    day = (first - month0.astype("datetime64[D]")).astype(np.int64)

    def boundary(k: np.ndarray) -> np.ndarray:
        """The day k months after the window's start, on its day of the month."""
        month = month0 + k
        length = ((month + 1).astype("datetime64[D]") - month.astype("datetime64[D]")).astype(
            np.int64
        )
        out: np.ndarray = month.astype("datetime64[D]") + np.minimum(day, length - 1)
        return out

    months = np.where(boundary(size * months) - 1 <= last, months, 1)
    fits = (boundary(size * months) - 1 <= last) & cal
    begin = boundary(rank * months)
    end = boundary((rank + 1) * months) - 1
    return _us(begin), _us(end), fits


def _us(days: np.ndarray) -> np.ndarray:
    out: np.ndarray = days.astype("datetime64[us]").astype(np.int64)
    return out
