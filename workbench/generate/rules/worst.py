"""A judged parent's verdict follows its worst finding: an inspection that passed recorded no
defect graver than a minor one, one that failed at least one major defect and none graver than
its verdict says, one judged dangerous a dangerous defect (an audit's non-conformities, a
test's faults, a review's issues alike); a parent with no finding passed.

The children: a NOT NULL key, not unique alone, to a parent with a verdict (a column named as
one, vocab/outcomes.names_verdict: `result`, `outcome`) that someone judges (a pass word
beside failures: vocab/severity.judged), and a choice of the child's own whose every label is
a grade of severity (vocab/severity.scale: minor, major, dangerous; low, medium, high). The
verdict's pass labels allow only the mildest grade; a failure named as a grade (`dangerous`)
asks for a child of that grade, any other failure (`fail`) for one of the grades no failure is
named as, past the mildest (major); no child is graver than its parent's verdict allows.

Two parts: the link rule (`covered`) makes the table's first rows reference the failed
parents, once each in an order drawn once (a failed inspection recorded its defect), where the
key is drawn freely; the row rule (`worst`) gives each child a grade its parent's verdict
allows and the first child of a failed parent in the batch (when none has one) the grade of
its failure. Rows of a parent without a verdict (not judged yet) keep their drawn grade. Read
from the schema (names and labels), no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.checks.hints import column_hints
from workbench.generate.rules.base import LinkRule, RowRule, Rule, Stage, free, labels_of, row_rng
from workbench.generate.vocab import severity
from workbench.generate.vocab.outcomes import meaning, names_verdict
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


@dataclass(frozen=True)
class Worst:
    """The child's key `fk` to `parent` (verdict `verdict`), its grade `column`: the grades a
    passed parent's children take (`mild`), each failure's grades for its worst child
    (`grades`) and the gravest rank a child of it may have (`cap`)."""

    fk: str
    parent: str
    verdict: str
    column: str
    passed: tuple[str, ...]
    mild: tuple[str, ...]
    grades: dict[str, tuple[str, ...]]
    cap: dict[str, int]
    ranks: dict[str, int]


def judged_verdict(schema: Schema, table: Table) -> tuple[str, list[str], list[str]] | None:
    """(column, pass labels, failure labels) of the table's first judged verdict, else None."""
    for column in table.columns:
        info = resolve_type(schema, column.type)
        if not names_verdict(column.name, info.name or ""):
            continue
        values = info.labels or column_hints(schema, table, column).allowed or []
        labels = [v for v in values if isinstance(v, str)]
        if not severity.judged(labels):
            continue
        passed = [lb for lb in labels if normalise(lb) in severity.JUDGED]
        failed = severity.failures(labels, {lb: meaning(lb) for lb in labels})
        if passed and failed:
            return column.name, passed, failed
    return None


def _grades(failed: list[str], ranks: dict[str, int]) -> dict[str, tuple[str, ...]] | None:
    """Each failure's grades for its worst child: those of its own rank where it names one,
    else the grades past the mildest that no failure names."""
    mildest = min(ranks.values())
    named = {f: [c for c, r in ranks.items() if r == severity.rank(f)] for f in failed}
    taken = {c for cs in named.values() for c in cs}
    rest = [c for c, r in ranks.items() if r > mildest and c not in taken]
    out = {f: tuple(named[f] or rest or [c for c, r in ranks.items() if r > mildest])
           for f in failed}  # fmt: skip
    return out if all(out.values()) else None


def worst_of(view: TableView) -> Worst | None:
    """The row's key to a judged parent and its grade of severity, else None."""
    grade = next(
        ((name, graded) for name, spec in view.specs.items()
         if name not in view.fk_cols and (graded := severity.scale(labels_of(spec)))),
        None,
    )  # fmt: skip
    if grade is None:
        return None
    column, ranks = grade
    unique = unique_sets(view.table)
    for unit in view.units:
        if len(unit.fk.columns) != 1 or unit.nullable or unit.parent == view.tp.name:
            continue
        fk = unit.fk.columns[0]
        parent = view.schema.tables.get(unit.parent)
        if parent is None or [fk] in unique:
            continue
        found = judged_verdict(view.schema, parent)
        grades = _grades(found[2], ranks) if found is not None else None
        if found is None or grades is None:
            continue
        mildest = min(ranks.values())
        mild = tuple(c for c, r in ranks.items() if r == mildest)
        cap = {f: max(ranks[c] for c in cs) for f, cs in grades.items()}
        return Worst(fk, unit.parent, found[0], column, tuple(found[1]), mild, grades, cap, ranks)
    return None


