"""A row's window of validity: the two times between which it is in force or in service
(`valid_from`/`valid_to`, `installed_at`/`removed_at`, `opened_on`/`closed_on`, `hired_on`/
`terminated_on`, `start_date`/`end_date`). The rows that point to it are used within it: a
meter is read while installed, an agreement starts while its tariff is valid, a card is used
while it is valid (rules/within.py).

A window's start word and its end word stand at the same place of two time columns' names
(`valid_from`/`valid_to`, `billing_start`/`billing_end`). Windows named like an occurrence (a
start and an end of a trip, a flight, an event) bound the rows that happen during it, not the
rows arranged before it (a ticket is bought before the concert starts)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import (
    STAMP_SUFFIXES,
    anchor_of,
    arranged_before,
    business_time,
    ending_of,
    takes_place,
)
from workbench.generate.kinds.events import known_event, spelled_out
from workbench.generate.kinds.orders import reversed_by_check
from workbench.generate.kinds.terms import early_end, is_term, status_labels
from workbench.generate.vocab import lexicon, life_end, outcomes
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

# (start word, end words): a window of validity or service
VALIDITY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("valid_from", ("valid_to", "valid_until", "valid_through", "valid_thru")),
    ("effective_from", ("effective_to", "effective_until", "effective_through")),
    ("effective", ("expires", "expiry", "expiration", "ineffective")),
    ("active_from", ("active_to", "active_until")),
    ("available_from", ("available_to", "available_until")),
    ("installed", ("removed", "uninstalled", "decommissioned", "replaced")),
    # a thing put in a place for a while (a hive at a site, a buoy at sea, a tyre on a car)
    ("placed", ("removed", "lifted", "retrieved")),
    ("deployed", ("retrieved", "recovered", "recalled", "removed")),
    ("fitted", ("removed",)),
    ("mounted", ("dismounted", "removed")),
    ("commissioned", ("decommissioned", "retired")),
    ("activated", ("deactivated", "expired", "cancelled")),
    ("opened", ("closed",)),
    ("hired", ("terminated", "left", "resigned", "retired")),
    ("hire", ("termination", "leave")),
    ("joined", ("left",)),
    ("issued", ("expires", "expiry", "expiration", "revoked")),
    ("issue", ("expiry", "expiration")),
    # a policy's, a subscription's cover: from its start to its expiry
    ("starts", ("expires",)),
    ("start", ("expiry", "expiration", "expires")),
    ("inception", ("expiry", "expiration")),
    ("received", ("expires", "expiry", "expiration")),  # a stock lot: in from then to expiry
    ("listed", ("delisted",)),
    ("launched", ("discontinued", "retired")),
)
# (start word, end words): a window a thing takes place in
OCCURRENCE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("start", ("end", "finish", "stop")),
    ("starts", ("ends",)),
    ("started", ("ended", "finished", "stopped")),
    ("begin", ("end",)),
    ("begins", ("ends",)),
    ("from", ("to", "until", "through")),
    ("departure", ("arrival", "return")),
    ("departed", ("arrived", "returned")),
    ("departs", ("arrives", "returns")),  # a run's `departs_at`/`arrives_at`, a round trip's
    ("depart", ("arrive", "return")),
    ("open", ("close", "closed")),
    ("opens", ("closes",)),
    ("check_in", ("check_out",)),  # a stay, a rental, a visit: in on one day, out on another
    ("checkin", ("checkout",)),
    ("arrival", ("departure",)),  # a guest's arrival and departure (a trip's is the reverse)
    # a stop's, a port call's: arrived, then departed, where its columns say it in that order
    ("arrived", ("departed",)),
    ("arrives", ("departs",)),
    ("arrive", ("depart",)),
    ("pickup", ("dropoff", "return")),
    ("in", ("out",)),  # a time clock's punches (lexicon.PUNCHES): clock_in, clock_out
)
# a thing's life in two differently worded columns, where no pair of VALIDITY says so: the
# moment it came to be held (a card registered, a member enrolled, a permit granted) and the
# end of that holding (its expiry, its cancellation), or the moment it came into someone's
# possession or service (an item acquired, a pump installed) and the end of that (withdrawn,
# scrapped): (start words, end words) of each kind, not a stay's (admitted, discharged); a
# possession's end is no end of a registration (a vehicle registered, later retired)
LIFE: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset({"registered", "enrolled", "joined", "subscribed", "onboarded",
                "licensed", "certified", "accredited", "appointed", "hired", "employed",
                "issued", "granted"}),
     frozenset({"expires", "expiry", "expiration", "expired", "lapsed", "lapses", "revoked",
                "cancelled", "canceled", "terminated", "deregistered", "disenrolled",
                "unsubscribed", "left", "resigned", "dismissed", "offboarded",
                "deactivated", "closed"})),
    (frozenset({"acquired", "purchased", "bought", "installed", "commissioned", "activated",
                "opened", "launched", "listed", "introduced", "adopted", "added"}),
     frozenset({"withdrawn", "retired", "removed", "decommissioned", "uninstalled", "disposed",
                "sold", "scrapped", "discontinued", "delisted", "closed", "deactivated"})),
)  # fmt: skip
TIME_KINDS = ("timestamp", "timestamptz", "date")
# words of a document its holder keeps valid while in service: a licence, a certification
DOCUMENT_WORDS = frozenset({"licence", "license", "licences", "licenses", "licensure",
                            "certificate", "certificates", "certification", "certifications",
                            "cert", "certs", "registration", "registrations", "permit", "permits",
                            "accreditation", "accreditations", "credential", "credentials",
                            "qualification", "qualifications", "passport", "passports", "visa",
                            "visas", "clearance", "endorsement", "endorsements"})  # fmt: skip
# a document's words as one: `licensed_on` and `licence_expiry` name one licence
DOCUMENT_ROOTS = {
    **dict.fromkeys(("licence", "license", "licences", "licenses", "licensure", "licensed",
                     "licenced"), "licence"),
    **dict.fromkeys(("certificate", "certificates", "certification", "certifications", "cert",
                     "certs", "certified"), "certificate"),
    **dict.fromkeys(("permit", "permits"), "permit"),
    **dict.fromkeys(("accreditation", "accreditations", "accredited"), "accreditation"),
    **dict.fromkeys(("qualification", "qualifications", "qualified"), "qualification"),
    **dict.fromkeys(("endorsement", "endorsements", "endorsed"), "endorsement"),
}  # fmt: skip
# the words of a document's expiry, and of the time it was first held
DOCUMENT_ENDS = frozenset({"expiry", "expires", "expiration", "expire", "expiring", "lapses"})
DOCUMENT_STARTS = frozenset({"issued", "issue", "granted", "grant", "obtained", "awarded",
                             "earned", "since", "from", "effective", "valid", "first",
                             "acquired", "held"})  # fmt: skip
# words of a sale or a booking a thing that takes place is arranged by (a concert's
# `on_sale_at`, a course's `registration_opens_on`, a flight's `booking_closes_at`), and the
# words of its closing
SALE_WORDS = frozenset({"sale", "sales", "onsale", "presale", "booking", "bookings",
                        "registration", "registrations", "enrolment", "enrollment", "ticketing",
                        "tickets", "reservation", "reservations", "ordering"})  # fmt: skip
SALE_CLOSES = frozenset({"close", "closes", "closed", "closing", "end", "ends", "ended",
                         "until", "deadline", "cutoff", "stop", "stops"})  # fmt: skip
# words of a period a row accounts for (a bill's period): its children are not used in it
COVERED = frozenset({"period", "billing", "cycle", "coverage", "statement", "reporting"})


@dataclass(frozen=True)
class Window:
    """A table's window: its start and end columns, and whether it is one of validity
    (else the window a thing takes place in)."""

    start: str
    end: str
    validity: bool


def _stem(name: str) -> str:
    words = normalise(name).split("_")
    if len(words) > 1 and words[-1] in STAMP_SUFFIXES:
        words = words[:-1]
    return "_".join(words)


def _unplanned(stem: str) -> str:
    """The stem without a plan word at either end (`return_due` → return), '' when none."""
    words = stem.split("_")
    if len(words) > 1 and words[-1] in lexicon.PLANNED:
        return "_".join(words[:-1])
    if len(words) > 1 and words[0] in lexicon.PLANNED:
        return "_".join(words[1:])
    return ""


def _partner(stem: str, start: str, ends: tuple[str, ...], stems: dict[str, str]) -> str | None:
    """The column whose stem is `stem` with the start word replaced by an end word."""
    padded = f"_{stem}_"
    at = padded.find(f"_{start}_")
    if at < 0:
        return None
    for end in ends:
        other = (padded[: at + 1] + end + padded[at + 1 + len(start) :]).strip("_")
        if other in stems:
            return stems[other]
    return None


@memo.by_identity
def window_of(schema: Schema, table: Table, config: Config) -> Window | None:
    """The table's window (the first pair its time columns' names form), validity first."""
    stems: dict[str, str] = {}
    for column in table.columns:
        if column.generated is not None:
            continue
        if resolve_type(schema, column.type).kind in TIME_KINDS:
            stems.setdefault(_stem(column.name), column.name)
    # a name in short forms (`sched_dep_at`/`sched_arr_at`) pairs as the words spelled out
    for stem, name in list(stems.items()):
        stems.setdefault(spelled_out(stem), name)
    # an end (or start) said as a plan (`return_due_at`, `expected_end`) bounds the window
    # as the bare word would (`pickup_at`/`return_due_at`: a booking's planned pickup and
    # return); the bare word's own column, if any, comes first
    for stem, name in list(stems.items()):
        if bare := _unplanned(stem):
            stems.setdefault(bare, name)
    for words, validity in ((VALIDITY, True), (OCCURRENCE, False)):
        for stem, name in stems.items():
            if COVERED & set(stem.split("_")):
                continue  # a period a row accounts for (billing): not one its children use
            for start, ends in words:
                end = _partner(stem, start, ends, stems)
                if end is not None and end != name:
                    return _declared(schema, table, Window(name, end, validity))
        life = _life_window(stems, set()) if validity else None
        if life is not None:
            return _declared(schema, table, life)
    return None


def _life_window(stems: dict[str, str], used: set[str]) -> Window | None:
    """The window of validity two time columns, none of `used`, name as a thing's life: the
    same words but for a start of one kind of LIFE in one and an end of that kind at its
    place in the other (`registered_at`/`expires_on`, `card_acquired_on`/`card_withdrawn_on`)."""
    for stem, name in stems.items():
        words = stem.split("_")
        if name in used or COVERED & set(words):
            continue
        for at, word in enumerate(words):
            for starts, ends in LIFE:
                if word not in starts:
                    continue
                for end in sorted(ends):
                    other = stems.get("_".join([*words[:at], end, *words[at + 1 :]]))
                    if other is not None and other != name and other not in used:
                        return Window(name, other, True)
    return None


def _declared(schema: Schema, table: Table, window: Window) -> Window:
    """The window the other way round where a CHECK says its end comes first (the words read
    a trip's departure/arrival, the CHECK a stay's: kinds/orders.py)."""
    if reversed_by_check(schema, table, window.start, window.end):
        return Window(window.end, window.start, window.validity)
    return window


@memo.by_identity
def events_window(schema: Schema, table: Table, config: Config) -> Window | None:
    """The occurrence two times named as events that happened bound (`picked_up_at`/
    `returned_at`: a hire's pickup and return, `checked_in_at`/`checked_out_at`; events.FORMS
    reads a participle as its event), where the table has no window by its names: a record of
    what happened, not a window other rules lay out."""
    if window_of(schema, table, config) is not None:
        return None
    return event_pair(schema, table, ())


@memo.by_identity
def occurs_itself(schema: Schema, table: Table, config: Config) -> bool:
    """Whether a row takes place over a span of its own (a trip's pick-up to its drop-off, a
    visit's start to its end): what arranged it (`requested_at`) comes minutes before, within
    its parents' occurrences (a driver's shift), not hours to days ahead as a booking's."""
    own = window_of(schema, table, config)
    return (own is not None and not own.validity) or events_window(
        schema, table, config
    ) is not None


