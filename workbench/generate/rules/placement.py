"""A row that names its own party and reaches a group through a parent names a party placed in
that group (kinds/membership.placements_of): a payslip's employee holds an assignment in an org
unit of its pay run's legal entity, a timesheet's worker one at its site's company, a claim's
policyholder a cover with a branch of its adjuster's insurer. The placements are rows in force
from a date (an assignment, an enrolment, a tenancy) whose group's row reaches the group.

The same steps as a membership (rules/membership.py): each row keeps its parent where the
parent's group has parties placed in it and takes one of them, in turn; a row whose group has
none moves to a parent whose group has. It runs among the keys that meet at a site, before a key
to a fact follows an ancestor (a payslip's currency is its pay run's entity's, once the pay run
is the one kept)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.kinds.membership import placements_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.membership import MemberCache, keep_found, placed_in

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView


@dataclass
class PlacedCache(MemberCache):
    """Per table (scratch): its placement paths, planned on the first batch (a type of its
    own, so a table's placements and memberships keep apart)."""


def keep_placements(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    keep_found(view, links, batch, idx, PlacedCache, placements_of)


def placed_codes(view: TableView, column: str) -> np.ndarray | None:
    """For each row of the party table `column` names, a code of the group a placement puts
    it in (-1: none), where a placement path of the table runs through `column`: a rule that
    picks the party again (rules/throughout.py: an employee in force in the pay period) keeps
    the group the placement chose (one placed in the pay run's entity)."""
    for m in placements_of(view.schema, view.table):
        if m.member == column and m.member in view.fk_cols and m.group in view.fk_cols:
            return placed_in(view, m)
    return None


RULE = LinkRule(
    "parties placed in their group",
    "a row naming its party and reaching a group names a party placed in that group",
    Stage.KEYS,
    keep_placements,
    after=("keys that meet at a site",),
    before=("keys an ancestor decides",),  # a currency follows the parent kept here
)
