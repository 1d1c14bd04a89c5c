"""An amount named after a stage of the row's own lifecycle exists from that stage on: a
nullable number whose name holds a label of the table's status (`approved_amount` beside
`approved`, `refunded_total` beside `refunded`, `awarded_sum` beside `awarded`) is set exactly on
the rows whose status got that far without failing (rules/status.lifecycle: an approved or
settled claim has its approved amount; a reported, rejected or withdrawn one has none).

Where the label is a decision on a request (DECIDED: approved, granted, awarded…) and the row
has a NOT NULL amount of what was asked (named for the asking, kinds/asked.py: `amount_claimed`,
`requested_total`; else of the same last word: `claimed_amount` beside `approved_amount`),
the decision grants at most what was asked: the whole of it on about half of the rows, 50-100 %
of it on the rest, to the asked amount's precision. Applied once the status is final, and
again once the asked amount is its lines' sum (load/totals_memory.py, totals_load.py). Read
from the schema: the status labels and the columns' names; no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.asked import asked_total
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.status import canon, lifecycle
from workbench.generate.vocab.outcomes import lifecycle_meanings, meaning

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBERS = frozenset({"int", "float", "decimal", "money"})
# the labels of a decision on what a row asked for: it grants at most that
DECIDED = frozenset({"approved", "granted", "awarded", "authorised", "authorized", "allowed",
                     "sanctioned", "agreed", "accepted"})  # fmt: skip
_WHOLE = 0.5  # the share of decisions that grant the whole amount asked


def _stage(name: str, labels: list[str]) -> str | None:
    """The label a column's name holds as a word of its own (`approved_amount`)."""
    words = {canon(w) for w in normalise(name).split("_")[:-1]}
    return next((lb for lb in labels if "_" not in normalise(lb) and canon(lb) in words), None)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = lifecycle_status(view.schema, view.table)
    if found is None or found[0] not in view.specs:
        return []
    status, labels = found
    meanings = lifecycle_meanings(labels) or {}
    reach = lifecycle(labels)
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in _NUMBERS or not spec.nullable or not free(view, name):
            continue
        stage = _stage(name, labels)
        if stage is None or meanings.get(stage) == "failed":
            continue
        holding = [
            lb for lb in labels
            if reach[lb] >= reach[stage] - 1e-9 and meanings.get(lb) != "failed"
            and meaning(lb) != "failed"
        ]  # fmt: skip
        last = normalise(name).split("_")[-1]
        asking = [c for c, s in view.specs.items() if c != name and s.kind in _NUMBERS
                  and not s.nullable]  # fmt: skip
        # what was asked: named for the asking (`amount_claimed`), else of the same last word
        asked = next(
            (c for c in asking if asked_total(normalise(c))),
            next((c for c in asking if normalise(c).split("_")[-1] == last), None),
        ) if normalise(stage) in DECIDED else None  # fmt: skip
        detail = f"{name} set exactly where {status} is {', '.join(holding)}"
        columns = [name, status]
        if asked is not None:
            detail += f", at most {asked}"
            columns.append(asked)
        out.append(Rule("stage_amount", columns, detail, {"holding": holding}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    cols = [batch.get(c) for c in rule.columns]
    if any(c is None for c in cols):
        return
    amount, status = cols[0], cols[1]
    assert amount is not None and status is not None
    names, codes = label_codes(status)
    holding = np.asarray([str(lb) in rule.data["holding"] for lb in names] + [False], bool)
    want = holding[np.where(status.nulls, len(names), codes)]
    rng = row_rng(view, rule, idx)
    asked = cols[2] if len(cols) > 2 else None
    if asked is not None:
        base = np.asarray(asked.values, dtype=float)
        whole = rng.random(base.size) < _WHOLE
        part = base * np.where(whole, 1.0, rng.uniform(0.5, 1.0, base.size))
        decimals = 0 if np.all(base == np.round(base)) else 2
        scale = 10.0**decimals
        value = np.minimum(np.floor(part * scale + 1e-9) / scale, base)
        rows = np.flatnonzero(want & ~asked.nulls)
        if amount.kind == "int":
            amount.values[rows] = np.floor(value[rows]).astype(np.int64)
        else:
            amount.values[rows] = value[rows]
        amount.nulls[rows] = False
    else:
        given = np.flatnonzero(want & ~amount.nulls)
        empty = np.flatnonzero(want & amount.nulls)
        if given.size and empty.size:
            amount.values[empty] = amount.values[rng.choice(given, empty.size)]
            amount.nulls[empty] = False
    amount.nulls[~want] = True


def rebound(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """The decided amount drawn again from what was asked, once the ask is final (a claim's
    claimed amount set to its lines' sum: load/totals_memory.py)."""
    _apply(view, rule, batch, idx)


RULE = RowRule(
    "stage_amount",
    "an amount named after a stage (approved_amount) exists from that stage on",
    _plan,
    _apply,
    phases={"stage_amount": Phase.FINAL},
    after=("delivered",),  # once the status is final (delivered: after by_clock)
    before=("pause",),
)