def event_pair(schema: Schema, table: Table, skip: tuple[str, ...]) -> Window | None:
    """Two time columns, none of `skip`, named as the events that open and close an
    occurrence (`arrived_at`/`departed_at`, `checked_in_at`/`checked_out_at`), in the order
    their columns (or a CHECK) say; None when there are none."""
    stems: dict[str, str] = {}
    for column in table.columns:
        if column.generated is not None or resolve_type(schema, column.type).kind not in TIME_KINDS:
            continue
        if column.name in skip:
            continue
        if (event := known_event(_stem(column.name))) is not None:
            stems.setdefault(event, column.name)
    for stem, name in stems.items():
        for start, ends in OCCURRENCE:
            end = _partner(stem, start, ends, stems)
            if end is not None and end != name:
                return _declared(schema, table, Window(name, end, False))
    return None


def windows_of(schema: Schema, table: Table, config: Config) -> tuple[Window, ...]:
    """Every window of validity of the table, each column in one only (a practitioner's
    licence, `licence_valid_from`/`licence_valid_to`, and employment, `hired_on`/`left_on`):
    a row is in force while all of them are."""
    return _windows(schema, table)[0]


def held_expiry(schema: Schema, table: Table, config: Config) -> Window | None:
    """The window from the holder's start of holding to the expiry of what it holds
    (_held_expiry: `hired_on`..`gwo_certificate_expires_on`), where the table has one."""
    return _windows(schema, table)[1]


