"""A price of a bundle of timed sessions is the hours it holds at what an hour of them costs:
a package of ten 90-minute driving lessons costs about fifteen hours of a lesson, a course of
eight 60-minute tutoring sessions eight hours of a tutor's.

Read from the row: a free price (`price`, `package_price`: the price generator, no unit of its
own), a count of sessions (`lesson_count`, `num_sessions`, `lessons_included`) and their
length in minutes or hours (`lesson_minutes`, `session_length_min`, `lesson_hours`), both
named for one noun; or the hours it holds whole (`tuition_hours`, `lesson_hours_total`) beside
the price. What an hour costs is what an hour of that noun's work is charged
(vocab/data/role_rates.tsv: a lesson, tuition, a tutor's hour), drawn once per row around its
typical figure in US dollars; the money rule then scales the price to the row's currency. A
noun the file does not know, or a row whose count or length is missing, keeps its drawn price.
Nothing here names a table: the nouns and their rates are the data file's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.vocab.money_bands import role_rate

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_COUNT_WORDS = frozenset({"count", "num", "number", "included", "qty", "quantity", "total"})
_MINUTES = frozenset({"minutes", "minute", "mins", "min"})
_HOURS = frozenset({"hours", "hour", "hrs", "hr"})
_LENGTH_WORDS = frozenset({"length", "duration", "each", "per"})
_NUMBERS = ("int", "decimal", "float")
_SIGMA = 6.0  # a band's width (lowest to highest, in logs) over the rates' spread


def _noun(words: list[str], drop: frozenset[str]) -> str | None:
    """The one noun a count's or a length's name is of (`lesson_count`: lesson), singular."""
    rest = [w for w in words if w not in drop]
    if len(rest) != 1:
        return None
    return min(singular_forms(rest[0]), key=len)


def _parts(view: TableView) -> tuple[str, str | None, float, str] | None:
    """(count column or hours column, length column or None, hours a unit of length is, noun)."""
    counts: dict[str, str] = {}
    lengths: dict[str, tuple[str, float]] = {}
    for name, spec in view.specs.items():
        if spec.kind not in _NUMBERS or spec.generator in ("sequence", "foreign_key"):
            continue
        words = normalise(name).split("_")
        unit = 1 / 60 if set(words) & _MINUTES else 1.0 if set(words) & _HOURS else None
        if unit is None:
            noun = _noun(words, _COUNT_WORDS) if set(words) & _COUNT_WORDS else None
            if noun is None and len(words) == 1:  # `lessons`, `sessions`: a plural noun
                noun = min(singular_forms(words[0]), key=len) if words[0].endswith("s") else None
            if noun is not None and spec.kind == "int":
                counts[noun] = name
            continue
        noun = _noun(words, _MINUTES | _HOURS | _LENGTH_WORDS | _COUNT_WORDS)
        if noun is not None:
            lengths[noun] = (name, unit)
    for noun, count in counts.items():
        if noun in lengths and role_rate(noun) is not None:
            length, unit = lengths[noun]
            return count, length, unit, noun
    for noun, (hours, unit) in lengths.items():  # the hours it holds whole (`tuition_hours`)
        if noun not in counts and unit == 1.0 and role_rate(noun) is not None:
            return hours, None, 1.0, noun
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for r in planned for c in r.columns}
    prices = [c for c, s in view.specs.items()
              if s.generator == "price" and "price" in normalise(c).split("_")
              and c not in taken and free(view, c)]  # fmt: skip
    found = _parts(view) if len(prices) == 1 else None
    if found is None:
        return []
    count, length, unit, noun = found
    band = role_rate(noun)
    assert band is not None
    held = f"{count} × {length}" if length else count
    detail = f"{prices[0]} = the hours of {held} at what an hour of {noun} costs"
    data = {"count": count, "length": length, "unit": unit, "band": band}
    return [Rule("priced_hours", [prices[0]], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, count = batch.get(rule.columns[0]), batch.get(rule.data["count"])
    length = batch.get(rule.data["length"]) if rule.data["length"] else None
    if col is None or count is None or not idx.size:
        return
    hours = np.asarray(count.values, dtype=float) * rule.data["unit"]
    missing = count.nulls | col.nulls
    if length is not None:
        hours = hours * np.asarray(length.values, dtype=float)
        missing = missing | length.nulls
    lo, typical, hi = rule.data["band"]
    rng = row_rng(view, rule, idx)
    rate = np.clip(typical * np.exp(rng.normal(0.0, np.log(hi / lo) / _SIGMA, hours.size)), lo, hi)
    spec = view.specs[rule.columns[0]]
    step = spec.step or 0.01
    made = np.round(hours * rate / step) * step
    low, high = num_bounds(spec, 0.0, 1e15)
    rows = ~missing & (hours > 0) & (made >= low) & (made <= high)
    col.values[rows] = made[rows].astype(col.values.dtype)


RULE = RowRule(
    "priced_hours",
    "a bundle of timed sessions costs the hours it holds at what an hour of them costs",
    _plan,
    _apply,
    phases={"priced_hours": Phase.PARENTS},  # before lineage's money scales it to the currency
    after=("priced_noun",),
    before=("tier_spread", "lineage"),
)
