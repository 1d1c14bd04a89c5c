"""A row's results part by part: a child table whose primary key is its key to the parent and a
key to the part (a round's hole scores, `PRIMARY KEY (round_id, hole_id)`; a sitting's answers
to questions; a match's games on courts) holds one result per part the parent took. The
parent's count of the parts it took is named for the parts and what was done to them
(`holes_played`, `questions_answered`, `stops_visited`), and its `total_<what>` sums the
results' `<what>` (`total_strokes` over the hole scores' strokes) as a sum of lines does
(kinds/totals.py reads both)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

# what was done to each part a count counts (`holes_played`, `questions_answered`)
DONE = frozenset({"played", "answered", "attempted", "completed", "visited", "taken", "done",
                  "scored", "solved", "sat", "finished", "marked", "graded", "inspected",
                  "checked", "run", "covered", "served", "delivered"})  # fmt: skip


def per_part(schema: Schema, child: Table, parent: str) -> str | None:
    """The table of the parts when `child` holds the parent's results per part (its primary
    key is exactly its one key to the parent and one key to another table), else None."""
    key = child.primary_key
    if key is None or len(key.columns) != 2:
        return None
    refs = {}
    for fk in child.foreign_keys:
        if len(fk.columns) == 1 and fk.columns[0] in key.columns:
            refs[fk.columns[0]] = partition_root(schema, fk.ref_qualified)
    if len(refs) != 2 or list(refs.values()).count(parent) != 1:
        return None
    part = next(t for t in refs.values() if t != parent)
    return None if part == child.qualified else part


def counts_parts(norm: str, schema: Schema, child: Table, parent: str) -> bool:
    """Whether a column named `norm` counts the parts the child's results are of: the parts'
    name, then what was done to them (`holes_played` beside results keyed by hole)."""
    part = per_part(schema, child, parent)
    words = norm.split("_")
    if part is None or len(words) < 2 or words[-1] not in DONE:
        return False
    stem = "_".join(words[:-1])
    name = normalise(part.rsplit(".", 1)[-1])
    return stem == name or stem in singular_forms(name) or name in singular_forms(stem)


def parts_done(norm: str) -> bool:
    """Whether a name reads as a count of parts done (`<parts>_<done>`), whatever the parts."""
    words = norm.split("_")
    return len(words) >= 2 and words[-1] in DONE


def singular(word: str) -> str:
    """The one singular form of a plural table word (floors: floor; storeys: storey)."""
    for plural, single in (("ies", "y"), ("ses", "s"), ("s", "")):
        if word.endswith(plural) and len(word) > len(plural) + 1:
            return word[: -len(plural)] + single
    return word


def child_names(parent: Table, child: Table) -> set[str]:
    """The child table's name, with and without the parent's before it (`building_floors`)."""
    name = normalise(child.name)
    own = normalise(parent.name)
    names = {name}
    for prefix in (own, singular(own)):
        if name.startswith(prefix + "_"):
            names.add(name[len(prefix) + 1 :])
    return names


def numbered_parts(norm: str, parent: Table, child: Table) -> bool:
    """`floors` of a building over its table of floors numbered per building (a key of the
    building's key and one number: `UNIQUE (building_id, floor_no)`): a bare plural naming a
    child whose rows are the parent's numbered parts counts them."""
    if not norm.endswith("s") or norm not in child_names(parent, child):
        return False
    keys = [set(u.columns) for u in child.uniques]
    if child.primary_key is not None:
        keys.append(set(child.primary_key.columns))
    for fk in child.foreign_keys:
        if fk.ref_qualified == parent.qualified:
            cols = set(fk.columns)
            return any(len(k - cols) == 1 and cols < k for k in keys)
    return False
