"""Money by label, as (lowest, typical, highest) US dollars, from data files of lines
`labels<TAB>lowest<TAB>typical<TAB>highest` (labels comma-separated): what one item of a kind
sells for (data/item_prices.tsv: a starter, a main, a soft drink, a chocolate bar) and what an
hour of a person's work in a role is charged or paid (data/role_rates.tsv: a law firm's
partner or paralegal, a kitchen's head chef or porter). A new kind or role is a line of a
file."""

from __future__ import annotations

import functools

from workbench.generate.base.names import normalise
from workbench.generate.vocab.lists import DATA

Band = tuple[float, float, float]


@functools.cache
def _bands(file: str) -> dict[str, Band]:
    out: dict[str, Band] = {}
    for line in (DATA / file).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, lo, typical, hi = line.split("\t")[:4]
        for word in words.split(","):
            out.setdefault(word.strip(), (float(lo), float(typical), float(hi)))
    return out


def item_price(label: str) -> Band | None:
    """What one item of the kind a label names sells for."""
    return _bands("item_prices.tsv").get(normalise(label))


def role_rate(label: str) -> Band | None:
    """What an hour of the role a name or label names costs."""
    return _bands("role_rates.tsv").get(normalise(label))
