"""The nouns around a row: the words of its table's name and of its ancestors' (the tables
its keys reach, theirs, a few keys away), singular and plural. They give a word its sense
where it has more than one: a room under a hotel sleeps a few, under a school it seats a
class; a daily rate of a hotel is a night's price (vocab/data/magnitudes.tsv and
unit_prices.tsv name the nouns a sense holds under)."""

from __future__ import annotations

from workbench.generate.base.names import normalise, singular_forms
from workbench.schema import memo
from workbench.schema.model import Schema, Table

ANCESTORS = 3  # keys away a noun still gives a word its sense (a room type's hotel's brand)


@memo.by_identity
def nouns_around(schema: Schema, table: Table) -> frozenset[str]:
    """The words of a table's name and its ancestors' names, up to ANCESTORS keys away."""
    out: set[str] = set()
    seen = {table.qualified}
    frontier = [table]
    for _ in range(ANCESTORS + 1):
        nxt = []
        for t in frontier:
            for word in normalise(t.name).split("_"):
                out |= singular_forms(word)
            for fk in t.foreign_keys:
                parent = schema.tables.get(fk.ref_qualified)
                if parent is not None and parent.qualified not in seen:
                    seen.add(parent.qualified)
                    nxt.append(parent)
        frontier = nxt
    return frozenset(out)
