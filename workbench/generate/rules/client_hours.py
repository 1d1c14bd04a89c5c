"""What a business's client does, it does in its office hours: a row a company makes (an order,
a consignment, a booking, a request of a firm: a required key to a table of companies, by
their columns) was made on a working day in the company's working hours, in the local time of
where that company is (rules/local_time.py: its country's zone, its `time_zone`, however many
keys away), not at three in the morning as a consumer's order may be.

A table of companies states a company's facts (a legal or trading name, a VAT number, a company
number: COMPANY_WORDS) and no person's (a first name, a birth date: PERSON_WORDS), and is a
table of parties (kinds/meets.personal) or at least no place of the business's own (a branch).
The time moved is the row's moment of making: its creation stamp (`created_at`, `entered_on`,
not an update) or the client's act that names it (`ordered_at`, `booked_at`, `submitted_at`:
CLIENT_ACTS), one per row, where the row is no reading, log or alarm. rules/opening.py places
it as it places a deed of the business (rules/kept_hours.deed_days): within its local day,
weekdays, 08:00-17:00, after the row's and its parents' earlier times and before its later
ones. No table is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.kinds.meets import business_place, personal
from workbench.generate.rules.base import free, movable_time
from workbench.generate.rules.local_time import place_of
from workbench.generate.rules.paths import Path
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema

# a company's own facts, in a column's name
COMPANY_WORDS = frozenset({"legal_name", "company_name", "trading_name", "business_name",
                           "registered_name", "vat_number", "vat_no", "vat_id", "vat_reg_no",
                           "tax_id", "company_number", "company_no", "company_reg_no",
                           "registration_number", "duns", "duns_number", "eori", "siret",
                           "ein", "abn", "kvk_number"})  # fmt: skip
# a person's, in a column's name
PERSON_WORDS = frozenset({"first_name", "last_name", "given_name", "family_name", "surname",
                          "date_of_birth", "birth_date", "dob", "born_on", "gender"})  # fmt: skip
# the act of a client that makes a row
CLIENT_ACTS = frozenset({"ordered", "booked", "placed", "submitted", "requested", "created",
                         "entered", "raised", "lodged", "issued"})  # fmt: skip
# rows of things that happen around the clock, whoever's they are
_AROUND = frozenset({"reading", "readings", "log", "logs", "alarm", "alarms", "event", "events",
                     "telemetry", "ping", "pings", "heartbeat", "heartbeats"})  # fmt: skip


def company(schema: Schema, table: str) -> bool:
    """Whether a table's rows are companies: rows stating a company's facts and no person's,
    named as parties (customers, clients) or at least no place of the business's own (its
    branches and sites keep a VAT number too, and what is keyed to them is its own doing)."""
    model = schema.tables.get(table)
    if model is None:
        return False
    names = {normalise(c.name) for c in model.columns}
    if not names & COMPANY_WORDS or names & PERSON_WORDS:
        return False
    return personal(schema, table) or not business_place(schema, table)


def client_key(view: TableView) -> str | None:
    """The row's required single key to a table of companies (its first), else None."""
    columns = {c.name: c for c in view.table.columns}
    for fk in view.table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == view.tp.name:
            continue
        column = columns.get(fk.columns[0])
        if column is not None and not column.nullable and company(view.schema, fk.ref_qualified):
            return fk.columns[0]
    return None


def client_act(view: TableView) -> str | None:
    """The row's moment of making, where a company made it: its one creation stamp or act
    of a client (CLIENT_ACTS) that is a timestamp free to move; None otherwise."""
    if set(normalise(view.table.name).split("_")) & _AROUND or client_key(view) is None:
        return None
    found = [
        c
        for c, s in view.specs.items()
        if s.kind == "timestamp"
        and set(lexicon.stem_words(c)) & CLIENT_ACTS
        and not lexicon.ending(c)
        and not lexicon.planned(c)
        and free(view, c)
        and movable_time(view, c)
    ]
    return found[0] if len(found) == 1 else None


def client_place(view: TableView) -> tuple[Path | None, str, str] | None:
    """Where the client is, for its local hours: its country or zone through its key."""
    key = client_key(view)
    return place_of(view, via=key) if key is not None else None
