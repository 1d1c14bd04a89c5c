"""An animal's life events at its species' ages: a row with a date of birth and the date of a
first birth it gave, named by the verb farmers use for its species (`first_calving_date`: a
cow; `first_foaling`: a mare; lambing, kidding, farrowing, whelping, kittening), is an
animal of that species: alive at an age of its kind (a cow 2 to 10 years old at the run's
clock or at the row's other times, its sale or death, not the 20 to 75 of a person), and its
first birth was at the age its kind first gives birth (a heifer calves at 22 to 34 months),
or has not happened yet (NULL where it may be).

The verbs and ages are a closed vocabulary of the world's livestock and pets (SPECIES);
nothing here names a table. Runs once the row's times stay where they are (after
rules/born.py and rules/held_since.py, which read every date of birth as a person's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us, is_time, latest, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the verb of giving birth -> (its species, the ages in months a first birth comes at, the
# ages in years one of the species lives at on a farm or in a home)
SPECIES: dict[str, tuple[str, tuple[float, float], tuple[float, float]]] = {
    "calving": ("cattle", (22.0, 34.0), (2.0, 10.0)),
    "foaling": ("horse", (40.0, 72.0), (4.0, 22.0)),
    "lambing": ("sheep", (12.0, 24.0), (1.5, 8.0)),
    "kidding": ("goat", (12.0, 24.0), (1.5, 9.0)),
    "farrowing": ("pig", (11.0, 14.0), (1.0, 5.0)),
    "whelping": ("dog", (18.0, 48.0), (2.0, 10.0)),
    "kittening": ("cat", (12.0, 36.0), (1.5, 12.0)),
    "queening": ("cat", (12.0, 36.0), (1.5, 12.0)),
}
# a birth that is not the first: its date says nothing of the first one's age
_NOT_FIRST = frozenset({"last", "latest", "previous", "prev", "recent", "next", "expected",
                        "due", "planned", "second"})  # fmt: skip
_MONTH_US = 30.4375 * 86_400_000_000
_YEAR_US = 365.25 * 86_400_000_000


def _verb(name: str) -> str | None:
    words = normalise(name).split("_")
    if _NOT_FIRST & set(words):
        return None
    return next((w for w in words if w in SPECIES), None)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date"]
    if not births or not free(view, births[0]):
        return []
    for name, spec in view.specs.items():
        verb = _verb(name)
        if verb is None or not is_time(spec.kind) or not free(view, name):
            continue
        species, first, alive = SPECIES[verb]
        detail = (
            f"{births[0]} of a {species} ({alive[0]:g}-{alive[1]:g} years old), {name} at"
            f" {first[0]:g}-{first[1]:g} months of age"
        )
        times = [c for c, t in view.specs.items() if is_time(t.kind) and c not in (name, births[0])]
        data = {"verb": verb, "times": times}
        return [Rule("first_birth", [births[0], name], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    birth, first = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if birth is None or first is None:
        return
    _, (lo, hi), (young, old) = SPECIES[rule.data["verb"]]
    rng = row_rng(view, rule, idx)
    now = clock.run_now(view.config).astype("datetime64[us]")
    n = idx.size
    # the animal's life ends by its row's other times (a cow sold, dead or exited then)
    ceiling = np.full(n, latest(first, now))
    for name in rule.data.get("times", ()):
        col = batch.get(name)
        if col is not None and name not in rule.columns:
            ceiling = np.where(col.nulls, ceiling, np.minimum(ceiling, as_us(col)))
    years = rng.uniform(young, old, n)
    born = ceiling - (years * _YEAR_US).astype(np.int64).astype("timedelta64[us]")
    store(birth, born, np.arange(n))
    months = rng.uniform(lo, hi, n)
    at = as_us(birth) + (months * _MONTH_US).astype(np.int64).astype("timedelta64[us]")
    due = at > ceiling  # too young to have given birth yet
    rows = np.flatnonzero(~due)
    store(first, at, rows)
    if first.nullable:
        first.nulls[due] = True
    else:
        store(first, np.full(n, latest(first, now)), np.flatnonzero(due))


RULE = RowRule(
    "first_birth",
    "an animal's date of birth and first birth at its species' ages (a cow calves at 2-3)",
    _plan,
    _apply,
    phases={"first_birth": Phase.FINAL},
    after=("born", "held_since"),  # every date of birth as a person's first, then an animal's
    before=("age_band",),
)
