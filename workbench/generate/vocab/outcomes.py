"""What a status label means for the row's story, read from its words: done (the happy end:
delivered, completed, paid, settled), steady (a state a row lives in: active), failed (an end
without success: cancelled, declined, returned, no-show), ahead (waiting for a time to come:
scheduled, planned) or open (on its way: booked, in transit, authorised, ordered). A label set
with no such word is no lifecycle (a vehicle's kind, a fuel): its labels are categories.

Shares follow the meaning, not the order the labels were declared in: most rows of a business
are done, a few failed, and the open and scheduled ones are the recent few (rules/recent.py
puts them near the run's clock)."""

from __future__ import annotations

import re

from workbench.generate.vocab import life_end, mishaps, sanctions, severity
from workbench.generate.vocab.handover import handed_over
from workbench.generate.vocab.operating import operating_shares, operating_states

# the last word of a column that holds where a row is in its life (`status`, `order_state`)
STATUS_WORDS = frozenset({"status", "state", "stage", "outcome"})
DONE = frozenset(
    {"delivered", "completed", "complete", "paid", "settled", "resulted", "graded", "closed",
     "done", "finished", "fulfilled", "present", "approved", "accepted", "resolved", "shipped",
     "succeeded", "success", "successful", "confirmed", "published", "attended", "passed",
     "discharged", "issued", "submitted", "verified", "processed", "posted", "cleared",
     "captured", "won", "signed", "executed", "repaid", "redeemed", "sent", "answered",
     "checked_out", "reported", "arrived", "landed", "travelled", "traveled", "used", "flown",
     "visited", "ended", "sold", "granted", "allowed", "permitted", "bottled", "packaged",
     "canned", "packed", "upheld", "sustained", "performed", "screened", "aired"}
)  # fmt: skip
# a thing offered for sale that found no buyer (an auction's lot bought in or passed in, a
# listing unsold): a failure, yet a common one (an auction house sells some 70-80 % of its
# lots by number; the rest are bought in below their reserve)
UNSOLD = frozenset({"bought_in", "passed_in", "unsold", "not_sold", "no_sale", "nosale",
                    "no_bid", "no_bids", "failed_to_sell"})  # fmt: skip
UNSOLD_SHARE = 0.2
FAILED = frozenset(
    {"cancelled", "canceled", "rejected", "declined", "failed", "failure", "voided", "void",
     "expired", "abandoned", "lost", "refused", "denied", "aborted", "errored", "error",
     "bounced", "revoked", "timed_out", "dropped", "returned", "no_show", "noshow", "absent",
     "reversed", "refunded", "missing", "withdrawn", "disputed", "chargeback", "charged_back",
     "chargedback", "charge_back", "deceased",
     "lapsed", "defaulted", "written_off", "suspended", "blocked", "terminated", "late",
     "overdue", "excused", "damaged", "undeliverable", "returned_to_sender", "spam",
     "diverted", "rerouted", "redirected", "spoiled", "spoilt", "contaminated", "perished",
     "missed", "skipped", "fell_through", "fallen_through", "falls_through", "fell_apart",
     "adjourned", "vacated", "discarded", "called_off", *UNSOLD}
)  # fmt: skip
# the failures that end a row's lifecycle before its next stage, so that the stage times after
# it stay unset (rules/status.py): narrower than FAILED, which also holds states a row may reach
# after a success or leave again (overdue, suspended, returned, refunded, withdrawn)
ENDED_UNDONE = frozenset(
    {"cancelled", "canceled", "rejected", "declined", "failed", "voided", "void", "expired",
     "abandoned", "lost", "refused", "denied", "aborted", "errored", "bounced", "revoked",
     "timed_out", "dropped", "noshow", "skipped"}
)  # fmt: skip
# a label of "no" and the one thing that did not happen (no_show, no_access, no_answer,
# no_entry): the row failed before anything happened, as a cancelled one did; "no" and a phrase
# (an outcome's `no_fault_found`) is not one, nor "no" and a word a lifecycle knows
NOTHING_HAPPENED = "no"
# a state a row stays in for as long as it lives (an account, a loan, an enrolment): common,
# and not a sign of a recent row
STEADY = frozenset({"active", "current", "valid", "enabled", "live", "ongoing", "open_account"})
AHEAD = frozenset({"scheduled", "planned", "upcoming", "reserved", "future", "draft", "queued",
                   "tentative", "provisional"})  # fmt: skip
