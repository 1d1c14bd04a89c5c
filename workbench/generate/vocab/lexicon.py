"""One lexicon of what a time column's words mean, shared by the time rules (anchors, chain,
counter, within, series; period and status may read it too): a name is a set of words and
each meaning is tested per word, never as a whole name.

- a record time says when the database learnt of a row (`created_at`, `updated_on`,
  `inserted_at`, `modified`, `deleted_at`), not when the thing happened;
- a time that happened is named by a past participle (`read_at`, `signed_on`, `installed_at`,
  `paid_at`, `sent_date`: any `-ed` word, or an irregular one such as read, sent, paid, built,
  sold, held, made, taken) before a time suffix: it lies at or before the run's clock;
- a plan says what is still to come (`scheduled_for`, `planned_start`, `due_on`,
  `expected_delivery`): it may lie ahead;
- an ending closes a row's life (`ended_at`, `removed_at`, `closed_on`, `expired_at`,
  `cancelled_at`);
- a transaction is the moment a thing was agreed or arranged (`signed_at`, `ordered_at`,
  `booked_on`, `issued_at`): a row using a parent that is on sale for a while (a tariff, a
  price list, a plan) uses it at that moment, and its own service follows within a lead.

Words only: any schema of any domain whose columns follow English naming reads the same."""

from __future__ import annotations

from workbench.generate.base.names import normalise

# the last word of a time column's name that only says it is a time (`read_at`, `sent_on`)
TIME_SUFFIXES = frozenset({"at", "on", "date", "time", "timestamp", "ts", "datetime", "dt",
                           "when", "day"})  # fmt: skip
# words of a record time: when the row was written, changed or removed as data (not
# `recorded`: a snapshot's `recorded_at` is as often the moment it measures)
RECORD = frozenset({"created", "creation", "create", "updated", "update", "modified",
                    "modification", "inserted", "insert", "changed", "edited",
                    "deleted", "synced", "imported", "ingested", "loaded", "etl",
                    "last_update", "last_updated", "last_modified", "row"})  # fmt: skip
# past participles not made with -ed (read_at, sent_on, paid_at…)
IRREGULAR = frozenset({
    "read", "sent", "paid", "built", "sold", "held", "made", "taken", "given", "done", "begun",
    "won", "lost", "bought", "brought", "caught", "found", "kept", "left", "met", "put", "run",
    "seen", "set", "shut", "spent", "split", "struck", "taught", "told", "written", "driven",
    "drawn", "flown", "grown", "known", "shown", "worn", "laid", "led", "hit", "cut", "quit",
    "shot", "sat", "stood", "withdrawn", "undertaken", "rebuilt", "resold", "reset", "upheld",
    "chosen", "spoken", "broken", "frozen", "stolen", "ridden", "risen", "hung", "dug", "fed",
    "fled", "felt", "dealt", "meant", "slept", "swept", "lent", "bent", "burnt", "learnt",
    "lit", "fought", "sought", "bound", "ground", "heard", "stuck", "spun", "hidden", "eaten",
    "fallen", "forgiven", "proven", "shaken", "sworn", "torn", "thrown", "woven", "arisen",
    "overtaken", "rewritten", "undone", "redone", "outbid", "bid", "cast", "broadcast",
    "forecast", "upset", "sunk", "sung", "rung", "swum", "shrunk", "born",
})  # fmt: skip
# words ending in -ed that are no past participles
NOT_PARTICIPLE = frozenset({"bed", "red", "shed", "sled", "speed", "seed", "feed", "need",
                            "breed", "deed", "weed", "reed", "greed", "embed", "hundred",
                            "kindred", "sacred", "naked", "wicked", "med", "ted", "ned", "fed",
                            "led", "wed"})  # fmt: skip
# words that make a time a plan: what is still to come
PLANNED = frozenset({"planned", "scheduled", "due", "expected", "estimated", "target",
                     "promised", "projected", "next", "anticipated", "intended", "forecast",
                     "proposed", "tentative", "earliest", "latest", "deadline",
                     "required"})  # fmt: skip
