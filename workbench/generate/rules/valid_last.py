"""A row keeps a parent valid at its time as its times stay: the `within` rule moves a row
into its parents' windows and picks again a parent valid then (rules/valid_then.py), but the
rules that place times later (a site's hours, quarter hours, one session at a time per
connector, the links of a chain) may move the row out of a short window again: a charging
session moved from noon to the evening no longer lies in a tariff that ended at five. Here,
once every rule that moves times has placed them, a row outside a parent's window picks
again, the same way, among the parent's rows of the same owners valid at its final time
(only where valid_then may pick again: the key drawn freely, nothing else read through it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.valid_then import repick_valid, repickable

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    within = next((r for r in planned if r.kind == "within"), None)
    if within is None or not any(repickable(view, w[0], w[1]) for w in within.data["windows"]):
        return []
    detail = f"{within.columns[0]} in a parent's window as it stays (picked again at its time)"
    return [Rule("valid_last", list(within.columns), detail, {"within": within})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    repick_valid(view, rule.data["within"], batch)


RULE = RowRule(
    "valid_last",
    "a row's parent valid at its time as its times stay (a tariff valid when the session began)",
    _plan,
    _apply,
    phases={"valid_last": Phase.FINAL},
    after=("in_force", "link_times"),  # once every rule that moves times has placed them
    before=("bill_due",),
)