# the first word of a label that says its thing has not begun yet (pre_hire, pre_launch,
# pre_opening, preorder's `pre_order`): waiting for a time to come, as scheduled is
AHEAD_PREFIXES = frozenset({"pre", "prior", "upcoming"})
# a row whose time is under way (a guest in house, a visit in progress, a hired car picked
# up): the happy labels declared before it wait for their time (a confirmed booking, an
# accepted appointment)
UNDER_WAY = frozenset(
    {
        "in_progress",
        "picked_up",
        "in_house",
        "checked_in",
        "started",
        "ongoing",
        "in_session",
        "boarded",
        "on_site",
        "under_way",
        "underway",
        "departed",
        "in_flight",
    }
)
# the done end of a booking of an event (a passage travelled, a ticket used, a class
# attended): the happy labels declared before it (provisional, confirmed) wait for the event
ATTENDED = frozenset({"travelled", "traveled", "attended", "used", "flown", "boarded", "visited",
                      "redeemed", "checked_in"})  # fmt: skip
# labels of someone expected at an event who did not come: a booking with one is a booking of
# an event to attend, as one with an ATTENDED label is (rules/event_status.py)
NOT_ATTENDED = frozenset({"no_show", "noshow", "did_not_attend", "did_not_show", "absent"})
# words of a record that someone was there (a boarding scan, a check-in, an attendance, a
# visit, a gate entry): it exists for a booking that was attended (rules/happened.py)
PRESENCE = frozenset({"scan", "scans", "scanned", "checkin", "checkins", "check_in", "checked_in",
                      "attendance", "attendances", "attended", "visit", "visits", "visited",
                      "entry", "entries", "entered", "admission", "admissions", "admitted",
                      "boarding", "boarded", "tap", "taps", "tapped", "validation",
                      "validations", "validated"})  # fmt: skip
# words that say a row is on its way (a lifecycle without any of DONE still has them)
OPEN = frozenset(
    {"pending", "booked", "ordered", "placed", "created", "new", "open", "in_progress",
     "in_transit", "processing", "authorised", "authorized", "collected", "checked_in",
     "picked_up", "out_for_delivery", "awaiting", "waiting", "requested", "received",
     "started", "running", "assigned", "review", "in_review", "label_created", "dispatched",
     "in_house", "in_session", "boarded", "on_site", "under_way", "underway", "departed",
     "boarding", "loading", "en_route", "in_flight"}
)  # fmt: skip

# labels of a row that did not take place at all (a trip or a visit called off): no link of a
# series of rows (a vehicle's next trip starts where the last one that took place ended)
NEVER_HELD = frozenset({"cancelled", "canceled", "called_off", "scrubbed", "aborted", "annulled",
                        "voided", "void", "withdrawn"})  # fmt: skip

