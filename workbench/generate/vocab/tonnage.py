"""What a goods vehicle carries by the gross weight its kind label states (data/gross_weights.tsv):
a `truck_7_5t` carries two to three and a half tonnes in 30-40 m3, a `truck_18t` six to ten, a
`44t` artic up to 29. The tonnage is read from the label (`7_5t`, `18t`, `3.5t`, `26_tonne`) only
beside a word naming a goods vehicle (a crane's `50t` is what it lifts); between two lines of the
file the band is read along them (in the logarithm of the weight)."""

from __future__ import annotations

import functools
import itertools
import math
import re

from workbench.generate.vocab.lists import DATA

Band = tuple[float, float, float]
# a tonnage in a normalised label: `7_5t`, `18t`, `3_5_t`, `26_tonne`, `12tonnes`
_TONNAGE = re.compile(r"(?:^|_)(\d{1,2})(?:_(\d))?_?(?:t|tonne|tonnes|ton|tons)(?:_|$)")


@functools.cache
def _data() -> tuple[frozenset[str], dict[str, list[tuple[float, Band]]]]:
    vehicles: frozenset[str] = frozenset()
    curves: dict[str, list[tuple[float, Band]]] = {}
    for line in (DATA / "gross_weights.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, *rest = line.split("\t")
        if head == "vehicles":
            vehicles = frozenset(rest[0].split(","))
            continue
        gvw, lo, typical, hi = (float(v) for v in rest)
        curves.setdefault(head, []).append((gvw, (lo, typical, hi)))
    return vehicles, {m: sorted(c) for m, c in curves.items()}


def tonnage(label: str) -> float | None:
    """The gross weight in tonnes a (normalised) label of a goods vehicle states, else None."""
    found = _TONNAGE.search(label)
    if found is None:
        return None
    rest = set(label[: found.start()].split("_")) | set(label[found.end() :].split("_"))
    vehicles, _ = _data()
    if not rest & vehicles and label != found.group(0).strip("_"):
        return None
    whole, tenth = found.group(1), found.group(2)
    weight = float(whole) + (float(tenth) / 10.0 if tenth else 0.0)
    return weight if 1.0 <= weight <= 60.0 else None


def by_tonnage(measure: str, label: str) -> Band | None:
    """The band of a measure (payload_kg, load_l) of the goods vehicle a label names with its
    gross weight, else None."""
    curve = _data()[1].get(measure)
    weight = tonnage(label)
    if curve is None or weight is None:
        return None
    if weight <= curve[0][0]:
        return curve[0][1]
    if weight >= curve[-1][0]:
        return curve[-1][1]
    for (w0, b0), (w1, b1) in itertools.pairwise(curve):
        if w0 <= weight <= w1:
            at = (math.log(weight) - math.log(w0)) / (math.log(w1) - math.log(w0))
            lo, typical, hi = (a + (b - a) * at for a, b in zip(b0, b1, strict=True))
            return (lo, typical, hi)
    return None
