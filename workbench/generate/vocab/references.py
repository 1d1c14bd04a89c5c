"""Named real-world lists a table can be one of (data/references.tsv): a table of grape
varieties holds real grapes, each with its true berry colour. A list names the tables that
hold it (their names, singular) and the words of the column that states each entry's
property, and, for a list a table of a general name holds only in one trade (a firm's staff
roles), the words of which the schema's table names must hold one (`context`); a new list is
a block of the file."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from workbench.generate.vocab.lists import DATA


@dataclass(frozen=True)
class Reference:
    """One list: its name, the table names that hold it, the words of its property's column,
    and its entries (a name and its property's values, the commonest first)."""

    name: str
    tables: frozenset[str]
    property_words: frozenset[str]
    entries: tuple[tuple[str, tuple[str, ...]], ...]
    context: frozenset[str] = frozenset()


def _field(part: str) -> frozenset[str]:
    return frozenset(w for w in part.split("=", 1)[-1].split(",") if w)


@functools.cache
def references() -> tuple[Reference, ...]:
    """Every list of data/references.tsv, in the file's order."""
    out: list[Reference] = []
    head: tuple[str, frozenset[str], frozenset[str], frozenset[str]] | None = None
    entries: list[tuple[str, tuple[str, ...]]] = []
    text = (DATA / "references.tsv").read_text(encoding="utf-8")
    for line in [*text.splitlines(), "@end"]:
        if not line.strip() or line.startswith(("#", "@same")):
            continue
        if line.startswith("@"):
            if head is not None:
                out.append(Reference(head[0], head[1], head[2], tuple(entries), head[3]))
            parts = line.split("\t")
            context = _field(parts[4]) if len(parts) > 4 else frozenset()
            head = (
                (parts[1], _field(parts[2]), _field(parts[3]), context) if len(parts) > 3 else None
            )
            entries = []
        elif head is not None:
            name, _, values = line.partition("\t")
            entries.append((name.strip(), tuple(v for v in values.strip().split("|") if v)))
    return tuple(out)


@functools.cache
def same_as() -> dict[str, str]:
    """The words a column's labels may give a property's value (`noir`: red), by the word."""
    out: dict[str, str] = {}
    for line in (DATA / "references.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("@same"):
            _, value, words = line.split("\t")
            out.update(dict.fromkeys(words.split(","), value))
    return out


def reference_of(table_words: list[str], around: frozenset[str] = frozenset()) -> Reference | None:
    """The list a table (its normalised name, as singular words) holds, or None; a list of a
    trade only where `around` (the words of the schema's table names) holds one of its words."""
    name = "_".join(table_words)
    for ref in references():
        if name in ref.tables and (not ref.context or ref.context & around):
            return ref
    return None
