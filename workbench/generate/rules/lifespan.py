"""An animal is born when an animal of its species is: a table of animals (its rows' species or
breed, a column of labels naming animals: its own `species`, else its parent's one key away, a
breed's) draws its dates of birth from the species' life (vocab/data/lifespans.tsv), never a
person's 20 to 75 years: on the day the row came to be (its anchor: `registered_at`) the
animal is a few months to well within its typical life old, young ones the likeliest, so it
stays below the oldest such animals reach at every later time the data holds. A row of a
person (a first or last name, an email) is never read as an animal, whatever its labels.
An age column beside it follows (rules/age.py). Applied after rules/born.py; a farm
animal dated by the first birth it gave is rules/first_birth.py's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.age import set_age
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.paths import Path, labelled_parent, source_values
from workbench.generate.rules.times import as_us, is_time, store
from workbench.generate.vocab.lifespans import lifespan_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_YEAR_US = 365.25 * 86_400_000_000
_KNOWN = 0.6  # the share of a column's labels that must name animals
_YOUNGEST = 0.25  # years: an animal is a few months old when first recorded
_SHARE = (0.05, 0.55)  # its age then: likeliest young, at most this share of its typical life
# a person's own columns: such a row is never an animal's
PERSON = frozenset({"first_name", "last_name", "surname", "family_name", "given_name",
                    "forename", "middle_name", "email", "email_address", "ssn",
                    "national_id", "passport_no", "passport_number"})  # fmt: skip


def _animals(labels: Sequence[str]) -> dict[str, list[float]] | None:
    """Each label's (typical, oldest) life where most labels (two at least) name animals."""
    found = {lb: list(life) for lb in labels if (life := lifespan_of(normalise(lb))) is not None}
    if found and len(found) >= min(2, len(labels)) and len(found) >= _KNOWN * len(labels):
        return found
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date" and free(view, c)]
    if not births or {normalise(c) for c in view.specs} & PERSON:
        return []
    if any(r.kind == "first_birth" and r.columns[0] == births[0] for r in planned):
        return []  # a farm animal dated by its first birth (rules/first_birth.py)
    data: dict[str, object] = {}
    columns = [births[0]]
    for name, spec in view.specs.items():
        found = _animals(labels_of(spec))
        if found is not None:
            data.update(lives=found)
            columns.append(name)
            what = name
            break
    else:
        through = labelled_parent(view, _animals)
        if through is not None:
            path, source, _, lives = through
            data.update(lives=lives, fk=path.fk, parent=path.parent, source=source)
            what = f"{path.parent.rsplit('.', 1)[-1]}'s {source}"
    if not data:
        return []
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is not None and anchor in view.specs and is_time(view.specs[anchor].kind):
        data["anchor"] = anchor
    ages = [r.columns[0] for r in planned if r.kind == "age" and r.columns[1] == births[0]]
    data["age"] = ages[0] if ages else ""
    detail = f"{births[0]} of an animal of its {what}: young, within its species' life"
    return [Rule("lifespan", columns, detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    birth = batch.get(rule.columns[0])
    if birth is None:
        return
    n = birth.values.size
    lives: dict[str, list[float]] = rule.data["lives"]
    if "fk" in rule.data:
        path = Path(str(rule.data["fk"]), str(rule.data["parent"]))
        got = source_values(view, path, str(rule.data["source"]), batch)
        if got is None:
            labels, unknown = np.full(n, ""), np.ones(n, dtype=bool)
        else:
            labels, unknown = np.asarray(got[0]).astype(str), got[1]
    else:
        kinds = batch.get(rule.columns[1])
        if kinds is None:
            return
        labels, unknown = np.asarray(kinds.values).astype(str), kinds.nulls
    # an animal of no known species lives as the shortest-lived of the table's
    shortest = min(life[0] for life in lives.values())
    typical = np.full(n, shortest)
    for label, (years, _) in lives.items():
        typical[(labels == label) & ~unknown] = years
    rng = row_rng(view, rule, idx)
    share = rng.triangular(_SHARE[0], _SHARE[0], _SHARE[1], n)
    age = np.maximum(_YOUNGEST, typical * share) * _YEAR_US
    now = clock.run_now(view.config).astype("datetime64[us]")
    when = batch.get(str(rule.data.get("anchor") or ""))
    at = np.full(n, now)
    if when is not None:
        own = as_us(when)
        known = ~when.nulls & (own < now)
        at[known] = own[known]
    born = at - age.astype(np.int64).astype("timedelta64[us]")
    store(birth, born, np.flatnonzero(~birth.nulls))
    age_column = str(rule.data.get("age") or "")
    if age_column and age_column in batch:
        set_age(view, age_column, rule.columns[0], batch)


RULE = RowRule(
    "lifespan",
    "an animal's date of birth within its species' life, never a person's",
    _plan,
    _apply,
    phases={"lifespan": Phase.FINAL},
    after=("born", "held_since", "first_birth"),  # every date of birth as a person's first
    before=("age_band",),  # an age band and a birth-coded id read the birth date it sets
)
