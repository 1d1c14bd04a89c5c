"""An open label that means its row is under way, not waiting: declared after a label the row
waited in and right before its done end (a hire contract `open` between `reserved` and
`closed` is on hire). Read from the labels' order and meanings (vocab/outcomes.py)."""

from __future__ import annotations

from workbench.generate.vocab.outcomes import is_bill, lifecycle_meanings, norm_label

# a label that says a row is open: waiting (an open order, a ticket not yet worked on), or,
# declared after a label the row waited in and right before its done end, under way
OPENED = frozenset({"open", "opened", "reopened"})


def opened_midway(labels: list[str]) -> frozenset[str]:
    """The open labels (OPENED) of a lifecycle that mean its row is under way: declared after
    a label the row waited in (a quote, a reservation, pending) and right before its done end
    (closed, completed), failures aside: a hire contract `open` between `reserved` and
    `closed` is on hire, not waiting. Not a bill's (an open invoice is issued, unpaid)."""
    meanings = lifecycle_meanings(labels)
    if meanings is None or is_bill(labels):
        return frozenset()
    kept = [label for label in labels if meanings[label] != "failed"]
    return frozenset(
        label
        for at, label in enumerate(kept[1:-1], start=1)
        if norm_label(label) in OPENED
        and meanings[kept[at - 1]] in ("open", "ahead")
        and meanings[kept[at + 1]] == "done"
    )