# words of the latest of many (`last_seen_at`, `last_read_at`): a time that keeps moving after
# the row was written, not the moment the row records
# the particle of a phrasal verb after its participle (checked_in, logged_out, picked_up)
PARTICLES = frozenset({"in", "out", "up", "off", "back", "down", "over", "through"})
LATEST = frozenset({"last", "latest", "recent", "most", "previous", "prev"})
# words of an end that is set ahead (`valid_until`, `expires_on`, `ends_at`): it may lie ahead
SCHEDULED_ENDS = frozenset({"until", "to", "end", "ends", "expires", "expiry", "valid"})
# words of a window's start, which may be set ahead (`start_date`, `starts_on`, `valid_from`)
WINDOW_STARTS = frozenset({"start", "starts", "begin", "begins", "from", "effective", "opens"})
# words of the moment a thing came into service, its one start with no end beside it
# (`opened_on`, `launched_at`, `established`, `member_since`): it is in service from then on
IN_SERVICE_FROM = frozenset({"opened", "launched", "established", "founded", "since",
                             "commissioned", "inaugurated", "debuted", "introduced",
                             "operational", "live", "went_live", "activated"})  # fmt: skip
# words of an ending of a row's life (a time that closes it)
ENDED = frozenset({"ended", "removed", "closed", "expired", "cancelled", "canceled",
                   "terminated", "revoked", "deactivated", "decommissioned", "uninstalled",
                   "retired", "discontinued", "withdrawn", "voided", "left", "resigned",
                   "dismissed", "delisted", "deregistered", "churned", "suspended",
                   "archived", "finished", "stopped", "de_energized", "disconnected",
                   "replaced", "returned"})  # fmt: skip
# words of a moment a thing was agreed or arranged, before its service or its taking place
TRANSACTION = frozenset({"signed", "agreed", "contracted", "ordered", "booked", "reserved",
                         "purchased", "bought", "sold", "issued", "subscribed", "enrolled",
                         "registered", "accepted", "concluded", "placed", "applied",
                         "submitted", "requested", "confirmed", "arranged",
                         "assigned", "allocated", "rostered", "invited", "checkin",
                         "booking", "reservation", "purchase"})  # fmt: skip
# a bare word that is a quantity's value in a table of readings (`value`, `reading`), and the
# unit words that may stand beside it (`value_kwh`, `reading_m3`)
BARE_VALUES = frozenset({"value", "reading", "total", "index", "register", "counter"})
UNITS = frozenset({"kwh", "wh", "mwh", "m3", "km", "mi", "miles", "hours", "hrs", "h", "units",
                   "l", "litres", "liters", "gal", "gallons", "kg", "cycles", "kvarh", "gj",
                   "therms", "ccf", "mcf"})  # fmt: skip


def words_of(name: str) -> list[str]:
    """A name's words in order (`readAt` → read, at)."""
    return normalise(name).split("_")


def stem_words(name: str) -> list[str]:
    """The words of a time column's name before its time suffix (`signed_at` → signed)."""
    words = words_of(name)
    if len(words) > 1 and words[-1] in TIME_SUFFIXES:
        words = words[:-1]
    return words


def participle(word: str) -> bool:
    """Whether a word is a past participle (installed, read, sent, paid, de-energized)."""
    if word in IRREGULAR:
        return True
    return len(word) > 3 and word.endswith("ed") and word not in NOT_PARTICIPLE


def record_time(name: str, generator: str = "") -> bool:
    """Whether a time column says when the row was written as data (created_at, updated_on,
    inserted_at, last_modified, deleted_at), not when its thing happened."""
    if generator in ("created_at", "updated_at", "deleted_at"):
        return True
    words = stem_words(name)
    return bool(RECORD & set(words)) or "_".join(words) in RECORD


def planned(name: str) -> bool:
    """Whether a time column says what is still to come (scheduled_for, due_on,
    expected_delivery, planned_start)."""
    return bool(PLANNED & set(words_of(name)))


# the words of a plan people make for their own work (a stop planned, a visit scheduled), not
# an estimate or a limit of what others do (expected_delivery, due_on, deadline)
ARRANGED = frozenset({"planned", "plan", "scheduled", "sched", "rostered", "intended", "proposed",
                      "tentative"})  # fmt: skip