# the share of rows each kind of label takes: each failure its own (a cancellation is the
# common one), the open labels OPEN_SHARE together, the happy end the rest
FAILED_EACH = 0.02
CANCELLED = 0.04
CANCELLED_AHEAD = 0.04  # a booking for a time to come: called off as often (a flight, a visit)
# a row that waits as "planned" is the business's own plan (a collection run, a trip, a
# production order, a maintenance job), not a customer's booking (scheduled, booked, reserved):
# the business calls off its own plans rarely (some 1-3 % of runs), a customer far more often
OWN_PLAN = frozenset({"planned"})
CANCELLED_PLANNED = 0.02
AFTERWARDS = 0.01  # an ending after the goods arrived (a return, a refund) is rarer still
# a payment the payer's bank took back (a chargeback): rarer than a refund (card schemes flag a
# merchant above about 1 % of its payments)
TAKEN_BACK = frozenset({"chargeback", "charged_back", "chargedback", "charge_back"})
TAKEN_BACK_SHARE = 0.005
# an exception on the way that still ended somewhere (a diverted flight, a rerouted parcel)
DETOURS = frozenset({"diverted", "rerouted", "redirected"})
DETOUR = 0.004
# a thing lent out and never given back (a hired bike, a library book, a rental car not
# returned, stolen): a loss the business writes off, rarer than any failure it lives with (a
# bike-sharing scheme loses well under 1 % of its rides' bikes)
NOT_GIVEN_BACK = frozenset({"not_returned", "never_returned", "unreturned", "stolen"})
NOT_GIVEN_BACK_SHARE = 0.004
# goods lost in carriage (a parcel, a consignment lost by the carrier, where the labels tell a
# carriage: in transit, shipped, delivered): a carrier loses well under 1 % of what it carries,
# far fewer than the 2 % any failure takes (a sales lead `lost` has no carriage and stays so)
LOST = frozenset({"lost", "lost_in_transit", "lost_in_post", "missing_in_transit"})
CARRIAGE = frozenset({"in_transit", "shipped", "dispatched", "out_for_delivery", "en_route",
                      "delivered", "in_delivery", "with_carrier"})  # fmt: skip
LOST_IN_CARRIAGE_SHARE = 0.005
OPEN_SHARE = 0.10
# a thing's life ended (vocab/life_end.py): each such label's share, and all of theirs at most
ENDED_SHARE = 0.03
ENDED_AT_MOST = 0.08
# the done end of an attempt a machine settles in seconds (a card payment, a charge, a job's
# run: succeeded or failed): its rows still on their way are the few of the last hours
# (rules/recent.py), not a tenth of the table (a processor's pending payments, well under 5 %)
ATTEMPT_DONE = frozenset({"succeeded", "success", "successful", "captured"})
ATTEMPT_OPEN_SHARE = 0.02
# a verdict (a column or a type named as a result, an outcome, a verdict, whose every label is
# an end: pass, fail, aborted) fails rarely however many ways to fail it names: its plain
# failures share this much together
VERDICT_WORDS = frozenset({"result", "results", "outcome", "outcomes", "verdict", "verdicts"})
VERDICT_FAILED = 0.03
BILL_VOID = 0.015  # a bill voided after it was issued: rarer than an order called off
# a request someone decides on (a claim, an application, a leave or an expense approved or
# rejected): turning one down is an ordinary outcome of the review, not an accident on the way
# (insurers reject some 5-15 % of claims, lenders many more applications)
APPROVAL = frozenset({"approved", "granted"})
TURNED_DOWN = frozenset({"rejected", "denied", "refused", "declined"})
TURNED_DOWN_SHARE = 0.08
# a stage one got through (an interview round passed, a qualifying heat): the next stage of
# the same parent follows only such a one, where no turned-down label asks for a next review
PASSED_ON = frozenset({"passed", "pass", "cleared", "advanced", "progressed", "qualified"})
# a try that failed: the next try (`attempt`) follows only such a one
TRIED_AGAIN = frozenset({"failed", "failure", "unsuccessful", "declined", "errored"})

# What a bill's labels (an invoice's, a fee's, a statement's, a subscription's) say about its
# issue and its payment, one meaning for every rule that places a bill's dates (rules/period.py
# and rules/status.py): settled (paid: the happy end), past due (issued, never paid, its due
# date passed), unsettled (issued, not paid yet), voided (issued, then withdrawn: never paid),
# called off (cancelled: voided after issue where the row's other rules issue it; an order
# called off before anything happened otherwise) and not issued (a draft).
SETTLED = frozenset({"paid", "settled", "repaid", "paid_in_full", "fully_paid", "paid_off"})
PAST_DUE = frozenset(
    {"overdue", "past_due", "pastdue", "delinquent", "arrears", "in_arrears", "dunning",
     "collections", "in_collections", "defaulted", "late", "unpaid_overdue",
     "escalated"}  # a bill escalated: sent on for enforcement, unpaid past its due date
)  # fmt: skip
UNSETTLED = PAST_DUE | {"unpaid", "outstanding", "partially_paid", "part_paid", "open_balance"}
VOIDED = frozenset({"void", "voided", "annulled", "nullified", "credited", "written_off",
                    "writtenoff", "reversed", "waived", "forgiven", "uncollectible",
                    "bad_debt"})  # fmt: skip
