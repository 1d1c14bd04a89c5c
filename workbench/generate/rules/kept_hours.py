"""Hours a business keeps for what it does itself, read where no thing people attend and no
plan of work gives them (rules/opening.py places the time, in the local time of the row's
place: rules/local_time.py).

A deed of the business's staff: a time named after the act a key to a member of staff names
(`issued_at` beside `issued_by`, `approved_on` beside `approved_by_id`, `signed_at` beside
`signed_by`), where that key points to people who work for the business (a table of people
with a required key to a site of the business, kinds/meets.business_place: staff at an office,
agents at a branch; or hired on a date), is done at work: on a weekday in office hours.

A run of a thing the business offers: a row with a window of its own (kinds/windows.py, not a
validity) whose length is a parent's planned length (rules/nominal.py: a tour's departures, a
route's sailings, a course's sessions) is put on the timetable in the waking day, any day of
the week: it starts between 07:00 and 20:00 on a quarter hour. A showing of a work whose
length is the work's running time (rules/nominal.run_time: a film's screenings, a play's
performances) is put on in the afternoon and the evening: from 11:00, the last by 22:00.

Use of the business's own things: a row whose lone time is someone using a thing the
business keeps open to them at its site (a lift's gate scans, a turnstile's taps: a word of
presence, vocab/outcomes.PRESENCE, under a required key to a thing kept at a site) happens
in the facility's day, 08:30-16:30 local time, any day of the week.

Upkeep of the business's own things: a row whose lone time is an act of care (UPKEEP: a
service, an inspection, a repair, a restock), done to a thing the business keeps (a row's
required key to a parent of no person, itself kept at a site of the business: a rental item
at a centre, a machine at a depot) with no key to any person (no customer's act; a free-text
`technician` is no key), is done at work: on a weekday in office hours, staff key or none.

Work done out of doors at a place (FIELD_WORK: a field sprayed, a soil sampled, a crop
scouted, a hive inspected, a colony checked, a roof surveyed, a panel installed; not a
delivery, which may be a document's: a word of the lone time's or of the table's name) is
done in daylight's working hours, wherever no other hours placed it: a start between 07:00
and 18:00 local time on a quarter hour, on a weekday (a client may be there); never at night,
whoever did it.

A job people are sent to (a work order: rules/opening.py's implied hours) of a kind that lasts
half a working day or more as a rule (rules/span.py's `by_label`: a preventive service, a
retrofit) starts in a day shift's morning, 07:00-12:00 on a weekday: a crew begins such work
at the start of its day.

The default for what the business does: any other time that says a thing happened (a
participle: `fired_at`, `paid_at`, `weighed_at`, `approved_on`), at a row that has a place
(rules/local_time.py: its zone or country, through whatever keys), is done by the business or
its staff in their working day: a weekday, 08:00-17:00 local time. The exceptions are known
positively, by the row: a row of around-the-clock things (AROUND_CLOCK: a reading, a log, an
alarm, an admission; or a time of one) and a row of a customer's own acts on demand
(ON_DEMAND: a ride requested, an order placed, an appeal lodged; a customer's payment, where
the table is no payout, PAYS_OUT) keep their own shapes; so does an ending (a cancellation,
an expiry), a completion beside another time of the row (it follows the row's start), a time
a span, a window or a plan pairs with another (they move together elsewhere), and a row at a
site with hours of its own (rules/opening.py, rules/week_hours.py). The row's other times stay
around it: the time moves within its local day (a weekend's back to the Friday) between the
row's times before and after it and after its parents' (rules/opening.py's bounds); a time laid
out in a sibling order (rules/sequence.py: a job's versions) keeps its place.

Any schema: the words are of acts and of people's tables, no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import arranged_before
from workbench.generate.kinds.events import event_of
from workbench.generate.kinds.meets import business_place, personal
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import actual, nominal, process, span
from workbench.generate.rules.base import free, movable_time
from workbench.generate.vocab import lexicon
from workbench.generate.vocab.durations import CARRIED_TO
from workbench.generate.vocab.outcomes import PRESENCE

if TYPE_CHECKING:
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema

# (first start, last start in minutes into the day, step in minutes, open days from Monday)
OFFICE = (9 * 60, 17 * 60, 15, 5)  # a deed of staff: office hours, Monday to Friday
TIMETABLE = (7 * 60, 20 * 60, 15, 7)  # a run of what the business offers: any day
SHOWING = (11 * 60, 22 * 60, 15, 7)  # a showing of a work: afternoons and evenings, any day
# someone using a thing the business keeps open to them (a lift, a turnstile, a gate): the
# facility's day, any day of the week, to the minute
FACILITY = (8 * 60 + 30, 16 * 60 + 30, 1, 7)
FIELD = (7 * 60, 18 * 60, 15, 5)  # work out of doors: in daylight, on a weekday
DAY_SHIFT = (7 * 60, 12 * 60, 15, 5)  # a job of half a day or more: begun in the morning
WORKDAY = (8 * 60, 17 * 60, 5, 5)  # the default for a deed of the business: its working day
# the words of things that happen around the clock, whoever is at work (a row of readings,
# logs, alarms, admissions; a time measured, detected, triggered), of the row's times or table
AROUND_CLOCK = frozenset({"read", "reading", "readings", "measured", "measurement",
                          "measurements", "recorded", "logged", "log", "logs", "telemetry",
                          "sensor", "sensors", "metered", "meter", "meters", "alarm", "alarms",
                          "alert", "alerts", "triggered", "detected", "raised", "fault",
                          "faults", "tripped", "occurred", "happened", "observed", "incident",
                          "incidents", "admitted", "admission", "admissions", "emergency",
                          "emergencies", "arrived", "arrival", "arrivals", "departed",
                          "departure", "departures", "landed", "seen", "heartbeat", "ping",
                          "pings", "polled", "captured", "event", "events", "reported",
                          "discharged", "born", "died", "deceased", "crossed",
                          "tapped", "swiped", "validated", "entered", "exited", "connected",
                          "disconnected", "plugged", "unplugged", "charged"})  # fmt: skip
# the acts of a customer on demand, at any hour of their own day (a ride requested, an order
# placed, a room booked, a call made, a visit checked in): a row with one keeps its shape
ON_DEMAND = frozenset({"requested", "ordered", "placed", "booked", "reserved", "bought",
                       "purchased", "submitted", "subscribed", "registered", "enrolled",
                       "applied", "signed", "joined", "called", "rated", "reviewed", "viewed",
                       "clicked", "visited", "picked", "dropped", "used", "redeemed",
                       "topped", "unlocked", "locked", "parked", "rented", "borrowed", "played",
                       "watched", "streamed", "downloaded", "uploaded", "messaged",
                       "logged", "consented", "opted", "unsubscribed", "liked", "shared",
                       "commented", "accepted", "boarded", "claimed", "donated",
                       "pledged", "bid", "tipped", "cancelled", "canceled", "returned",
                       "enquired", "inquired", "contacted", "responded", "replied",
                       "answered", "attended", "refunded", "added", "opened", "sold", "lodged",
                       "filed", "appealed", "disputed", "complained", "objected",
                       "review", "reviews", "message", "messages"})  # fmt: skip
# the end of the row's own run (`completed_at` beside a start): it follows that start
RUN_ENDS = frozenset({"completed", "finished", "done", "concluded", "ended"})
# a payment is a customer's act on demand (`paid_at` of a card payment, an invoice settled),
# unless the table says the business pays out (a driver's payout, a pay run, a settlement)
PAYING = frozenset({"paid", "received", "attempted", "charged", "settled"})
PAYS_OUT = frozenset({"payout", "payouts", "settlement", "settlements", "payroll", "pay",
                      "wages", "wage", "salary", "salaries", "remittance", "remittances",
                      "disbursement", "disbursements", "commission", "commissions",
                      "supplier", "suppliers", "vendor", "vendors", "creditor",
                      "creditors"})  # fmt: skip
_HALF_DAY_MINUTES = 4 * 60
# words of a key's name that are no part of the act it names (`issued_by_id`)
_KEY_WORDS = frozenset({"by", "id", "fk", "key", "user", "staff", "employee"})
# words of a date someone was taken on (`hired_on`, `hire_date`, `employed_since`)
_HIRED = frozenset({"hired", "hire", "employed", "employment", "joined_staff"})
_WORKDAY_MINUTES = 8 * 60
# the words of taking care of a thing one keeps, a closed vocabulary of the language
UPKEEP = frozenset({"service", "services", "serviced", "servicing", "maintenance", "maintained",
                    "maintain", "inspection", "inspections", "inspected", "inspect", "repair",
                    "repairs", "repaired", "overhaul", "overhauled", "calibration",
                    "calibrated", "cleaning", "cleaned", "restock", "restocked", "restocking",
                    "upkeep", "servicings", "checkup", "tuned", "tuneup"})  # fmt: skip
# a table of checks (a colony's, a fence's) is work on a thing; a check-in is people passing,
# a check of a client (a conflict check, a credit check) desk work
_CHECKS, _PASSING = frozenset({"check", "checks"}), frozenset({"in", "out", "ins", "outs"})
# the words of work done out of doors at a place (a field's, a site's, a hive's), a closed
# vocabulary of the language: inspecting, surveying, sampling, tending crops and stock,
# fitting things outside
FIELD_WORK = frozenset({"inspection", "inspections", "inspected", "inspect", "inspecting",
                        "survey", "surveys", "surveyed", "surveying", "sample", "samples",
                        "sampled", "sampling", "scouting", "scouted", "scout", "spray", "sprays",
                        "sprayed", "spraying", "harvest", "harvests", "harvested", "harvesting",
                        "planting", "plantings", "planted", "sowing", "sown", "sowed", "mowing",
                        "mowed", "mown", "pruning", "pruned", "weeding", "weeded", "ploughing",
                        "ploughed", "plowing", "plowed", "tillage", "tilled", "baling", "baled",
                        "shearing", "sheared", "felling", "felled", "fencing", "trimming",
                        "trimmed", "drilling", "drilled", "fertilising", "fertilizing",
                        "fertilised", "fertilized", "liming", "limed", "irrigation", "irrigated",
                        "installation", "installations", "installed", "install", "installs",
                        "fieldwork", "walkover", "patrol", "patrolled", "patrols"})  # fmt: skip


def _act(name: str) -> str | None:
    found = event_of(name)
    return found[1] if found else None


def _staff(schema: Schema, table: str) -> bool:
    """People who work for the business: a table of people with a required key to a site of
    the business (staff at an office) or a date they were hired on."""
    model = schema.tables.get(table)
    if model is None or not personal(schema, table):
        return False
    required = {c.name for c in model.columns if not c.nullable}
    for fk in model.foreign_keys:
        if len(fk.columns) != 1 or fk.columns[0] not in required or fk.ref_qualified == table:
            continue
        if business_place(schema, fk.ref_qualified) and not personal(schema, fk.ref_qualified):
            return True
    return any(_HIRED & set(normalise(c.name).split("_")) for c in model.columns)


def staff_act(view: TableView, start: str) -> bool:
    """Whether the row's lone time is when a member of staff did what a key to them names
    (`issued_at` beside `issued_by`)."""
    spec = view.specs.get(start)
    if spec is None or lexicon.record_time(start, spec.generator) or not movable_time(view, start):
        return False
    act = _act(start)
    if not act:
        return False
    for fk in view.table.foreign_keys:
        if len(fk.columns) != 1 or not _staff(view.schema, fk.ref_qualified):
            continue
        words = [w for w in normalise(fk.columns[0]).split("_") if w not in _KEY_WORDS]
        if words and "by" in normalise(fk.columns[0]).split("_") and _act("_".join(words)) == act:
            return True
    return False


def timetabled(
    view: TableView, start: str, scale: tuple[float, float, float, bool] | None
) -> tuple[int, int, int, int] | None:
    """The hours of a run of a thing the business offers (its own window, whose start is
    `start`, lasting a parent's planned length (rules/nominal.py), a thing shorter than a
    working day): a showing's where the length is a work's running time, else the
    timetable's; None for no such run."""
    if scale is not None and (scale[3] or scale[2] >= _WORKDAY_MINUTES):
        return None
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.validity or window.start != start:
        return None
    for fk in view.table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == view.table.qualified:
            continue
        parent = view.schema.tables.get(fk.ref_qualified)
        length = nominal.nominal_of(parent) if parent is not None else None
        if length is not None:
            column = next((c for c in view.table.columns if c.name == fk.columns[0]), None)
            if column is None or column.nullable:
                return None
            return SHOWING if nominal.run_time(length) else TIMETABLE
    return None


