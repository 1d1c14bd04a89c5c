"""A time in the present tense is a timetable, not a record: a boat trip `departs_at` nine, it
`departed` when it left. A NOT NULL time whose name is the present tense of a status label's
verb (`departs_at` beside `departed`, `closes_at` beside `closed`) is the time the row is
planned for, set on every row whatever became of it; it is no stage the label reached
(rules/status.py would otherwise take every row to `departed`, the only label that time fits,
and a scheduled or cancelled trip would have none left)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.rules.times import time_stem

if TYPE_CHECKING:
    from workbench.generate.view import TableView


def _present(word: str) -> str:
    """The verb of a present-tense third person (`departs` → `depart`), or ''."""
    if len(word) < 4 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return ""
    return word[:-1]


def _past_of(verb: str, label: str) -> bool:
    """Whether the label is the verb's past participle (`depart` → `departed`, `close` →
    `closed`, `ship` → `shipped`)."""
    return label in {verb + "ed", verb + "d", verb + verb[-1] + "ed"}


def untimed(view: TableView, labels: list[str], columns: dict[str, str]) -> dict[str, str]:
    """`columns` (name → stem) but the NOT NULL ones named in the present tense of a label."""
    said = [normalise(label) for label in labels]
    out = {}
    for column, stem in columns.items():
        spec = view.specs.get(column)
        verb = _present(time_stem(column).split("_")[-1])
        if spec is None or spec.nullable or not any(_past_of(verb, lb) for lb in said if verb):
            out[column] = stem
    return out
