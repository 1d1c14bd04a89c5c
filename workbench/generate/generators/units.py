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

from workbench.generate.generators.base import NUMBER, Generator, NamePattern, NaturalRange
from workbench.generate.vocab.lists import DATA

# words that make a number in milliseconds or seconds a moment (`expires_ts_ms`), not an amount
_TIMES = ("ts", "time", "timestamp", "until", "since", "expiry", "expiration", "expires",
          "epoch", "at", "added", "created", "updated")  # fmt: skip
RANK = 16  # after every other generator's name patterns: a unit alone decides last


def _ending(words: list[str]) -> str:
    """A name ending in one of the unit's words, not as a rate (`price_per_km`)."""
    ending = "|".join(re.escape(w) for w in words)
    return rf"^(?!.*(^|_)({'|'.join(_TIMES)})(_|$)).*(?<!per)(^|_)({ending})$"


def _generators() -> tuple[Generator, ...]:
    out = []
    for line in (DATA / "units.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        unit, words, lo, hi = line.split("\t")[:4]
        out.append(
            Generator(
                f"amount_{unit}",
                NUMBER,
                patterns=(NamePattern(_ending(words.split(",")), RANK),),
                natural=NaturalRange(float(lo), float(hi), "log"),
            )
        )
    return tuple(out)


GENERATORS: tuple[Generator, ...] = _generators()