def _people(schema: Schema, table: str) -> bool:
    """Whether a table has a key to a table of people or parties (not to a site of the
    business that keeps an e-mail)."""
    model = schema.tables.get(table)
    return model is not None and any(
        personal(schema, fk.ref_qualified) and not business_place(schema, fk.ref_qualified)
        for fk in model.foreign_keys
    )


def _kept_thing(schema: Schema, table: str) -> bool:
    """A thing the business keeps: of no person, with a required key to a site of the business
    (a rental item at a centre, a compressor at a shop)."""
    model = schema.tables.get(table)
    if model is None or personal(schema, table) or _people(schema, table):
        return False
    required = {c.name for c in model.columns if not c.nullable}
    return any(
        len(fk.columns) == 1
        and fk.columns[0] in required
        and fk.ref_qualified != table
        and business_place(schema, fk.ref_qualified)
        for fk in model.foreign_keys
    )


def field_work(view: TableView, start: str) -> bool:
    """Whether the row's lone time is work done out of doors (`sprayed_at` of a field's
    spraying, `checked_at` of a hive inspection, `installed_at`): a word of FIELD_WORK in the
    time's or the table's name, the time not a record time."""
    spec = view.specs.get(start)
    if spec is None or lexicon.record_time(start, spec.generator) or not movable_time(view, start):
        return False
    table = set(normalise(view.table.name).split("_"))
    if table & _CHECKS and not table & _PASSING:  # a hive's check, not a guest's check-in
        return not _people(view.schema, view.table.qualified)  # nor a check on a client
    return bool((set(normalise(start).split("_")) | table) & FIELD_WORK)


