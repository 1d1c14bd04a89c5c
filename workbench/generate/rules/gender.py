"""A row's gender agrees with its first name: Mary is female, James male, in every row whose
drawn gender is one of the two (non-binary, other and prefer-not-to-say rows keep theirs, and
a name given to both, like Jamie, keeps the drawn one).

Which name is whose comes from Faker's en_US lists of male and female first names (a fact
source, as the name pool itself); the lookup runs once per distinct name in a batch."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from faker.providers.person.en_US import Provider

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free_columns

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

_FEMALE_LABELS = ("female", "f", "woman", "w", "women", "girl")
_MALE_LABELS = ("male", "m", "man", "men", "boy")
_GENDER_NAMES = {"gender", "sex", "gender_code", "sex_code", "gender_identity"}


@functools.cache
def _name_sexes() -> dict[str, int]:
    """First name → 1 female, 2 male (names on both lists are left out)."""

    female, male = set(Provider.first_names_female), set(Provider.first_names_male)
    return {**{n: 1 for n in female - male}, **{n: 2 for n in male - female}}


def _labels(view: TableView, column: str) -> tuple[str, str] | None:
    """The column's own spelling of (female, male), or None when it has no such pair."""
    spec = view.specs[column]
    if spec.generator == "gender":
        return "female", "male"
    if spec.generator == "gender_code":
        return "F", "M"
    if spec.generator != "choice" or spec.kind != "text":
        return None

    if normalise(column) not in _GENDER_NAMES:
        return None
    values = [str(v) for v in spec.params.get("values", [])]
    female = next((v for v in values if v.lower() in _FEMALE_LABELS), None)
    male = next((v for v in values if v.lower() in _MALE_LABELS), None)
    return (female, male) if female and male else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    free = free_columns(view)

    first = next((c for c, s in view.specs.items() if s.generator == "first_name"), None)
    full = next((c for c, s in view.specs.items() if s.generator == "full_name"), None)
    source = first or full
    if source is None:
        return []
    for column in sorted(free):
        labels = _labels(view, column)
        if labels is not None:
            data = {"female": labels[0], "male": labels[1], "full": source != first}
            return [Rule("gender", [column, source], f"{column} from {source}", data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    gender, name = batch[rule.columns[0]], batch[rule.columns[1]]
    female, male = rule.data["female"], rule.data["male"]
    names = np.asarray(name.values).astype(str)
    if rule.data["full"]:
        names = np.char.partition(names, " ")[:, 0]
    distinct, inverse = np.unique(names, return_inverse=True)
    sexes = _name_sexes()
    sex = np.array([sexes.get(n, 0) for n in distinct.tolist()], dtype=np.int8)[inverse]
    drawn = np.asarray(gender.values).astype(str)
    binary = (drawn == female) | (drawn == male)
    rows = binary & ~name.nulls & ~gender.nulls & (sex > 0)
    gender.values[rows & (sex == 1)] = female
    gender.values[rows & (sex == 2)] = male


RULE = RowRule("gender", "a row's gender agrees with its first name", _plan, _apply, after=("age",))