CALLED_OFF = frozenset({"cancelled", "canceled"})
NOT_ISSUED = frozenset({"draft", "preview", "proforma", "pro_forma", "unissued", "not_issued"})
_BILL = (("past_due", PAST_DUE), ("unsettled", UNSETTLED), ("voided", VOIDED),
         ("called_off", CALLED_OFF), ("not_issued", NOT_ISSUED), ("settled", SETTLED))  # fmt: skip
_NEGATED = ("not", "non", "un", "no")
# a place's operating state (vocab/operating.py) as a meaning of a row's life
_PLACE_MEANING = {"runs": "steady", "paused": "steady", "unopened": "ahead", "shut": "done"}


def norm_label(label: str) -> str:
    """A label in one spelling: lower case, words joined by `_`."""
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


_norm = norm_label


_KINDS = (("failed", FAILED), ("steady", STEADY), ("ahead", AHEAD), ("done", DONE),
          ("open", OPEN))  # fmt: skip


def _word_meaning(word: str) -> str | None:
    return next((kind for kind, words in _KINDS if word in words), None)


def _participles(word: str) -> tuple[str, ...]:
    """The past participles a verb in its base form may have (pass → passed, approve →
    approved, submit → submitted, deny → denied)."""
    forms = [word + "ed", word + "d", word + word[-1:] + "ed"]
    if word.endswith("y"):
        forms.append(word[:-1] + "ied")
    return tuple(forms)


def _verdict_meaning(word: str) -> str | None:
    """A verdict in a verb's base form (a check's `pass`/`fail`, an abort, an approval's
    `approve`/`reject`) means what its past participle means, where that is an end: the
    happy one (done) or a failure; a verb of a row on its way (`book`, `order`) says no
    verdict and stays unread."""
    if len(word) < 3:
        return None
    for form in _participles(word):
        kind = _word_meaning(form)
        if kind in ("done", "failed"):
            return kind
    return None


def meaning(label: str) -> str | None:
    """done, steady, failed, ahead or open; None for a label of no lifecycle word."""
    norm = _norm(label)
    for word in (norm, norm.split("_")[-1]):
        if (kind := _word_meaning(word)) is not None:
            return kind
    if (kind := _verdict_meaning(norm)) is not None:
        return kind
    if nothing_happened(norm) or not_done(norm) or mishaps.misdone(norm.split("_")):
        return "failed"
    first = norm.split("_")
    if len(first) > 1 and first[0].endswith("ed") and _word_meaning(first[0]) == "failed":
        return "failed"  # a failure and what it befell (`damaged_container`, `refused_entry`)
    return "ahead" if len(first) > 1 and first[0] in AHEAD_PREFIXES else None


def attempt(labels: list[str]) -> bool:
    """Whether the labels' done end is an attempt's a machine settles in seconds
    (ATTEMPT_DONE: a payment succeeded or captured)."""
    return any(_norm(label) in ATTEMPT_DONE for label in labels)


def not_done(label: str) -> bool:
    """Whether a label is "not" and one thing that did not happen, a word no lifecycle knows
    (`not_presented`, `not_home`, `not_found`): a failure, as a no-show is; not one the
    lifecycle knows (`not_started` waits, `not_shipped` is read by its last word)."""
    words = _norm(label).split("_")
    return len(words) == 2 and words[0] == "not" and _word_meaning(words[1]) is None


