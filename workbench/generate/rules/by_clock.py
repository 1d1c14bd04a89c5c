"""One clock for the run: what a row records as written, changed or removed (a record time:
created_at, updated_on, modified, deleted_at) and what it says happened (a past participle:
sent_at, paid_on, installed_at; the latest of many: last_login_at, last_seen_at) lies at or
before the run's `now` (base/clock.py), whatever the rules before moved it to.

The last row rule, in the final phase: every rule before it may shift a row's times (after its
parents, within a parent's window, along a chain of dates), and each keeps its own times in
order; a time past the clock is set back to a moment lately (about an hour before now), after
the row's latest time by the clock, one moment per row for all its late times: a row's
updated_at stays at or after its created_at, and a child's created_at at or after its
parent's (the parent's times are final when the child is made; the moment follows them).

Such an end NULLed (or drawn NULL) where it is the row's time of being done, in a table without
a lifecycle status (rules/recent.open_end: a callout's `resolved_at`), says the row is still
open, which a row that came to be more than STALE_DAYS before the clock no longer is (nor one
of a kind lasting longer by its label, span.lasting_labels, once its longest passed): it was
done by now, a while (hours to a day or so) after its latest time.

Planned times (scheduled_for, due_on, expected_at), ends set ahead (expires_at, valid_until)
and any time the lexicon does not read as recorded or happened keep what the rules gave them;
so does a column sandbox.toml gives a range reaching past now (a declared range is a law), a
unique time (the clock would repeat it), and one sandbox.toml copies or derives.

Read from the words of the column names (vocab/lexicon.py) and the generator a column got; any
schema of any domain. Per batch: one vectorised minimum per column."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.happened import status_of
from workbench.generate.rules.recent import open_end
from workbench.generate.rules.span import lasting_labels
from workbench.generate.rules.times import (
    DAY_US,
    TIME_KINDS,
    as_us,
    declared_window,
    gap,
    latest,
    store,
)
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_DAY = np.timedelta64(86_400_000_000, "us")
_SECOND_US = 1_000_000
_LATELY_US = 3_600_000_000  # the mean time a late row is set back from now (an hour)
# a row still open (no time of being done) came to be this lately (rules/recent.py places the
# open rows of the last RECENT_DAYS; later rules may move them a little)
STALE_DAYS = 7.0
# the rules of the final phase that may move a time: the clock has the last word after them
# words of the first of many (`first_response_at`, `first_seen_at`, `first_login_at`) and of an
# answer (`responded_at`, `first_reply_at`): a time the row's thing met, after it came to be, by
# now, whatever its status decides (a ticket answered, open or resolved)
FIRST = frozenset({"first", "initial"})
ANSWERED = frozenset({"response", "responded", "reply", "replied", "answer", "answered",
                      "acknowledged", "acknowledgement", "ack", "acked", "contact",
                      "contacted", "login", "logon", "signin", "seen", "visit", "use", "used",
                      "touch", "touched"})  # fmt: skip
_FINAL_TIME_RULES = ("chain", "span", "reach", "actual", "lasting", "stage_clock",
                     "period_status", "deadline", "within", "pace", "born", "age_band",
                     "period", "sequence", "series", "cover", "counter", "elapsed",
                     "lifetime", "standing", "calendar_owner", "year_periods", "rotation",
                     "running_balance")  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    now = clock.run_now(view.config)
    # in a table whose lifecycle status says whether it ended (a completed trip has an end)
    # the status decides; else an end that may be NULL (ended_at, closed_on) past the clock
    # has not come yet (an encounter still going on)
    # (a boolean flag is such a status too: deactivated_at exactly when not is_active)
    ends = status_of(view.schema, view.table) is None and not any(
        spec.kind == "bool" for spec in view.specs.values()
    )
    # in a tree within the table (a comment's parent comment) the moment set for a late row
    # does not yet keep a child's creation after its parent's: the anchor is left as it is
    tree = any(unit.mode == "self" for unit in view.units)
    anchor = anchor_of(view.schema, view.table, view.config) if tree else None
    # a child row without a lifecycle status of its own: what it says happened and may be
    # NULL (a stay's checked_in_at, a parcel's delivered_at) past the clock has not yet
    child = status_of(view.schema, view.table) is None and any(
        unit.mode != "self" and unit.parent != view.tp.name for unit in view.units
    )
    columns, still = [], []
    for name, spec in view.specs.items():
        if spec.kind != "timestamp" or not free(view, name) or name == anchor:
            continue  # a date is a day: today is by the clock
        window = declared_window(spec)
        if window is not None and window[1] > now:  # a declared range reaching ahead wins
            continue
        if ends and spec.nullable and lexicon.ending(name) and lexicon.by_clock(name):
            still.append(name)
        elif (
            lexicon.record_time(name, spec.generator)
            or (lexicon.by_clock(name) and bool(set(lexicon.stem_words(name)) & lexicon.LATEST))
            or _met(name)
        ):
            columns.append(name)
        elif child and spec.nullable and lexicon.happened(name) and not lexicon.planned(name):
            still.append(name)  # not happened yet: NULL (a NOT NULL one keeps its row's order)
    if not columns and not still:
        return []
    detail = f"{', '.join(columns)} by the run's clock" if columns else ""
    if still:
        detail += f"{'; ' if detail else ''}{', '.join(still)} NULL (still going on) past it"
    done = open_end(view)
    if any(r.kind in ("status", "flag") and done in r.columns for r in planned):
        done = None  # what a flag (is_resolved) says, not the clock
    own = anchor_of(view.schema, view.table, view.config)
    data: dict[str, Any] = {"open": still, "done": done if done in still else None,
                            "anchor": own}  # fmt: skip
    if done is not None and data["done"] is not None:
        detail += f", a row {STALE_DAYS:g} days old done by now"
        # a kind lasting longer by its label (a course of medicated feed) runs its course first
        lasting = lasting_labels(planned, done, own, STALE_DAYS * 24 * 60) if own else None
        if lasting is not None:
            data["lasting"] = [lasting[0], lasting[1]]
            detail += f" ({lasting[0]} {', '.join(lasting[1])} once their longest passed)"
    return [Rule("by_clock", [*columns, *still], detail, data)]


def _met(name: str) -> bool:
    """Whether a time column says when the row's thing was first met or answered
    (`first_response_at`, `first_login_at`, `responded_at`): never a plan (`response_due_at`)
    nor an end or a start set ahead."""
    words = set(lexicon.stem_words(name))
    if lexicon.planned(name) or words & (lexicon.SCHEDULED_ENDS | lexicon.WINDOW_STARTS):
        return False
    return bool(words & ANSWERED) and (bool(words & FIRST) or lexicon.happened(name))


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    _by_clock(view, rule, batch, idx)
    _done_by_now(view, rule, batch, idx)


def _done_by_now(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """A row without its time of being done that came to be more than STALE_DAYS before the
    clock was done by now: that time a while after the row's latest time, by the clock."""
    done = rule.data.get("done") or ""
    end, anchor = batch.get(done), batch.get(rule.data.get("anchor") or "")
    if end is None or anchor is None:
        return
    now = clock.run_now(view.config)
    since = as_us(anchor)
    wait = np.full(since.size, int(STALE_DAYS * DAY_US), np.int64)
    if rule.data.get("lasting") and batch.get(rule.data["lasting"][0]) is not None:
        kinds = batch[rule.data["lasting"][0]]
        labels = np.asarray(kinds.values).astype(str)
        for label, minutes in rule.data["lasting"][1].items():
            at = ~kinds.nulls & (labels == label)
            wait = np.where(at, np.maximum(wait, int(minutes * 60_000_000)), wait)
    stale = end.nulls & ~anchor.nulls & (since < now - wait.astype("timedelta64[us]"))
    if not stale.any():
        return
    last = since.copy()
    for name, spec in view.specs.items():
        col = batch.get(name)
        if col is None or spec.kind not in TIME_KINDS or name == done:
            continue
        at = as_us(col)
        last = np.where(~col.nulls & (at <= now) & (at > last), at, last)
    rng = view.rng(f"done_by_now:{done}", int(idx[0]) if idx.size else 0)
    at = np.minimum(last + gap(rng, last.size, 0.5), latest(end, now))
    store(end, at, np.flatnonzero(stale))
    end.nulls[stale] = False


