"""A log of a parent's start and end: a child whose type column (`event_type`, `kind`,
`direction`) has a label of a start and one of the matching end (`move_in`/`move_out`,
`check_in`/`check_out`, `clock_in`/`clock_out`, `entry`/`exit`, `start`/`stop`), and no
lifecycle status of its own, records when its parent's life began and ended: a tenancy's
move-in and move-out, a stay's check-in and check-out. Read from the labels; no table named
here (rules/happened.py and rules/logged.py read it)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

# a start word and the end words that close it, as the last word of a label (`move_in`)
PAIRS = {
    "in": ("out",),
    "start": ("end", "stop", "finish"),
    "started": ("ended", "stopped", "finished"),
    "begin": ("end",),
    "open": ("close",),
    "opened": ("closed",),
    "entry": ("exit",),
    "enter": ("exit", "leave"),
    "arrival": ("departure",),
    "arrive": ("depart", "leave"),
    "arrived": ("departed", "left"),
    "on": ("off",),
    "pickup": ("return", "dropoff", "drop_off"),
    "connect": ("disconnect",),
    "activation": ("deactivation",),
}
# what a label's start word follows when it begins a life (`move_in`, `check_in`,
# `clock_in`): not a thing passing (`transfer_in`, `stock_in`)
LIFE_HEADS = frozenset({"move", "moved", "check", "checked", "clock", "sign", "signed", "log",
                        "logged", "key", "keys", "handover", "hand"})  # fmt: skip
# bare start words of someone or something passing a point, many times over a life (a door's
# `in`/`out`, a gate's `entry`/`exit`): not the start of the parent's life
BARE_PASSES = frozenset({"in", "on", "entry", "enter", "open", "opened"})
# the last word of a column that says which kind of event a row is
TYPE_WORDS = frozenset({"type", "kind", "event", "action", "direction", "movement"})


@dataclass(frozen=True)
class Logged:
    """The child's type `column`, its `start` label and its `end` label."""

    column: str
    start: str
    end: str


def _pair(labels: list[str]) -> tuple[str, str] | None:
    """(start, end) labels sharing what precedes their last word (`move_in`, `move_out`)."""
    split = {}
    for label in labels:
        words = normalise(label).split("_")
        split[label] = ("_".join(words[:-1]), words[-1])
    for start, (head, word) in split.items():
        if not (head in LIFE_HEADS or (not head and word not in BARE_PASSES)):
            continue  # a transfer in, a bare `in`: money or people passing, not a life
        for end, (e_head, e_word) in split.items():
            if head == e_head and e_word in PAIRS.get(word, ()):
                return start, end
    return None


def logged(schema: Schema, table: Table) -> Logged | None:
    """The start and end labels of a log of its parent's life, else None."""
    if lifecycle_status(schema, table) is not None:
        return None
    for column in table.columns:
        if normalise(column.name).split("_")[-1] not in TYPE_WORDS:
            continue
        info = resolve_type(schema, column.type)
        values = info.labels or column_hints(schema, table, column).allowed or []
        labels = [v for v in values if isinstance(v, str)]
        found = _pair(labels) if 2 <= len(labels) <= 8 else None
        if found is not None:
            return Logged(column.name, *found)
    return None
