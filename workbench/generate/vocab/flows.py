"""The two sides of a flow among a kind's labels, and a kind's catch-all label.

What comes in goes out again: a ship that arrives departs, a container imported is exported
or emptied, a visitor who checks in checks out. Two labels of one choice that differ only in
one word of an opposite pair (`inbound`/`outbound`, `arrival`/`departure`, `check_in`/
`check_out`) are the two sides of one flow: each is about as common as the other, and
together they are the main labels of the choice, whatever else it lists (a berth-to-berth
`shift`, a `transfer`) and wherever they were declared. A catch-all label (`other`,
`unknown`, `misc`) is never a choice's main label. generators/pools.kind_weights reads both."""

from __future__ import annotations

from workbench.generate.vocab.lexicon import words_of

# opposite words of a movement through a boundary, each pair one way in, one way out
_OPPOSITES: tuple[tuple[str, str], ...] = (
    ("inbound", "outbound"), ("arrival", "departure"), ("arrivals", "departures"),
    ("arrive", "depart"), ("arriving", "departing"), ("incoming", "outgoing"),
    ("import", "export"), ("imports", "exports"), ("in", "out"), ("entry", "exit"),
    ("enter", "exit"), ("ingress", "egress"), ("inflow", "outflow"), ("load", "unload"),
    ("loading", "unloading"), ("loading", "discharge"), ("pickup", "dropoff"),
    ("checkin", "checkout"), ("embark", "disembark"), ("embarkation", "disembarkation"),
    ("boarding", "alighting"), ("receipt", "dispatch"), ("received", "dispatched"),
    ("receiving", "shipping"), ("buy", "sell"), ("purchase", "sale"),
)  # fmt: skip
_PAIRS = {frozenset(pair) for pair in _OPPOSITES}
# a label that gathers whatever the others do not name
CATCH_ALL = frozenset({"other", "others", "misc", "miscellaneous", "unknown", "unspecified",
                       "unclassified", "various"})  # fmt: skip


def _sides(one: str, other: str) -> bool:
    a, b = words_of(one), words_of(other)
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(differ) == 1 and frozenset(differ[0]) in _PAIRS


def flow_sides(labels: list[str]) -> list[tuple[int, int]]:
    """The pairs of positions of labels that are the two sides of one flow, each label in
    one pair at most."""
    out: list[tuple[int, int]] = []
    used: set[int] = set()
    for i, one in enumerate(labels):
        for j in range(i + 1, len(labels)):
            if i in used or j in used:
                continue
            if _sides(one, labels[j]):
                out.append((i, j))
                used |= {i, j}
    return out


def catch_all(label: str) -> bool:
    """Whether a label gathers the rest (`other`, `unknown`, `other_reason`)."""
    words = words_of(label)
    return bool(words) and words[0] in CATCH_ALL
