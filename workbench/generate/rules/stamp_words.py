"""What a stage timestamp's name says beside the row's status labels (rules/status.py): a
time named after one label (`completed_on` of `completed`) is set on the rows with that label
or a later stage of the happy path, never on a failure the lifecycle ranks after it
(`withdrawn` after `completed`: a withdrawn enrolment was not completed). A row a NOT NULL
stamp relabels keeps its course (`kindred`: on its way, or over)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.times import STAGES, stage_of_word
from workbench.generate.vocab import lexicon, mishaps, outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Col

_WAITING = ("open", "ahead")
_DONE_STAGE = len(STAGES) - 1
_UNDER_WAY = next(rank for rank, stage in enumerate(STAGES) if "in_progress" in stage)


def by_declaration(
    labels: list[str], at: int, rank: int | None, previous: float, meanings: dict[str, str]
) -> int | None:
    """The stage rank of `labels[at]` for the lifecycle (rules/status.lifecycle), or None where
    its declared place says more than its word: a word of the done stage that is not the
    lifecycle's end, declared before the done-stage word that is (`received` declared first,
    `completed` last: where the row came in; not `delivered` before `paid`), and
    a word of an earlier stage declared right after work under way (`ready` after
    `in_process`, `in_transit`: ready for collection once the work is done), and one of an
    earlier stage declared after the done end the labels before climbed to (`invoiced` after
    `draft`, `in_progress`, `completed`; not a list in no order: `delivered`, `shipped`)."""
    if rank == _DONE_STAGE and meanings.get(labels[at]) not in (None, "done"):
        ends = [lb for lb in labels[at + 1 :] if meanings.get(lb) == "done"]
        if any(stage_of_word(lb) == _DONE_STAGE for lb in ends):
            return None
    climbed = any((stage_of_word(lb) or _DONE_STAGE) < _DONE_STAGE for lb in labels[: at - 1])
    if rank is not None and rank < _DONE_STAGE <= previous and climbed:
        return None  # declared after the done end it climbed to (`invoiced` after `completed`)
    after_work = at > 0 and meanings.get(labels[at - 1]) == "open"
    if rank is not None and 0 < rank < _UNDER_WAY <= previous and after_work:
        return None if meanings.get(labels[at]) == "open" else rank
    return rank


def failures_past(
    labels: list[str],
    stamps: dict[str, str],
    plan: dict[str, tuple[str, object]],
    reach: dict[str, float],
    canon: Callable[[str], str],
    ending: Callable[[str], bool],
) -> dict[str, list[str]]:
    """Column → the failed labels (vocab/outcomes.lifecycle_meanings) ranked at or past the
    done label it is named after (`completed_on`): those rows never get it.
    Not an `ending` (rules/status.py places those by how far they got)."""
    meanings = outcomes.lifecycle_meanings(labels) or {}
    # an ending the lifecycle places itself (a return after delivery got through delivery)
    # (not one done wrongly: a misfire was fired, vocab/mishaps.misdone)
    failed = [lb for lb in labels if meanings.get(lb) == "failed" and not ending(lb)
              and not mishaps.misdone(normalise(lb).split("_"))]  # fmt: skip
    out: dict[str, list[str]] = {}
    for column, (how, at) in plan.items():
        stem = stamps.get(column)
        if how != "reach" or stem is None or not isinstance(at, float | int):
            continue
        # only the happy path's end: a failure cannot come after success (a `late` hand-in
        # ranked after `submitted` was submitted, a `withdrawn` one after `completed` was not)
        if not any(canon(stem) == canon(lb) for lb in labels if meanings.get(lb) == "done"):
            continue
        past = [label for label in failed if reach.get(label, -1.0) >= at - 1e-9]
        if past:
            out[column] = past
    return out


def kindred(
    status: Col, bad: np.ndarray, allowed: list[str], labels: list[str], rng: np.random.Generator
) -> None:
    """The `bad` rows' labels replaced by labels of `allowed` (those a NOT NULL stamp leaves:
    rules/status._restrict) of the same course as theirs, where there is one: a row on its
    way (scheduled: vocab/outcomes.lifecycle_meanings open or ahead) takes a label on its way
    (on sale), one over (cancelled) a label over (completed); rules/recent.py placed the row's
    times by its label already."""
    meanings = outcomes.lifecycle_meanings(labels) or {}
    text = np.asarray(status.values).astype(str)
    for label in sorted(set(text[bad].tolist())):
        rows = bad & (text == label)
        way = meanings.get(label) in _WAITING
        choices = [lb for lb in allowed if (meanings.get(lb) in _WAITING) == way] or allowed
        picks = rng.integers(0, len(choices), int(rows.sum())).tolist()
        status.values[rows] = [typed_label(status, choices[k]) for k in picks]


def ended_by(
    labels: list[str], stem: str, canon: Callable[[str], str], ending: Callable[[str], bool]
) -> list[str]:
    """The endings that say by whom or why (`cancelled_by_rider`, `cancelled_by_driver`) a
    time named after their first word (`cancelled_at`) is the time of."""
    out = []
    for label in labels:
        words = normalise(label).split("_")
        if len(words) > 1 and ending(label) and canon(words[0]) == canon(stem):
            out.append(label)
    return out


def work_end(
    labels: list[str],
    stamps: dict[str, str],
    plan: dict[str, tuple[str, object]],
    reach: dict[str, float],
) -> None:
    """A time named by no label nor stage but a word of a row under way (`picked_up_at`:
    vocab/outcomes.UNDER_WAY) is set from the stage under way on; a time that happened
    declared right after it (`dropped_off_at`) is the end of that work, set once the row is
    done (vocab/outcomes.lifecycle_meanings). Not the row's own window (rules/status.py)."""
    meanings = outcomes.lifecycle_meanings(labels) or {}
    done = [reach[label] for label, kind in meanings.items() if kind == "done"]
    if not done or min(done) <= _UNDER_WAY:
        return
    for column, stem in stamps.items():
        if column not in plan and normalise(stem) in outcomes.UNDER_WAY:
            plan[column] = ("reach", float(_UNDER_WAY))
    columns = list(stamps)
    for at, column in enumerate(columns[1:], start=1):
        before = plan.get(columns[at - 1])
        if column in plan or before is None or before[0] != "reach":
            continue
        if before[1] == float(_UNDER_WAY) and lexicon.happened(column):
            plan[column] = ("reach", min(done))


def labels_from_stamps(
    stems: list[str],
    max_len: int | None,
    stage_rank: Callable[[str], int | None],
    ending: Callable[[str], bool],
) -> list[str]:
    """The lifecycle the timestamps' names tell, as labels (`shipped_at`, `cancelled_at` →
    pending, shipped, cancelled), in stage order, endings last; [] when they name no stage
    (`stage_rank`, `ending`: rules/status.py's)."""

    happy: dict[int, str] = {}
    endings: list[str] = []
    for stem in stems:
        norm = normalise(stem)
        if ending(norm):
            endings.append(norm)
        elif (rank := stage_rank(norm)) is not None and "_" not in norm:
            happy.setdefault(rank, norm)
    if not happy and not endings:
        return []
    happy.setdefault(0, "pending")
    labels = [happy[rank] for rank in sorted(happy)] + sorted(set(endings))
    return [label for label in labels if max_len is None or len(label) <= max_len]
