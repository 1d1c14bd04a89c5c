"""A person's age makes sense at the row's own time: a date of birth is drawn relative to
when the row came to be (its anchor: created_at, registered, signed up), so a member is the
adult the birth-date generator draws (20 to 75) on the day they joined, not on the run's
clock years later (a sign-up six years before the clock would have been at 14); at every
later time the age only grows from there, and stays an active adult's by the run's clock (a
donor who joined six years ago was at most 69 then: no 81-year-old giving blood today). A
pupil's school grade says the age instead (`grade_level`, `year_group`: an integer within
0-13): five years over the grade at the run's clock, so grade 1 is six and grade 12
seventeen. A person's row anchored at their hiring (`hired_on`, `hire_date`) is of working
age (21-62) then, and no younger than its role is held at (the row's role or its role
table's, a key or two away: a partner at 32, data/role_ages.tsv; or the role its own table is
named after: `pilots`), is no older than 65 by the run's clock, and was hired by the run's
clock: a hiring a chain of rules pushed past it (after a manager's, itself recent) is
today's, unless its status says the hiring is still to come (`pre_hire`). An age column
beside it follows (rules/age.py). Applied once the row's time is where it stays."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.age import set_age
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.label_bands import Bands, labelled, role_column, row_labels
from workbench.generate.rules.times import as_us, declared_window, is_time, latest, store
from workbench.generate.vocab import outcomes
from workbench.generate.vocab.role_ages import role_age

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


# a pupil's school grade or year (1-12/13): the age it is taken at, five years over it
GRADE_NAMES = frozenset({"grade_level", "year_level", "school_year", "year_group", "class_level",
                         "school_grade", "grade_year", "form_level"})  # fmt: skip
_GRADE_AGE = 5.0  # grade 1 at 6, grade 12 at 17 (a year of spread above it)
_YEAR_US = 365.25 * 86_400_000_000
# the time a person was taken on (hired_on, hire_date, employed_since): of working age then
HIRE_WORDS = frozenset({"hired", "hire", "employed", "employment", "engaged", "onboarded"})
# a start (`started_on`, `start_date`) on a row that also says the person can leave a job
# (`left_on`, `resigned_at`, `termination_date`) is a hiring too: a tenure in work
STARTS = frozenset({"started", "start", "began", "begin", "commenced"})
LEAVING = frozenset({"left", "resigned", "dismissed", "terminated", "termination", "offboarded",
                     "retired", "retirement"})  # fmt: skip
WORKING_AGES = (21.0, 62.0)  # a hire's age any employer's rule admits
RETIRING = 65.0  # the oldest a hire is by the run's clock, wherever the youngest age allows
_ADULT = (20.0, 75.0)  # the ages the birth-date generator draws


def _grade(view: TableView) -> str | None:
    """A school grade column: an integer so named whose values stay within 0-13."""
    for name, spec in view.specs.items():
        if normalise(name) not in GRADE_NAMES or spec.kind != "int":
            continue
        lo, hi = num_bounds(spec, 0, 2**62)
        if 0 <= lo <= hi <= 13:
            return name
    return None


def hired(anchor: str, columns: Iterable[str]) -> bool:
    """Whether a person's row is anchored at their taking on: a hiring's time (`hired_on`),
    or a start on a row that names leaving a job (`started_on` beside `left_on`)."""
    words = set(normalise(anchor).split("_"))
    if HIRE_WORDS & words:
        return True
    return bool(STARTS & words) and any(
        LEAVING & set(normalise(c).split("_")) for c in columns if c != anchor
    )


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date"]
    if not births or not free(view, births[0]) or declared_window(view.specs[births[0]]):
        return []
    ages = [r.columns[0] for r in planned if r.kind == "age" and r.columns[1] == births[0]]
    grade = _grade(view)
    if grade is not None:
        detail = f"{births[0]} by {grade}: a pupil is {_GRADE_AGE:g} years older than the grade"
        return [Rule("born", [births[0], grade, *ages[:1]], detail, {"grade": True})]
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None or anchor not in view.specs or not is_time(view.specs[anchor].kind):
        return []
    detail = f"{births[0]} as of {anchor}: the age drawn is the age when the row came to be"
    working = hired(anchor, view.specs)
    data: dict[str, object] = {"working": working}
    if working:
        detail += f" (of working age, {WORKING_AGES[0]:g}-{WORKING_AGES[1]:g}, when hired"
        roles = labelled(view, _role_ages)
        youngest = _table_role(view.table.name)
        if youngest is not None:  # a table of people named after what they do: `pilots`
            data["youngest"] = youngest
            detail += f", from {youngest:g} as {view.table.name}"
        if roles is not None:
            data["roles"] = roles[0]
            detail += f", from the youngest {roles[1]} {roles[0]['source']} is held at"
        status, ahead = _ahead(view)
        data.update(status=status, ahead=ahead)
        detail += f", by now but {', '.join(ahead)})" if ahead else ", by now)"
    return [Rule("born", [births[0], anchor, *ages[:1]], detail, data)]


def _table_role(name: str) -> float | None:
    """The youngest age the role a table of people is named after is held at (`pilots`,
    `head_chefs`: data/role_ages.tsv), above any employer's working age, else None."""
    for form in sorted(singular_forms(normalise(name)), key=len):
        youngest = role_age(form)
        if youngest is not None:
            return youngest if youngest > WORKING_AGES[0] else None
    return None