@memo.by_identity
def _windows(schema: Schema, table: Table) -> tuple[tuple[Window, ...], Window | None]:
    stems: dict[str, str] = {}
    for column in table.columns:
        if column.generated is None and resolve_type(schema, column.type).kind in TIME_KINDS:
            stems.setdefault(_stem(column.name), column.name)
    found: list[Window] = []
    used: set[str] = set()
    for stem, name in stems.items():
        if COVERED & set(stem.split("_")) or name in used:
            continue
        for start, ends in VALIDITY:
            end = _partner(stem, start, ends, stems)
            if end is not None and end != name and end not in used:
                found.append(_declared(schema, table, Window(name, end, True)))
                used |= {name, end}
                break
    while (life := _life_window(stems, used)) is not None:
        found.append(_declared(schema, table, life))
        used |= {life.start, life.end}
    found += [_declared(schema, table, w) for w in _document_windows(stems, used)]
    used |= {c for w in found for c in (w.start, w.end)}
    held = _held_expiry(stems, used)
    if held is None or held.start in used:
        # one sharing the start of another window (`hired_on`..`left_on` beside a
        # `licence_expires_on`) is drawn as held (lasting.py) but bounds no child: the
        # licence may be one only some holders need (a shotfirer's, not a clerk's)
        return tuple(found), held
    return (*found, held), held