def upkeep(view: TableView, start: str) -> bool:
    """Whether the row's lone time is the business taking care of a thing it keeps (`serviced_at`
    of a gear service record, `inspected_on` of a vehicle inspection): an act of UPKEEP by the
    time's or the table's name, under a thing the business keeps, with no key to any person."""
    spec = view.specs.get(start)
    if spec is None or lexicon.record_time(start, spec.generator) or not movable_time(view, start):
        return False
    words = set(normalise(start).split("_")) | set(normalise(view.table.name).split("_"))
    if not words & UPKEEP or _people(view.schema, view.table.qualified):
        return False
    required = {c.name for c in view.table.columns if not c.nullable}
    return any(
        len(fk.columns) == 1
        and fk.columns[0] in required
        and fk.ref_qualified != view.table.qualified
        and _kept_thing(view.schema, fk.ref_qualified)
        for fk in view.table.foreign_keys
    )


def facility_use(view: TableView, start: str) -> bool:
    """Whether the row's lone time is someone using a thing the business keeps at its site
    (a pass scanned at a lift, a card tapped at a turnstile, a badge at a door's reader): a
    word of presence (vocab/outcomes.PRESENCE: a scan, a tap, an entry, a validation) in the
    time's or the table's name, under a required key to a thing the business keeps (of no
    person, at a site of the business: `_kept_thing`); a parcel scanned at a hub is at the
    site itself, no thing kept there, and keeps its hours."""
    spec = view.specs.get(start)
    if spec is None or lexicon.record_time(start, spec.generator) or not movable_time(view, start):
        return False
    words = set(normalise(start).split("_")) | set(normalise(view.table.name).split("_"))
    if not words & PRESENCE:
        return False
    required = {c.name for c in view.table.columns if not c.nullable}
    return any(
        len(fk.columns) == 1
        and fk.columns[0] in required
        and fk.ref_qualified != view.table.qualified
        and _kept_thing(view.schema, fk.ref_qualified)
        for fk in view.table.foreign_keys
    )


