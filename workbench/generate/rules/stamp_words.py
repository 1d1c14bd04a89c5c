"""What a stage timestamp's name says beside the row's status labels (rules/status.py): a
time named after one label (`completed_on` of `completed`) is set on the rows with that label
or a later stage of the happy path, never on a failure the lifecycle ranks after it
(`withdrawn` after `completed`: a withdrawn enrolment was not completed)."""

from __future__ import annotations

from collections.abc import Callable

from workbench.generate.vocab import outcomes


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
    failed = [lb for lb in labels if meanings.get(lb) == "failed" and not ending(lb)]
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