def arranged(name: str) -> bool:
    """Whether a time column says when people planned to do a thing (planned_at,
    scheduled_start, sched_for, plan_start): ARRANGED."""
    return bool(ARRANGED & set(words_of(name)))


def ending(name: str) -> bool:
    """Whether a time column's words name the end of a row's life (removed_at, closed_on)."""
    return bool(ENDED & set(stem_words(name)))


def happened(name: str) -> bool:
    """Whether a time column names something that happened (a past participle right before
    its time suffix, or before a particle, no plan word: `read_at`, `signed_on`,
    `checked_in_at`, `last_installed_at`, `paid_date`;
    not `booked_from`, the start of a window): it lies at or before the run's clock. Record
    times and births are not (they are their own kind)."""
    words = stem_words(name)
    if PLANNED & set(words) or record_time(name) or {"birth", "born", "dob"} & set(words):
        return False
    if len(words) > 1 and words[-1] in PARTICLES:  # a phrasal verb: checked_in, picked_up
        return participle(words[-2])
    return participle(words[-1])


# participles of writing a thing down (`recorded_at`, `logged_on`, `entered_at`): beside the
# time the thing happened (a register's session date) they say when it was written, soon after
WRITTEN_DOWN = frozenset({"recorded", "logged", "entered", "captured", "keyed", "noted"})


def written_down(name: str) -> bool:
    """Whether a time column says when a thing was written down (`recorded_at`, `logged_on`)."""
    return bool(WRITTEN_DOWN & set(stem_words(name)))


# participles of an act done from afar (a review `posted_at`, a message `sent_at`): it has no
# place of its own, whatever place its row names
FROM_AFAR = frozenset({"posted", "sent", "emailed", "mailed", "messaged", "published",
                       "uploaded", "submitted", "notified", "texted", "tweeted"})  # fmt: skip


def from_afar(name: str) -> bool:
    """Whether a time column says when a thing was done from afar (`posted_at`, `sent_on`)."""
    return bool(FROM_AFAR & set(stem_words(name)))


# the words of a day of work done, alone before the time suffix (`work_date`, `labour_day`):
# time is booked for work done, as `worked_on` says by its participle
WORK_DONE = frozenset({"work", "labour", "labor"})


def work_done(name: str) -> bool:
    """Whether a time column names the day work was done by a bare word of work
    (`work_date`, `labor_on`): WORK_DONE alone before its time suffix; not a plan of work
    (`work_order_date`, `planned_work_date`)."""
    words = stem_words(name)
    return len(words) == 1 and words[0] in WORK_DONE and len(words_of(name)) > 1


def by_clock(name: str, generator: str = "") -> bool:
    """Whether a time column lies at or before the run's clock by its words: a record time
    (created_at, updated_on, deleted_at), a time that happened (sent_at, paid_on), the day
    work was done (work_date: `work_done`), or the latest of many (last_login_at,
    last_seen); never a plan (scheduled_for, next_run_at, latest_delivery) nor an end set
    ahead (expires_at, valid_until)."""
    if planned(name):
        return False
    if record_time(name, generator) or happened(name) or work_done(name):
        return True
    words = set(stem_words(name))
    return bool(words & LATEST) and not words & SCHEDULED_ENDS


# the nouns of a step taken at a booked slot before the thing booked (a screening before a
# donation, a triage before a treatment)
PREPARATIONS = frozenset({"screening", "prescreening", "triage", "intake", "precheck",
                          "preassessment", "pre_assessment", "check_in", "checkin"})  # fmt: skip


def prepares(table: str) -> bool:
    """Whether a table's rows are a step taken before the thing booked (by its last words)."""
    words = normalise(table.rsplit(".", 1)[-1]).split("_")
    last = {words[-1], words[-1].removesuffix("s"), "_".join(words[-2:]).removesuffix("s")}
    return bool(PREPARATIONS & last)


