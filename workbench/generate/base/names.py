"""Column and table names as words: snake_case of any spelling, the singulars a plural table
name may stand for, and the words that say a column holds a thing's name."""

from __future__ import annotations

import functools
import re

THING_SYNONYMS = {"name", "title", "label", "display_title"}


@functools.lru_cache(maxsize=65536)  # column, table and label names recur in every rule
def normalise(name: str) -> str:
    """snake_case of any column name: `shippingPostalCode` → `shipping_postal_code`."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


# the short forms money and quantity columns are often named with, and the words they stand for
SHORT_FORMS = {"amt": "amount", "amnt": "amount", "qty": "quantity", "qnty": "quantity",
               "tot": "total", "ttl": "total"}  # fmt: skip


@functools.lru_cache(maxsize=65536)
def spelled_out(name: str) -> str:
    """snake_case of a column name with its short forms written out (`net_amt` →
    `net_amount`, `line_qty` → `line_quantity`): what the lists of money names read."""
    return "_".join(SHORT_FORMS.get(w, w) for w in normalise(name).split("_"))


def singular_forms(word: str) -> set[str]:
    """The word and what its plural endings leave (addresses: address; policies: policy;
    boxes: box): names of tables are plural as often as not."""
    out = {word}
    if word.endswith("ies"):
        out.add(word[:-3] + "y")
    if word.endswith("es"):
        out.add(word[:-2])
    if word.endswith("s"):
        out.add(word[:-1])
    return out