def nothing_happened(label: str) -> bool:
    """Whether a label is "no" and the one thing that did not happen (`no_show`, `no_access`,
    `no_answer`): NOTHING_HAPPENED; or that nobody took the row (`no_driver_found`:
    vocab/mishaps.nobody)."""
    words = _norm(label).split("_")
    if len(words) == 3:
        return mishaps.nobody(words) is not None and _word_meaning(words[1]) is None
    return len(words) == 2 and words[0] == NOTHING_HAPPENED and _word_meaning(words[1]) is None


def nobody_took(label: str) -> str | None:
    """The party nobody of whom took the row where a label says so (`no_driver_found` →
    driver: vocab/mishaps.nobody), else None."""
    return mishaps.nobody(_norm(label).split("_")) if nothing_happened(label) else None


def never_given_back(label: str) -> bool:
    """Whether a label says a thing lent out was not given back (`not_returned`,
    `bike_not_returned`, `stolen`): NOT_GIVEN_BACK, the whole label or its last words."""
    words = _norm(label).split("_")
    return any("_".join(words[-n:]) in NOT_GIVEN_BACK for n in (1, 2, 3))


def ended_undone(label: str) -> bool:
    """Whether a label ends a row before its next stage (ENDED_UNDONE: a decline, a
    cancellation, one saying by whom: `cancelled_by_rider`; a no-show, nobody home, nobody
    took it: nothing_happened), not after a success (a refund) nor one done wrongly (a
    misfire was fired: vocab/mishaps.misdone)."""
    norm = _norm(label)
    words = norm.split("_")
    if mishaps.ended_by(words, ENDED_UNDONE):
        return True  # cancelled_by_rider: vocab/mishaps.py
    return norm in ENDED_UNDONE or nothing_happened(norm)


def bill_meaning(label: str) -> str | None:
    """settled, past_due, unsettled, voided, called_off or not_issued (`_BILL`): the whole
    label's meaning first, else its last word's (`invoice_overdue`), not a negated one's
    (`not_paid`); None for other labels."""
    norm = _norm(label)
    words = norm.split("_")
    for word in (norm, words[-1] if words[0] not in _NEGATED else norm):
        for kind, known in _BILL:
            if word in known:
                return kind
    return None


def is_bill(labels: list[str]) -> bool:
    """A lifecycle whose happy end is a payment (draft, issued, paid, overdue, void): a bill's,
    not an order's that is paid and then shipped."""
    done = [label for label in labels if meaning(label) == "done"]
    return bool(done) and bill_meaning(done[-1]) == "settled"


def called_off(label: str) -> bool:
    """Whether a label says the row did not take place (cancelled, scrubbed, annulled)."""
    norm = _norm(label)
    return norm in NEVER_HELD or norm.split("_")[-1] in NEVER_HELD


def lifecycle_meanings(labels: list[str]) -> dict[str, str] | None:
    """Each label's meaning when the set reads as a lifecycle (at least one done or open label
    and one other meaning); unknown labels of a lifecycle count as open. None otherwise. A
    place's operating status (vocab/operating.py) is a life too: running and paused are
    states it lives in, unopened waits for its time, shut is its end."""
    states = operating_states(labels)
    if states is not None:
        return {label: _PLACE_MEANING[state] for label, state in states.items()}
    read = {label: meaning(label) for label in labels}
    if not any(kind == "done" for kind in read.values()):
        ends = sole_success(read) or furthest_stage(labels, read)
        ends = ends or handed_over(labels, read, ended_undone)
        read.update(dict.fromkeys(ends, "done"))
    kinds = {k for k in read.values() if k is not None}
    if not kinds & {"done", "steady", "open", "ahead"} or len(kinds) < 2:
        return None
    if not any(kind == "done" for kind in read.values()):
        # a lifecycle no word of which says done names its end in a past tense no list
        # knows (a vacancy open, on hold, then `filled`): that is what it came to
        read.update(dict.fromkeys(past_tense_ends(read), "done"))
    # the last happy label declared is the end (issued → paid, submitted → graded): those
    # before it are stages on the way, or wait for their time where declared before a label
    # under way or of an event attended (confirmed before checked_in, travelled or used), as
    # a booked slot does
    done = [label for label in labels if read[label] == "done"]
    under = next(
        (i for i, lb in enumerate(labels) if _norm(lb) in UNDER_WAY or _norm(lb) in ATTENDED), -1
    )
    came = next((i for i, lb in enumerate(labels) if _norm(lb) in ATTENDED), -1)
    out = {}
    for at, (label, kind) in enumerate(read.items()):
        if kind == "done" and label != done[-1]:
            kind = "ahead" if at < under else "open"  # waits for its time, or on its way
        elif kind == "open" and at < came and _norm(label) in BOOKED:
            kind = "ahead"  # booked before checked in: a slot that waits for its time
        out[label] = kind or "open"
    return out


