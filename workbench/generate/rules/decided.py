"""The NULLs a status decided (rules/status.py: a visit still planned has not arrived) stay
NULL when a later rule lays the row's times out again (rules/sequence.py places every row of
a parent's chain): the stage the status names was reached or not, wherever the row falls."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def held_nulls(
    view: TableView, batch: Batch, columns: Iterable[str | None], ends: Iterable[str | None] = ()
) -> dict[str, np.ndarray]:
    """The NULLs of those of `columns` the table's status rule decides as the row's own
    occurrence beside its plan (rules/status._occurrence), and of those of `ends` it stamps
    (a completed visit has ended, wherever its chain puts it; a scheduled one has not), as
    they are now."""
    status = next((r for r in view.rules if r.kind == "status"), None)
    decided: set[str] = set()
    if status is not None:
        decided = set(status.data.get("occurrence") or ())
        decided |= set(status.data.get("stamps") or {}) & set(ends)
    wanted = {c for c in (*columns, *ends) if c is not None}
    return {c: batch[c].nulls.copy() for c in wanted if c in decided and c in batch}


def restore(batch: Batch, held: dict[str, np.ndarray]) -> None:
    """Those NULLs back, exactly: a row the status left without the time stays without it,
    one it gave the time keeps it (a completed visit, however late in its chain, has left)."""
    for column, nulls in held.items():
        batch[column].nulls[:] = nulls
