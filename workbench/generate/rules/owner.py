"""One owner per fact: the rule that decides a row's label also decides which of the row's
stamps are present (rules/status.py: a visit still planned has not arrived, a cancelled trip
never came back), and no later rule undoes that by the way.

A `RowRule` says what it owns (`owns(rule)`: the label column and the columns whose NULLs the
label decides). Once such a rule has applied to a batch, every later rule of the table (the
declared ones of sandbox.toml excepted: they have the final word) may move a present time,
but on a row whose label it left alone it may neither erase a stamp the owner set nor set
one the owner left NULL: registry.apply_phase takes those NULLs back after each rule, and
keeps the rule's value where it gave one (a completed visit laid out again in its chain has
left, at the chain's time). A rule that relabels a row takes the row over: its stamps stay as
that rule left them (rules/standing.py restamps a stale row it cancels).

`WORKBENCH_TRACE_RULES=table[,table…]` (or `*`) prints, per batch, which rule moved which
column's values or NULLs (and how many times it moved from by the run's clock to after it)
and what the owner took back: how a fight between two rules shows."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.rules.base import Owned

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView


def status_owns(rule: Rule) -> Owned:
    """A status rule's facts (rules/status.py `_stamp`, `_explain`): a stamp is set on the
    rows whose label got as far as its stage (`reach`, but a failure ranked after it: `past`)
    or is one of its labels (`exact`); a reason on the rows of the endings it explains."""
    data = rule.data
    label = str(data["status"])
    reach = {**(data.get("reach") or {}), **(data.get("term") or {})}
    known = [lb for lb in data.get("labels") or [] if reach.get(lb, -1.0) >= 0]
    wants: dict[str, dict[str, bool]] = {}
    for column, (how, what) in (data.get("plan") or {}).items():
        gone = set((data.get("past") or {}).get(column, ()))
        if how == "reach":
            wants[column] = {lb: reach[lb] >= what - 1e-9 and lb not in gone for lb in known}
        else:
            wants[column] = {lb: lb in what for lb in known}
    for column, endings in (data.get("reasons") or {}).items():
        wants[column] = {lb: lb in endings for lb in data.get("labels") or []}
    wants.pop(label, None)
    return Owned(label, wants)


@dataclass
class Held:
    """What the owners decided before a later rule ran: each label's values, each owned
    column's NULLs."""

    owners: list[Owned]
    labels: dict[str, np.ndarray]
    nulls: dict[str, np.ndarray]


def hold(batch: Batch, owners: Sequence[Owned]) -> Held:
    labels: dict[str, np.ndarray] = {}
    nulls: dict[str, np.ndarray] = {}
    owners = [o for o in owners if o.label in batch]
    for owned in owners:
        labels[owned.label] = np.asarray(batch[owned.label].values).copy()
        for column in owned.wants:
            if column in batch and batch[column].nullable:
                nulls[column] = batch[column].nulls.copy()
    return Held(owners, labels, nulls)


def undone(batch: Batch, held: Held) -> dict[str, np.ndarray]:
    """The owned cells a rule made NULL or present on a row whose label it kept, against what
    the label wants (a stamp it erased that the label wants, one it set the label does not),
    by column."""
    out: dict[str, np.ndarray] = {}
    for owned in held.owners:
        status = batch[owned.label]
        kept = _same(np.asarray(status.values), held.labels[owned.label]) & ~status.nulls
        names, pos = label_codes(status)
        for column, wants in owned.wants.items():
            if column not in held.nulls:
                continue
            said = np.array([lb in wants for lb in names], dtype=bool)[pos]
            want = np.array([wants.get(lb, False) for lb in names], dtype=bool)[pos]
            nulls, was = batch[column].nulls, held.nulls[column]
            wrong = kept & said & (nulls != was) & (nulls == want)
            if wrong.any():
                out[column] = wrong
    return out


@dataclass
class Filled:
    """Stamps a rule set where the owner left NULL, on rows whose label it kept: taken back at
    the end of the phase unless a later rule relabelled the row (a chain closes a contract a
    later one follows, rules/standing.py then calls it ended)."""

    column: str
    rows: np.ndarray
    label: str
    was: np.ndarray


