"""The share of each row of a table keyed by a catalogue's codes that a row pointing at it
picks (vocab/catalogues.py): a donor's blood group is O+ on some 38 % of donors, AB- on 1 %,
not one of the eight groups alike. Read from the parent's key and the generator that fills
it, with no name of a table."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from workbench.config.file import Config
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.vocab.catalogues import catalogue, shares
from workbench.schema.model import Schema


def key_shares(
    schema: Schema, config: Config, parent_name: str, key: Sequence[str], keys: np.ndarray
) -> np.ndarray | None:
    """The probability of each parent row (`keys`: the rows' values of the one column `key`
    names of the table `parent_name`) by its code's share, or None: the key is no
    catalogue's."""
    parent = schema.tables.get(parent_name)
    if parent is None or len(key) != 1:
        return None
    column = parent.column(key[0])
    if column is None:
        return None
    generator = decide_column(schema, parent, column, config).generator
    if catalogue(generator or "") is None:
        return None
    weights = shares(generator or "", [str(k) for k in keys.tolist()])
    return None if weights is None else weights / weights.sum()