# a slot taken for a time to come: declared before a label of someone come to the event
# (booked → checked_in → completed), it waits for its time
BOOKED = frozenset({"booked", "reserved", "rebooked"})
# words of a row on its way that are no end of it however many ways it failed (a booking
# booked or cancelled waits for its time; an order placed is not yet fulfilled)
WAITING = frozenset({"booked", "ordered", "placed", "created", "requested", "assigned",
                     "authorised", "authorized", "started", "reserved", "scheduled", "planned",
                     "queued", "opened", "reopened", "submitted", "pending"})  # fmt: skip


def sole_success(read: dict[str, str | None]) -> list[str]:
    """The one label of an event's outcome that is not a failure, among at least two that are
    (a lift `collected`, `not_presented`, `access_blocked`, `contaminated`; a reading `taken`,
    `meter_inaccessible`, `refused`): the event done as it should be, in its past tense, where
    no label says done; [] otherwise, or where it is a stage a row waits at (WAITING)."""
    failed = [label for label, kind in read.items() if kind == "failed"]
    rest = [label for label, kind in read.items() if kind != "failed"]
    if len(failed) < 2 or len(rest) != 1:
        return []
    norm = _norm(rest[0])
    if read[rest[0]] not in (None, "open") or norm in WAITING or norm in UNDER_WAY:
        return []
    last = norm.split("_")[-1]
    return rest if last.endswith(("ed", "en", "id")) or last in _IRREGULAR else []


def furthest_stage(labels: list[str], read: dict[str, str | None]) -> list[str]:
    """The last stage declared of a lifecycle that fails but names no success (a placement
    `pending_start`, `started`, `fell_through`, `refunded`): where a row that did not fail
    ends up, its happy end; [] where a label says done or a state lived in (active), where
    nothing fails, where the last stage is still waiting for its time (scheduled) or is no
    end reached (a past participle: hired, worked, held)."""
    kinds = set(read.values())
    failed = [label for label in labels if read[label] == "failed"]
    if kinds & {"done", "steady"} or len(failed) < 2:
        return []  # one failure beside stages (a slot open, booked, blocked): no outcome set
    stages = [label for label in labels if read[label] != "failed"]
    if len(stages) < 2 or read[stages[-1]] == "ahead":
        return []
    if any(_norm(label).startswith("in_") for label in stages):
        return []  # a thing's condition (in_service, in_repair, retired): no process's end
    last = _norm(stages[-1]).split("_")[-1]  # an end reached: hired, worked, filled, held
    return stages[-1:] if last.endswith(("ed", "en")) or last in _IRREGULAR else []


def past_tense_ends(read: dict[str, str | None]) -> list[str]:
    """The labels of no known meaning in a past tense (-ed, -en, _IRREGULAR) declared after
    every label that waits or is under way (open, ahead): where no label reads as done, the
    ends the row came to; not a stage a row waits at (WAITING, UNDER_WAY) or held up."""
    labels = list(read)
    waits = [at for at, lb in enumerate(labels) if read[lb] in ("open", "ahead")]
    if not waits:
        return []
    last_wait = max(waits)
    out = []
    for label in labels[last_wait + 1 :]:
        norm = _norm(label)
        if read[label] is not None or norm in WAITING or norm in UNDER_WAY or held_up(label):
            continue
        word = norm.split("_")[-1]
        if word.endswith(("ed", "en")) or word in _IRREGULAR:
            out.append(label)
    return out


