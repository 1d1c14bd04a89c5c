"""The events a time column's name records, and which side of a plan it is on: `scheduled_
departure` is the planned departure, `actual_departure` (or `departed_at`) the departure that
happened; `planned_start`/`started_at`, `expected_delivery`/`delivered_on`. One event word
takes several forms (start, starts, started): FORMS lists them, its first the stem. A status
label is named after an event too (`departed`, `arrived`, `delivered`, `started`): the rows
with that label are the ones the event has happened to. Read from names only, any schema."""

from __future__ import annotations

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import STAMP_SUFFIXES
from workbench.generate.vocab import lexicon
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

PLANNING = ("scheduled", "sched", "planned", "plan", "expected", "estimated", "est", "target",
            "due", "promised", "projected", "forecast")  # fmt: skip
ACTUAL = ("actual", "act", "real", "effective")
# the forms one event word takes in a column's name or a label: the first is the word's stem
FORMS: tuple[tuple[str, ...], ...] = (
    ("start", "starts", "started", "starting"),
    ("end", "ends", "ended", "ending"),
    ("begin", "begins", "began", "beginning", "begun"),
    ("finish", "finishes", "finished"),
    ("departure", "depart", "departs", "departed", "dep"),
    ("arrival", "arrive", "arrives", "arrived", "arr"),
    ("delivery", "deliver", "delivered"),
    ("pickup", "picked_up", "pick_up"),
    ("dropoff", "dropped_off", "drop_off"),
    ("completion", "complete", "completed"),
    ("close", "closes", "closed", "closing"),
    ("open", "opens", "opened", "opening"),
    ("return", "returned"),
    ("dispatch", "dispatched"),
    ("ship", "shipped", "shipping", "shipment"),
    ("landing", "landed", "land"),
    ("takeoff", "took_off", "take_off"),
    ("check_in", "checked_in", "checkin"),
    ("check_out", "checked_out", "checkout"),
    ("payment", "paid", "pay"),
)
# the short forms a name may write a plan's or an event's word in (`sched_dep_at`,
# `est_arr_time`, `act_dep`): the word spelled out
SPELLED = {"sched": "scheduled", "schd": "scheduled", "est": "estimated", "plan": "planned",
           "act": "actual", "dep": "departure", "arr": "arrival", "dept": "departure",
           "arrv": "arrival"}  # fmt: skip
# the events that close what another opened (an arrival, a landing, a check-out)
ENDS = frozenset({"end", "finish", "arrival", "completion", "close", "return", "landing",
                  "check_out", "delivery", "dropoff"})  # fmt: skip


def event_stem(words: list[str]) -> str:
    """An event phrase's stem form (`departed` → departure), the phrase itself when unknown."""
    joined = "_".join(words)
    for forms in FORMS:
        if joined in forms:
            return forms[0]
    return joined


def spelled_out(stem: str) -> str:
    """A name's words with their short forms spelled out (`sched_dep` → scheduled_departure),
    the name itself when it has none."""
    return "_".join(SPELLED.get(w, w) for w in normalise(stem).split("_"))


def known_event(word: str) -> str | None:
    """The stem of an event word FORMS knows (`arrived` → arrival), else None."""
    norm = normalise(word)
    return next((forms[0] for forms in FORMS if norm in forms), None)


def names_start(label: str) -> bool:
    """A status label that is the start itself (`started`, `begun`, `in_progress`), not a
    stage of work that may come before it (`prepping`)."""
    return known_event(label) in ("start", "begin") or normalise(label) in (
        "in_progress",
        "ongoing",
    )


def event_of(name: str) -> tuple[str, str] | None:
    """(side, event): `planned`/`actual` and the event's stem of a time column's name."""
    words = normalise(name).split("_")
    if len(words) > 1 and words[-1] in STAMP_SUFFIXES:
        words = words[:-1]
    if len(words) > 1 and words[0] in PLANNING:
        return "planned", event_stem(words[1:])
    if len(words) > 1 and words[0] in ACTUAL:
        return "actual", event_stem(words[1:])
    return ("actual", event_stem(words)) if words else None


def plans_and_actuals(schema: Schema, table: Table) -> bool:
    """Whether the table keeps, for one event, both the planned time and the time it happened
    (`scheduled_departure` and `actual_departure`, `planned_start` and `started_at`): a
    timetable of operations (flights, trains, surgeries, delivery rounds, jobs)."""
    sides: dict[str, set[str]] = {}
    for column in table.columns:
        if resolve_type(schema, column.type).kind not in ("timestamp", "timestamptz", "date"):
            continue
        found = event_of(column.name)
        if found is not None:
            sides.setdefault(found[1], set()).add(found[0])
    return any(len(both) == 2 for both in sides.values())


def punched(schema: Schema, table: Table) -> bool:
    """Whether the table is a time clock's record: a start and an end punched in and out
    (`clock_in`/`clock_out`, `badge_in_at`/`badge_out_at`, `log_in`/`log_out`, lexicon.
    PUNCHES) named as work (lexicon.WORK) or beside no time but record times (not a stay's
    `checked_in_at` beside its booked days). Many short spans per worker, device or user: a
    busy operation's recent past."""
    times = [
        c.name
        for c in table.columns
        if resolve_type(schema, c.type).kind in ("timestamp", "timestamptz", "date")
    ]
    for a in times:
        for b in times:
            if not lexicon.punch_pair(a, b):
                continue
            others = [c for c in times if c not in (a, b) and not lexicon.record_time(c)]
            if lexicon.work(a) or not others:
                return True
    return False
