"""A flag of suspicion or a ban (vocab/risk.py: `fraud_suspected`, `is_suspicious`,
`blacklisted`) is rare and is never on a row that was waved through: true on about
risk.RISK_SHARE of the rows (kinds/defaults.py gives a DEFAULT false that share; a flag with no
DEFAULT is drawn so here), and, where the table has a lifecycle status (vocab/outcomes.py),
never on a row whose label means success (approved, settled, completed, active): those rows'
flags move to rows of the other labels (under review, rejected, withdrawn), as many as there
are, so the share stays. Applied once the status is final."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.vocab.outcomes import meaning
from workbench.generate.vocab.risk import RISK_SHARE, risky

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_WAVED_THROUGH = ("done", "steady")  # the meanings of a label a flagged row cannot hold


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = lifecycle_status(view.schema, view.table)
    status, passed = None, []
    if found is not None and found[0] in view.specs:
        labels = found[1]
        passed = [lb for lb in labels if meaning(lb) in _WAVED_THROUGH]
        if passed and len(passed) < len(labels):
            status = found[0]
    out = []
    for name, spec in view.specs.items():
        if spec.kind != "bool" or not free(view, name) or not risky(name):
            continue
        detail = f"{name} true on about {RISK_SHARE:.0%} of the rows"
        if status is not None:
            detail += f", never where {status} is {', '.join(passed)}"
        data = {"status": status, "passed": passed, "draw": spec.prior is None}
        out.append(Rule("risk_flag", [name] if status is None else [name, status], detail, data))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    flag = batch.get(rule.columns[0])
    if flag is None:
        return
    rng = row_rng(view, rule, idx)
    n = flag.values.size
    if rule.data["draw"]:
        flag.values[:] = rng.random(n) < RISK_SHARE
    on = np.asarray(flag.values).astype(bool) & ~flag.nulls
    status = batch.get(rule.data["status"] or "")
    if status is None:
        return
    names, codes = label_codes(status)
    passed = np.asarray([str(lb) in rule.data["passed"] for lb in names] + [True], bool)
    through = passed[np.where(status.nulls, len(names), codes)]
    moved = np.flatnonzero(on & through)
    if not moved.size:
        return
    flag.values[moved] = False
    room = np.flatnonzero(~through & ~on & ~flag.nulls)
    if room.size:
        flag.values[rng.choice(room, min(moved.size, room.size), replace=False)] = True


RULE = RowRule(
    "risk_flag",
    "a flag of suspicion is rare and never on a row waved through (fraud_suspected)",
    _plan,
    _apply,
    phases={"risk_flag": Phase.FINAL},
    after=("stage_amount",),  # once the status is final (delivered: after by_clock)
    before=("pause",),
)
