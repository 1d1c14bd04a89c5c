"""The rules, in the order they run: this tuple is the one place that states it.

A table's rules are planned in `ROW_RULES` order (each sees the rules planned before it), and
applied to each batch phase by phase (`Phase`: values copied from the parents, the rules within
the row, the rules sandbox.toml declares, the dates in order), each phase in planning order.
`LINK_RULES` re-pick parent rows: the `KEYS` stage right after the keys are filled, the `ROWS`
stage just before the row rules read the parents.

A new rule is a module exporting a `RowRule` (or `LinkRule`) and one line here; a rule of
another package is one module of its own and an entry point (base/plugins.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import plugins
from workbench.generate.base.batch import Batch
from workbench.generate.rules import (
    age,
    arithmetic,
    blurb,
    chain,
    fk_meet,
    fk_time,
    gender,
    lineage,
    locale,
    locale_keys,
    names,
    partitions,
    payment,
    phone,
    place,
    price_pair,
    recent,
    review,
    route,
    self_tree,
    settle,
    site_meet,
    slug,
    span,
    status,
    timeline,
    tree,
)
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage

if TYPE_CHECKING:
    from workbench.generate.links import Links
    from workbench.generate.view import TableView

ROW_RULES: tuple[RowRule, ...] = (
    lineage.RULE,  # prices, currencies and totals from the parents; declared rules
    tree.RULE,  # before the slug that spells a name
    names.RULE,
    slug.RULE,
    place.RULE,
    locale.RULE,  # after the place: the row's own country
    phone.RULE,  # after the place: the row's country
    route.RULE,  # after the place: the cities it draws
    review.RULE,
    payment.RULE,
    age.RULE,
    gender.RULE,
    blurb.RULE,
    price_pair.RULE,
    arithmetic.RULE,  # after the prices: the total of the row's subtotal, tax and discount
    recent.RULE,  # before the times that follow the anchor: open rows came to be lately
    timeline.AFTER_PARENT,
    timeline.AFTER_ANCHOR,
    status.RULE,
    status.FLAG,  # after the status: a timestamp it decides is not the flag's to move
    timeline.ORDER,
    timeline.PAIR,
    chain.RULE,
    span.RULE,  # after the dates in order: an end as far after its start as the thing lasts
    self_tree.RULE,  # after the parents' times: it only moves a time later
)

LINK_RULES: tuple[LinkRule, ...] = (
    fk_meet.RULE,
    site_meet.RULE,  # two keys through their parents to one site
    locale_keys.RULE,  # after the meets: a fact's key follows the row's own country
    self_tree.CONTAINERS,
    fk_time.RULE,
    partitions.RULE,  # first of the rows stage: later rules read the parents it picks
    settle.RULE,
)

# Installed plug-ins' rules (base/plugins.py: an entry point of the group `workbench.rules`
# naming one RowRule or LinkRule) run after the built-in ones, in the entry points' name order.
for _name, _plugged in plugins.installed(plugins.RULES):
    if isinstance(_plugged, RowRule):
        ROW_RULES += (_plugged,)
    elif isinstance(_plugged, LinkRule):
        LINK_RULES += (_plugged,)
    else:
        raise TypeError(f"plug-in {_name!r} names {_plugged!r}, not a RowRule or LinkRule")

_BY_KIND: dict[str, RowRule] = {}
for _rule in ROW_RULES:
    for _kind in _rule.kinds:
        assert _kind not in _BY_KIND, f"two rules apply the kind {_kind!r}"
        _BY_KIND[_kind] = _rule


def phase_of(rule: Rule) -> Phase:
    return _BY_KIND[rule.kind].phase(rule.kind)


def plan_rules(view: TableView) -> list[Rule]:
    """The table's planned rules, in the order they run; declared rules last (in the order
    their planner gives them: they have the final word over inferred values and times)."""
    planned: list[Rule] = []
    for rule in ROW_RULES:
        planned += rule.plan(view, planned)
    planned.sort(key=lambda r: phase_of(r) is Phase.DECLARED)
    return planned


def apply_phase(
    view: TableView, planned: Sequence[Rule], phase: Phase, batch: Batch, idx: np.ndarray
) -> None:
    """The planned rules of one phase, in order."""
    for rule in planned:
        if phase_of(rule) is phase:
            _BY_KIND[rule.kind].apply(view, rule, batch, idx)


def reconcile(planned: Sequence[Rule], batch: Batch) -> bool:
    """After the CHECKs: the rules that follow what a CHECK insisted on (whether any moved)."""
    changed = False
    for rule in planned:
        follow = _BY_KIND[rule.kind].reconcile
        if follow is not None:
            changed |= follow(rule, batch)
    return changed


def apply_links(view: TableView, links: Links, stage: Stage, batch: Batch, idx: np.ndarray) -> None:
    """The cross-table rules of one stage, in order."""
    for rule in LINK_RULES:
        if rule.stage is stage:
            rule.apply(view, links, batch, idx)
