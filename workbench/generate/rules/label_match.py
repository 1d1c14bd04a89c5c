"""Two parents of a row that carry one category agree on it: a driving lesson's vehicle is of
the class its pupil learns for (the pupil's `licence_category` takes its labels from the
vehicle's `category CHECK (...)`, kinds/shared_labels.py), an exam's examiner holds the grade
its candidate sits. Drawn independently, the two parents' labels agree on one row in as many
as the list holds.

Which pairs: two single-column keys of the row to two other tables whose columns share one
list of labels: one column takes the other's (shared_labels), or both list the same labels
under one name or one ending with the other, never a word of a row's own life (a status).
The key to the table whose list is the lender (the vehicle, the thing classed) is picked
again among that table's rows holding the other parent's label (the pupil's); where the row's
keys also reach one table along other ways (a lesson's pupil and vehicle of one school:
kinds/every_path.py) only among the rows that reach the same (rules/agree.reached_codes). A
row for which no parent fits keeps its pick."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import children_of, partition_root
from workbench.generate.kinds.categories import OWN_LIFE, labels
from workbench.generate.kinds.shared_labels import shared_labels
from workbench.generate.rules.agree import reached_codes
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import generator_meets, owners, reachable
from workbench.generate.rules.partitions import drawn_freely
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Column, Schema, Table


@dataclass(frozen=True)
class LabelMatch:
    """The row's `key` to `parent` is re-picked so that its `column` holds what the row's
    `other` key's parent (`other_parent`) holds in `other_column`."""

    key: str
    parent: str
    column: str
    other: str
    other_parent: str
    other_column: str


def _lends(schema: Schema, lender: Table, source: Column, taker: Table, column: Column) -> bool:
    """Whether `column` of `taker` holds the labels `source` of `lender` lists (see module)."""
    if set(normalise(column.name).split("_")) & OWN_LIFE:
        return False
    lent = shared_labels(schema, taker, column)
    if lent is not None:
        return lent[1] == f"{lender.qualified}.{source.name}"
    mine, theirs = labels(schema, taker, column), labels(schema, lender, source)
    if not mine or not theirs or sorted(mine) != sorted(theirs) or len(mine) < 2:
        return False
    a, b = normalise(column.name).split("_"), normalise(source.name).split("_")
    short, long = sorted((a, b), key=len)
    return long[-len(short) :] == short


@memo.by_identity_copied(list)
def label_matches(schema: Schema, table: Table) -> list[LabelMatch]:
    """The pairs of the table's keys whose parents share a category (see the module)."""
    keys = []
    for fk in table.foreign_keys:
        parent = schema.tables.get(partition_root(schema, fk.ref_qualified))
        if len(fk.columns) == 1 and parent is not None and parent is not table:
            keys.append((fk.columns[0], parent))
    out: list[LabelMatch] = []
    for (key, parent), (other, other_parent) in permutations(keys, 2):
        if parent is other_parent or any(m.key == key for m in out):
            continue
        for source in parent.columns:
            if not labels(schema, parent, source):
                continue
            found = [
                c for c in other_parent.columns if _lends(schema, parent, source, other_parent, c)
            ]
            # two lists alike (neither takes the other's): the later key follows the earlier
            alike = len(found) == 1 and shared_labels(schema, other_parent, found[0]) is None
            if len(found) == 1 and not (alike and key < other):
                out.append(
                    LabelMatch(
                        key,
                        parent.qualified,
                        source.name,
                        other,
                        other_parent.qualified,
                        found[0].name,
                    )
                )
                break
    return out


def keep_columns(view: TableView) -> set[str]:
    """The labels a child's keys agree on (kept with this table's keys)."""
    out: set[str] = set()
    me = view.table.qualified
    for table in children_of(view.schema, me):
        for m in label_matches(view.schema, table):
            out |= {m.column} if m.parent == me else set()
            out |= {m.other_column} if m.other_parent == me else set()
    return out


def _codes(view: TableView, unit: FKUnit, size: int) -> np.ndarray:
    """One code per parent row for the rows it must keep reaching: the table the row's keys
    reach along other ways (every_path), and the grandparent its key meets (meets)."""
    reached = reached_codes(view, unit)
    codes = np.zeros(size, np.int64) if reached is None else reached.astype(np.int64)
    for meet, hop, _ in generator_meets(view):
        if hop is unit and reachable(view, meet):
            values, nulls = owners(view, meet, unit.parent)
            _, inverse = np.unique(np.asarray(values).astype(str), return_inverse=True)
            inverse = np.where(nulls, -1, inverse.reshape(-1)).astype(np.int64)
            codes = codes * (int(inverse.max(initial=0)) + 2) + inverse + 1
    return codes


def match_labels(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    for match in label_matches(view.schema, view.table):
        unit = view.fk_cols.get(match.key)
        if unit is None or unit.mode != "normal" or not drawn_freely(view, unit, batch):
            continue
        theirs = view.keys.tables.get(match.parent, {}).get(match.column)
        wanted = view.keys.tables.get(match.other_parent, {}).get(match.other_column)
        rows, nulls = view.parent_rows(match.key)
        other_rows, other_nulls = view.parent_rows(match.other)
        if theirs is None or wanted is None or rows is None or other_rows is None:
            continue
        source, valid = view.parent_keys(unit)
        held = np.asarray(theirs.values).astype(str)
        asked = np.asarray(wanted.values).astype(str)[other_rows]
        asked_null = other_nulls | wanted.nulls[other_rows]
        wrong = ~nulls & ~asked_null & ((held[rows] != asked) | theirs.nulls[rows])
        if not wrong.any():
            continue
        codes = _codes(view, unit, held.size)
        fit = valid[~theirs.nulls[valid]]
        keys = np.char.add(np.char.add(held[fit], "|"), codes[fit].astype(str))
        order = np.argsort(keys, kind="stable")
        fit, keys = fit[order], keys[order]
        where = np.flatnonzero(wrong)
        want = np.char.add(np.char.add(asked[where], "|"), codes[rows[where]].astype(str))
        lo = np.searchsorted(keys, want, "left")
        room = np.searchsorted(keys, want, "right") - lo
        rng = view.rng(f"labels:{match.key}", int(idx[0]) if idx.size else 0)
        pick = lo + (rng.random(where.size) * np.maximum(room, 1)).astype(np.int64)
        ok = room > 0
        if not ok.any():
            continue
        rows = rows.copy()
        rows[where[ok]] = fit[pick[ok]]
        links.assign(batch, unit, rows, idx.size, nulls, source)


RULE = LinkRule(
    "parents agree on a category",
    "two parents of a row that carry one category hold the same label (a lesson's vehicle "
    "of its pupil's class)",
    Stage.ROWS,
    match_labels,
    after=("states agree",),
    before=("in force throughout",),
)
