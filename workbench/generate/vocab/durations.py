"""How long things last, by the word that names them (a table's last word, a kind column's
label): a call minutes; a viewing, a rite, a lesson, a class up to hours; a shift or a trip
hours; a stay days; a contract months (rules/span.py reads them). Each row: the noun pattern,
the shortest and longest duration in minutes, the typical (median) one, and whether people
attend it in business hours. Facts as data: a new thing is a line of the table."""

from __future__ import annotations

import functools
import re

from workbench.generate.base.names import normalise

# (table noun pattern, shortest and longest duration in minutes, typical (median) minutes,
# attended by people in business hours)
SCALES: tuple[tuple[str, float, float, float, bool], ...] = (
    # a call: first, rules/span.py reads it as CALL
    (r"(call|telehealth|telemedicine|teleconsultation|video|chat)", 5, 60, 20, True),
    # a medicine given with the feed or the water over days (a pen's, a flock's, a herd's
    # medicated feed): a course of five days to two weeks, whoever is at work
    (r"^(in_?feed|medicated_?feed|feed_?medication|in_?feed_?medication|in_?water"
     r"|water_?medication|top_?dress(ed|ing)?)$", 5 * 24 * 60, 14 * 24 * 60, 7 * 24 * 60, False),
    # a look round something for sale or to let, a fitting, a tasting: under an hour or so
    (r"(viewing|showing|walkthrough|open_house|fitting|tasting)", 10, 90, 30, True),
    # a rite people attend (a funeral, a memorial, a committal, a wedding, a christening): a
    # quarter hour to two hours; a gathering after one (a wake, a reception): hours
    (r"^(funeral|memorial|committal|burial|interment|cremation|ceremony|ceremonie|wedding"
     r"|baptism|christening|requiem)s?$", 15, 120, 45, True),
    (r"^(wake|reception|banquet|gathering|celebration)s?$", 60, 6 * 60, 150, False),
    # a visitation of the dead (a vigil, a lying in repose): half an hour to four
    (r"^(visitation|vigil|repose)s?$", 30, 4 * 60, 90, True),
    # a survey or a valuation on site (a home before a move, a boat, a roof): under an hour
    # to three
    (r"^(survey|valuation|appraisal)s?$", 20, 180, 60, True),
    # a day's care (a pet's or a child's daycare, a creche, a day visit): hours of one day
    (r"^(daycare|day_?care|creche|playgroup|drop_?in|day_?visit|day_?stay)s?$",
     120, 13 * 60, 8 * 60, True),
    # a game played against the clock or another side (an escape game, a match): an hour or so
    (r"^(game|match|bout|fixture)(e?s)?$", 45, 120, 60, False),
    # a dive from entry to exit (a recreational one, within a tank's air and no-stop limits)
    (r"^(dive|snorkel|snorkell?ing)s?$", 20, 90, 45, False),
    (r"(exam|^tests?$|audition)", 30, 90, 45, True),  # a test sat: half an hour or so
    (r"(appointment|meeting|lesson|class|visit|consultation|session|interview|lecture"
     r"|tutorial|seminar|checkup|treatment|therapy|outpatient|ambulatory)", 30, 120, 45, True),
    (r"(emergency|urgent|triage)", 15, 24 * 60, 150, False),
    (r"(shift|duty|duties|timesheet|rota|roster|stint)", 120, 12 * 60, 8 * 60, False),
    # a trip or a ride of a vehicle or a person (a bus's run along its route, a taxi's fare,
    # a rented bike's ride, a commute): minutes to an hour or two, rarely past three
    (r"(trip|ride|commute)", 3, 180, 35, False),
    (r"(leg|hop|segment|flight|drive|run|job|task|attempt|delivery_attempt"
     r"|outing|excursion|tour)",
     10, 10 * 60, 90, False),
    (r"(stay|admission|inpatient|overnight|booking|reservation|rental|hire|loan_period"
     r"|journey|voyage|boarding|kennel|lodging|sleepover)",
     60 * 24, 60 * 24 * 14, 60 * 24 * 3, False),
    (r"(subscription|contract|membership|lease|policy|plan|term|semester|enrol?ment|tenancy)",
     60 * 24 * 28, 60 * 24 * 730, 60 * 24 * 180, False),
    # a job a tradesperson or a technician is sent to (a work order, a repair, an install):
    # booked as a slot of a working day's hours, an hour at least, on a working day
    (r"^(work_?order|service_?order|job_?order|repair|installation|servicing)s?$",
     60, 12 * 60, 150, True),
)  # fmt: skip

