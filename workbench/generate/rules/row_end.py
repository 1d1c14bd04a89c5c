"""The end of a row's own interval that no status label names: a parking session's `exit_at`
after its `entry_at`, a call's `ended_at`, a visit's `left_at`. The status still decides it,
as it decides a `completed_at`: a row whose status says it is done (closed, completed,
finished) has its end, a row still under way (open, active, in progress) has none yet, and
a row that failed keeps it only as its label says (rules/status.py stamps it by how far each
label got). The row's duration column, derived from the two (rules/elapsed.py), follows: NULL
while the row is open.

It is the interval's end when the two are a start and an end of one kind (rules/span.pairs:
`entry`/`exit`, `start`/`end`, `in`/`out`), the start required (the row began when it came
to be) and the end nullable, neither named after a label, and the labels read as a lifecycle
with a done end and a state under way or lived in (open, active)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.rules.span import pairs
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.view import TableView

_TIMES = ("timestamp", "timestamptz")


def row_end(
    view: TableView, labels: list[str], plan: dict[str, tuple[str, Any]], movable: dict[str, str]
) -> str:
    """The nullable end of the row's own interval the status decides, or ''."""
    meanings = outcomes.lifecycle_meanings(labels) or {}
    kinds = set(meanings.values())
    if not labels or "done" not in kinds or not kinds & {"open", "steady"}:
        return ""
    for start, end in pairs(view):
        spec, first = view.specs[end], view.specs[start]
        if start in plan or end in plan or end not in movable:
            continue
        if spec.kind not in _TIMES or first.kind not in _TIMES:
            continue
        if spec.nullable and not first.nullable:
            return end
    return ""