def transaction(name: str) -> bool:
    """Whether a time column names when a thing was agreed or arranged (signed_at,
    ordered_on, booked_at, issued_at, checked_in_at)."""
    norm = normalise(name)
    return bool(TRANSACTION & set(stem_words(name))) or "checked_in" in norm


def bare_value(name: str) -> bool:
    """A name made of a bare value word and at most unit words (`value`, `value_kwh`,
    `reading_m3`, `kwh`): the quantity a reading holds, in a table of readings."""
    words = set(words_of(name))
    if not words:
        return False
    if words <= UNITS:
        return True
    return bool(words & BARE_VALUES) and words - BARE_VALUES <= UNITS


# words of the place a trip starts from and of the one it ends at (`origin_airport_code`,
# `from_station`, `start_station_id`; `destination_port`, `to_depot`, `end_station_id`)
ORIGINS = frozenset({"origin", "from", "source", "start", "departure", "pickup", "src", "begin",
                     "boarding", "loading", "outbound", "home"})  # fmt: skip
DESTINATIONS = frozenset({"destination", "dest", "to", "end", "arrival", "dropoff", "return",
                          "target", "finish", "alighting", "unloading", "inbound"})  # fmt: skip

# The two sides of a row that has two (a match's home and away team, a transfer's source and
# target account, a message's sender and recipient): two keys named one from each side of a
# pair reference two different rows. Not start/end, pickup/return: a bike or a car is often
# brought back where it was taken; not home beside winner (the winner is one of the sides).
COUNTERPARTS: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(one.split()), frozenset(other.split()))
    for one, other in (
        ("origin from source src departure outbound",
         "destination dest to target dst arrival inbound"),
        ("home host", "away guest visitor visiting"),
        ("sender caller from", "recipient receiver callee called to"),
        ("buyer", "seller"), ("payer", "payee"), ("winner", "loser"), ("lender", "borrower"),
        ("debtor", "creditor"), ("debit", "credit"), ("follower", "followed followee following"),
        ("blocker", "blocked"), ("inviter", "invitee"), ("referrer", "referred referee"),
        ("mentor", "mentee"), ("requester", "approver"), ("supervisor manager", "subordinate"),
        ("predecessor replaced original", "successor replacement duplicate"),
        ("parent", "child"), ("primary", "secondary"), ("challenger", "opponent defender"),
    )
)  # fmt: skip
# a key beside the bare key to the same table that names the other party of the row (a
# friendship's friend_user_id beside user_id, a block's blocked_user_id)
PEERS = frozenset({
    "friend", "partner", "peer", "counterparty", "other", "opponent", "related", "linked",
    "to", "target", "recipient", "receiver", "followed", "followee", "blocked", "invitee",
    "referred", "mentee", "subordinate", "replacement", "successor", "child", "duplicate",
})  # fmt: skip

# what a ledger counts besides money: a balance of points, a stock's quantity, a leave
# allowance (`points`, `quantity_after`, `miles_balance`, `days_balance_after`)
COUNTED = frozenset({"points", "qty", "quantity", "units", "miles", "credits", "days",
                     "hours", "stock", "tokens", "coins", "minutes", "pieces", "items",
                     "stamps"})  # fmt: skip
# a sum that runs from a period's start up to the row (`ytd_gross`, `commission_mtd`,
# `year_to_date_tax`): the period it restarts with
TO_DATE = {"ytd": "year", "mtd": "month", "qtd": "quarter"}
_PERIOD_WORDS = {"year": "year", "month": "month", "quarter": "quarter"}


def to_date(name: str) -> str | None:
    """The period a running sum restarts with, by its name: `ytd_gross`, `year_to_date_pay`
    → year, `commission_mtd` → month; `paid_to_date` runs over the owner's whole life
    (`life`); None for any other name."""
    words = words_of(name)
    for word in words:
        if word in TO_DATE:
            return TO_DATE[word]
    joined = "_".join(words)
    if "_to_date" not in f"_{joined}" or joined == "to_date":
        return None
    for word in words[: words.index("to")]:
        if word in _PERIOD_WORDS:
            return _PERIOD_WORDS[word]
    return "life"


