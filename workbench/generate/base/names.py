"""Column and table names as words: snake_case of any spelling with shortened words written out
(base/abbreviations), the singulars a plural table name may stand for, and the words that say
a column holds a thing's name."""

from __future__ import annotations

import functools
import re

from workbench.generate.base.abbreviations import expand

THING_SYNONYMS = {"name", "title", "label", "display_title"}


@functools.lru_cache(maxsize=65536)  # column, table and label names recur in every rule
def normalise(name: str) -> str:
    """snake_case of any column name, its shortened words written out:
    `shippingPostalCode` → `shipping_postal_code`, `cust_tel_no` → `customer_telephone_number`."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    snake = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return "_".join(expand(snake.split("_"))) if snake else snake


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