def hours_of(
    view: TableView, start: str, lone: bool, scale: Any, placed: bool
) -> tuple[int, int, int, int] | None:
    """The hours a row's `start` is kept to (`lone`: no end beside it; `placed`: the row is
    at a place): a deed of staff, a use of a facility, a run on the timetable, work out of
    doors; None for none of them."""
    if placed and lone and (staff_act(view, start) or upkeep(view, start)):
        return OFFICE
    if lone and facility_use(view, start):
        return FACILITY
    if placed:
        run = timetabled(view, start, scale)
        if run is not None:
            return run
    return FIELD if field_work(view, start) and (placed or lone) else None


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


def deeds(view: TableView, kind: str = "timestamp") -> list[str]:
    """The row's times (of `kind`: a `date` is the day of one) of a thing the business or its
    staff did (the default: a participle, `fired_at`, `weighed_at`, `issued_on`), where the
    row is no around-the-clock thing's nor a customer's act on demand; not an ending, nor one
    of a span, a window or a plan pair. A customer's payment (`paid_at`, where the table is
    no payout) is the customer's, a row of one keeps its shape; but a bill (a row with a due
    date) has its `issued_on` beside it done by the back office."""
    times = [c for c, s in view.specs.items() if s.kind in ("timestamp", "date")]
    stems = set().union(*(lexicon.stem_words(c) for c in times)) if times else set()
    table = _words(view.table.name)
    if (stems | table) & AROUND_CLOCK or (stems | table) & ON_DEMAND:
        return []
    paying = {c for c in times if set(lexicon.stem_words(c)) & PAYING and not table & PAYS_OUT}
    if paying and not any(lexicon.planned(c) for c in times):  # a bill has a due date
        return []
    window = window_of(view.schema, view.table, view.config)
    paired = {c for pair in [*span.pairs(view), *actual.pairs(view)] for c in pair}
    paired |= {window.start, window.end} if window is not None else set()
    own = [c for c in times if not lexicon.record_time(c, view.specs[c].generator)]
    return [
        c
        for c in times
        if view.specs[c].kind == kind
        and c not in paired
        and c not in paying
        and not (RUN_ENDS & set(lexicon.stem_words(c)) and len(own) > 1)
        and lexicon.happened(c)
        and not lexicon.ending(c)
        and not lexicon.record_time(c, view.specs[c].generator)
        and free(view, c)
        and movable_time(view, c)
    ]