def keep_columns(view: TableView) -> set[str]:
    """A judged verdict its children's grades follow."""
    found = judged_verdict(view.schema, view.table)
    return {found[0]} if found is not None else set()


def _parent_labels(view: TableView, worst: Worst) -> np.ndarray | None:
    held = view.keys.tables.get(worst.parent, {}).get(worst.verdict)
    if held is None:
        return None
    names, pos = label_codes(held)
    text: np.ndarray = np.asarray([*names, None], dtype=object)
    return text[np.where(held.nulls, len(names), pos)] if pos.size else text[:0]


@dataclass
class _Cover:
    """Per table (scratch): the planned shape, and the failed parents in the order covered."""

    planned: bool = False
    worst: Worst | None = None
    order: np.ndarray | None = field(default=None)


def _covered(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """The table's first rows reference the failed parents, once each (drawn once)."""
    state = view.scratch.get(_Cover)
    if not state.planned:
        state.planned = True
        state.worst = worst_of(view)
    worst = state.worst
    if worst is None or not idx.size or not any(r.kind == "worst" for r in view.rules):
        return
    unit = view.fk_cols.get(worst.fk)
    rows, nulls = view.parent_rows(worst.fk)
    if unit is None or rows is None or not view.drawn_freely(unit):
        return
    source, valid = view.parent_keys(unit)
    if state.order is None:
        labels = _parent_labels(view, worst)
        if labels is None:
            return
        failed = np.isin(labels, list(worst.grades))
        state.order = view.rng(f"worst-cover:{worst.fk}", 0).permutation(valid[failed[valid]])
    first = idx < state.order.size
    if first.any():
        rows = rows.copy()
        rows[first] = state.order[idx[first]]
        links.assign(batch, unit, rows, idx.size, nulls, source)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    worst = worst_of(view)
    if worst is None or not free(view, worst.column):
        return []
    detail = f"{worst.column} no graver than {worst.parent}.{worst.verdict} says, its worst as it"
    return [Rule("worst", [worst.column], detail, {"worst": worst})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    worst: Worst = rule.data["worst"]
    col = batch.get(worst.column)
    rows, nulls = view.parent_rows(worst.fk)
    labels = _parent_labels(view, worst)
    if col is None or rows is None or labels is None or not rows.size:
        return
    of = np.asarray(np.where(nulls, None, labels[rows]), dtype=object)
    names, pos = label_codes(col)
    own = np.asarray([*names, None], dtype=object)[np.where(col.nulls, len(names), pos)]
    rank = np.asarray([worst.ranks.get(str(g), -1) if g is not None else -1 for g in own])
    rng = row_rng(view, rule, idx)

    def put(at: np.ndarray, choices: Sequence[str]) -> None:
        if not at.size or not choices:
            return
        picked = np.asarray(choices, dtype=object)[rng.integers(0, len(choices), at.size)]
        for label in choices:
            col.values[at[picked == label]] = typed_label(col, label)
        col.nulls[at] = False
        own[at] = picked
        rank[at] = [worst.ranks[str(p)] for p in picked]

    passed = np.isin(of, list(worst.passed))
    put(np.flatnonzero(passed & ~np.isin(own, list(worst.mild))), worst.mild)
    for failure, grades in worst.grades.items():
        mine: np.ndarray = np.asarray(of == failure, dtype=bool)
        cap = worst.cap[failure]
        put(np.flatnonzero(mine & (rank > cap)), [c for c, r in worst.ranks.items() if r <= cap])
        held = set(np.unique(rows[mine & np.isin(own, list(grades)) & (rank == cap)]).tolist())
        starts: np.ndarray = np.unique(np.where(mine, rows, -1), return_index=True)[1]
        starts = starts[mine[starts]]
        put(starts[[int(rows[at]) not in held for at in starts]], grades)


COVER = LinkRule(
    "parents of findings",
    "findings graded by severity reference their judged parents that failed first, each once",
    Stage.KEYS,
    _covered,
    after=("parents of tries",),
    before=("keys that meet",),
)
RULE = RowRule(
    "worst",
    "a finding's grade of severity follows its parent's verdict (a pass only mild ones, a "
    "failure's worst finding as grave as the failure says)",
    _plan,
    _apply,
    after=("tried",),
    before=("stage_number",),
)