# past tenses of an event done that do not end in -ed (taken, read, met, done, sent, paid)
_IRREGULAR = frozenset({"read", "met", "sent", "paid", "won", "held", "seen", "done", "made",
                        "found", "sold", "kept", "fed", "swept", "cut", "run", "set"})  # fmt: skip


# the words of a time a row's file was closed, whichever way it ended (a claim settled,
# rejected or withdrawn is closed): not a stage of the happy path only. Not "finalized": a
# bill is finalized when it is issued (a draft becomes open), long before it is settled
# (a decision closes a request however it went: `decided_at` of an approved, a rejected and a
# withdrawn change request)
CLOSE_WORDS = frozenset({"closed", "close", "concluded", "closure", "decided", "decision"})
# ends that came by the calendar, no one deciding (a quote expired unanswered)
LAPSED = frozenset({"expired", "lapsed", "timed_out"})
# the words of a document sent out to its addressee: one stage however it is named
SENDING = frozenset({"sent", "issued", "dispatched", "mailed", "emailed", "tendered"})
# failures a row lives in and may leave again (a suspended line, an overdue bill): not an end
PASSING = frozenset({"suspended", "blocked", "overdue", "late", "disputed", "missing",
                     "diverted", "rerouted", "redirected", *PAST_DUE})  # fmt: skip


def closing_labels(labels: list[str]) -> list[str] | None:
    """The labels of a row whose file is closed: its lifecycle's done end and every failure
    that ends it (not one it lives in: PASSING); None for labels of no lifecycle."""
    meanings = lifecycle_meanings(labels)
    if meanings is None:
        return None
    return [
        label
        for label, kind in meanings.items()
        if kind == "done" or (kind == "failed" and _norm(label) not in PASSING)
    ]


def names_verdict(*names: str) -> bool:
    """Whether a column's or its type's name says it holds a verdict (`result`,
    `cycle_result_t`, `inspection_outcome`): VERDICT_WORDS."""
    return any(set(_norm(name.rsplit(".", 1)[-1]).split("_")) & VERDICT_WORDS for name in names)


# a label that says a row is held up, waiting on something outside it (a fine under appeal, a
# claim awaiting documents, an order on hold): a branch a row may sit in short of its end,
# wherever it was declared
HELD_UP_HEADS = ("under", "awaiting", "pending", "in")
HELD_UP = frozenset({"on_hold", "held", "appealed", "contested", "objected", "queried"})


def held_up(label: str) -> bool:
    """Whether a label says its row waits on something (`under_appeal`, `awaiting_parts`,
    `in_review`, `on_hold`), not that it is under way (vocab UNDER_WAY: in progress)."""
    norm = _norm(label)
    words = norm.split("_")
    if norm in UNDER_WAY:
        return False
    return norm in HELD_UP or (len(words) > 1 and words[0] in HELD_UP_HEADS)


