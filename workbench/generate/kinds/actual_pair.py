"""The window of what happened: a table that plans its occurrence and records it as it
happened (`planned_check_in_at`/`planned_check_out_at` beside `actual_check_in_at`/
`actual_check_out_at`, `scheduled_start`/`scheduled_end` beside `started_at`/`ended_at`) has two
windows; the rows that record events of it (a stay's care logs, a trip's readings, a visit's
notes) happen within the actual one, not the plan. Its start is NULL where the occurrence never
began (a booking still pending, cancelled, a no-show): such a parent has no events, and its end
NULL while it is still under way (events up to the run's clock). Read from the names only
(kinds/recorded.py), any schema."""

from __future__ import annotations

from workbench.config.file import Config
from workbench.generate.kinds.events import ENDS, event_of, spelled_out
from workbench.generate.kinds.orders import reversed_by_check
from workbench.generate.kinds.recorded import recorded_event
from workbench.generate.kinds.windows import TIME_KINDS, Window, event_pair, window_of
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type


@memo.by_identity
def actual_window(schema: Schema, table: Table, config: Config) -> Window | None:
    """The table's start and end as they happened (kinds/recorded.py), None unless it has both."""
    times = [
        c.name
        for c in table.columns
        if c.generated is None and resolve_type(schema, c.type).kind in TIME_KINDS
    ]
    sides: dict[str, str] = {}
    for name in times:
        side = recorded_event(name, times)
        if side is not None:
            sides.setdefault(side, name)
    if "start" in sides and "end" not in sides:
        # its start recorded as it happened, its end as an event of its own that may be NULL
        # (`started_at` beside a plan, then `finished_at`, `completed_at`)
        for column in table.columns:
            found = event_of(spelled_out(column.name)) if column.name in times else None
            ends = found is not None and found[0] == "actual" and found[1] in ENDS
            if column.nullable and ends and column.name != sides["start"]:
                sides["end"] = column.name
                break
    if "start" not in sides or "end" not in sides:
        return _beside_plan(schema, table, config)
    start, end = sides["start"], sides["end"]
    # the order the plan (or a CHECK) gives: a stay arrives and then departs, a trip the
    # other way round (`planned_arrival` before `planned_departure`: `arrived_at` first)
    plan = window_of(schema, table, config)
    first = event_of(spelled_out(plan.start)) if plan is not None else None
    last = event_of(spelled_out(end))
    if reversed_by_check(schema, table, start, end) or (first and last and first[1] == last[1]):
        start, end = end, start
    return Window(start, end, False)


def _beside_plan(schema: Schema, table: Table, config: Config) -> Window | None:
    """The pair of nullable times named as the events that open and close a visit (`arrived_
    at`/`departed_at`, `checked_in_at`/`checked_out_at`: kinds/windows.event_pair) beside the
    window the row is booked for (`scheduled_start`/`scheduled_end`, NOT NULL or named as a
    plan): what happened of the booking, whatever words its plan uses."""
    plan = window_of(schema, table, config)
    if plan is None or plan.validity or not plan.end:
        return None
    columns = {c.name: c for c in table.columns}
    booked = [columns[c] for c in (plan.start, plan.end) if c in columns]
    named = [(event_of(spelled_out(c.name)) or ("",))[0] == "planned" for c in booked]
    if len(booked) != 2 or not (all(named) or not any(c.nullable for c in booked)):
        return None
    pair = event_pair(schema, table, (plan.start, plan.end))
    if pair is None or any(not columns[c].nullable for c in (pair.start, pair.end)):
        return None
    return pair


def as_happened(schema: Schema, table: Table, config: Config, window: Window) -> Window:
    """The window the events of a row happen in: its actual pair where the window is the
    occurrence's plan (not a window of validity) and the table records both sides as they
    happened; else the window itself."""
    if window.validity:
        return window
    actual = actual_window(schema, table, config)
    return actual if actual is not None else window
