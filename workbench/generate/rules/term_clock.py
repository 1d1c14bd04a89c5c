"""A thing in force over a window of its own (a ski pass, a membership card, a licence, a
subscription: `valid_from`/`valid_to`, `starts_on`/`expires_on`, kinds/windows.window_of)
whose status says it is in force (`active`, `valid`, `current`: vocab/outcomes.STEADY) or ran
its course (`expired`, `lapsed`: vocab/outcomes.LAPSED) is in force or ran out as its window
and the run's clock say. Each side was drawn on its own (the label by its shares, the window
by its parents and its length), so a pass bought three winters ago was still `active`.

Here the window decides, once every rule that moves times has placed them (FINAL): of the rows
with either label, one whose window ended before now ran out, one whose window has not ended
(or has no end) is in force. A row with another label (refunded, blocked, suspended,
cancelled: something done to it) keeps it, so those keep their shares. Read from the shape:
no table, column or label is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.times import DAY_US, as_us, is_time
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.end not in view.specs or window.start not in view.specs:
        return []
    if not is_time(view.specs[window.end].kind):
        return []
    for name, spec in view.specs.items():
        if normalise(name).split("_")[-1] not in outcomes.STATUS_WORDS or not free(view, name):
            continue
        labels = labels_of(spec)
        steady = next((lb for lb in labels if normalise(lb) in outcomes.STEADY), None)
        ran_out = next((lb for lb in labels if normalise(lb) in outcomes.LAPSED), None)
        if steady is None or ran_out is None:
            continue
        detail = (
            f"{name} by {window.end} and the run's clock: {ran_out} once it has passed, "
            f"{steady} until then"
        )
        data = {"end": window.end, "steady": steady, "ran_out": ran_out}
        return [Rule("term_clock", [name, window.end], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    status, end = batch.get(rule.columns[0]), batch.get(rule.data["end"])
    if status is None or end is None or not idx.size:
        return
    names, codes = label_codes(status)
    labels = np.asarray(names, dtype=object)[codes]
    steady, ran_out = rule.data["steady"], rule.data["ran_out"]
    told = ~status.nulls & np.isin(labels, [steady, ran_out])
    if not told.any():
        return
    now = int(clock.run_now(view.config).astype(np.int64))
    e = as_us(end).astype(np.int64)
    if end.kind == "date":  # a date is valid to the end of its day
        e = e + DAY_US
    over = told & ~end.nulls & (e <= now)
    status.values[over] = typed_label(status, ran_out)
    status.values[told & ~over] = typed_label(status, steady)


RULE = RowRule(
    "term_clock",
    "a thing in force over a window is in force or ran out as its end and the run's clock say",
    _plan,
    _apply,
    phases={"term_clock": Phase.FINAL},
    after=("list_price",),  # last: once every rule that moves times has placed them
)
