"""A flag of a test's finding (vocab/findings.py: `antibiotic_positive`, `residue_detected`)
is rare: true on about findings.FINDING_SHARE of the rows, whatever DEFAULT it declares (a
DEFAULT false is most rows, not the 85 % kinds/defaults.py gives a plain flag's DEFAULT, and a
flag with no DEFAULT is no coin toss). A NULL stays NULL: no test was made."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.vocab.findings import FINDING_SHARE, finding_flag

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    # a fact a catalogue's code spells is no test's finding (a blood group's `rhd_positive`)
    spelt = {c for r in planned if r.kind == "catalogue_facts" for c in r.columns}
    return [
        Rule("finding_flag", [name], f"{name} true on about {FINDING_SHARE:.1%} of the rows")
        for name, spec in view.specs.items()
        if spec.kind == "bool" and free(view, name) and finding_flag(name) and name not in spelt
    ]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    flag = batch.get(rule.columns[0])
    if flag is None:
        return
    rng = row_rng(view, rule, idx)
    flag.values[:] = rng.random(flag.values.size) < FINDING_SHARE


RULE = RowRule(
    "finding_flag",
    "a flag of a test's finding is rare (antibiotic_positive, residue_detected)",
    _plan,
    _apply,
    phases={"finding_flag": Phase.FINAL},
    after=("risk_flag",),
    before=("pause",),
)