def deed_days(view: TableView) -> list[tuple[str, int, list[str]]]:
    """The row's deeds' times (`deeds`), the days from Monday each is done on and the times
    that move with it: a delivery of goods (`delivered_at`: vocab/durations.CARRIED_TO) is
    made Monday to Saturday, as carriers deliver, and moves with its sending (`shipped_at`:
    rules/process.carriage_of), the next day or so after it; any other is a working day's."""
    carried = process.carriage_of(view)
    out = []
    for column in deeds(view):
        days = 6 if set(lexicon.stem_words(column)) & CARRIED_TO else WORKDAY[3]
        along = [carried[1][0]] if carried is not None and carried[0][0] == column else []
        out.append((column, days, along))
    return out


def day_work(
    planned: Sequence[Rule], hours: tuple[int, int, int, int]
) -> tuple[int, int, int, int]:
    """The hours a job people are sent to starts in (`hours`: a working day's), else a day
    shift's morning where a kind of it lasts half a working day or more as a rule (a work
    order's preventive service, a retrofit: rules/span.py's `by_label`): a crew begins such
    work at the start of its day, not at a quarter to five."""
    for rule in planned:
        by_label = rule.data.get("by_label") if rule.kind == "span" else None
        if by_label and any(float(s[2]) >= _HALF_DAY_MINUTES for s in by_label[1].values()):
            return DAY_SHIFT
    return hours


def booked_slot(view: TableView) -> tuple[str, str | None, list[str]] | None:
    """A slot booked at a place: a booking or a reservation (a table span.scale_of reads as
    one) that has no start and end to span, only one time of its own that every row keeps
    (a tee time, a table's `reserved_for`; not a record time, not when it was booked, not a
    stamp it may leave NULL such as `cancelled_at`): the time people come, in the waking day,
    any day of the week."""
    if span.scale_of(view.table.name) != span.scale_of("booking") or span.pairs(view):
        return None
    if window_of(view.schema, view.table, view.config) is not None:
        return None
    times = [
        c
        for c, s in view.specs.items()
        if s.kind == "timestamp"
        and not s.nullable
        and not lexicon.record_time(c, s.generator)
        and free(view, c)
    ]
    if len(times) != 1:
        return None
    # when it was booked (`booked_at`) is no slot; the time it is booked for is
    arranged = arranged_before(times[0]) and "for" not in normalise(times[0]).split("_")
    return None if arranged else (times[0], None, [])
