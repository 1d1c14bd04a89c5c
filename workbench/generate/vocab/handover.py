"""Labels of a thing handed to the one it was for (an order collected, a car picked up, a
prescription dispensed): on its way in a lifecycle that goes on after it (a sample collected,
then tested), its happy end where only a call-off may follow it (vocab/outcomes.py reads a
lifecycle no label of which says done by them)."""

from __future__ import annotations

import re
from collections.abc import Callable

HANDED_OVER = frozenset({"collected", "picked_up", "delivered", "handed_over", "dispensed",
                         "issued"})  # fmt: skip


def handed_over(
    labels: list[str], read: dict[str, str | None], called_off: Callable[[str], bool]
) -> list[str]:
    """The last stage declared of a lifecycle no label of which says done, where it hands the
    thing over (HANDED_OVER: an optician's order `ready_for_collection`, `collected`) and
    nothing but a call-off (`called_off`: cancelled) is declared after it, a stage before it:
    the end a row that was not called off comes to; [] otherwise (a hire car `picked_up` is
    then `returned`)."""
    norms = [re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") for label in labels]
    at = max((i for i, norm in enumerate(norms) if norm in HANDED_OVER), default=-1)
    if at < 0 or not all(called_off(label) for label in labels[at + 1 :]):
        return []
    return [labels[at]] if any(read[label] != "failed" for label in labels[:at]) else []