# an end of validity said alone, with no start of its own (`valid_until`, `expires_on`)
_LONE_ENDS = frozenset({"valid_until", "valid_to", "valid_through", "valid_thru"})


def _expiry(stem: str) -> bool:
    """Whether a time's stem names an expiry (`gwo_certificate_expires`, `pass_valid_until`)."""
    return bool(DOCUMENT_ENDS & set(stem.split("_"))) or any(
        f"_{stem}".endswith(f"_{end}") for end in _LONE_ENDS
    )


def _held_expiry(stems: dict[str, str], used: set[str]) -> Window | None:
    """The window from its holder's start of holding to an expiry with no start of its own
    (`hired_on`..`gwo_certificate_expires_on`, `joined_on`..`licence_expiry`,
    `employed_since`..`valid_until`): what the row's holder may do runs from when it was
    taken on to when what it holds lapses. Only where one start of holding (LIFE's first
    kind: hired, employed, joined, registered) and one such expiry are left; where the start
    of holding already opens another window (`hired_on`..`left_on` beside
    `licence_expires_on`), the licence is held from it too."""
    holding = {n for st, n in stems.items() if LIFE[0][0] & set(st.split("_"))}
    starts = {n for n in holding if n not in used} or holding
    ends = {n for st, n in stems.items() if n not in used and n not in starts and _expiry(st)}
    if len(starts) != 1 or len(ends) != 1:
        return None
    return Window(next(iter(starts)), next(iter(ends)), True)


