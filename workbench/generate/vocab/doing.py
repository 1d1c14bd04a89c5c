"""A label that says work on a row is going on (`packing`, `loading`, `inspecting`,
`surveying`): a gerund, declared after the label a row waits in (booked, then packing), is as
far as a row in progress, whatever the work is. Not the gerunds that say a row waits or is
missing (pending, awaiting, upcoming): NOT_DOING, the closed set of those in English."""

from __future__ import annotations

from workbench.generate.base.names import normalise

# gerunds that say a row waits, is due or is missing, not that work on it goes on
NOT_DOING = frozenset({"pending", "awaiting", "waiting", "upcoming", "outstanding", "missing",
                       "remaining", "incoming", "during", "nothing", "something", "anything",
                       "everything", "being", "according", "following", "forthcoming",
                       "standing", "existing"})  # fmt: skip


def doing(label: str) -> bool:
    """Whether the label's first word is a gerund of work going on (see the module's text)."""
    first = normalise(label).split("_")[0]
    return len(first) > 5 and first.endswith("ing") and first not in NOT_DOING
