"""A row's stage times squeezed in order by the run's clock (rules/status.py: no stage is
reached after now). A row whose stages, placed by its status after its anchor, run past the
clock keeps them in the order they happened, each gap shrunk by one factor, between its
anchor and now: a move booked this morning and delivered by now started after it was booked
and was delivered after it started, rather than starting and ending at the same instant."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.times import as_us, latest, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule


def squeezed(now: np.datetime64, rule: Rule, batch: Batch) -> None:
    """A row whose stage times (timestamps) run past the clock has them squeezed in order
    between its anchor and now, each gap by one factor: a move booked this morning and
    delivered by now started after it was booked and was delivered after it started."""
    anchor = batch.get(rule.data.get("anchor") or "")
    stamps = [batch[c] for c in rule.data["plan"] if c in batch and batch[c].kind == "timestamp"]
    if anchor is None or anchor.kind != "timestamp" or not stamps:
        return
    at = now.astype("datetime64[us]").astype(np.int64)
    base = np.where(anchor.nulls, at, as_us(anchor).astype(np.int64))
    times = [np.where(c.nulls, base, as_us(c).astype(np.int64)) for c in stamps]
    top = np.max(times, axis=0)
    over = (top > at) & (base < at) & ~anchor.nulls
    if not over.any():
        return
    factor = np.where(over, (at - base) / np.maximum(top - base, 1), 1.0)
    for col, t in zip(stamps, times, strict=True):
        rows = np.flatnonzero(over & ~col.nulls & (t >= base))
        squeezed = base + ((t - base) * factor).astype(np.int64)
        store(col, squeezed.astype("datetime64[us]"), rows)


def not_after(now: np.datetime64, rule: Rule, batch: Batch) -> None:
    """No stage is reached after the run's clock: a recent row's later stages happened by now,
    in their order (squeezed between its anchor and now, not all at now), else at now."""
    squeezed(now, rule, batch)
    for column in rule.data["plan"]:
        col = batch[column]
        last = latest(col, now)
        late = np.flatnonzero(~col.nulls & (as_us(col) > last))
        if late.size:
            store(col, np.full(col.values.size, last, dtype="datetime64[us]"), late)
