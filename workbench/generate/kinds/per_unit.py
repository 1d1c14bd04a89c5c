"""A price per a unit the row counts: `price_per_player` beside `players_count`, `rate_per_night`
beside `nights`, `cost_per_seat` beside `number_of_seats`, `fee_per_guest` beside `guest_count`.

The price is a money word and `per` and a noun (either order: `per_night_rate`); the quantity a
number of the row whose words are that noun (singular or plural) and at most count words
(`count`, `num`, `number`, `of`, `n`, `qty`, `quantity`, `total`). Together they make a line's
quantity × unit price (rules/lineage.py) whatever the row and the unit are called."""

from __future__ import annotations

_MONEY = frozenset({"price", "cost", "rate", "fee", "charge", "amount", "fare", "rent", "tariff"})
_COUNT_WORDS = frozenset({"count", "cnt", "num", "number", "of", "n", "no", "qty", "quantity",
                          "total", "nb"})  # fmt: skip


def _unit_of(norm: str) -> str:
    """The noun a price is per (`price_per_player`: player), else ''."""
    words = norm.split("_")
    if "per" not in words or not set(words) & _MONEY:
        return ""
    at = words.index("per")
    after = [w for w in words[at + 1 :] if w not in _MONEY]
    return after[0] if len(after) == 1 else ""


def _forms(noun: str) -> set[str]:
    """A noun's singular and plural spellings (player, players; party, parties; box, boxes)."""
    stem = noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun
    out = {noun, stem, stem + "s", stem + "es"}
    if stem.endswith("y"):
        out.add(stem[:-1] + "ies")
    if noun.endswith("ies"):
        out.add(noun[:-3] + "y")
    return out


def per_unit_pair(prices: dict[str, str], counts: dict[str, str]) -> tuple[str, str] | None:
    """(quantity, price) of a row (normalised name -> name, the numbers that may be each): a
    price per a noun and the number of that noun."""
    for norm, price in prices.items():
        noun = _unit_of(norm)
        if not noun:
            continue
        forms = _forms(noun)
        for cnorm, count in counts.items():
            words = cnorm.split("_")
            nouns = [w for w in words if w not in _COUNT_WORDS]
            if count != price and len(nouns) == 1 and nouns[0] in forms:
                return count, price
    return None
