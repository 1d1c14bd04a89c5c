"""The named real-world list a table holds (vocab/data/references.tsv): the list its own name
names (a `grape_varieties` table, a `dog_breed` one), else, for a table named only by what
its rows are of something (`breeds`, `varieties`), the list of what the tables pointing at it
are: a table of breeds the `cows` table references holds the breeds of cows, one `dogs`
references the breeds of dogs. Read from the schema's keys, with no word of any domain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root
from workbench.generate.vocab.references import Reference, reference_of
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

# a reference table holds at most this many of its list's entries: the few dozen a business
# keeps (a dairy's breeds, a kennel club's), not the whole of the world's list
LIST_ROWS = 50


def _words(name: str) -> list[str]:
    return normalise(name.rsplit(".", 1)[-1]).split("_")


def _named(words: list[str], around: frozenset[str] = frozenset()) -> Reference | None:
    """The list a name (its words, the last one plural or not) names."""
    for last in sorted(singular_forms(words[-1]), key=len):
        found = reference_of([*words[:-1], last], around)
        if found is not None:
            return found
    return None


@memo.by_identity
def _around(schema: Schema) -> frozenset[str]:
    """The words of the schema's table names, each singular and as written: the trade."""
    out: set[str] = set()
    for table in schema.tables.values():
        words = _words(table.name)
        out |= {f for w in words for f in singular_forms(w)}
        out |= {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    return frozenset(out)


@memo.by_identity
def table_reference(schema: Schema, table: Table) -> Reference | None:
    """The list the table holds (see the module), or None."""
    own = _words(table.name)
    found = _named(own, _around(schema))
    if found is not None:
        return found
    for other in schema.tables.values():
        if other is table:
            continue
        if not any(
            partition_root(schema, fk.ref_qualified) == table.qualified for fk in other.foreign_keys
        ):
            continue
        theirs = _words(other.name)
        for last in sorted(singular_forms(theirs[-1]), key=len):
            for head in ([last], [*theirs[:-1], last]):
                found = _named([*head, *own])
                if found is not None:
                    return found
    return None
