"""A person's national number encodes their date of birth where their country's does: a
Swedish personnummer begins with YYMMDD, a Polish PESEL with the date (the century in the
month), a French NIR carries the year and month (generators/id_checks.py: the checks that read
a birth). code_country.py draws the number in its country's format with valid check digits;
once the row's date of birth is where it stays (rules/born.py draws it from the row's own
time), this rule writes that date into the number and computes the check digits again.

Planned for a table with a national identifier column (vocab/identifiers.py) whose country
code_country.py reads (the row's own country column, or a parent's) and a date of birth
(`birth_date`, `dob`: the birth-date generator). A unique identifier column keeps its drawn
date: the number's serial part alone does not keep two rows apart. A row without a birth date
keeps the drawn one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.generators.id_checks import finish, reads_birth
from workbench.generate.rules import code_country
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.paths import source_values
from workbench.generate.vocab.identifiers import checks

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _birth_checks(family: str) -> dict[str, str]:
    """alpha-2 -> the check of the family's identifiers there that encodes the birth date."""
    return {c: name for (f, c), name in checks().items() if f == family and reads_birth(name)}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date"]
    if not births:
        return []
    columns = {
        name: family
        for name, family in code_country.identifier_columns(view).items()
        if free(view, name) and _birth_checks(family)
    }
    if not columns:
        return []
    data: dict[str, Any] = {"families": columns, "birth": births[0]}
    own = code_country.own_country(view)
    if own is not None:
        data["own"] = own
    else:
        found = code_country.parent_country(view, placed=True)
        if found is None:
            return []
        data["path"], data["source"] = found
    detail = f"{', '.join(columns)} encode {births[0]}"
    return [Rule("id_birth", [*columns, births[0]], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    born_col = batch.get(rule.data["birth"])
    if born_col is None:
        return
    if "own" in rule.data:
        col = batch.get(rule.data["own"])
        got = None if col is None else (np.asarray(col.values), col.nulls)
    else:
        got = source_values(view, rule.data["path"], rule.data["source"], batch)
    if got is None:
        return
    alpha = code_country.alpha2(got[0])
    alpha[np.asarray(got[1], bool)] = ""
    born = np.asarray(born_col.values).astype("datetime64[D]")
    born = np.where(born_col.nulls, np.datetime64("NaT"), born)
    for column, family in rule.data["families"].items():
        col = batch.get(column)
        if col is None:
            continue
        of = code_country.of_family(family, alpha)
        for country, check in _birth_checks(family).items():
            rows = np.flatnonzero((of == country) & ~col.nulls)
            if rows.size:
                col.values[rows] = finish(check, col.values[rows], born[rows])


RULE = RowRule(
    "id_birth",
    "a person's national number encodes their date of birth where their country's does",
    _plan,
    _apply,
    phases={"id_birth": Phase.FINAL},
    after=("age_band", "code_country"),  # once the birth date (born, then age_band) is set
    before=("period",),
)
