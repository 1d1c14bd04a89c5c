"""How far a request turned down got: where a lifecycle decides a request (an approval label
beside a turned-down one: vocab/outcomes.APPROVAL and TURNED_DOWN — an application approved
or refused, a claim granted or denied, a leave approved or rejected), the refusal is the
verdict of the same review the approval ends: the row went through every stage declared
before the approval (submitted, validated, under review), save the ones it waits at on the
way (on hold: vocab/outcomes.HELD_UP) and the approval itself. A failure of any other
lifecycle (a payment declined, an order cancelled) still stops at its first stage.

Read from the labels' words; no table is named here."""

from __future__ import annotations

from workbench.generate.base.names import normalise
from workbench.generate.vocab import outcomes


def turned_down_reach(labels: list[str], reach: dict[str, float]) -> None:
    """Move each turned-down label of a decided lifecycle to just past the furthest stage
    declared before the first approval label (in `reach`, label → position)."""
    norms = [normalise(label) for label in labels]
    approval = next((at for at, norm in enumerate(norms) if norm in outcomes.APPROVAL), None)
    if approval is None:
        return
    before = [
        reach[label]
        for label in labels[:approval]
        if label in reach and normalise(label) not in outcomes.HELD_UP and reach[label] >= 0
    ]
    if not before:
        return
    at = min(max(before) + 0.001, reach[labels[approval]] - 0.001)
    for label, norm in zip(labels, norms, strict=True):
        if norm in outcomes.TURNED_DOWN and reach.get(label, 0.0) < at:
            reach[label] = at
