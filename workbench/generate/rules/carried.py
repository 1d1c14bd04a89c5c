"""Numbers carried from one row of a chain to the next: a parent's rows in sequence
(rules/sequence.py) open with the previous row's closing value (`opening_balance` = the
previous `closing_balance`), each closing value keeping the row's own change, or what flowed
in and out in between (`total_credits`/`total_debits`); per parent, across batches. Read from
the columns' names, no table named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import free

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# what flows in and out between an opening and a closing value (`total_credits`/`total_debits`)
FLOWS = (("credits", "debits"), ("credit", "debit"), ("deposits", "withdrawals"),
         ("inflow", "outflow"), ("in", "out"), ("received", "paid"))  # fmt: skip
CARRY = {"opening": "closing", "start": "end", "starting": "ending", "begin": "end",
         "beginning": "ending", "before": "after", "previous": "current"}  # fmt: skip


class _Closing:
    """Per parent row, across batches: the last closing values."""

    def __init__(self) -> None:
        self.closing: dict[str, np.ndarray] = {}


def carried(view: TableView) -> list[tuple[str, str, str, str]]:
    """(opening, closing, in, out) numbers carried from one row to the next (in and out
    '' when the row states no flows)."""
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in ("int", "decimal", "float") or name in view.fk_cols:
            continue
        words = normalise(name).split("_")
        for at, word in enumerate(words):
            if word in CARRY:
                other = "_".join([*words[:at], CARRY[word], *words[at + 1 :]])
                match = next((c for c in view.specs if normalise(c) == other), None)
                if match is not None and free(view, name):
                    out.append((name, match, *flows(view)))
    return out


def flows(view: TableView) -> tuple[str, str]:
    """The columns of what flowed in and out of a row's period, or ('', '')."""
    norms = {normalise(c): c for c, s in view.specs.items()
             if s.kind in ("int", "decimal", "float")}  # fmt: skip
    for inflow, outflow in FLOWS:
        for norm, name in norms.items():
            words = norm.split("_")
            if inflow not in words:
                continue
            at = words.index(inflow)
            other = norms.get("_".join([*words[:at], outflow, *words[at + 1 :]]))
            if other is not None:
                return name, other
    return "", ""


def carry(view: TableView, pairs: list[tuple[str, str, str, str]], batch: Batch,
          rows: tuple[np.ndarray, np.ndarray, np.ndarray], parents: int) -> None:  # fmt: skip
    """An opening value is the previous row's closing one; the closing value keeps the row's
    own change (closing − opening as drawn)."""
    order, rank, rows_p = rows
    state = view.scratch.get(_Closing)
    for opening, closing, inflow, outflow in pairs:
        a, b = batch.get(opening), batch.get(closing)
        if a is None or b is None:
            continue
        change = (b.values.astype(np.float64) - a.values.astype(np.float64))[order]
        got, gave = batch.get(inflow), batch.get(outflow)
        if got is not None and gave is not None:  # closing = opening + in - out
            flow = got.values.astype(np.float64) - gave.values.astype(np.float64)
            change = flow[order]
        prior = state.closing.setdefault(opening, np.full(parents, np.nan))
        begin = a.values.astype(np.float64)[order]
        p = rows_p[order]
        carried = np.where(np.isnan(prior[p]), begin, prior[p])
        first = rank == 0
        # within a parent: opening_k = opening_first + the changes before k
        cum = np.cumsum(np.where(first, 0.0, np.r_[0.0, change[:-1]]))
        start_of = np.maximum.accumulate(np.where(first, np.arange(order.size), 0))
        opened = carried[start_of] + cum - cum[start_of]
        step = a.step if a.kind == "decimal" and a.step > 0 else 1.0
        opened = np.round(opened / step) * step
        closed = np.round((opened + change) / step) * step
        a.values[order] = opened.astype(a.values.dtype)
        b.values[order] = closed.astype(b.values.dtype)
        prior[p] = closed