# an event people come to at a place, held over a planned window (`starts_at`/`ends_at`) and
# named so by its table or its kind column (`events`, `event_type`: a talk, a storytime, a
# workshop, a club's evening, a match): twenty minutes to four hours, whenever the place holds
# it (evenings and weekends too, not office hours)
EVENT = (20, 4 * 60, 75, False)

# a show people come to see (a concert, a performance: kinds/shows.py): an hour to five,
# two and a half typically, doors to curtain not counted
SHOW = (60, 5 * 60, 150, False)

# how long before a row's start its way in opens, by the words of that time (kinds/shows.py):
# (words, least, most, typical minutes, the words the start must name: any where empty). A
# show's doors or gates open a quarter hour to three hours before it starts, an hour
# typically; boarding begins a quarter hour to an hour before a departure; a check-in for a
# departure (a flight's, a ferry's) opens half an hour to three hours before it, not a
# patient's check-in minutes before a visit
DEPARTS = frozenset({"departure", "departs", "depart", "departed", "sailing", "sails"})
LEADS: tuple[tuple[frozenset[str], int, int, int, frozenset[str]], ...] = (
    (frozenset({"doors", "door", "gates", "gate"}), 15, 180, 60, frozenset()),
    (frozenset({"boarding", "embarkation"}), 15, 60, 30, frozenset()),
    (frozenset({"check_in", "checkin"}), 30, 180, 120, DEPARTS),
)
# the words of a way in opening (`doors_open_at`, `gates_opening_time`), which a door's or a
# gate's time must hold unless it is the bare word (`doors_at`, `doors`): a gate-in of a
# container at a terminal, a door opened at a reader, is no opening for an audience
OPENING = frozenset({"open", "opens", "opening", "opened"})

# a session a site holds that people book into (a donation session, a vaccination clinic's
# sitting: kinds/session.hosts_bookings): the site open for three hours to ten, five typically
HOSTED = (3 * 60, 10 * 60, 5 * 60, False)

# a window or a slot something is to happen in, named so by both its stamps (a delivery's
# `slot_start`/`slot_end`, a pickup's `window_from`/`window_to`, `earliest_at`/`latest_at`): a
# stretch of an hour to four offered or agreed, two typically; not the span of what happens in
# it, nor the thing's own length (a booking's days): rules/span.py reads it first
Scale = tuple[float, float, float, bool]
WINDOW: Scale = (60, 4 * 60, 120, False)
WINDOW_WORDS = frozenset({"slot", "slots", "window", "windows", "timeslot", "timeslots"})
_BOUNDS = (frozenset({"earliest"}), frozenset({"latest"}))


def window_scale(start: str, end: str, named: Scale | None) -> Scale | None:
    """The scale of a start/end pair of stamps whose table's thing lasts `named`: WINDOW when
    the pair is named as a window (both with a word of a slot or a window, or an earliest and
    a latest) and the thing lasts longer or is unknown (a delivery's, a booking's days), else
    `named` (an appointment's slot lasts the appointment)."""
    first, last = (set(normalise(name).split("_")) for name in (start, end))
    window = bool(first & WINDOW_WORDS and last & WINDOW_WORDS)
    window |= bool(first & _BOUNDS[0] and last & _BOUNDS[1])
    return WINDOW if window and (named is None or named[1] > WINDOW[1]) else named


# a word naming when a span starts, and the words naming its end (rules/span.py pairs a row's
# time columns by them: started_at with ended_at, departs with returns)
END_WORDS = {"start": ("end", "finish"), "starts": ("ends",),
             "started": ("ended", "finished", "completed", "stopped"), "begin": ("end",),
             "begins": ("ends",), "departed": ("arrived", "returned"),
             "departure": ("arrival", "return"), "departs": ("arrives", "returns"),
             "depart": ("arrive", "return"),  # out and back: a boat trip, a round trip
             "check_in": ("check_out",), "checkin": ("checkout",), "opens": ("closes",),
             "earliest": ("latest",),
             "from": ("to",), "arrival": ("departure",), "pickup": ("dropoff", "return"),
             "entered": ("left", "exited"), "entry": ("exit",),
             "arrived": ("departed",), "arrives": ("departs",), "arrive": ("depart",)}  # fmt: skip

