"""Amounts in a unit: a number whose name ends in a unit word (`energy_kwh`, `cargo_kg`,
`wait_minutes`, `battery_kwh`) and that no other generator recognises holds an everyday
amount in that unit, spread on a log scale between the lowest and highest the unit's line of
data/units.tsv gives (a charging session's 0.5-500 kWh, not 807; a wait of 1-600 minutes,
not 94,337). Recognition tries every generator's names and name patterns first (physical.py's
`distance_km`, demographics' `weight_kg`), so a unit alone only decides what nothing else
named; a rate (`price_per_km`) is not an amount in its unit, nor a moment in milliseconds
(`valid_until_ms`) one. A new unit
is a line of the file, not code."""

from __future__ import annotations

import re

import numpy as np

from workbench.generate.generators.base import (
    DECIMAL,
    NUMBER,
    Generator,
    NamePattern,
    NaturalRange,
)
from workbench.generate.generators.value_spec import ColumnSpec, num_bounds
from workbench.generate.vocab.lists import DATA

# words that make a number in milliseconds or seconds a moment (`expires_ts_ms`), not an amount
_TIMES = ("ts", "time", "timestamp", "until", "since", "expiry", "expiration", "expires",
          "epoch", "at", "added", "created", "updated")  # fmt: skip
RANK = 16  # after every other generator's name patterns: a unit alone decides last


# the units a moment may be counted in (`expires_ts_ms`); in any other unit a `time` word names
# a length (`bottom_time_minutes`, `boil_time_hours`), not a moment
_MOMENT_UNITS = frozenset({"ms", "seconds"})


def _ending(words: list[str], moment: bool = True) -> str:
    """A name ending in one of the unit's words, not as a rate (`price_per_km`)."""
    ending = "|".join(re.escape(w) for w in words)
    times = _TIMES if moment else tuple(w for w in _TIMES if w != "time")
    return rf"^(?!.*(^|_)({'|'.join(times)})(_|$)).*(?<!per)(^|_)({ending})$"


def _generators() -> tuple[Generator, ...]:
    out = []
    for line in (DATA / "units.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        unit, words, lo, hi, *rest = line.split("\t")
        out.append(
            Generator(
                f"amount_{unit}",
                NUMBER,
                patterns=(NamePattern(_ending(words.split(","), unit in _MOMENT_UNITS), RANK),),
                natural=NaturalRange(float(lo), float(hi), rest[0].strip() if rest else "log"),
            )
        )
    return tuple(out)


def per_unit_prices(
    spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray
) -> tuple[np.ndarray, float, float]:
    """Money per unit (kinds/unit_prices.py decides it: `prices` = the unit's lowest, typical
    and highest price in dollars): log-normal around the typical price, most rows between
    the lowest and the highest; the money rule scales it to the row's currency."""
    low, typical, high = spec.params.get("prices", (0.5, 10.0, 200.0))
    lo, hi = num_bounds(spec, low, high)
    sigma = max(np.log(high / low) / 5.0, 0.05)
    vals = typical * np.exp(rng.normal(0.0, sigma, idx.size))
    return np.clip(vals, lo, max(lo, hi)), lo, hi


# money per unit: chosen by kinds/unit_prices.py from the name's words and the row's
# currency, never by a name pattern of its own
PER_UNIT = Generator("price_per_unit", DECIMAL, decimals=per_unit_prices)

GENERATORS: tuple[Generator, ...] = (*_generators(), PER_UNIT)