# a time clock's punches: the word a start and its end share and the word that tells them
# apart (`clock_in`/`clock_out`, `time_in`/`time_out`, `punched_in_at`/`punched_out_at`,
# `badge_in`/`badge_out`): the end is recorded when it happens
PUNCHES = {"in": ("out",)}
# words of a span of work (`clock_in`, `punch_in`, a `shift`, a `duty`, a `timesheet`): it
# lasts a working day's hours
WORK = frozenset({"clock", "clocked", "punch", "punched", "badge", "badged", "swipe", "swiped",
                  "shift", "shifts", "duty", "duties", "timesheet", "timesheets", "worked",
                  "attendance", "rota", "roster", "stint", "tour_of_duty"})  # fmt: skip
# words of a pause within a span (`break_minutes`, `unpaid_break_mins`, `rest_minutes`,
# `lunch_break`, `pause_min`): it grows with the span, as labour law asks of a working day
PAUSES = frozenset({"break", "breaks", "pause", "pauses", "rest", "lunch", "meal"})
# a label's word that says when in the day a thing starts, and the local hours a start has
# (first, last: a night's start may be late in the evening): an early shift at 05:00-07:59,
# a day shift at 07:00-09:59, a late one at 13:00-15:59, a night one at 21:00-23:59; a
# morning, afternoon or evening slot; an overnight stay, a graveyard shift
DAYPARTS: dict[str, tuple[int, int]] = {
    "early": (5, 7), "dawn": (5, 6), "morning": (7, 10), "am": (7, 10), "day": (7, 9),
    "daytime": (7, 9), "midday": (11, 12), "noon": (11, 12), "lunchtime": (11, 13),
    "afternoon": (12, 15), "pm": (13, 15), "late": (13, 15), "swing": (15, 16),
    "evening": (17, 19), "twilight": (17, 19), "night": (21, 23), "nightly": (21, 23),
    "overnight": (21, 23), "graveyard": (22, 23), "nocturnal": (21, 23),
}  # fmt: skip


def punch_pair(start: str, end: str) -> bool:
    """Whether two names are a time clock's punches (`clock_in`/`clock_out`)."""
    a, b = words_of(start), words_of(end)
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(differ) == 1 and differ[0][1] in PUNCHES.get(differ[0][0], ())


def work(name: str) -> bool:
    """Whether a name's words say it is a span of work (`clock_in`, `shift_start`)."""
    return bool(WORK & set(words_of(name)))


def pause(name: str) -> bool:
    """Whether a name's words say it is a pause within a span (`break_minutes`)."""
    return bool(PAUSES & set(words_of(name)))


def daypart(label: str) -> tuple[int, int] | None:
    """The local hours a label's thing starts at (`early` 5-7, `night_shift` 21-23), by its
    one word of a part of the day (none where it has none, or two that differ)."""
    found = {DAYPARTS[w] for w in words_of(label) if w in DAYPARTS}
    return found.pop() if len(found) == 1 else None


# words of a kind that is the exception among its siblings, not the rule: a contract of an
# apprentice or an intern beside permanent and fixed-term ones, a volunteer's or an honorary
# membership beside paying ones, a trial or complimentary plan beside paid ones, a critical
# severity beside minor and major ones. A label of a
# choice (an enum, a CHECK … IN list) holding one is drawn rarely, whatever its place in the
# declaration (generators/pools.kind_weights).
EXCEPTIONAL = frozenset({"apprentice", "apprentices", "apprenticeship", "intern", "interns",
                         "internship", "trainee", "traineeship", "volunteer", "volunteering",
                         "honorary", "emeritus", "complimentary", "secondment", "seconded",
                         "sabbatical", "probation", "probationary",
                         # the gravest of a scale of severity: a few in a hundred
                         "critical", "blocker", "catastrophic", "fatal"})  # fmt: skip


def exceptional(label: str) -> bool:
    """Whether a choice's label names the exceptional kind (`apprentice`, `unpaid_intern`,
    `honorary_member`): one of its words is in EXCEPTIONAL."""
    return bool(EXCEPTIONAL & set(words_of(label)))


