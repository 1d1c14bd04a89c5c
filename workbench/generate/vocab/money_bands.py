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


# words of a label that size what it names beside its kind (`large_bouquet`, `mini_cake`,
# `premium_wine`, `deluxe_hamper`): the kind's band times the factor, the nearer a word the
# more it weighs; read only where the label as a whole is none the data knows
SIZED = {"mini": 0.5, "small": 0.6, "petite": 0.6, "little": 0.6, "single": 0.5, "budget": 0.6,
         "basic": 0.7, "economy": 0.6, "standard": 1.0, "regular": 1.0, "classic": 1.0,
         "medium": 1.2, "large": 1.7, "big": 1.6, "grand": 2.2, "luxury": 2.5, "luxe": 2.5,
         "deluxe": 2.0, "premium": 1.8, "signature": 1.6, "giant": 2.5, "xl": 1.8,
         "xxl": 2.2, "jumbo": 2.2, "extra_large": 2.0, "double": 1.8}  # fmt: skip


def sized(label: str, bands: dict[str, Band]) -> Band | None:
    """The band of a label the data does not know whole but whose other words name a kind it
    knows (`large_bouquet`, `bouquet_deluxe`, `sympathy_wreath`), scaled by the label's size
    words (SIZED: a mini one at about half, a large one near twice); else None."""
    words = normalise(label).split("_")
    factor = 1.0
    for word in words:
        factor *= SIZED.get(word, 1.0)
    for size in range(len(words) - 1, 0, -1):  # the longest run of words the data knows
        for at in range(len(words) - size, -1, -1):  # the last words first: `mini_tart`
            band = bands.get("_".join(words[at : at + size]))
            if band is not None:
                return band[0] * factor, band[1] * factor, band[2] * factor
    return None


def item_price(label: str) -> Band | None:
    """What one item of the kind a label names sells for: the label whole, else the kind its
    other words name, sized by its size words (`large_bouquet`)."""
    bands = _bands("item_prices.tsv")
    whole = bands.get(normalise(label))
    return whole if whole is not None else sized(label, bands)


def named_item_price(label: str) -> Band | None:
    """What one item the label names whole sells for (`cinema_ticket`), never a part of it."""
    return _bands("item_prices.tsv").get(normalise(label))


def role_rate(label: str) -> Band | None:
    """What an hour of the role a name or label names costs."""
    return _bands("role_rates.tsv").get(normalise(label))