def _document_windows(stems: dict[str, str], used: set[str]) -> list[Window]:
    """A document's windows its word pairs where no start and end word stand at one place
    (`licensed_on`/`licence_expiry`, `permit_granted_on`/`permit_expiry`,
    `certification_date`/`certification_expires`): an expiry named with a document's word and
    the time it was first held named with the same words but for the words of holding."""
    starts: dict[tuple[str, ...], str] = {}
    ends: dict[tuple[str, ...], str] = {}
    for stem, name in stems.items():
        words = stem.split("_")
        if name in used or not {w for w in words if w in DOCUMENT_ROOTS}:
            continue
        said = tuple(DOCUMENT_ROOTS.get(w, w) for w in words if w not in DOCUMENT_STARTS)
        if set(said) & DOCUMENT_ENDS:
            ends.setdefault(tuple(w for w in said if w not in DOCUMENT_ENDS), name)
        else:
            starts.setdefault(said, name)
    return [Window(starts[said], end, True) for said, end in ends.items() if said in starts]


@memo.by_identity
def lone_start(schema: Schema, table: Table, config: Config) -> str | None:
    """The moment a row came into service where nothing says when it leaves it (`opened_on`,
    `launched_at`, `established`, `customer_since`, NOT NULL or not): a window of validity
    from then on, with no end; what points to it is used after it (a shop's orders after it
    opened, a product's sales after its launch). None where the table has a window (a start
    with its end), or the moment is the row's record time."""
    if window_of(schema, table, config) is not None or windows_of(schema, table, config):
        return None
    for column in table.columns:
        if column.generated is not None:
            continue
        if resolve_type(schema, column.type).kind not in TIME_KINDS:
            continue
        words = lexicon.stem_words(column.name)
        if lexicon.record_time(column.name) or lexicon.planned(column.name):
            continue
        if lexicon.IN_SERVICE_FROM & {*words, "_".join(words)}:
            return column.name
    return None


def in_force(schema: Schema, table: Table, config: Config) -> list[Window]:
    """Every window a row of the table is in force within: its first window, its other windows
    of validity (a practitioner licensed and employed), up to its early end (a policy
    cancelled), else its lone start with no end (its
    `end` empty: in service from its opening on)."""
    first = window_of(schema, table, config)
    out = [first] if first is not None else []
    out += [w for w in windows_of(schema, table, config) if w != first]
    # a term ended early (`cancelled_on`) is in force up to then (kinds/terms.py): a window
    # of validity, or a term's start..end (a policy: its status says it expires)
    term = first is not None and (first.validity or is_term(schema, table))
    cut = early_end(schema, table, first.start, first.end) if first and term else None
    out += [Window(first.start, cut, True)] if first is not None and cut is not None else []
    opened = lone_start(schema, table, config)
    life = None if out else life_of(schema, table, config)
    if life is not None:
        return [life]
    return [*out, Window(opened, "", True)] if opened is not None else out


