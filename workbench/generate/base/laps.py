"""The number a unique column's value takes from its second lap over a finite list on
("Sale 2"): joined in the value's own shape, so that it stays inside what the column accepts
(a single token such as a user name or a tag gets no space: `^[a-z]([_]?[a-z0-9])+$` and
`[a-z0-9-]+` refuse one)."""

from __future__ import annotations

import numpy as np


def joiner(value: str) -> str:
    """How a lap's number joins `value`: a space after words; nothing after a token ending in
    a letter (`bug2`, `nathancaldwell2`: what a code or name pattern still accepts); after a
    token ending in a digit, its own separator (`_`, `-`, `.`) or `_`, so `user1` + 2 is not
    `user12`. A rare clash with another value of the list is the unique repair's to fix."""
    if " " in value:
        return " "
    if not value[-1:].isdigit():
        return ""
    for sep in ("_", "-", "."):
        if sep in value:
            return sep
    return "_"


def numbered(picks: np.ndarray, lap: np.ndarray) -> np.ndarray:
    """`picks` (an object array) with the lap's number added where `lap` > 0."""
    out = picks.astype(object)
    later = np.flatnonzero(lap > 0)
    out[later] = [
        f"{v}{joiner(str(v))}{k + 1}" for v, k in zip(out[later], lap[later].tolist(), strict=True)
    ]
    return out
