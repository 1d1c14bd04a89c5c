"""A session at a site, read from the schema's shape where no word of the table's name says
what its rows are (rules/span.SCALES knows an appointment, a lesson, a class by name; a
tattoo's `sitting`, a physiotherapist's `treatment_slot` or a piano school's `tuition` it
does not): a row that names a worker (a key that may not be NULL to a table of people,
kinds/meets.personal), a site (a key to a place the business has, kinds/meets.business_place,
or to a parent that has one: a room of a clinic) and is booked and attended (a lifecycle
status with a label waiting for its time, booked or scheduled, and one saying it took place,
completed or attended; or a customer: another table of people its keys reach, directly or
through a parent, as a sitting's piece's client); no table of people or places, nothing a
party owns (an invoice, an order: kinds/meets.owned_or_party) and no bill. Such a row is a
person's visit to the site at a time: minutes to hours, in the site's open hours
(rules/span.py, rules/opening.py). Whether it has a start and an end to span is its
caller's to read.

A session a site holds that people book into is no visit: a table named a session or a
sitting (`donation_sessions`, `clinic_sittings`) that rows of a thing people attend point to
with a key they must have (appointments, bookings into it: vocab/durations.SCALES' attended
things), each at a slot time of its own (`slot_start`: not only when it was booked), is the
site open for hours, a morning, a day (rules/span.py), unless the word before `sessions` names
a thing of its own (a class's sessions last a class)."""

from __future__ import annotations

import re

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import arranged_before
from workbench.generate.kinds.meets import business_place, owned_or_party, personal, placed_contact
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.vocab import lexicon
from workbench.generate.vocab.durations import SCALES
from workbench.generate.vocab.outcomes import is_bill, lifecycle_meanings
from workbench.schema import memo
from workbench.schema.model import Schema, Table

# a label waiting for its time (booked, scheduled) and one of the thing having taken place
_BOOKED = frozenset({"open", "ahead"})
_ATTENDED = "done"
# a table's last word naming a session held, and those naming a place taken in one
SITTING_WORDS = frozenset({"session", "sessions", "sitting", "sittings"})
_TAKEN = frozenset({"booking", "bookings", "reservation", "reservations", "registration",
                    "registrations", "attendance", "attendances", "attendee", "attendees",
                    "slot", "slots", "place", "places", "seat", "seats"})  # fmt: skip


def _people(schema: Schema, table: str) -> bool:
    return personal(schema, table) and not placed_contact(schema, table)


def _keys(table: Table) -> list[tuple[str, str, bool]]:
    """(column, parent, may be NULL) of the table's single-column keys to other tables."""
    out = []
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == table.qualified:
            continue
        column = table.column(fk.columns[0])
        out.append((fk.columns[0], fk.ref_qualified, column is None or column.nullable))
    return out


def _booked(schema: Schema, table: Table) -> bool:
    found = lifecycle_status(schema, table)
    if found is not None and is_bill(found[1]):
        return False  # a bill's lifecycle (draft, issued, paid): not a visit booked
    meanings = set((lifecycle_meanings(found[1]) or {}).values()) if found else set()
    return bool(meanings & _BOOKED) and _ATTENDED in meanings


@memo.by_identity
def session_at_site(schema: Schema, table: Table) -> bool:
    """Whether the table's rows are sessions at a site by its shape (see the module)."""
    name = table.qualified
    if _people(schema, name) or business_place(schema, name) or owned_or_party(name):
        return False  # people, places, and what a party owns (an invoice, an order)
    keys = _keys(table)
    workers = {parent for _, parent, optional in keys if not optional and _people(schema, parent)}
    if not workers:
        return False
    sited = False
    customers = set()
    for _, parent, _ in keys:
        model = schema.tables.get(parent)
        if model is None or parent in workers:
            continue
        if _people(schema, parent):
            customers.add(parent)
            continue
        if business_place(schema, parent):
            sited = True
            continue
        for _, grand, _ in _keys(model):  # a room of a clinic, a piece of a client
            if grand == table.qualified or grand in workers:
                continue
            if _people(schema, grand):
                customers.add(grand)
            elif business_place(schema, grand):
                sited = True
    return sited and (bool(customers) or _booked(schema, table))


def _attended_thing(name: str) -> bool:
    """Whether a table's name says its rows are a place taken in something or a thing people
    attend (an appointment, a visit: an attended scale of vocab/durations.SCALES)."""
    last = normalise(name.rsplit(".", 1)[-1]).split("_")[-1]
    if last in _TAKEN:
        return True
    return any(attended and re.search(pattern, last) for pattern, *_, attended in SCALES)


@memo.by_identity
def hosts_bookings(schema: Schema, table: Table) -> bool:
    """Whether the table's rows are sessions a site holds that people book into (see the
    module): named a session, the required parent of rows of a thing people attend."""
    if normalise(table.name).split("_")[-1] not in SITTING_WORDS:
        return False
    for other in schema.tables.values():
        if other.qualified == table.qualified or not _attended_thing(other.name):
            continue
        keyed = any(parent == table.qualified and not opt for _, parent, opt in _keys(other))
        if keyed and _slotted(other):
            return True
    return False


def _slotted(table: Table) -> bool:
    """Whether the rows have a time of their own they take place at, which every row keeps (an
    appointment's `slot_start`): not when they were written or arranged (`booked_at`)."""
    return any(
        c.type.name.startswith("timestamp")
        and not c.nullable
        and not lexicon.record_time(c.name)
        and not arranged_before(c.name)
        for c in table.columns
    )
