"""A done parent was done when its last try ended: the tries of a parent whose status says
they were done (rules/tried.py: a job's visits until the one that finished it, a fault's
repairs until the one that held, an application's interviews) decide when it was done, so the
parent's time of being done (`completed_at`, `resolved_at`, `closed_on`: the stamp of its first
done label or a later one, happened.status_of) is taken from its last try: shortly after that
try ended (its latest time: `departed_at`, `finished_at`, else when it began), up to LAG_HOURS
later, never past the run's clock nor past a later stamp of the parent's (`closed_at` after
`completed_at`), nor before the parent came to be.

The last try is the one with the highest number (a line number unique with the key), else
the latest to end. Set in SQL once every table is loaded (load/last_try_load.py): the tries'
times are final then (their weekday and hours, the chain they form), and the parent's time
follows them, where rules/tried_by.py would move the tries back before it. A parent with no
try, or whose tries have no time, keeps its stamp. Read from the schema (the parent's status
labels and stamp names, the child's outcome and number), no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import TIME_KINDS
from workbench.generate.rules.tried import done_tries

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

LAG_HOURS = 2  # the longest a done parent's stamp follows the end of its last try


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    done = done_tries(view, planned)
    if done is None:
        return []
    tried, parent, found, stamps = done.tried, done.parent, done.found, done.stamps
    fk = next((f for f in view.table.foreign_keys if f.columns == [tried.fk]), None)
    if fk is None or len(fk.ref_columns) != 1:
        return []
    times = [c for c, s in view.specs.items() if s.kind in TIME_KINDS and c not in view.fk_cols]
    if not times:
        return []
    done_at = stamps[0][1]
    later = [c for at, c in stamps[1:] if at > stamps[0][0] + 1e-9]
    data: dict[str, Any] = {
        "fk": tried.fk, "parent": tried.parent, "ref": fk.ref_columns[0],
        "status": found.column, "done": list(tried.stages.done), "done_at": done_at,
        "later": later, "anchor": anchor_of(view.schema, parent, view.config),
        "times": times, "number": tried.number,
        "order": list(view.table.primary_key.columns) if view.table.primary_key else [],
    }  # fmt: skip
    detail = (
        f"{tried.parent}.{done_at} shortly after its last try's {', '.join(times)} where its "
        f"{found.column} is done (after every table is loaded)"
    )
    return [Rule("last_try", [tried.fk], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/last_try_load.py, once every table is in


RULE = RowRule(
    "last_try",
    "a done parent was done shortly after its last try ended",
    _plan,
    _apply,
    phases={"last_try": Phase.FINAL},
    after=("stage_after",),  # after tried (planned), just before tried_by
    before=("tried_by",),
)
