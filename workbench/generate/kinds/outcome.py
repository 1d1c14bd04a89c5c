"""The one record of a parent's outcome, read from the schema (rules/outcome_child.py keeps
it): a child whose key to its parent is NOT NULL and unique alone, under a parent with marks of
an outcome (a nullable key to the party it befell, a nullable time or a flag named after a done
word, a lifecycle status with done labels beside others)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.anchors import STAMP_SUFFIXES
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.vocab.outcomes import UNDER_WAY, lifecycle_meanings, meaning
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

# the party an outcome befalls, named by a nullable key of the parent (a lot's buyer)
PARTIES = frozenset({"buyer", "purchaser", "winner", "winning", "awardee", "acquirer"})
# words of an outcome done that the lifecycle vocabulary reads otherwise (sold is a step on a
# lot's way, not an end): a label, a time's stem or a flag named so says it happened
OUTCOME_WORDS = frozenset({"sold", "purchased", "awarded", "won", "hammered", "knocked_down"})
_FLAG_PREFIXES = ("is_", "has_", "was_", "been_")
_TIMES = ("timestamp", "timestamptz", "date")


@dataclass(frozen=True)
class Mark:
    """A column of the parent saying the outcome happened: `how` is "set" (not NULL), "true"
    (a flag) or "label" (one of `labels`)."""

    column: str
    how: str
    labels: tuple[str, ...] = ()


def _stem(name: str) -> str:
    """A time's name less its stamp suffix (shipped_at: shipped)."""
    words = normalise(name).split("_")
    return "_".join(words[:-1] if len(words) > 1 and words[-1] in STAMP_SUFFIXES else words)


def _done_word(word: str) -> bool:
    word = normalise(word)
    return word in OUTCOME_WORDS or meaning(word) == "done"


def marks_of(schema: Schema, parent: Table) -> tuple[Mark, ...]:
    """The parent's marks of an outcome (see the module's words)."""
    out: list[Mark] = []
    pk = set(parent.primary_key.columns) if parent.primary_key else set()
    fk_cols = {fk.columns[0]: fk for fk in parent.foreign_keys if len(fk.columns) == 1}
    for col in parent.columns:
        if col.generated is not None or col.name in pk:
            continue
        words = normalise(col.name).split("_")
        kind = resolve_type(schema, col.type).kind
        if col.name in fk_cols and col.nullable:
            if set(words[:-1]) & PARTIES:
                out.append(Mark(col.name, "set"))
        elif kind in _TIMES and col.nullable:
            if _done_word(_stem(col.name)):
                out.append(Mark(col.name, "set"))
        elif kind == "bool":
            name = normalise(col.name)
            for prefix in _FLAG_PREFIXES:
                name = name.removeprefix(prefix)
            if _done_word(name):
                out.append(Mark(col.name, "true"))
    status = lifecycle_status(schema, parent)
    if status is not None:
        column, labels = status
        meanings = lifecycle_meanings(labels) or {}
        fit = tuple(
            lb
            for lb in labels
            if meanings.get(lb) == "done" or normalise(lb) in OUTCOME_WORDS | UNDER_WAY
        )
        steady = any(m == "steady" for m in meanings.values())
        if fit and len(fit) < len(labels) and not steady:
            out.append(Mark(column, "label", fit))
    return tuple(out)


def outcome_key(schema: Schema, table: Table) -> tuple[str, str, tuple[Mark, ...]] | None:
    """(the table's key, its parent, the parent's marks) where the table is the one record of
    its parent's outcome, else None."""
    unique = unique_sets(table)
    # unique only where a predicate holds (one primary e-mail per user) is no one-per-parent
    whole = [list(table.primary_key.columns)] if table.primary_key else []
    whole += [[c for c in u.columns if c] for u in table.uniques if u.predicate is None]
    whole += [[c for c in i.columns if c] for i in table.indexes if i.unique and not i.predicate]
    partial = [cols for cols in unique if cols not in whole]
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or list(fk.columns) not in unique:
            continue
        keyed_by_it = table.primary_key is not None and table.primary_key.columns == fk.columns
        if list(fk.columns) in partial or keyed_by_it:
            continue  # a table keyed by its parent's key extends every parent (its secrets)
        column = table.column(fk.columns[0])
        parent = schema.tables.get(fk.ref_qualified)
        if column is None or column.nullable or parent is None or parent is table:
            continue
        marks = marks_of(schema, parent)
        if marks:
            return column.name, parent.qualified, marks
    return None


@memo.by_identity
def marked_parents(schema: Schema) -> dict[str, frozenset[str]]:
    """Per parent of a record of its outcome: its marks' columns."""
    out: dict[str, frozenset[str]] = {}
    for table in schema.tables.values():
        found = outcome_key(schema, table)
        if found is not None:
            out[found[1]] = out.get(found[1], frozenset()) | {m.column for m in found[2]}
    return out
