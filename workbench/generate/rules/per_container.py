"""What was taken in containers weighs what that many containers hold: a harvest of four honey
supers is 40-80 kg of honey, not 2,335 kg nor 0.4; six fruit bins two tonnes or so, three
barrels six hundred litres.

A row that counts containers (an integer column whose name is a container's noun of
vocab/data/containers.tsv, give or take count words and what was done with them: `supers`,
`supers_taken`, `num_bins`, `crate_count`) and states a mass or a volume in a unit
(`honey_kg`, `yield_litres`, `net_weight_lbs`: vocab/containers.UNITS; not a figure per
container, a capacity or a tare) holds that many containers' content: each container's drawn
between the lowest and highest such a container holds, around its typical content, the total
in the column's unit. Rows counting no containers keep their figure. Nothing here names a
table: the containers and the units are words of the file and of the language.

By default any counted thing holds its share (a count of things, `hole_count`, `num_bags`,
beside a mass or volume no other rule drew, `explosive_kg`, `fuel_litres`): the amount is what
that many of them take, each around an everyday amount of one thing (vocab/containers.
ONE_THING: a few to a few hundred kilograms or litres), so a row with ten times the things has
ten times the amount and the amount per thing stays one thing's, not anything from a tenth of
a kilogram to five tonnes. The file's kinds of container are the exceptions it knows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.shape import store_measure
from workbench.generate.vocab.containers import ONE_THING, ONE_THING_SPREAD, UNITS, held_by

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
# words of a count beside its noun: how it is counted, what was done with the containers
_COUNT_WORDS = frozenset({"count", "cnt", "num", "number", "no", "n", "nb", "qty", "quantity",
                          "total", "of", "taken", "used", "filled", "harvested", "removed",
                          "collected", "delivered", "extracted", "pulled", "shipped", "sold",
                          "full", "picked", "packed"})  # fmt: skip
# words of a mass or volume that is no container's content in total
_NOT_CONTENT = frozenset({"per", "each", "avg", "average", "capacity", "max", "min", "maximum",
                          "minimum", "tare", "empty", "target", "expected", "level",
                          "remaining", "balance", "stock"})  # fmt: skip
# words of a table of readings (a register read now and then)
_READINGS = frozenset({"reading", "readings", "read", "reads", "meter", "meters", "telemetry",
                       "snapshot", "snapshots"})  # fmt: skip


def _container(name: str) -> tuple[str, tuple[float, float, float]] | None:
    nouns = [w for w in normalise(name).split("_") if w and w not in _COUNT_WORDS]
    return held_by(nouns[0]) if len(nouns) == 1 else None


def _register(view: TableView) -> bool:
    """Whether the table records readings (`machine_readings`, `meter_reads`): its counts are
    registers read, not things an amount is made of."""
    words = set(normalise(view.table.name).split("_"))
    return bool(words & _READINGS)


def _counted(view: TableView, name: str) -> bool:
    """A count of one kind of thing (`hole_count`, `num_bags`): a count by its generator and its
    words, one noun besides its count words."""
    words = [w for w in normalise(name).split("_") if w]
    nouns = [w for w in words if w not in _COUNT_WORDS]
    return view.specs[name].generator == "count" and len(nouns) == 1 and len(words) > 1


def _content(name: str) -> tuple[str, float] | None:
    words = normalise(name).split("_")
    if len(words) < 2 or set(words) & _NOT_CONTENT:
        return None
    return UNITS.get(words[-1])


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for r in planned for c in r.columns}
    counts = [(c, found) for c, s in view.specs.items()
              if s.kind == "int" and c not in view.fk_cols and (found := _container(c))
              ]  # fmt: skip
    things = [c for c, s in view.specs.items()
              if s.kind == "int" and c not in view.fk_cols and _counted(view, c)]  # fmt: skip
    if _register(view):
        things = []  # a reading's counter and level, no things' amount (rules/counter.py)
    if not counts and len(things) == 1:  # a count of things no line names: one thing's amount
        counts = [(things[0], ("", (0.0, 0.0, 0.0)))]
    if len(counts) != 1:
        return []
    count, (quantity, band) = counts[0]
    for name, spec in view.specs.items():
        unit = _content(name)
        if spec.kind not in _NUMBERS or unit is None or unit[0] != (quantity or unit[0]):
            continue
        if name == count or name in taken or not free(view, name):
            continue
        if not quantity and not spec.generator.startswith("amount_"):
            continue  # by default only an amount nothing else drew (generators/units.py)
        one = band if quantity else ONE_THING[unit[0]]
        held = "containers' content" if quantity else "things' amount (any thing's)"
        detail = f"{name}: {count} {held}, {one[0]:g}-{one[2]:g} each"
        data = {"band": list(one), "unit": unit[1], "default": not quantity}
        return [Rule("per_container", [name, count], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, counts = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if col is None or counts is None:
        return
    n = col.values.size
    many = np.asarray(counts.values, dtype=float)
    rows = ~counts.nulls & ~col.nulls & (many > 0)
    lo, typical, hi = rule.data["band"]
    rng = row_rng(view, rule, idx)
    each = rng.triangular(lo, typical, hi + 1e-9, n)
    if rule.data.get("default"):  # one thing of any kind: around the everyday amount
        each = np.clip(typical * np.exp(rng.normal(0.0, ONE_THING_SPREAD, n)), lo, hi)
    store_measure(view, batch, rule.columns[0], many * each / rule.data["unit"], rows)


RULE = RowRule(
    "per_container",
    "what was taken in containers weighs what that many containers hold",
    _plan,
    _apply,
    phases={"per_container": Phase.ROW},
    after=("magnitude",),
    before=("fill",),
)
