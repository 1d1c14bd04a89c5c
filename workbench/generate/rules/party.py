"""A party's type says whether the row is a person: a table of parties (customers, account
holders, clients) whose type column tells people from organisations (`customer_type`
'individual' | 'business', `party_kind` 'person' | 'company', 'private' | 'corporate') keeps
a date of birth on every person's row and none on an organisation's: a company is not born,
and a person who signs a contract gave theirs. The rule only fills or clears the date
(taking a date of birth another person of the batch drew); where it lies follows from the
row's own time (rules/born.py: an adult when the row came to be). Read from the labels of any
text or enum column; a nullable date of birth only (a NOT NULL one is there already)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import labelled
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# labels of a party that is a human being, and of one that is an organisation
PERSON = frozenset({"individual", "individuals", "person", "natural_person", "private",
                    "private_person", "private_individual", "consumer", "personal",
                    "private_client", "natural", "retail_individual", "individual_customer",
                    "private_customer", "human"})  # fmt: skip
ORGANISATION = frozenset({"business", "company", "corporate", "corporation", "organisation",
                          "organization", "org", "legal_entity", "legal_person", "legal",
                          "enterprise", "firm", "institution", "institutional",
                          "government", "public_body", "charity", "ngo", "partnership",
                          "business_customer", "commercial", "trade", "b2b"})  # fmt: skip
_TYPICAL_AGE_YEARS = 40  # a person's age where no other person's date is at hand
_YEAR_DAYS = 365.25


def person_labels(labels: Sequence[str]) -> tuple[list[str], list[str]] | None:
    """The labels naming people and those naming organisations, where a column has both; of
    two labels one naming organisations (`commercial`), the other is the people's side
    (`residential`, `household`, `domestic`) whatever its word."""
    people = [lb for lb in labels if normalise(lb) in PERSON]
    orgs = [lb for lb in labels if normalise(lb) in ORGANISATION]
    if not people and len(orgs) == 1 and len(set(labels)) == 2:
        people = [lb for lb in labels if lb != orgs[0]]
    return (people, orgs) if people and orgs else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date"]
    if not births or not free(view, births[0]) or not view.specs[births[0]].nullable:
        return []
    for name, spec in view.specs.items():
        if name == births[0] or spec.kind not in ("text", "enum"):
            continue
        found = person_labels(labels_of(spec))
        if found is None:
            continue
        people, orgs = found
        detail = (
            f"{births[0]} set where {name} is {', '.join(people)}, "
            f"NULL where {', '.join(orgs)}: only a person is born"
        )
        return [Rule("party_birth", [births[0], name], detail, {"people": people, "orgs": orgs})]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    birth, kind = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if birth is None or kind is None:
        return
    person, org = labelled(kind, rule.data["people"]), labelled(kind, rule.data["orgs"])
    birth.nulls[org] = True
    missing = np.flatnonzero(person & birth.nulls)
    if not missing.size:
        return
    known = np.flatnonzero(~birth.nulls)
    if known.size:
        pick = row_rng(view, rule, idx).choice(known, missing.size)
        birth.values[missing] = birth.values[pick]
    else:
        now = clock.run_now(view.config).astype("datetime64[D]")
        born = now - np.timedelta64(int(_TYPICAL_AGE_YEARS * _YEAR_DAYS), "D")
        birth.values[missing] = np.asarray([born]).astype(birth.values.dtype)[0]
    birth.nulls[missing] = False


RULE = RowRule(
    "party_birth",
    "a person's row of a party table has a date of birth, an organisation's none",
    _plan,
    _apply,
    after=("payment",),  # beside the age it comes before (rules/age.py, then born.py)
    before=("age",),
)