# what a line's kind does to its parent's sums (kinds/split_totals.py): an earning, a charge, an
# allowance adds to a payslip's or an invoice's gross; a deduction, a discount, a withholding
# takes from it. A parent's `gross` sums the adding lines, its `net` the adding less the taking.
ADDING = frozenset({"earning", "earnings", "income", "charge", "charges", "allowance",
                    "allowances", "surcharge", "addition", "premium", "benefit"})  # fmt: skip
TAKING = frozenset({"deduction", "deductions", "discount", "discounts", "withholding",
                    "withholdings", "rebate", "rebates", "reduction", "reductions"})  # fmt: skip
GROSS_WORDS = frozenset({"gross"})
NET_WORDS = frozenset({"net"})

# words of a person's pay for work (`annual_salary_fte`, `hourly_wage`, `monthly_gross_pay`):
# money per a period of work, at the scale a wage earner is paid, not a price of a service
PAY = frozenset({"salary", "salaries", "wage", "wages", "pay", "earnings", "remuneration",
                 "compensation", "stipend"})  # fmt: skip
# the pay word that alone is annual (a `salary`, a `base_salary`): a wage or a pay names its period
ANNUAL_PAY = frozenset({"salary", "salaries"})

# words of a count of people in a party (`adults`, `num_children`, `guest_count`, `pax`,
# `party_size`): who the party is (adults lead it, minors come along), or how many in all
ADULTS = frozenset({"adults", "adult"})
MINORS = frozenset({"children", "child", "kids", "kid", "infants", "infant", "babies", "baby",
                    "minors", "minor", "juniors"})  # fmt: skip
PARTY = frozenset({"guests", "guest", "pax", "party_size", "persons", "person", "people",
                   "passengers", "passenger", "travellers", "travelers", "traveller",
                   "occupants", "attendees", "participants", "headcount", "heads", "covers",
                   "diners", "seats_booked", "party"})  # fmt: skip
# words that only say a name is a count (`num_adults`, `adult_count`, `number_of_guests`)
COUNT_WORDS = frozenset(
    {"num", "number", "no", "n", "nb", "count", "cnt", "of", "total", "qty", "quantity"}
)

# words of an ordered quality a row or its ancestor is graded by (`star_rating` 1-5, a brand's
# `segment` economy…luxury, a fare's `cabin_class`, a plan's `tier`): what it costs follows
QUALITY = frozenset({"star", "stars", "class", "grade", "tier", "segment", "level"})

# words of the storey or deck a unit is on (`floor_no`, `level`, `deck_number`): a unit's
# number starts with it (room 412 on floor 4, cabin 7021 on deck 7)
STOREYS = frozenset({"floor", "level", "deck", "storey", "story", "etage"})

# the places a business's sites stand in (a branch's city, a store's region, a depot's
# address): a site's key to one says where it is, not who runs it (plan/roles._owner_of_sites)
PLACES = frozenset({"city", "cities", "town", "towns", "village", "villages", "region",
                    "regions", "district", "districts", "area", "areas", "zone", "zones",
                    "province", "provinces", "state", "states", "county", "counties",
                    "municipality", "municipalities", "locality", "localities", "location",
                    "locations", "address", "addresses", "neighbourhood", "neighbourhoods",
                    "neighborhood", "neighborhoods", "metro", "metros", "territory",
                    "territories", "place", "places", "postcode", "postcodes"})  # fmt: skip

# the nouns of a document or an event a business numbers as it makes them (`order_number`,
# `invoice_no`, `donation_number`): rules/document_number.py
DOCUMENT_NOUNS = frozenset({
    "order", "invoice", "receipt", "ticket", "bill", "booking", "transaction", "txn",
    "document", "doc", "voucher", "shipment", "delivery", "dispatch", "consignment", "waybill",
    "docket", "sale", "purchase", "po", "quote", "quotation", "estimate", "claim", "credit",
    "debit", "note", "memo", "refund", "return", "rma", "reservation", "donation",
    "collection", "admission", "encounter", "job", "work", "request", "requisition", "case",
    "incident", "batch", "lot", "run", "slip", "folio", "payment", "remittance", "journal",
    "entry", "voyage", "sample", "specimen", "accession",
})  # fmt: skip
