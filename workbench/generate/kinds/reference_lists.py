"""The named real-world list a table holds (vocab/data/references.tsv): the list its own name
names (a `grape_varieties` table, a `dog_breed` one), else, for a table named only by what
its rows are of something (`breeds`, `varieties`), the list of what the tables pointing at it
are: a table of breeds the `cows` table references holds the breeds of cows, one `dogs`
references the breeds of dogs. A table of the kinds of a thing (`<thing>_types`,
`<thing>_categories`, `<thing>_classes`) holds the list of that thing where one is named by it
(a `crop_types` table holds crops); one of the kinds of a table of people that points at it
(the `patrons` a `patron_categories` is named for, with a date of birth), stating ages, holds
the categories people are kept in (adult, junior, senior, student). Read from the schema's
keys, with no word of any domain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root, root_referencers
from workbench.generate.kinds.meets import personal
from workbench.generate.vocab.references import Reference, reference_of
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

# a reference table holds at most this many of its list's entries: the few dozen a business
# keeps (a dairy's breeds, a kennel club's), not the whole of the world's list
LIST_ROWS = 50
# the last word of a table of the kinds of a thing (`crop_types`, `patron_categories`)
KIND_NOUNS = frozenset({"type", "category", "kind", "class", "variety", "sort", "group"})
# the noun a list of the kinds of people is named by (vocab/data/references.tsv)
PERSON = "person"
# a column of a person's date of birth, by a word of its name
_BIRTH = frozenset({"birth", "dob", "birthday", "born"})
# a column of the ages a kind of people is for, by a word of its name (`min_age`, `ages_from`)
_AGE = frozenset({"age", "ages"})


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


def _kinds_of(words: list[str]) -> tuple[list[str], str] | None:
    """(the thing, the kind noun) of a table of the kinds of a thing (`crop_types`: crop,
    type), else None."""
    kind = next((k for k in singular_forms(words[-1]) if k in KIND_NOUNS), None)
    return (words[:-1], kind) if kind is not None and len(words) > 1 else None


def _of_people(schema: Schema, table: Table, thing: list[str]) -> bool:
    """Whether the table states ages (a `min_age`) and a table of people with a date of
    birth, named as the thing (`patrons` for a `patron_categories`), points at it: the kinds
    of an employee without ages (full-time, part-time) are no age groups."""
    if not any(_AGE & set(normalise(c.name).split("_")) for c in table.columns):
        return False
    for other in schema.tables.values():
        if other is table or not personal(schema, other.qualified):
            continue
        theirs = _words(other.name)
        if not any([*theirs[:-1], last] == thing for last in singular_forms(theirs[-1])):
            continue
        if not any(_BIRTH & set(normalise(c.name).split("_")) for c in other.columns):
            continue
        if any(partition_root(schema, fk.ref_qualified) == table.qualified
               for fk in other.foreign_keys):  # fmt: skip
            return True
    return False


@memo.by_identity
def table_reference(schema: Schema, table: Table) -> Reference | None:
    """The list the table holds (see the module), or None."""
    own = _words(table.name)
    found = _named(own, _around(schema))
    if found is not None:
        return found
    kinds = _kinds_of(own)
    if kinds is not None:
        found = _named(kinds[0], _around(schema))
        if found is not None:
            return found
        if _of_people(schema, table, kinds[0]):
            return reference_of([PERSON, kinds[1]])
    for other in root_referencers(schema).get(table.qualified, ()):
        if other is table:
            continue
        theirs = _words(other.name)
        for last in sorted(singular_forms(theirs[-1]), key=len):
            for head in ([last], [*theirs[:-1], last]):
                found = _named([*head, *own])
                if found is not None:
                    return found
    return None
