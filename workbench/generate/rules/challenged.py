"""A parent's status read from its children's outcomes: a child with a lifecycle status of its
own under a NOT NULL key to a parent whose status has a label naming the child (a fine
`under_appeal` beside its `appeals`, a claim `in_review` beside its `reviews`, an order
`disputed` beside its `disputes`: a waiting label, vocab/outcomes 'open', with a word of the
child's table noun) is what that label means: the parent holds the label exactly while its
latest child is still open (pending), and no other parent has an open child. Where the child
challenges its parent (an appeal, a dispute, an objection: CHALLENGES) and the parent's status
can be called off (cancelled, voided), the parent is called off exactly when its latest child
succeeded (an appeal upheld); a child of any other parent that did not stay open or win was
turned down (rejected) or dropped (withdrawn).

The parent comes first, so its status stands and the children follow it: per parent, in the
order of their stage number (kinds/numbering.is_serial_number) or their own time, the latest
child takes the open label under a parent holding the naming label, the winning one under a
called-off parent, and every other child a closing label that is neither (the turned-down one
first, vocab/outcomes.TURNED_DOWN). Read from the schema (table nouns, labels), no table named
here. Applied before the status rule, which then sets the decision times the labels call for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.numbering import is_serial_number
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us
from workbench.generate.vocab.outcomes import TURNED_DOWN, called_off, lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

# a child that contests its parent: its success undoes the parent (an appeal upheld cancels the
# fine, a dispute won voids the charge)
CHALLENGES = frozenset({"appeal", "dispute", "objection", "challenge", "contest", "protest",
                        "contestation", "reconsideration"})  # fmt: skip
_WAITING = ("open", "ahead")


def _nouns(table: Table) -> set[str]:
    """The child's table noun in its singular forms (`penalty_appeals` → appeal)."""
    return singular_forms(normalise(table.name).split("_")[-1])


def _names(label: str, nouns: set[str]) -> bool:
    """Whether a label has a word of the noun, or one of its forms (`appealed`, `disputed`)."""
    for word in normalise(label).split("_"):
        for noun in nouns:
            if len(noun) >= 4 and (word == noun or word.startswith(noun.rstrip("e"))):
                return True
    return False


def contests(table: Table) -> bool:
    """Whether the table's rows contest the row they hang on (objections, appeals, disputes):
    their outcome is a verdict on it, never a step towards its end (rules/tried.py leaves
    such children to this rule)."""
    return bool(_nouns(table) & CHALLENGES)


def pairing(schema: Schema, child: Table, parent: Table) -> dict[str, object] | None:
    """The labels a parent's status reads its children by: naming (the waiting label that
    names the child), voiding (called off by a child's success), with the child's own."""
    own, theirs = lifecycle_status(schema, child), lifecycle_status(schema, parent)
    if own is None or theirs is None:
        return None
    mine, p_labels = lifecycle_meanings(list(own[1])) or {}, list(theirs[1])
    p_meanings = lifecycle_meanings(p_labels) or {}
    nouns = _nouns(child)
    naming = [lb for lb in p_labels if p_meanings.get(lb) in _WAITING and _names(lb, nouns)]
    opened = [lb for lb, m in mine.items() if m in _WAITING]
    if not naming or not opened:
        return None
    won = [lb for lb, m in mine.items() if m == "done"]
    voiding = [lb for lb in p_labels if called_off(lb)] if contests(child) and won else []
    lost = [lb for lb, m in mine.items() if m == "failed"]
    lost.sort(key=lambda lb: normalise(lb) not in TURNED_DOWN)
    if not lost:
        return None
    return {"status": own[0], "p_status": theirs[0], "naming": naming, "voiding": voiding,
            "open": opened[0], "won": won[0] if won else None, "lost": lost}  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    for column, unit in view.fk_cols.items():
        if unit.nullable or len(unit.fk.columns) != 1:
            continue
        parent = view.schema.tables.get(unit.parent)
        if parent is None or parent.qualified == view.table.qualified:
            continue
        found = pairing(view.schema, view.table, parent)
        if found is None or not free(view, str(found["status"])):
            continue
        numbers = [c for c, s in view.specs.items() if s.kind == "int" and is_serial_number(c)]
        data = {**found, "fk": column, "parent": unit.parent,
                "number": numbers[0] if numbers else None,
                "anchor": anchor_of(view.schema, view.table, view.config)}  # fmt: skip
        said = ", ".join(found["naming"] + found["voiding"])  # type: ignore[operator]
        detail = f"{found['status']} follows {unit.parent}.{found['p_status']} ({said})"
        return [Rule("challenged", [str(found["status"])], detail, data)]
    return []


def _latest(batch: Batch, d: dict[str, Any]) -> np.ndarray | None:
    """Whether each row is its parent's latest in the batch (by stage number, else time)."""
    key = batch.get(d["fk"])
    if key is None:
        return None
    keys = np.asarray(key.values)
    rows = np.arange(len(keys))
    by = batch.get(d["number"] or "") or batch.get(d["anchor"] or "")
    if by is None:
        when = rows
    elif by.kind == "int":
        when = np.asarray(by.values).astype(np.int64)
    else:
        when = as_us(by).astype(np.int64)
    order = np.lexsort((rows, when, keys))
    last = np.zeros(len(keys), bool)
    last[order[np.r_[keys[order][1:] != keys[order][:-1], True]]] = True
    return last


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    status = batch.get(d["status"])
    rows, nulls = view.parent_rows(d["fk"])
    held = view.keys.tables.get(d["parent"], {}).get(d["p_status"])
    last = _latest(batch, d)
    if status is None or rows is None or held is None or last is None:
        return
    names, pos = label_codes(held)
    text = np.asarray([str(n) for n in names], dtype=object)
    known = ~nulls & ~held.nulls[rows]
    of = pos[rows]
    naming = known & np.isin(text, d["naming"])[of]
    voiding = known & np.isin(text, d["voiding"])[of]
    s_names, s_pos = label_codes(status)
    mine = np.asarray([str(n) for n in s_names], dtype=object)[s_pos]
    # an open child, or one that won where winning calls its parent off, fits its parent
    # only where the parent's label says so
    wrong = mine == d["open"]
    if d["voiding"]:
        wrong |= mine == d["won"]
    set_open = last & naming
    set_won = last & voiding & ~naming if d["voiding"] else np.zeros_like(last)
    closing = ~set_open & ~set_won & wrong
    rng = row_rng(view, rule, idx)
    turned = rng.random(len(mine)) < 0.85  # most are turned down; a few are withdrawn
    lost = d["lost"]
    for mask, label in ((set_open, d["open"]), (set_won, d["won"]),
                        (closing & turned, lost[0]), (closing & ~turned, lost[-1])):  # fmt: skip
        if label is not None and mask.any():
            status.values[mask] = typed_label(status, label)
            status.nulls[mask] = False


RULE = RowRule(
    "challenged",
    "a parent's status read from its children's outcomes (under appeal while one is pending, "
    "cancelled once one was upheld)",
    _plan,
    _apply,
    after=("stage_number",),
    before=("tree", "status", "recent"),
)
