"""What one item of a kind sells for (data/item_prices.tsv): a starter, a main, a soft drink, a
chocolate bar, by the label of the item's kind column, in US dollars. A new kind is a line of
the file."""

from __future__ import annotations

import functools

from workbench.generate.base.names import normalise
from workbench.generate.vocab.lists import DATA


@functools.cache
def _kinds() -> dict[str, tuple[float, float, float]]:
    out: dict[str, tuple[float, float, float]] = {}
    for line in (DATA / "item_prices.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, lo, typical, hi = line.split("\t")[:4]
        for word in words.split(","):
            out.setdefault(word.strip(), (float(lo), float(typical), float(hi)))
    return out


def item_price(label: str) -> tuple[float, float, float] | None:
    """(lowest, typical, highest) US dollars one item of the kind a label names sells for."""
    return _kinds().get(normalise(label))
