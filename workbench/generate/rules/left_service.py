"""A thing's end-of-life time and its status: a unit whose status says it left service for good
(`removed`, `replaced`, `retired`, `decommissioned`: vocab/exceptions.left_service) has the
time it left (`removed_at`, `retired_on`, `decommissioned_at`, `deleted_at`) set, after the
row's own start and not after the run's clock; a unit in service (`active`, `faulty`) has
none. Read from the labels of a status column (a choice whose labels are no lifecycle the
status rule reads) and a nullable time of the same table named with an end-of-life word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import labelled
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.times import as_us, is_time, store
from workbench.generate.vocab.exceptions import OUT_OF_SERVICE, left_service
from workbench.generate.vocab.outcomes import STATUS_WORDS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# words of the time a thing left service, beside the labels that say so
_END_WORDS = OUT_OF_SERVICE | {"deactivated", "disposal", "removal", "retirement",
                               "decommissioning", "replacement", "end_of_life"}  # fmt: skip
_DAY_US = 86_400_000_000


def _end_time(name: str) -> bool:
    words = normalise(name).split("_")
    pairs = {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    return bool((set(words) | pairs) & _END_WORDS)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for r in planned if r.kind in ("status", "flag") for c in r.columns}
    ends = [
        c
        for c, s in view.specs.items()
        if is_time(s.kind) and s.nullable and _end_time(c) and free(view, c) and c not in taken
    ]
    if not ends:
        return []
    for name, spec in view.specs.items():
        if spec.kind not in ("text", "enum") or name in taken:
            continue
        if normalise(name).split("_")[-1] not in STATUS_WORDS:
            continue
        labels = labels_of(spec)
        gone = [lb for lb in labels if left_service(lb)]
        if not gone or len(gone) == len(labels):
            continue
        starts = [
            c
            for c, s in view.specs.items()
            if is_time(s.kind) and c != ends[0] and not _end_time(c) and not s.nullable
        ]
        detail = f"{ends[0]} set exactly where {name} is {', '.join(gone)}, NULL elsewhere"
        data = {"gone": gone, "starts": starts}
        return [Rule("left_service", [ends[0], name], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    end, status = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or status is None:
        return
    gone = labelled(status, rule.data["gone"])
    now = clock.run_now(view.config).astype("datetime64[us]")
    start = np.full(gone.size, now - np.timedelta64(365 * _DAY_US, "us"))
    for name in rule.data["starts"]:
        col = batch.get(name)
        if col is not None:
            at = as_us(col)
            known = ~col.nulls & (at < now)
            start[known] = np.maximum(start[known], at[known])
    at = as_us(end)
    good = gone & ~end.nulls & (at > start) & (at <= now)
    draw = np.flatnonzero(gone & ~good)
    end.nulls[:] = ~gone
    if draw.size:
        span = (now - start[draw]).astype(np.int64)
        share = row_rng(view, rule, idx).uniform(0.05, 1.0, draw.size)
        offs = np.maximum(span * share, 60_000_000).astype(np.int64)
        when = np.minimum(start[draw] + offs.astype("timedelta64[us]"), now)
        full = as_us(end).copy()
        full[draw] = when
        store(end, full, draw)


RULE = RowRule(
    "left_service",
    "a unit's end-of-life time set exactly where its status says it left service",
    _plan,
    _apply,
    after=("flag",),
    before=("order",),  # the dates in order (updated <= deleted) then see it
)