def _by_clock(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    now = clock.run_now(view.config)
    cols = [batch[c] for c in rule.columns]
    # a timestamp held at the clock by a rule before (within: a shift kept by now) is late too
    late = [~c.nulls & (as_us(c) >= now if c.kind != "date" else as_us(c) > latest(c, now))
            for c in cols]  # fmt: skip
    if not any(m.any() for m in late):
        return
    # where a row's late times go: one moment lately, after its latest time before the clock
    # (any of its times, by_clock's or not, and its parents' creation), the same for all its
    # late times, so every order among the row's times holds as it did
    # a late time after a time of the row kept ahead (a hire date to come; a date of today, in
    # some zone still tomorrow) stays
    ahead = np.full(idx.size, np.datetime64("NaT", "us"))
    for name, spec in view.specs.items():
        col = batch.get(name)
        if col is None or spec.kind not in TIME_KINDS or name in rule.columns:
            continue
        words = set(lexicon.words_of(name))
        if lexicon.planned(name) or words & (lexicon.SCHEDULED_ENDS | lexicon.WINDOW_STARTS):
            continue  # a plan, or a window set ahead: the row's record need not follow it
        at = as_us(col)
        known = ~col.nulls & (at + _DAY > now if spec.kind == "date" else at > now)  # today too
        ahead = np.where(known & (np.isnat(ahead) | (at < ahead)), at, ahead)
    late = [m & (np.isnat(ahead) | (as_us(c) < ahead)) for c, m in zip(cols, late, strict=True)]
    floor = np.full(idx.size, now - _DAY)
    for name, spec in view.specs.items():
        col = batch.get(name)
        if col is None or spec.kind not in TIME_KINDS:
            continue
        at = as_us(col)
        known = ~col.nulls & (at + _DAY <= now if spec.kind == "date" else at <= now)
        floor = np.where(known & (at > floor), at, floor)
    for unit in view.units:  # and after its parents' creation (a child after its parent)
        parent = view.schema.tables.get(unit.parent)
        anchor = anchor_of(view.schema, parent, view.config) if parent is not None else None
        stored = view.keys.tables.get(unit.parent, {}).get(anchor or "")
        if stored is None or unit.mode == "self":
            continue
        rows, nulls = view.parent_rows(",".join(unit.fk.columns))
        if rows is None:
            continue
        at = np.asarray(stored.values[rows]).astype("datetime64[us]")
        known = ~nulls & ~stored.nulls[rows] & (at <= now)
        floor = np.where(known & (at > floor), at, floor)
    room = (now - floor).astype(np.int64)  # lately: within about an hour of now, after floor
    lately = row_rng(view, rule, idx).exponential(_LATELY_US, idx.size).astype(np.int64)
    # late times a second apart in their order (shipped after placed stays after it)
    kept = [m & (name not in rule.data["open"]) for name, m in zip(rule.columns, late, strict=True)]
    was = [as_us(c) for c in cols]
    steps: list[np.ndarray] = []
    for mine in was:
        step = np.zeros(idx.size, np.int64)
        for other, w in zip(kept, was, strict=True):
            step += other & (w < mine)
        steps.append(step)
    after = np.maximum(room - _SECOND_US, 0)  # a second after the floor at least (strict)
    back = np.maximum(np.minimum(after, lately), np.max(steps, axis=0) * _SECOND_US)
    moment = now - back.astype("timedelta64[us]")
    for name, col, rows, step in zip(rule.columns, cols, late, steps, strict=True):
        if not rows.any():
            continue
        if name in rule.data["open"]:  # an end still to come: not ended yet (NULL)
            col.nulls[rows] = True
            continue
        at = moment + (step * _SECOND_US).astype("timedelta64[us]")
        store(col, np.minimum(at, latest(col, now)), np.flatnonzero(rows))


RULE = RowRule(
    "by_clock",
    "record times and times that happened lie at or before the run's clock",
    _plan,
    _apply,
    phases={"by_clock": Phase.FINAL},
    after=_FINAL_TIME_RULES,
)