@memo.by_identity
def life_of(schema: Schema, table: Table, config: Config) -> Window | None:
    """A thing's life where no pair of names says it, from its lone start (`established_on`)
    or the time it came to be (`registered_at`) to the time that ended it (`died_on`,
    `closed_at`, `retired_on`): a hive inspected while it lived, a patient seen before death.
    Only a thing's (vocab/outcomes.thing_states: an entity, not an event or a process's row:
    a visit, a session, a booking) whose status has a label of death or closure for good
    (`dead`, `deceased`, `closed`, `terminated`, `retired`, `churned`: `_life_ended`) and
    whose end is named as that ending (vocab/life_end.ending_labels); never a key's column
    (a key keeps its value: children and unique rows hold it). None otherwise: the table
    keeps its lone start (in_force)."""
    if window_of(schema, table, config) is not None or windows_of(schema, table, config):
        return None
    labels = status_labels(schema, table)
    if not _life_ended(labels):
        return None
    start = lone_start(schema, table, config) or anchor_of(schema, table, config)
    end = ending_of(schema, table, config)
    if end is None or not life_end.ending_labels(end, labels):
        end = _life_end(schema, table, labels)
    keys = _key_columns(table)
    if start is None or end is None or start == end or {start, end} & keys:
        return None
    if _OCCURRENCE_START & set(lexicon.stem_words(start)):
        return None  # a visit's or a session's span (entered_at..left_at) is no life
    return Window(start, end, True)


# the start of an occurrence's span, not of a thing's life (a gym visit's `entered_at`, a
# parking session's `entry_at`, a stay's `arrived_on`)
_OCCURRENCE_START = frozenset({"entered", "entry", "enter", "arrived", "arrival", "checkin",
                               "checked", "boarded", "admitted"})  # fmt: skip
# the words of a label that undoes a row rather than ends a thing's life (a booking
# `cancelled`: it never lived)
_UNDONE = frozenset({"cancelled", "canceled", "cancellation", "voided", "void", "rejected",
                     "declined", "refunded", "reversed"})  # fmt: skip


def _life_ended(labels: list[str]) -> bool:
    """Whether the status's labels are a thing's states (a hive `active`, `queenless`,
    `dead`; not an order's stages, `paid`, `shipped`) with one a few of its things end
    their life in for good (death or closure: `dead`, `deceased`, `closed`, `terminated`,
    `retired`, `churned`), not an undoing (`cancelled`) nor a term's course (`expired`)."""
    ended = [lb for lb in labels if life_end.few_end(lb) and not _UNDONE & set(lb.split("_"))]
    return bool(ended) and len(ended) < len(labels) and outcomes.thing_states(labels)


def _key_columns(table: Table) -> set[str]:
    """The columns of the table's keys: primary, unique (constraint or index), foreign."""
    out = set(table.primary_key.columns) if table.primary_key is not None else set()
    out |= {c for u in table.uniques for c in u.columns if c is not None}
    out |= {c for i in table.indexes if i.unique for c in i.columns if c is not None}
    out |= {c for fk in table.foreign_keys for c in fk.columns}
    return out


def _life_end(schema: Schema, table: Table, labels: list[str]) -> str | None:
    """A nullable time named as the end of a thing's life (`ended_at`, `sold_on`) whose
    status's labels say some of its things ended (vocab/life_end.ending_labels)."""
    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        timed = column.nullable and column.generated is None and kind in TIME_KINDS
        if timed and life_end.ending_labels(column.name, labels):
            return column.name
    return None


def documents(words: set[str]) -> bool:
    """Whether the words name a document held by someone (a licence, a certificate, a
    registration, a permit): it is valid while its holder works, not used within that time."""
    return bool(DOCUMENT_WORDS & words)


