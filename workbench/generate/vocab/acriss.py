"""ACRISS (SIPP) car class codes, the car hire trade's standard: four letters, each position a
fact about the car: its size class (M mini, E economy, C compact … L luxury), its type (D four
doors, W wagon, F SUV, V van …), its transmission (M manual, A automatic …) and its fuel and
air conditioning (R unspecified with air, D diesel, H hybrid, E electric …). A code says what
the row's class labels and its transmission flag say (rules/code_class.py)."""

from __future__ import annotations

import functools

import numpy as np

# the letters each position may take, and the words of what each means (a label they name)
SIZE: dict[str, tuple[str, ...]] = {
    "M": ("mini", "city_car"), "N": ("mini", "city_car"), "E": ("economy",),
    "H": ("economy",), "C": ("compact",), "D": ("compact",),
    "I": ("intermediate", "midsize", "mid_size"), "J": ("intermediate", "midsize", "mid_size"),
    "S": ("standard",), "R": ("standard",), "F": ("fullsize", "full_size"),
    "G": ("fullsize", "full_size"), "P": ("premium", "executive"),
    "U": ("premium", "executive"), "L": ("luxury",), "W": ("luxury",), "O": ("oversize",),
    "X": ("special",),
}  # fmt: skip
TYPE: dict[str, tuple[str, ...]] = {
    "B": (), "C": (), "D": (), "L": ("limousine",), "S": ("sport", "sports"),
    "T": ("convertible", "cabriolet"), "W": ("wagon", "estate"), "E": ("coupe",),
    "N": ("roadster",), "F": ("suv", "4x4"), "G": ("crossover", "suv"),
    "J": ("all_terrain", "suv", "4x4"), "V": ("van", "passenger_van", "minibus"),
    "M": ("minivan", "mpv", "monospace", "van"), "P": ("pickup",), "Q": ("pickup",),
    "K": ("commercial", "truck"), "R": ("recreational",), "H": ("motorhome", "camper"),
    "Y": ("motorcycle", "scooter"), "X": ("special",), "Z": (),
}  # fmt: skip
AUTOMATIC = "ABD"  # the transmission letters of an automatic (M, N, C: manual)
TRANSMISSION = "MNCABD"
FUEL = "RNDQHIECLSABMFVZUX"
# the letters codes are drawn from: the everyday cars of a hire fleet
_SIZES = "MNEHCDIJSRFGPULW"
_TYPES = "CDWFGJVMTE"
_TRANSMISSIONS = "MANB"
_FUELS = "RDHEVI"
_COUNT = len(_SIZES) * len(_TYPES) * len(_TRANSMISSIONS) * len(_FUELS)
_STRIDE = 271  # prime to the count, one step in each letter: rows next to each other differ in all


def codes(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    """Codes for the rows `idx`: distinct per row index when the column is unique (as many
    as the letters drawn from allow, then again), else drawn at random."""
    k = (idx.astype(np.int64) * _STRIDE) % _COUNT if unique else rng.integers(0, _COUNT, idx.size)
    out = []
    for at in k.tolist():
        at, fuel = divmod(at, len(_FUELS))
        at, gear = divmod(at, len(_TRANSMISSIONS))
        size, kind = divmod(at, len(_TYPES))
        out.append(_SIZES[size] + _TYPES[kind] + _TRANSMISSIONS[gear] + _FUELS[fuel])
    return np.asarray(out, dtype=object)


@functools.cache
def vocabulary() -> tuple[str, ...]:
    """Every code drawn from, in the order a unique column (a table of classes) takes them."""
    return tuple(codes(np.random.default_rng(0), np.arange(_COUNT), True).tolist())


def label_of(code: str, labels: dict[str, str]) -> str | None:
    """The label (of `labels`: normalised label -> label) a code names: its type's (an SUV,
    a van) where one names it, else its size class's."""
    if len(code) != 4:
        return None
    for words in (TYPE.get(code[1], ()), SIZE.get(code[0], ())):
        for word in words:
            if word in labels:
                return labels[word]
    return None