def shares(labels: list[str], verdict: bool = False) -> list[float] | None:
    """Each label's share of rows by its meaning (a place's operating status by its state:
    vocab/operating.py); None for labels of no lifecycle. A verdict's (`names_verdict`) plain
    failures share VERDICT_FAILED where no label waits, a judged one's JUDGED_FAILED
    (vocab/severity.py)."""
    place = operating_shares(labels)
    if place is not None:
        return place
    meanings = lifecycle_meanings(labels)
    judged = verdict and severity.judged(labels)  # its graver grades are failures too
    if judged:
        grave = severity.failures(labels, {lb: meaning(lb) for lb in labels})
        kept = meanings or {lb: "done" for lb in labels if lb not in grave}
        meanings = {lb: "failed" if lb in grave else kept.get(lb, "open") for lb in labels}
    if meanings is None:
        return None
    bill = is_bill(labels)
    waiting = [label for label, m in meanings.items() if m in ("open", "ahead")]
    # a verdict with nothing waiting (an access `result` granted or denied) turns down as
    # rarely as it fails: its refusals are plain failures (VERDICT_FAILED), not a review's
    decided = any(_norm(label) in APPROVAL for label in labels) and not (verdict and not waiting)
    carried = any(_norm(label) in CARRIAGE for label in labels)
    own_plan = any(_norm(label) in OWN_PLAN for label in labels)

    def failed(label: str) -> float:
        word = _norm(label)
        if decided and word in TURNED_DOWN:
            return TURNED_DOWN_SHARE
        if bill and bill_meaning(label) in ("voided", "called_off"):
            return BILL_VOID
        if word in ("cancelled", "canceled"):
            if own_plan:
                return CANCELLED_PLANNED
            return CANCELLED_AHEAD if "ahead" in meanings.values() else CANCELLED
        if word in DETOURS:
            return DETOUR
        if sanctions.sanction(word):  # a permit revoked: an exception, rarer than a failure
            return sanctions.SANCTION_SHARE
        if carried and word in LOST:
            return LOST_IN_CARRIAGE_SHARE
        if never_given_back(word):
            return NOT_GIVEN_BACK_SHARE
        if word in TAKEN_BACK:
            return TAKEN_BACK_SHARE
        if word in UNSOLD:
            return UNSOLD_SHARE
        return AFTERWARDS if word in ("returned", "refunded") else FAILED_EACH

    plain = [
        label for label, m in meanings.items() if m == "failed" and failed(label) == FAILED_EACH
    ]
    scale = 1.0
    if judged or (verdict and not waiting):
        budget = severity.JUDGED_FAILED if judged else min(VERDICT_FAILED, FAILED_EACH * len(plain))
        scale = budget / (FAILED_EACH * max(len(plain), 1))

    # a thing that lives in a steady state (active) and whose life some labels end (dead,
    # sold, closed): few have ended, ENDED_SHARE each (a failure keeps its own share), the
    # rest live (vocab/life_end.py)
    steady = any(m == "steady" for m in meanings.values())
    ended = {lb for lb in labels if steady and life_end.few_end(lb) and meanings[lb] != "failed"}
    ended_each = min(ENDED_SHARE, ENDED_AT_MOST / max(len(ended), 1))
    meant = {lb: "failed" if lb in ended else m for lb, m in meanings.items()}
    waiting = [label for label, m in meant.items() if m in ("open", "ahead")]

    def share_failed(label: str) -> float:
        if label in ended:
            return ended_each
        return failed(label) * scale if label in plain else failed(label)

    lost = sum(share_failed(label) for label, m in meant.items() if m == "failed")
    done = [label for label, m in meant.items() if m in ("done", "steady")]
    some = ATTEMPT_OPEN_SHARE if attempt(labels) else OPEN_SHARE
    open_share = some if done else 1.0 - lost
    out = []
    for label in labels:
        m = meant[label]
        if m == "failed":
            out.append(share_failed(label))
        elif m in ("done", "steady"):
            out.append((1.0 - lost - (some if waiting else 0.0)) / len(done))
        else:
            out.append(open_share / len(waiting))
    total = sum(out)
    return [w / total for w in out]


def thing_states(labels: list[str]) -> bool:
    """Whether the labels are a thing's states (vocab/life_end.py): no label done but one
    that ends its life (a hive `active`, `queenless`, `dead`, `sold`), not a process's stages
    (an order `paid`, `shipped`, `cancelled`)."""
    meanings = lifecycle_meanings(labels) or {}
    return all(life_end.ends_life(lb) for lb, kind in meanings.items() if kind == "done")


def life_endings(column: str, labels: list[str]) -> list[str]:
    """The labels whose rows have `column` set where it is the end of a thing's life and the
    labels its states (`died_on` of the colonies dead or lost, `ended_at` of the members
    lapsed: vocab/life_end.ending_labels); [] otherwise."""
    return life_end.ending_labels(column, labels) if thing_states(labels) else []