@memo.by_identity
def booking_window(schema: Schema, table: Table, config: Config) -> Window | None:
    """The window a thing that takes place at a time (a concert's `starts_at`:
    anchors.takes_place) is arranged in, what is bought or booked for it arranged then: from
    the opening of its sale (a time named with a word of a sale and no word of its closing:
    `on_sale_at`, `registration_opens_on`; '' where none) to its closing (`booking_closes_at`)
    or else its start. None where the thing takes place at no time or names no sale."""
    start = takes_place(schema, table, config)
    if start is None:
        return None
    opens = closes = ""
    for column in table.columns:
        if column.generated is not None or column.name == start:
            continue
        if resolve_type(schema, column.type).kind not in TIME_KINDS:
            continue
        words = set(lexicon.stem_words(column.name))
        if not SALE_WORDS & words:
            continue
        if SALE_CLOSES & words:
            closes = closes or column.name
        else:
            opens = opens or column.name
    if not opens and not closes:
        return None  # no sale of its own: what is arranged for it is other rules' (a leg's run)
    return Window(opens, closes or start, False)


@memo.by_identity
def period_of(schema: Schema, table: Table, config: Config) -> tuple[str, str] | None:
    """The period a row accounts for (`period_start`/`period_end`, `billing_from`/
    `billing_to`): a start and an end whose names say a period, not a window of use."""
    stems: dict[str, str] = {}
    for column in table.columns:
        if column.generated is None and resolve_type(schema, column.type).kind in TIME_KINDS:
            stems.setdefault(_stem(column.name), column.name)
    for stem, name in stems.items():
        if not COVERED & set(stem.split("_")):
            continue
        for start, ends in OCCURRENCE:
            end = _partner(stem, start, ends, stems)
            if end is not None and end != name:
                window = _declared(schema, table, Window(name, end, False))
                return window.start, window.end
    return None


@memo.by_identity
def used_at(schema: Schema, table: Table, config: Config) -> str | None:
    """The time a row uses what it points to: the moment it was agreed (a contract's
    `signed_at` beside its own service window: it takes its tariff while that is on sale, and
    its service follows within a lead; a placement's `offer_accepted_at` beside the start it
    takes place at: its fee agreement in force that day), else the start of its own window,
    else the time it takes place at (a bill's period, not its issue), else the time it came
    to be (its anchor: the business time, `read_at`, before the record time)."""
    own = window_of(schema, table, config)
    if own is not None:
        agreed = business_time(schema, table, config)
        if agreed is not None and arranged_before(agreed):
            return agreed
        return own.start
    start = takes_place(schema, table, config)
    if start is not None and period_of(schema, table, config) is None:  # no bill's period
        agreed = _agreed(schema, table, start)
        if agreed is not None:
            return agreed
    return start or anchor_of(schema, table, config)


def _agreed(schema: Schema, table: Table, start: str) -> str | None:
    """The NOT NULL time a row's deal was struck at (`offer_accepted_at`, `signed_at`) before
    the start it takes place at (a placement's `start_date`), else None."""
    for column in table.columns:
        if column.name == start or column.nullable or column.generated is not None:
            continue
        if resolve_type(schema, column.type).kind not in TIME_KINDS:
            continue
        if arranged_before(column.name) and lexicon.happened(column.name):
            return column.name
    return None


# the words of a time that is no time of use: a birth, a due date, an expiry
_NOT_USE = frozenset({"birth", "dob", "born", "due", "expires", "expiry", "deadline"})


@memo.by_identity
def time_of_use(schema: Schema, table: Table, config: Config) -> str | None:
    """When a row of `table` is used by what points to it (used_at), unless that only says
    when it was written or arranged; then the one other NOT NULL time of the row that is none
    of those, no ending, no due date and no birth (a tee booking's `tee_time` beside its
    `created_at`: a ticket line's price list is the one in force then); else None."""
    column = used_at(schema, table, config)
    if column is None:
        return None
    if not (lexicon.record_time(column) or arranged_before(column)):
        return column
    others = [
        c.name
        for c in table.columns
        if c.name != column
        and not c.nullable
        and c.generated is None
        and resolve_type(schema, c.type).kind in TIME_KINDS
        and not (lexicon.record_time(c.name) or arranged_before(c.name))
        and not (lexicon.ending(c.name) or _NOT_USE & set(lexicon.stem_words(c.name)))
    ]
    return others[0] if len(others) == 1 else None
