"""A person's age and the licence they hold, as of the time that matters to their row.

- A row with a date of birth but no time of its own, under a parent with one (a named driver
  of a policy, a passenger of a booking, a dependant of a membership): the age the birth-date
  generator draws (an adult's) is the age at the parent's start (its window's start, else the
  time it came to be), not at the run's clock, which may be years later or earlier.
- A date since which the person holds a licence or a qualification (`licensed_since`,
  `licence_date`, `driving_since`, `qualified_on`; not its expiry) lies between the age one
  may first hold one (17, never before 16) and the row's time (its own, else the parent's):
  one cannot have been licensed before the policy that names them as licensed, nor as a
  child. Most are licensed young, a few late.

Nothing here names a table: the birth date is the birth-date generator's column, the licence
a time column named with a word of holding one, the time the row's own anchor or its first
parent's (rules/paths)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.rules.times import as_us, declared_window, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the words of a date since which one holds a licence or a qualification
HOLDING = frozenset({"licensed", "licenced", "licence", "license", "driving", "qualified",
                     "certified", "licensure"})  # fmt: skip
# words of its end or of something else about it (its expiry, a suspension)
_NOT_SINCE = frozenset({"expiry", "expires", "expiration", "expire", "until", "end", "ends",
                        "renewal", "renewed", "renew", "revoked", "suspended", "birth", "to",
                        "valid", "points", "number", "no", "class", "category",
                        "type"})  # fmt: skip
_FIRST_AGE = 17.0  # the youngest drawn licensing age
_LEAST_AGE = 16.0  # never before it
_YEAR_US = 365.25 * 86_400_000_000
_DAY = np.timedelta64(86_400_000_000, "us")


def _since(view: TableView, birth: str) -> list[str]:
    out = []
    for name, spec in view.specs.items():
        words = set(normalise(name).split("_"))
        if name == birth or not is_time(spec.kind) or not free(view, name):
            continue
        if words & HOLDING and not words & _NOT_SINCE:
            out.append(name)
    return out


def _parent_time(view: TableView) -> tuple[Path, str] | None:
    """The first parent (one hop) with a start (its window's), else with an anchor time."""
    found: tuple[Path, str] | None = None
    for path in paths_of(view):
        table = view.schema.tables.get(path.parent)
        if path.via is not None or table is None or path.parent == view.tp.name:
            continue
        window = window_of(view.schema, table, view.config)
        if window is not None:
            return path, window.start
        anchor = anchor_of(view.schema, table, view.config)
        if found is None and anchor is not None:
            found = path, anchor
    return found


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date"]
    if len(births) != 1 or not free(view, births[0]) or declared_window(view.specs[births[0]]):
        return []
    birth = births[0]
    since = _since(view, birth)
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is not None and anchor in view.specs and is_time(view.specs[anchor].kind):
        if not since:  # the row's own time: its age is rules/born's
            return []
        detail = f"{', '.join(since)} from age {_FIRST_AGE:g} up to {anchor}"
        return [Rule("held_since", [*since, birth, anchor], detail, {"own": anchor})]
    found = _parent_time(view)
    if found is None:
        return []
    path, source = found
    at = f"{path.parent.rsplit('.', 1)[-1]}.{source}"
    detail = f"{birth} as of {at}: the age drawn is the age then"
    if since:
        detail += f"; {', '.join(since)} from age {_FIRST_AGE:g} up to {at}"
    data = {"fk": path.fk, "parent": path.parent, "source": source}
    return [Rule("held_since", [birth, *since], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if "own" in rule.data:
        since, birth_name, own = rule.columns[:-2], rule.columns[-2], rule.columns[-1]
        when = batch.get(own)
        if when is None:
            return
        ref, missing = as_us(when), when.nulls
    else:
        birth_name, since = rule.columns[0], rule.columns[1:]
        got = source_values(
            view, Path(rule.data["fk"], rule.data["parent"]), rule.data["source"], batch
        )
        if got is None:
            return
        ref = np.asarray(got[0]).astype("datetime64[us]")
        missing = np.asarray(got[1], bool) | np.isnat(ref)
    birth = batch.get(birth_name)
    if birth is None:
        return
    known = ~birth.nulls & ~missing
    born = as_us(birth)
    if "own" not in rule.data:  # the age drawn at the run's clock is the age at the parent's time
        now = clock.run_now(view.config).astype("datetime64[us]")
        rows = np.flatnonzero(known)
        born = born.copy()
        born[rows] = born[rows] - (now - ref[rows])
        store(birth, born, rows)
        born = as_us(birth)
    age = np.where(known, (ref - born).astype(np.int64) / _YEAR_US, 0.0)
    rng = row_rng(view, rule, idx)
    for name in since:
        col = batch.get(name)
        if col is None:
            continue
        at = known & ~col.nulls & (age >= _LEAST_AGE + 0.1)
        first = np.minimum(_FIRST_AGE, np.maximum(age - 0.1, _LEAST_AGE))
        drawn = first + rng.exponential(3.0, age.size)
        drawn = np.where(
            drawn > age - 0.05, first + rng.uniform(0, 1, age.size) * (age - first), drawn
        )
        drawn = np.clip(drawn, _LEAST_AGE + 0.01, np.maximum(age - 0.01, _LEAST_AGE + 0.01))
        held = born + (drawn * _YEAR_US).astype(np.int64).astype("timedelta64[us]")
        held = np.minimum(held, ref - _DAY)
        rows = np.flatnonzero(at)
        store(col, held, rows)


RULE = RowRule(
    "held_since",
    "a person's age as of their parent's start, and a licence held since their licensing age,"
    " no later than the row's time",
    _plan,
    _apply,
    phases={"held_since": Phase.FINAL},
    after=("born",),
    before=("age_band",),  # an age band and a birth-coded id read the birth date it moves
)
