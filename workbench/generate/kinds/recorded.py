"""The times a row records of its own occurrence as it happened: a time column named as the
actual side of an event (`actual_departure`, `act_start`, `real_end`), or one whose event the
row also plans (`departure_time` beside `scheduled_departure`), of an event that opens the
occurrence (a start, a departure, a pick-up, a take-off, a check-in) or closes it (an end, an
arrival, a landing, a completion, a check-out). A row's status says which happened: what is
scheduled or not started has neither, what is under way (running, in progress) its start
only, what is done (completed) both, what was called off what it got to (rules/status.py).
Read from the names only (kinds/events.py), any schema."""

from __future__ import annotations

from collections.abc import Iterable

from workbench.generate.base.names import normalise
from workbench.generate.kinds.events import ACTUAL, ENDS, event_of, spelled_out

# the events that open an occurrence the ENDS events close
OPENS = frozenset({"start", "begin", "departure", "pickup", "takeoff", "check_in"})


def recorded_event(column: str, others: Iterable[str]) -> str | None:
    """`start` or `end`: the side of the row's own occurrence the time column records as it
    happened (see the module's text), given the row's other time columns; None otherwise."""
    name = spelled_out(column)
    side = event_of(name)
    if side is None or side[0] != "actual":
        return None
    explicit = normalise(name).split("_")[0] in ACTUAL
    planned = any(
        (found := event_of(spelled_out(other))) is not None and found == ("planned", side[1])
        for other in others
        if other != column
    )
    if not explicit and not planned:
        return None
    if side[1] in OPENS:
        return "start"
    if side[1] in ENDS:
        return "end"
    return None
