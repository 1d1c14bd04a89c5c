"""A row that answers for something that took place: a review of a stay, a rating of a ride,
feedback on a course, a survey answered after an event. Its time (`submitted_at`, `posted_at`,
`created_at`) comes after the thing it answers for is over, whatever its verb says: a review
`submitted` after the tour, where an application `submitted` before its interview leads it.

Recognised by the last word of the table's name (a response by its nature, not one schema's
table), and the end of the parent's window that pairs with the time it takes place at
(`starts_at` → `ends_at`, `check_in` → `check_out`): after that the response is written. So
is a thing made from what took place (`made_from`: a blood unit `produced_at` from a donation
drawn from `started_at` to `ended_at`, a batch bottled from a brew): made once it is over."""

from __future__ import annotations

import re

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.kinds.windows import window_of
from workbench.schema.model import Schema, Table

RESPONSES = re.compile(
    r"^(reviews?|ratings?|feedbacks?|testimonials?|evaluations?|surveys?|survey_responses?"
    r"|responses?|appraisals?|critiques?)$"
)


def responds(table: str) -> bool:
    """Whether a table's rows answer for something that took place (by its last word)."""
    words = normalise(table.rsplit(".", 1)[-1]).split("_")
    return RESPONSES.match(words[-1]) is not None


# the time a product of what took place is made at (`produced_at`, `processed_on`)
_MADE = frozenset({"produced", "manufactured", "processed", "separated", "fractionated",
                   "bottled", "packed", "packaged", "prepared", "made"})  # fmt: skip


def made_from(column: str) -> bool:
    """Whether a row's time is when it was made from what its parent did (`produced_at`)."""
    return bool(_MADE & set(normalise(column).split("_")))


def over_at(schema: Schema, table: Table, config: Config, start: str) -> str:
    """The column at which the parent's occurrence that starts at `start` is over: the end of
    its window of occurrence (not of validity) beginning there, else the start itself."""
    window = window_of(schema, table, config)
    if window is None or window.validity or window.start != start:
        return start
    return window.end
