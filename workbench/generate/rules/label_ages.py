"""A category of people states the ages its name says: a row of a table of terms or kinds of
people (a library's patron categories, a club's membership classes, a ticket's types) whose
name is an age group (`Junior`, `Adult`, `Senior`, `Student`: kinds/age_bands.group_ages),
beside a lowest age (a column filled as an age limit: `min_age`) and a highest one
(`max_age`: rules/age_limit.upper_column), holds that group's ages: a junior 0 to 11, an adult
from 18 with no highest age where the column may be empty. Where the table holds a named list
whose entries state their age group (vocab/data/references.tsv: `Staff` are adults), the
entry's group counts. A name that says no age leaves the ages empty where they may be, else
as drawn. A column of labels most of which name an age group (an enum or a CHECK's list:
a pass product's `age_category` of `child`, `youth`, `adult`, `senior`; a fare's `ADT`/`CHD`)
says the group before the name does: a child's pass is for a child whatever it is called, a
label of no age (`family`) keeps the ages drawn. The people who take the terms are then
born to fit them (rules/age_fit.py, rules/age_limit.py). Nothing here names a table: the
columns are found by their generators and their names' words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.age_bands import group_ages
from workbench.generate.kinds.categories import labels
from workbench.generate.kinds.reference_lists import table_reference
from workbench.generate.rules.age_limit import limit_column, upper_column
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.reference_list import name_column

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# a highest age at or past this many years is no highest age (an adult's 100)
_OPEN = 100.0


def group_column(view: TableView) -> str | None:
    """The row's column of labels (an enum's, a CHECK's list) of which at least two and more
    than half name an age group, else None."""
    for column in view.table.columns:
        found = labels(view.schema, view.table, column) or []
        named = sum(group_ages(label) is not None for label in found)
        if named >= 2 and 2 * named > len(found):
            return column.name
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    low = limit_column(view, view.table)
    high = upper_column(view.table)
    if not low or not high or not free(view, low) or not free(view, high):
        return []
    group = group_column(view)
    if group is not None:
        detail = f"{low} and {high} from the age group {group} holds"
        return [Rule("label_ages", [low, high], detail, {"name": group, "ages": {}})]
    name = name_column(view)
    if name is None:
        return []
    ref = table_reference(view.schema, view.table)
    groups = {entry: values[0] for entry, values in ref.entries if values} if ref else {}
    ages: dict[str, list[float]] = {}
    for entry, group in groups.items():
        found = group_ages(group)
        if found is not None:
            ages[entry] = list(found)
    detail = f"{low} and {high} from the age group {name} names"
    return [Rule("label_ages", [low, high], detail, {"name": name, "ages": ages})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    names = batch.get(rule.data["name"])
    low, high = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if names is None or low is None or high is None:
        return
    listed: dict[str, list[float]] = rule.data["ages"]
    low_null = view.specs[rule.columns[0]].nullable
    high_null = view.specs[rule.columns[1]].nullable
    for at, value in enumerate(names.values.tolist()):
        if names.nulls[at]:
            continue
        ages = listed.get(str(value)) or group_ages(str(value))
        if ages is None:
            if listed and low_null and high_null:  # a listed name that says no age
                low.nulls[at] = high.nulls[at] = True
            continue
        low.values[at] = int(ages[0])
        low.nulls[at] = False
        if ages[1] >= _OPEN and high_null:
            high.nulls[at] = True
        else:
            high.values[at] = int(min(ages[1], _OPEN)) - 1
            high.nulls[at] = False


RULE = RowRule(
    "label_ages",
    "a category of people holds the ages its name's age group says",
    _plan,
    _apply,
    phases={"label_ages": Phase.ROW},
    after=("reference_list",),  # the name it reads
    before=("slug",),
)