# the stamps of one process done at once (a ride, a weighing, a callout), by the words of their
# names: the stage each stamp names, in the order they come (0 asked for, 1 taken on, 2 there,
# 3 begun, 4 over; rules/process.py). A first and a second of one action (`first_weigh_at`,
# `second_weigh_at`), an in and an out (`gate_in_at`, `gate_out_at`) are a begun and an over.
PROCESS_STAGES: dict[str, int] = {
    "requested": 0, "called": 0, "raised": 0, "alerted": 0, "queued": 0, "triggered": 0,
    "paged": 0,
    "accepted": 1, "acknowledged": 1, "assigned": 1, "allocated": 1, "dispatched": 1,
    "despatched": 1, "answered": 1, "matched": 1, "claimed": 1,
    "arrived": 2, "on_scene": 2, "reached": 2, "at_pickup": 2,
    "picked_up": 3, "pickup": 3, "collected": 3, "boarded": 3, "started": 3, "begun": 3,
    "seated": 3, "weighed_in": 3, "loaded": 3,
    "dropped_off": 4, "dropoff": 4, "drop_off": 4, "completed": 4, "finished": 4, "ended": 4,
    "cleared": 4, "weighed_out": 4, "unloaded": 4, "alighted": 4,
}  # fmt: skip
# the pairs of words that name one action done twice, a begun and an over
PROCESS_TWICE: tuple[tuple[str, str], ...] = (("first", "second"), ("in", "out"))
# a carriage of goods: a sending and a handing over (`shipped_at`, `delivered_at`), the
# second of them the next day or so, not minutes later nor a week (rules/process.py); the
# whole in minutes (shortest, longest, typical)
CARRIED_FROM = frozenset({"shipped", "sent", "dispatched", "despatched", "posted", "mailed",
                          "consigned", "forwarded"})  # fmt: skip
CARRIED_TO = frozenset({"delivered", "received", "handed_over", "receipted"})
CARRIAGE = (2 * 60.0, 32 * 60.0, 16 * 60.0)
# the words of a stamp's step no process of minutes has (a failure, a plan) beside its stamps:
# the row's stamps are a process still, that one is not of it
PROCESS_ASIDE = frozenset({"cancelled", "canceled", "voided", "rejected", "declined", "failed",
                           "expired", "abandoned", "aborted", "timed_out", "refunded"})  # fmt: skip
# words of a thing that lasts days or more whose stamps are days apart (a stay's, a loan's)
LONG_PROCESSES = frozenset({"stay", "stays", "rental", "rentals", "loan", "loans", "project",
                            "projects", "course", "courses", "contract", "contracts",
                            "subscription", "subscriptions", "treatment", "treatments",
                            "lease", "leases", "tenancy", "tenancies", "membership",
                            "memberships", "claim", "claims", "case", "cases", "application",
                            "applications", "admission", "admissions", "enrolment",
                            "enrollment", "enrolments", "enrollments", "hire", "hires",
                            "booking", "bookings", "reservation", "reservations", "shipment",
                            "shipments", "permit", "permits", "warranty", "policy",
                            "policies", "term", "terms", "plan", "plans"})  # fmt: skip


# Words naming a record kept of a thing, not the thing (`shift_record`, `visit_log`).
_RECORD_WORDS = frozenset(
    {"record", "records", "log", "logs", "entry", "entries", "line", "lines", "item", "items",
     "row", "rows", "detail", "details"}
)  # fmt: skip


@functools.lru_cache(maxsize=65536)  # a word of a name, asked by each rule of each table
def scale_of_word(word: str) -> tuple[float, float, float, bool] | None:
    """(shortest, longest, typical minutes, attended) of the first scale whose noun pattern
    the word matches; of words joined (`work_orders`: an order of work), one whose match
    reaches into the last word: a `plan_reviews` row is a review of a plan, not a plan."""
    words = word.split("_")
    while len(words) > 1 and words[-1] in _RECORD_WORDS:
        words.pop()  # `kitchen_shift_record`: a record of a shift, the shift is the thing
    last = len("_".join(words[:-1])) if len(words) > 1 else -1
    for pattern, lo, hi, typical, attended in SCALES:
        found = re.search(pattern, word)
        if found is not None and found.end() > last + 1:
            return lo, hi, typical, attended
    return None