def restore(batch: Batch, held: Held, wrong: dict[str, np.ndarray]) -> list[Filled]:
    """The stamps the rule erased back at once, with the value it gave (a completed visit laid
    out again in its chain has left, at the chain's time); the ones it set, for `settle`."""
    filled = []
    label_of = {c: o.label for o in held.owners for c in o.wants}
    for column, rows in wrong.items():
        erased = rows & ~held.nulls[column]
        batch[column].nulls[erased] = False
        if (made := rows & held.nulls[column]).any():
            label = label_of[column]
            filled.append(Filled(column, made, label, held.labels[label]))
    return filled


def settle(batch: Batch, filled: Sequence[Filled]) -> dict[str, np.ndarray]:
    """At the end of a phase: the stamps set where the owner left NULL, NULL again on the
    rows whose label no rule changed since; returns those rows by column."""
    out: dict[str, np.ndarray] = {}
    for made in filled:
        if made.column not in batch or made.label not in batch:
            continue
        col = batch[made.column]
        rows = made.rows & ~col.nulls & _same(np.asarray(batch[made.label].values), made.was)
        col.nulls[rows] = True
        out[made.column] = out.get(made.column, np.zeros(rows.size, dtype=bool)) | rows
    return out


def _same(now: np.ndarray, was: np.ndarray) -> np.ndarray:
    if now.dtype == object or was.dtype == object:
        return np.fromiter((a == b for a, b in zip(now.tolist(), was.tolist(), strict=True)),
                           dtype=bool, count=now.size)  # fmt: skip
    return np.asarray(now == was, dtype=bool)


Moves = dict[str, tuple[np.ndarray, np.ndarray]]


def traced(table: str) -> bool:
    """Whether `WORKBENCH_TRACE_RULES` names the table (or is `*`)."""
    wanted = os.environ.get("WORKBENCH_TRACE_RULES", "")
    names = {w.strip() for w in wanted.split(",") if w.strip()}
    return "*" in names or table in names


def snapshot(batch: Batch, columns: Iterable[str]) -> Moves:
    return {c: (np.asarray(batch[c].values).copy(), batch[c].nulls.copy()) for c in columns}


def report(
    view: TableView,
    rule: Rule,
    idx: np.ndarray,
    batch: Batch,
    was: Moves,
    back: dict[str, np.ndarray],
) -> None:
    """One line per rule: each column it moved (values moved on rows set before and after,
    how many of those from the run's clock or before to after it, NULLs it set and cleared)
    and the NULLs the owner then took back (`back`)."""
    now, table = clock.run_now(view.config), view.table.name
    first = int(idx[0]) if idx.size else 0
    parts = []
    for column, (values, nulls) in was.items():
        col = batch[column]
        both = ~nulls & ~col.nulls
        moved = int((~_same(np.asarray(col.values), values) & both).sum())
        erased, filled = int((col.nulls & ~nulls).sum()), int((~col.nulls & nulls).sum())
        ahead = ""
        if col.kind in ("date", "timestamp") and moved:  # moved from by now to after it
            late = np.asarray(col.values).astype("datetime64[us]") > now
            crossed = int((both & late & ~(values.astype("datetime64[us]") > now)).sum())
            ahead = f" past->future {crossed}" if crossed else ""
        if moved or erased or filled:
            parts.append(f"{column}: moved {moved} +null {erased} -null {filled}{ahead}")
    for column, rows in back.items():
        erased, made = (
            int((rows & batch[column].nulls).sum()),
            int((rows & ~batch[column].nulls).sum()),
        )
        parts.append(
            f"{column}: owner took back {erased} erased, holds {made} set for the phase end"
        )
    if parts:
        head = f"[trace {table} @{first} n={idx.size}] {rule.kind}({','.join(rule.columns[:3])})"
        print(f"{head}: " + "; ".join(parts), file=sys.stderr)


def report_settled(table: str, idx: np.ndarray, settled: dict[str, np.ndarray]) -> None:
    """The stamps NULLed again at the end of a phase (`settle`)."""
    parts = [f"{c}: {int(rows.sum())} NULL again" for c, rows in settled.items() if rows.any()]
    if parts:
        first = int(idx[0]) if idx.size else 0
        print(f"[trace {table} @{first} n={idx.size}] owner at phase end: " + "; ".join(parts),
              file=sys.stderr)  # fmt: skip