def _role_ages(schema: Schema, table: Table) -> tuple[str, Bands] | None:
    """The table's column naming people's roles, each with the youngest age it is held at."""

    def band(label: str) -> tuple[float, float, float] | None:
        youngest = role_age(label)
        return None if youngest is None else (youngest, youngest, WORKING_AGES[1])

    return role_column(schema, table, band)


def _youngest(view: TableView, rule: Rule, batch: Batch, n: int) -> np.ndarray:
    """The youngest each row's person is hired at: their role's (data/role_ages.tsv), else
    any employer's working age."""
    out = np.full(n, float(rule.data.get("youngest") or WORKING_AGES[0]))
    roles = rule.data.get("roles")
    got = row_labels(view, roles, batch) if roles else None
    if got is None or roles is None:
        return out
    labels, missing = got
    for label, band in roles["bands"].items():
        out[(labels == label) & ~missing] = max(band[0], WORKING_AGES[0])
    return out


def _ahead(view: TableView) -> tuple[str, list[str]]:
    """The status column and its labels of a hiring still to come (`pre_hire`, `offered`):
    those rows keep a hire date ahead of the clock."""
    for name, spec in view.specs.items():
        if normalise(name).split("_")[-1] not in outcomes.STATUS_WORDS:
            continue
        meanings = outcomes.lifecycle_meanings(labels_of(spec))
        if meanings is not None:
            return name, [lb for lb, m in meanings.items() if m == "ahead"]
    return "", []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Move each birth by the time between the row's own time and the run's clock."""
    birth, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if birth is None or when is None:
        return
    now = clock.run_now(view.config).astype("datetime64[us]")
    if rule.data.get("grade"):
        years = np.asarray(when.values, dtype=float) + _GRADE_AGE
        years += row_rng(view, rule, idx).uniform(0.05, 0.95, years.size)
        born = now - (years * _YEAR_US).astype(np.int64).astype("timedelta64[us]")
        store(birth, born, np.flatnonzero(~birth.nulls & ~when.nulls))
        if len(rule.columns) > 2 and rule.columns[2] in batch:
            set_age(view, rule.columns[2], rule.columns[0], batch)
        return
    own = as_us(when)
    if rule.data.get("working"):  # a hiring happened: by the run's clock
        late = ~when.nulls & (own > now)
        status = batch.get(str(rule.data.get("status") or ""))
        if status is not None and rule.data.get("ahead"):
            labels, pos = label_codes(status)
            late &= ~np.array([lb in rule.data["ahead"] for lb in labels], bool)[pos]
        late = np.flatnonzero(late)
        if late.size:
            store(when, np.full(own.size, latest(when, now)), late)
            own = as_us(when)
    rows = np.flatnonzero(~birth.nulls & ~when.nulls & (own < now))
    if rows.size:
        store(birth, as_us(birth) - (now - own), rows)
    if rows.size and not rule.data.get("working"):  # an active adult through to the clock
        gap = (now - own).astype(np.int64)[rows] / _YEAR_US
        age = np.clip((own - as_us(birth)).astype(np.int64)[rows] / _YEAR_US, *_ADULT)
        top = np.maximum(_ADULT[1] - gap, _ADULT[0])
        fitted = _ADULT[0] + (age - _ADULT[0]) * (top - _ADULT[0]) / (_ADULT[1] - _ADULT[0])
        shifted = own[rows] - (fitted * _YEAR_US).astype(np.int64).astype("timedelta64[us]")
        out = as_us(birth).copy()
        out[rows] = shifted
        store(birth, out, rows)
    if rule.data.get("working"):  # the adult ages drawn (20-75) read as working ages at hire
        known = np.flatnonzero(~birth.nulls & ~when.nulls)
        age = (own - as_us(birth)).astype(np.int64) / _YEAR_US
        lo = _youngest(view, rule, batch, own.size)
        tenure = (now - own).astype(np.int64) / _YEAR_US  # and of working age today
        hi = np.maximum(lo, np.minimum(WORKING_AGES[1], RETIRING - np.maximum(tenure, 0)))
        fitted = lo + (np.clip(age, _ADULT[0], _ADULT[1]) - _ADULT[0]) * (hi - lo) / (
            _ADULT[1] - _ADULT[0]
        )
        store(birth, own - (fitted * _YEAR_US).astype(np.int64).astype("timedelta64[us]"), known)
    if len(rule.columns) > 2 and rule.columns[2] in batch:
        set_age(view, rule.columns[2], rule.columns[0], batch)


RULE = RowRule(
    "born",
    "a date of birth as of the row's own time: adult when the row came to be",
    _plan,
    _apply,
    phases={"born": Phase.FINAL},
    after=("within",),  # once the row's time is where it stays
    before=("period",),
)
