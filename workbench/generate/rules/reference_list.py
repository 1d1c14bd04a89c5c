"""A table that is a named real-world list holds that list: a table of grape varieties names
real grapes (Merlot, Riesling, Pinot Gris), each with its true property in the column beside
(its berry colour: red, white, grey), and not invented names with a colour drawn at random.

The list is the one of vocab/data/references.tsv whose table names hold the table's name
(singular), or, for a table named only `breeds`, the name of a table pointing at it with it
(kinds/reference_lists.py: the breeds of `cows`); the name column is the table's `name` or
`<noun>_name`, the property column one named by the list's property words, whose labels (a
CHECK's list, an enum's) the entry's values are matched against (`noir` for red where the
labels say so). Each row takes the next entry of a fixed shuffle of the list, so a table no
longer than the list repeats none. A list whose property is a code the table keys its rows by (a
code set's `code`, filled from the scheme's list: generators/schemes.py) names each row by
its code instead: activity A102 is Research, whichever row draws it. A numbered property (a
rank) may be an integer column's: a firm's roles hold their seniority rank.
Nothing here names a table: the lists and their tables are data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.reference_lists import table_reference
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.vocab.references import Reference, same_as

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _reference(view: TableView) -> Reference | None:
    return table_reference(view.schema, view.table)


def name_column(view: TableView) -> str | None:
    """The table's name column (`name`, `<noun>_name`): one the rules may write, or one held
    unique (then each row's entry is its own while the list lasts: `_plan`)."""
    for name, spec in view.specs.items():
        norm = normalise(name)
        if spec.kind != "text" or not (norm == "name" or norm.endswith("_name")):
            continue
        if free(view, name) or (spec.unique and _writable(view, name)):
            return name
    return None


def _writable(view: TableView, name: str) -> bool:
    """Free but for being held unique."""
    spec = view.specs[name]
    return (
        name not in view.fk_cols
        and name not in view.built
        and spec.partition is None
        and spec.generator not in ("null", "constant")
    )


def _property(view: TableView, ref: Reference, skip: str) -> tuple[str, dict[str, str]] | None:
    """The property column and, where its labels are fixed, each value's label."""
    for name, spec in view.specs.items():
        if name == skip or spec.kind not in ("text", "int") or not free(view, name):
            continue
        if spec.kind == "int" and not all(v[:1] and v[0].isdigit() for _, v in ref.entries):
            continue  # a number column states a numbered property only (a rank)
        if normalise(name) not in ref.property_words:
            continue
        labels = labels_of(spec)
        if not labels:
            return name, {}
        same = same_as()
        out: dict[str, str] = {}
        for label in labels:
            word = normalise(label)
            out.setdefault(same.get(word, word), label)
        return name, out
    return None


def _keyed(view: TableView, ref: Reference, skip: str) -> str | None:
    """A column the rules may not write (a key) that is named by the list's property words:
    the codes the rows are named by."""
    for name, spec in view.specs.items():
        named = normalise(name) in ref.property_words
        if named and name != skip and spec.kind == "text" and not free(view, name):
            return name
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    ref = _reference(view)
    if ref is None:
        return []
    name = name_column(view)
    if name is None:
        return []
    limit = view.specs[name].info.length
    keyed = _keyed(view, ref, name)
    if keyed is not None:
        by_code = {
            v: e for e, values in ref.entries for v in values[:1] if len(e) <= (limit or len(e))
        }
        detail = f"{name} from the real list of {ref.name.replace('_', ' ')}, by its {keyed}"
        return [Rule("reference_list", [name], detail, {"by": keyed, "names": by_code})]
    prop = _property(view, ref, name)
    entries: list[list[str]] = []
    for entry, values in ref.entries:
        if limit is not None and len(entry) > limit:
            continue
        if prop is None:
            entries.append([entry])
        elif not prop[1]:
            entries.append([entry, values[0]])
        else:
            label = next((prop[1][v] for v in values if v in prop[1]), None)
            if label is not None:
                entries.append([entry, label])
    if not entries or (view.specs[name].unique and view.tp.rows > len(entries)):
        return []
    columns = [name] + ([prop[0]] if prop is not None else [])
    detail = f"{' and '.join(columns)} from the real list of {ref.name.replace('_', ' ')}"
    return [Rule("reference_list", columns, detail, {"entries": entries})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if "by" in rule.data:
        _apply_keyed(rule, batch)
        return
    entries = rule.data["entries"]
    order = view.rng(f"coherence:{rule.kind}:{','.join(rule.columns)}", 0).permutation(len(entries))
    picked = order[np.asarray(idx, dtype=np.int64) % len(entries)]
    for i, name in enumerate(rule.columns):
        col = batch.get(name)
        if col is None:
            continue
        if col.kind == "int":
            col.values[:] = [int(entries[p][i]) for p in picked.tolist()]
        else:
            values = np.empty(picked.size, dtype=object)
            values[:] = [entries[p][i] for p in picked.tolist()]
            col.values[:] = values
        col.nulls[:] = False


def _apply_keyed(rule: Rule, batch: Batch) -> None:
    """Each row's name from its code, where the list holds the code."""
    col, codes = batch.get(rule.columns[0]), batch.get(rule.data["by"])
    if col is None or codes is None:
        return
    names = rule.data["names"]
    for at, code in enumerate(codes.values.tolist()):
        found = names.get(str(code).strip()) if not codes.nulls[at] else None
        if found is not None:
            col.values[at] = found
            col.nulls[at] = False


RULE = RowRule(
    "reference_list",
    "a table that is a named real-world list holds its real entries and their properties",
    _plan,
    _apply,
    phases={"reference_list": Phase.ROW},
    after=("names",),  # a real entry over a drawn name; a slug reads it
    before=("slug",),
)
